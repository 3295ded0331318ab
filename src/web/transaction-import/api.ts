import { useQuery } from '@tanstack/react-query';
import type { DuplicateOf } from '../../core/transaction-import/duplicates.ts';
import type { LatestStatement } from '../../core/transaction-import/preview.ts';
import type { ImportRow } from '../../core/transaction-import/rows.ts';
import { apiFetch } from '../app/api.ts';
import { accountKeys } from '../accounts/query-keys.ts';

const importPath = (accountId: string) => `/api/accounts/${encodeURIComponent(accountId)}/transactions/import`;

/**
 * Which rows duplicate the account's transactions ('existing') or an earlier row ('file'), and the
 * account's latest stated balance (rows before it are already counted in it).
 */
export async function previewImport(
  accountId: string,
  rows: readonly ImportRow[],
): Promise<{ duplicates: DuplicateOf[]; latestStatement: LatestStatement | null }> {
  const body = await apiFetch<{ duplicates: DuplicateOf[]; latestStatement?: LatestStatement | null }>(
    `${importPath(accountId)}/preview`,
    { method: 'POST', json: { rows } },
  );
  return { duplicates: body.duplicates, latestStatement: body.latestStatement ?? null };
}

export async function importTransactions(
  accountId: string,
  rows: readonly ImportRow[],
  skipDuplicates: boolean,
): Promise<{ imported: number; duplicates: number }> {
  return apiFetch(importPath(accountId), { method: 'POST', json: { rows, skipDuplicates } });
}

/**
 * The account's name for the page heading, from the account detail call (the same key and
 * answer as the account page, so one fills the other's cache). The page works without it.
 */
export function useAccountName(accountId: string): string | null {
  const detail = useQuery({
    queryKey: accountKeys.account(accountId),
    queryFn: () => apiFetch<{ account?: { name?: string } }>(`/api/accounts/${encodeURIComponent(accountId)}`),
    retry: false,
  });
  return detail.data?.account?.name ?? null;
}
