/**
 * After an ISA or pension card's save: the record and the account the server answered with
 * replace the cached ones at once (the account's protection follows the provider), and the
 * accounts list catches up.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { accountKeys } from '../accounts/query-keys.ts';
import type { Account, AccountDetail } from './api.ts';

export function cacheSavedRecord<V>(
  queryClient: QueryClient,
  accountId: string,
  recordKey: QueryKey,
  body: V & { account: Partial<Account> },
): void {
  const { account, ...view } = body;
  queryClient.setQueryData(recordKey, view);
  queryClient.setQueryData<AccountDetail>(accountKeys.account(accountId), (detail) =>
    detail ? { ...detail, account: { ...detail.account, ...account } } : detail,
  );
  void queryClient.invalidateQueries({ queryKey: accountKeys.list });
}
