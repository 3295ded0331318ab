/**
 * What the Open Banking page and an account's page both do with a connection: Sync now (then
 * wait for the job's answer, which arrives on the connection's status), and Reconnect (to the
 * bank's consent page again).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Connection } from '../../core/open-banking/api-types.ts';
import { refusalReason } from '../app/api.ts';
import { notify } from '../app/notify.ts';
import { accountKeys } from '../accounts/query-keys.ts';
import { bankConsent, useOpenBankingStatus, useReconnect, useSyncNow } from './api.ts';

/** How long the page waits for an asked-for sync before it stops looking (the job may still run). */
export const SYNC_WAIT_MS = 60_000;
/** How often the status is asked again while a sync is awaited. */
export const SYNC_POLL_MS = 1_500;

type Waiting = { since: string | null; error: string | null; startedAt: number; quiet?: boolean };

/**
 * Sync now for any connection on the page; `isSyncing(id)` says a sync is awaited for that
 * connection, whose end shows on the connection's status (asked again meanwhile).
 */
export function useSyncNowAndWait() {
  const queryClient = useQueryClient();
  const sync = useSyncNow();
  const [waiting, setWaiting] = useState<Record<string, Waiting>>({});
  const isWaiting = Object.keys(waiting).length > 0;
  // One more watcher of the status: it asks again while a sync is awaited.
  const connections = useOpenBankingStatus({ refetchInterval: isWaiting ? SYNC_POLL_MS : false }).data?.connections;

  useEffect(() => {
    const ids = Object.keys(waiting);
    if (ids.length === 0 || !connections) return;
    const done: string[] = [];
    for (const id of ids) {
      const wait = waiting[id]!;
      const connection = connections.find((c) => c.id === id);
      if (!connection) {
        done.push(id);
        continue;
      }
      if (connection.lastSyncedAt !== wait.since) {
        done.push(id);
        notify.success(`${connection.bankName} is up to date`);
      } else if (connection.lastSyncError && connection.lastSyncError !== wait.error) {
        done.push(id);
        notify.error(`Sync with ${connection.bankName} failed`, { detail: connection.lastSyncError });
      } else if (Date.now() - wait.startedAt > SYNC_WAIT_MS) {
        done.push(id);
        if (!wait.quiet)
          notify.info(`${connection.bankName} is taking a while to answer. Your balances update when it does.`);
      }
    }
    if (done.length === 0) return;
    setWaiting((current) => Object.fromEntries(Object.entries(current).filter(([id]) => !done.includes(id))));
    // The balances and entries the sync brought.
    void queryClient.invalidateQueries({ queryKey: accountKeys.list });
    void queryClient.invalidateQueries({ queryKey: ['me', 'account'] });
    void queryClient.invalidateQueries({ queryKey: accountKeys.overview });
  }, [connections, waiting, queryClient]);

  const start = (connection: Connection) => {
    setWaiting((current) => ({
      ...current,
      [connection.id]: { since: connection.lastSyncedAt, error: connection.lastSyncError, startedAt: Date.now() },
    }));
    sync.mutate(connection.id, {
      onSuccess: (job) => {
        if (job.status !== 'already_queued') return;
        // A sync of this connection waits or runs already: its end is the one to wait for.
        notify.info(`${connection.bankName} is already updating. Your balances change when it finishes.`);
        setWaiting((current) =>
          current[connection.id]
            ? { ...current, [connection.id]: { ...current[connection.id]!, quiet: true } }
            : current,
        );
      },
      onError: (error) => {
        setWaiting((current) => Object.fromEntries(Object.entries(current).filter(([id]) => id !== connection.id)));
        notify.error(`Could not sync ${connection.bankName}`, { detail: refusalReason(error) });
      },
    });
  };

  return { start, isSyncing: (connectionId: string) => connectionId in waiting };
}

/** A connection whose linked accounts wait for their first sync (queued when they were linked). */
function awaitsFirstSync(connection: Connection): boolean {
  return (
    connection.lastSyncedAt === null &&
    connection.lastSyncError === null &&
    (connection.status === 'active' || connection.status === 'expiring') &&
    connection.accounts.some((a) => a.linkedAccountId !== null)
  );
}

/**
 * Watches for the first sync of newly linked accounts: the status is asked again until it has
 * run, then the accounts it filled are fetched again.
 */
export function useFirstSyncWatch(): void {
  const queryClient = useQueryClient();
  const [startedAt] = useState(() => Date.now());
  const status = useOpenBankingStatus({
    refetchInterval: (query) =>
      Date.now() - startedAt < SYNC_WAIT_MS && query.state.data?.connections.some(awaitsFirstSync)
        ? SYNC_POLL_MS
        : false,
  });
  const waiting = status.data?.connections.filter(awaitsFirstSync).map((c) => c.id) ?? [];
  const key = waiting.join(',');
  const [seen, setSeen] = useState(key);
  useEffect(() => {
    if (key === seen) return;
    setSeen(key);
    // One that waited has synced (or failed): its accounts changed.
    if (seen.split(',').some((id) => id && !key.includes(id))) {
      void queryClient.invalidateQueries({ queryKey: accountKeys.list });
      void queryClient.invalidateQueries({ queryKey: ['me', 'account'] });
      void queryClient.invalidateQueries({ queryKey: accountKeys.overview });
    }
  }, [key, seen, queryClient]);
}

/** Reconnect: asks the server for the bank's consent page and goes there. */
export function useReconnectAndGo() {
  const reconnect = useReconnect();
  const [leavingFor, setLeavingFor] = useState<string | null>(null);
  const start = (connection: Pick<Connection, 'id' | 'bankName'>) =>
    reconnect.mutate(connection.id, {
      onSuccess: ({ authorisationUrl }) => {
        setLeavingFor(connection.id);
        bankConsent.go(authorisationUrl);
      },
      onError: (error) => notify.error(`Could not reconnect ${connection.bankName}`, { detail: refusalReason(error) }),
    });
  return {
    start,
    isBusy: (connectionId: string) =>
      leavingFor === connectionId || (reconnect.isPending && reconnect.variables === connectionId),
  };
}
