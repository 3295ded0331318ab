/**
 * The ways into Open Banking from other pages (issue 32): a link on the accounts list and in
 * Settings, and "Connect your bank instead" on Add account. Each shows only to a saver whose
 * features include Open Banking; Add account's offer also only when the site has it set up.
 */
import { Landmark } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../app/paths.ts';
import { SettingsSection } from '../settings/settings-section.tsx';
import { Button } from '../ui/button.tsx';
import { useOpenBankingAllowed, useOpenBankingStatus } from './api.ts';
import { ConnectBankDialog } from './connect-dialog.tsx';

/** The accounts list's link to the saver's bank connections. */
export function BankConnectionsLink() {
  if (!useOpenBankingAllowed()) return null;
  return (
    <Button asChild variant="outline">
      <Link to={paths.openBanking()}>
        <Landmark aria-hidden />
        Bank connections
      </Link>
    </Button>
  );
}

/** Settings' section pointing at the Open Banking page. */
export function BankConnectionsSection() {
  if (!useOpenBankingAllowed()) return null;
  return (
    <SettingsSection
      title="Bank connections"
      description="Connect your bank through Open Banking so your balances and transactions keep themselves up to date."
    >
      <Button asChild variant="outline">
        <Link to={paths.openBanking()}>
          <Landmark aria-hidden />
          Manage bank connections
        </Link>
      </Button>
    </SettingsSection>
  );
}

function ConnectInsteadOffer() {
  const status = useOpenBankingStatus();
  const [open, setOpen] = useState(false);
  if (status.data?.enabled !== true) return null;
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-dashed p-4">
      <div className="grid gap-0.5">
        <p className="flex items-center gap-2 font-medium">
          <Landmark className="size-4 text-muted-foreground" aria-hidden />
          Connect your bank instead
        </p>
        <p className="text-sm text-muted-foreground">
          We add your accounts at that bank for you, with their balances and transactions kept up to date.
        </p>
      </div>
      <Button type="button" variant="outline" onClick={() => setOpen(true)}>
        Connect to your bank
      </Button>
      <ConnectBankDialog open={open} onOpenChange={setOpen} />
    </div>
  );
}

/** Add account's offer to connect the bank rather than type the account in. */
export function ConnectInstead() {
  return useOpenBankingAllowed() ? <ConnectInsteadOffer /> : null;
}
