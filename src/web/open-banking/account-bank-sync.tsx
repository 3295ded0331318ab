/**
 * Open Banking on an account's page (issue 32), under the balance: where the balance came from
 * ("Updated from your bank …") or that syncing stopped ("Last sync failed …; last worked …"), the
 * 90-day reconfirmation ahead of time with Reconnect; and, for an account at a bank that can be
 * connected, "Keep this balance up to date". Nothing at all for a saver whose plan lacks the
 * feature or on a site where it is not set up: nothing is offered that the server would refuse.
 */
import { CircleAlert, CircleCheck, Clock, Landmark, RefreshCw, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Connection } from '../../core/open-banking/api-types.ts';
import { paths } from '../app/paths.ts';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { useOpenBankingAllowed, useOpenBankingBanks, useOpenBankingStatus } from './api.ts';
import { ConnectBankDialog } from './connect-dialog.tsx';
import { useFirstSyncWatch, useReconnectAndGo, useSyncNowAndWait } from './connection-actions.ts';
import { accountSyncWords, canReconnect, canSync, reconfirmWords } from './words.ts';

type AccountRef = { id: string; bankId: string | null };

/** The connection keeping this account current (an ended one only when no other does). */
export function connectionOfAccount(connections: readonly Connection[], accountId: string): Connection | null {
  const keeping = connections.filter((c) => c.accounts.some((a) => a.linkedAccountId === accountId));
  return keeping.find((c) => c.status !== 'revoked') ?? null;
}

function Connected({ connection }: { connection: Connection }) {
  const sync = useSyncNowAndWait();
  const reconnect = useReconnectAndGo();
  useFirstSyncWatch();
  const words = accountSyncWords(connection);
  const reconfirm = reconfirmWords(connection, new Date());
  const Icon = words.tone === 'ok' ? CircleCheck : words.tone === 'waiting' ? Clock : CircleAlert;
  const syncing = sync.isSyncing(connection.id);
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className="flex items-start gap-2" data-testid="bank-sync-status">
          <Icon
            className={`mt-0.5 size-4 shrink-0 ${words.tone === 'problem' ? 'text-destructive' : words.tone === 'ok' ? 'text-success' : 'text-muted-foreground'}`}
            aria-hidden
          />
          {words.text}
        </p>
        <div className="flex flex-wrap gap-2">
          {canSync(connection) ? (
            <Button type="button" variant="outline" size="sm" onClick={() => sync.start(connection)} disabled={syncing}>
              <RefreshCw aria-hidden className={syncing ? 'motion-safe:animate-spin' : undefined} />
              {syncing ? 'Syncing...' : 'Sync now'}
            </Button>
          ) : null}
          {/* Alone on a narrow screen, its text lines up with the line above rather than its padding. */}
          <Button asChild variant="ghost" size="sm" className={canSync(connection) ? undefined : '-ml-3 sm:ml-0'}>
            <Link to={paths.openBanking()}>Manage connection</Link>
          </Button>
        </div>
      </div>
      {reconfirm ? (
        <Alert variant={connection.status === 'expired' ? 'destructive' : 'warning'}>
          <Clock aria-hidden />
          <AlertTitle>{reconfirm}</AlertTitle>
          {canReconnect(connection) ? (
            <AlertDescription>
              <Button
                type="button"
                size="sm"
                onClick={() => reconnect.start(connection)}
                disabled={reconnect.isBusy(connection.id)}
              >
                <RotateCcw aria-hidden />
                {reconnect.isBusy(connection.id) ? 'Opening your bank...' : 'Reconnect'}
              </Button>
            </AlertDescription>
          ) : null}
        </Alert>
      ) : null}
    </div>
  );
}

function Connectable({
  account,
  bank,
}: {
  account: AccountRef;
  bank: { bankId: string; bankName: string; providerInstitutionId: string };
}) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-dashed p-4">
      <div className="grid gap-0.5">
        <p className="flex items-center gap-2 font-medium">
          <Landmark className="size-4 text-muted-foreground" aria-hidden />
          Keep this balance up to date
        </p>
        <p className="text-sm text-muted-foreground">
          Connect to {bank.bankName} through Open Banking and your balance and transactions update themselves.
        </p>
      </div>
      <Button type="button" variant="outline" onClick={() => setOpen(true)}>
        Connect to your bank
      </Button>
      <ConnectBankDialog open={open} onOpenChange={setOpen} bank={bank} accountId={account.id} />
    </div>
  );
}

function AccountBankSyncAllowed({ account }: { account: AccountRef }) {
  const status = useOpenBankingStatus();
  const enabled = status.data?.enabled === true;
  const connection = status.data ? connectionOfAccount(status.data.connections, account.id) : null;
  const banks = useOpenBankingBanks({ enabled: enabled && !connection && account.bankId !== null });
  if (!enabled) return null;
  if (connection) return <Connected connection={connection} />;
  const bank = banks.data?.find((b) => b.bankId === account.bankId);
  return bank ? <Connectable account={account} bank={bank} /> : null;
}

export function AccountBankSync({ account }: { account: AccountRef }) {
  const allowed = useOpenBankingAllowed();
  return allowed ? <AccountBankSyncAllowed account={account} /> : null;
}
