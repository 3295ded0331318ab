import { Copy, Download, TriangleAlert } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { notify } from '../../app/notify.ts';

export const BACKUP_CODES_FILE = 'savvypig-backup-codes.txt';

export function backupCodesText(codes: string[]): string {
  return [
    'SavvyPig backup codes',
    'Each code works once, in place of a code from your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** New backup codes, shown once: copy or download them before leaving. */
export function BackupCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      notify.success('Backup codes copied');
    } catch {
      notify.error('Could not copy the codes. Select them and copy them yourself, or download them.');
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([backupCodesText(codes)], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = BACKUP_CODES_FILE;
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="grid gap-4">
      <Alert variant="warning">
        <TriangleAlert aria-hidden />
        <AlertTitle>Save your backup codes now</AlertTitle>
        <AlertDescription>
          <p>
            If you lose your phone, a backup code gets you in. Each code works once. We won't show these codes again.
          </p>
        </AlertDescription>
      </Alert>
      <ul
        aria-label="Backup codes"
        className="grid grid-cols-[repeat(2,auto)] justify-center gap-x-10 gap-y-2 rounded-lg border bg-muted/40 p-4 font-mono text-sm tabular-nums"
      >
        {codes.map((code) => (
          <li key={code} className="text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden />
          Copy codes
        </Button>
        <Button variant="outline" onClick={download}>
          <Download aria-hidden />
          Download
        </Button>
        <Button className="sm:ml-auto" onClick={onDone}>
          I've saved my codes
        </Button>
      </div>
    </div>
  );
}
