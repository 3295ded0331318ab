import { Download } from 'lucide-react';
import { useState } from 'react';
import { notify } from '../../app/notify.ts';
import { Button } from '../../ui/button.tsx';
import { downloadMyData } from '../api.ts';
import { SettingsSection } from '../settings-section.tsx';

export const EXPORT_DONE = 'Your data has been downloaded';

/** "Download my data": everything SavvyPig holds about the user, as one JSON file. */
export function DataExportSection() {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadMyData();
      notify.success(EXPORT_DONE);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : 'Your data could not be downloaded. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <SettingsSection
      title="Download my data"
      description="A copy of everything we hold about you, in one JSON file: your accounts with their transactions, standing orders, ISA details and terms, your profile and settings, your subscription, cookie choices, sign-in history and messages you sent us."
    >
      <Button type="button" variant="outline" onClick={() => void download()} disabled={busy}>
        <Download aria-hidden />
        {busy ? 'Preparing your file...' : 'Download my data'}
      </Button>
    </SettingsSection>
  );
}
