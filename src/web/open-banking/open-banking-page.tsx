/**
 * /open-banking (issue 32): the saver's bank connections, each with its status, when it last
 * synced and why it failed, and what can be done (Sync now, Reconnect, Link accounts,
 * Disconnect); and "Connect a bank". When the site has no provider set up, it says so (and an
 * admin reads which settings are missing) and offers nothing that would fail. A plan without
 * the feature never gets here: the subscription guard shows the upgrade banner first.
 */
import { Landmark, Link2, Plus, RefreshCw, RotateCcw, Settings2, TriangleAlert, Unplug } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { callbackErrorText, type Connection } from '../../core/open-banking/api-types.ts';
import { formatPence } from '../../core/money/format.ts';
import { hasStatus, refusalReason, useMe } from '../app/api.ts';
import { notify } from '../app/notify.ts';
import { paths } from '../app/paths.ts';
import { type AccountListItem, useAccounts } from '../accounts/api.ts';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/dialog.tsx';
import { NeedsBigPig } from '../ui/needs-big-pig.tsx';
import { SectionLoadError, SectionSkeleton } from '../ui/section-states.tsx';
import { useDisconnect, useOpenBankingStatus } from './api.ts';
import { ConnectBankDialog } from './connect-dialog.tsx';
import { useFirstSyncWatch, useReconnectAndGo, useSyncNowAndWait } from './connection-actions.ts';
import { accountTypeWords, canReconnect, canSync, lastSyncedWords, reconfirmWords, statusWords } from './words.ts';

export const OPEN_BANKING_TEXTS = {
  title: 'Open Banking',
  intro:
    'Connect your bank and your balances and transactions keep themselves up to date. Read-only, and you can stop it at any time.',
  notSetUp: 'Open Banking is not set up on this site yet',
  notSetUpSaver: 'Until it is, you can keep your balances up to date with Update balance on each account.',
  notSetUpAdmin: 'To switch it on, set these settings on the server and restart it:',
  none: 'No banks connected yet',
  noneText: 'Connect your bank and SavvyPig fetches your balances and new transactions up to four times a day.',
  loadFailed: 'Failed to load your bank connections',
  disconnected: (bank: string) => `Disconnected from ${bank}. Your history stays in SavvyPig.`,
} as const;

