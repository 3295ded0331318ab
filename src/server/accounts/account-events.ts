import type { Tx } from '../db/client.ts';
import { type AppEvent, publish } from '../realtime/hub.ts';

/**
 * Query keys of the web app's account data (src/web/accounts/query-keys.ts mirrors them):
 * the list, one account's detail (and everything under it), and the transactions overview.
 */
export const accountQueryKeys = {
  list: ['me', 'accounts'] as const,
  account: (accountId: string) => ['me', 'account', accountId] as const,
  transactions: ['me', 'transactions'] as const,
};

/** What every open tab of the owner hears when an account or its transactions or standing orders changed. */
export function accountChangedEvent(userId: string, accountIds: readonly string[]): AppEvent {
  return {
    type: 'account.changed',
    userId,
    invalidate: [
      [...accountQueryKeys.list],
      [...accountQueryKeys.transactions],
      ...accountIds.map((id) => [...accountQueryKeys.account(id)]),
    ],
    data: { accountIds: [...accountIds] },
  };
}

/**
 * Tells every open tab of the owner, on every app instance, that an account or its transactions
 * or standing orders changed. Published inside the writer's transaction: delivered on commit.
 * A hot write tells them after its commit instead (`RealtimeHub.publishCommitted`, ADR 0078).
 */
export async function publishAccountChanged(tx: Tx, userId: string, accountIds: readonly string[]): Promise<void> {
  await publish(tx, accountChangedEvent(userId, accountIds));
}