function ConnectionAccounts({
  connection,
  accounts,
}: {
  connection: Connection;
  accounts: readonly AccountListItem[] | undefined;
}) {
  // An ended or disconnected consent keeps its links, but no longer updates them.
  const keeps = canSync(connection);
  return (
    <ul className="grid gap-2">
      {connection.accounts.map((bankAccount) => {
        const linked = accounts?.find((a) => a.id === bankAccount.linkedAccountId);
        return (
          <li
            key={bankAccount.providerAccountId}
            className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 rounded-lg border p-3"
          >
            <div className="grid min-w-0 gap-0.5">
              <span className="font-medium break-words">{bankAccount.displayName}</span>
              <span className="text-xs text-muted-foreground">
                {[accountTypeWords(bankAccount.type), bankAccount.accountNumberMasked].filter(Boolean).join(' · ')}
              </span>
              <span className="text-xs">
                {bankAccount.linkedAccountId ? (
                  linked ? (
                    <>
                      {keeps ? 'Keeps' : connection.status === 'revoked' ? 'Was linked to' : 'Linked to'}{' '}
                      <Link className="font-medium underline underline-offset-2" to={paths.account(linked.id)}>
                        {linked.name}
                      </Link>
                      {keeps ? ' up to date' : null}
                    </>
                  ) : (
                    'Linked to one of your accounts'
                  )
                ) : (
                  <span className="text-muted-foreground">Not linked to a SavvyPig account</span>
                )}
              </span>
            </div>
            <span className="font-semibold tabular-nums">
              {bankAccount.balancePence === null ? '—' : formatPence(bankAccount.balancePence)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function DisconnectDialog({
  connection,
  open,
  onOpenChange,
}: {
  connection: Connection;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const disconnect = useDisconnect();
  const busy = disconnect.isPending;
  // Awaited rather than mutate's callbacks: the refreshed status ends the card's actions (and this
  // dialog with them) before those callbacks would run.
  const confirm = async () => {
    try {
      await disconnect.mutateAsync(connection.id);
    } catch (error) {
      notify.error(`Could not disconnect ${connection.bankName}`, { detail: refusalReason(error) });
      return;
    }
    notify.success(OPEN_BANKING_TEXTS.disconnected(connection.bankName));
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Disconnect {connection.bankName}?</DialogTitle>
          <DialogDescription>
            We ask {connection.bankName} to end our access and delete the keys that let us fetch your data. Your
            accounts, balances and transactions already in SavvyPig are kept; they just stop updating. You can connect
            again at any time.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="button" variant="destructive" onClick={() => void confirm()} disabled={busy}>
            <Unplug aria-hidden />
            {busy ? 'Disconnecting...' : 'Disconnect'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function ConnectionCard({
  connection,
  accounts,
  sync,
  reconnect,
}: {
  connection: Connection;
  accounts: readonly AccountListItem[] | undefined;
  sync: ReturnType<typeof useSyncNowAndWait>;
  reconnect: ReturnType<typeof useReconnectAndGo>;
}) {
  const [disconnecting, setDisconnecting] = useState(false);
  const status = statusWords(connection);
  const reconfirm = reconfirmWords(connection, new Date());
  const ended = connection.status === 'revoked';
  const unlinked = connection.accounts.some((a) => a.linkedAccountId === null);
  const syncing = sync.isSyncing(connection.id);
  const headingId = `connection-${connection.id}`;
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id={headingId} className="flex items-center gap-2 text-lg">
            <Landmark className="size-5 text-muted-foreground" aria-hidden />
            {connection.bankName}
          </CardTitle>
          <Badge variant={status.tone}>
            <status.icon aria-hidden />
            {status.text}
          </Badge>
        </div>
        <CardDescription>
          {ended ? 'No longer synced. Your history is kept.' : lastSyncedWords(connection)}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {reconfirm ? (
          <Alert variant={connection.status === 'expired' ? 'destructive' : 'warning'}>
            <TriangleAlert aria-hidden />
            <AlertTitle>{reconfirm}</AlertTitle>
          </Alert>
        ) : null}
        {connection.lastSyncError && !ended && connection.status !== 'expired' ? (
          <Alert variant="destructive">
            <TriangleAlert aria-hidden />
            <AlertTitle>The last sync did not work</AlertTitle>
            <AlertDescription>
              <p>{connection.lastSyncError}</p>
            </AlertDescription>
          </Alert>
        ) : null}
        <ConnectionAccounts connection={connection} accounts={accounts} />
      </CardContent>
      {ended ? null : (
        <CardFooter className="flex flex-wrap gap-2">
          {canReconnect(connection) ? (
            <Button
              type="button"
              onClick={() => reconnect.start(connection)}
              disabled={reconnect.isBusy(connection.id)}
            >
              <RotateCcw aria-hidden />
              {reconnect.isBusy(connection.id) ? 'Opening your bank...' : 'Reconnect'}
            </Button>
          ) : null}
          {canSync(connection) ? (
            <Button type="button" variant="outline" onClick={() => sync.start(connection)} disabled={syncing}>
              <RefreshCw aria-hidden className={syncing ? 'motion-safe:animate-spin' : undefined} />
              {syncing ? 'Syncing...' : 'Sync now'}
            </Button>
          ) : null}
          {unlinked && connection.status !== 'expired' ? (
            <Button asChild variant="outline">
              <Link to={paths.openBankingLink(connection.id)}>
                <Link2 aria-hidden />
                Link accounts
              </Link>
            </Button>
          ) : null}
          <Button type="button" variant="ghost" className="text-destructive" onClick={() => setDisconnecting(true)}>
            <Unplug aria-hidden />
            Disconnect
          </Button>
          <DisconnectDialog connection={connection} open={disconnecting} onOpenChange={setDisconnecting} />
        </CardFooter>
      )}
    </Card>
  );
}

function NotSetUp({ missingSettings }: { missingSettings: readonly string[] }) {
  const isAdmin = useMe().data?.isAdmin === true;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Settings2 className="size-5 text-muted-foreground" aria-hidden />
          {OPEN_BANKING_TEXTS.notSetUp}
        </CardTitle>
        <CardDescription>{OPEN_BANKING_TEXTS.notSetUpSaver}</CardDescription>
      </CardHeader>
      {isAdmin && missingSettings.length > 0 ? (
        <CardContent className="grid gap-2 text-sm">
          <p>{OPEN_BANKING_TEXTS.notSetUpAdmin}</p>
          <ul className="grid gap-1">
            {missingSettings.map((name) => (
              <li key={name}>
                <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{name}</code>
              </li>
            ))}
          </ul>
        </CardContent>
      ) : null}
    </Card>
  );
}

function NoConnections({ onConnect }: { onConnect: () => void }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{OPEN_BANKING_TEXTS.none}</CardTitle>
        <CardDescription>{OPEN_BANKING_TEXTS.noneText}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button type="button" onClick={onConnect}>
          <Plus aria-hidden />
          Connect a bank
        </Button>
      </CardContent>
    </Card>
  );
}

/** Open connections first (those needing the saver first of all), ended ones last. */
function ordered(connections: readonly Connection[]): Connection[] {
  const rank: Record<Connection['status'], number> = { expired: 0, expiring: 1, error: 2, active: 3, revoked: 4 };
  return connections.toSorted((a, b) => rank[a.status] - rank[b.status] || a.bankName.localeCompare(b.bankName));
}

export function OpenBankingPage() {
  const [search, setSearch] = useSearchParams();
  const callbackError = callbackErrorText(search.get('error'));
  const status = useOpenBankingStatus();
  const accounts = useAccounts();
  const sync = useSyncNowAndWait();
  const reconnect = useReconnectAndGo();
  useFirstSyncWatch();
  const [connecting, setConnecting] = useState(false);
  const enabled = status.data?.enabled === true;
  const connections = status.data ? ordered(status.data.connections) : [];

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8 sm:px-6 md:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-3xl font-semibold tracking-tight">{OPEN_BANKING_TEXTS.title}</h1>
          <p className="max-w-prose text-muted-foreground">{OPEN_BANKING_TEXTS.intro}</p>
        </div>
        {enabled && connections.length > 0 ? (
          <Button type="button" onClick={() => setConnecting(true)}>
            <Plus aria-hidden />
            Connect a bank
          </Button>
        ) : null}
      </div>
      {callbackError ? (
        <Alert variant="destructive" role="alert">
          <TriangleAlert aria-hidden />
          <AlertTitle>{callbackError}</AlertTitle>
          <AlertDescription>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="-ml-3"
              onClick={() =>
                setSearch(
                  (current) => {
                    const next = new URLSearchParams(current);
                    next.delete('error');
                    return next;
                  },
                  { replace: true },
                )
              }
            >
              Dismiss
            </Button>
          </AlertDescription>
        </Alert>
      ) : null}
      {status.isPending ? (
        <SectionSkeleton rows={4} label="Loading your bank connections" />
      ) : status.isError ? (
        hasStatus(status.error, 403) ? (
          <NeedsBigPig message={status.error.message} />
        ) : (
          <SectionLoadError
            message={OPEN_BANKING_TEXTS.loadFailed}
            onRetry={() => void status.refetch()}
            retrying={status.isFetching}
          />
        )
      ) : !enabled ? (
        <NotSetUp missingSettings={status.data.missingSettings} />
      ) : connections.length === 0 ? (
        <NoConnections onConnect={() => setConnecting(true)} />
      ) : (
        <section aria-label="Your bank connections" className="grid gap-4">
          {connections.map((connection) => (
            <ConnectionCard
              key={connection.id}
              connection={connection}
              accounts={accounts.data?.accounts}
              sync={sync}
              reconnect={reconnect}
            />
          ))}
        </section>
      )}
      {enabled ? <ConnectBankDialog open={connecting} onOpenChange={setConnecting} /> : null}
    </div>
  );
}
