import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BalanceStatementType, EntryStanding } from '../../core/balance/balance-rule.ts';
import type { EnteredTransactionType, TransactionType } from '../../core/transactions/transaction-types.ts';
import { ApiError, apiFetch } from '../app/api.ts';
import { accountKeys } from '../accounts/query-keys.ts';
import { overviewSearchParams, type OverviewFilters } from './overview-filters.ts';

/** A transaction as the API sends it: signed pence, 'yyyy-MM-dd', notes without any marker. */
export interface Transaction {
  id: string;
  accountId: string;
  amountPence: number;
  date: string;
  type: TransactionType;
  notes: string | null;
  standingOrderId: string | null;
  createdAt: string;
  /** In the lists: how it stands towards the balance (ADR 0022). The add and edit answers leave these out. */
  standing?: EntryStanding;
  /** In the lists: the type of the account's latest stated balance, which a 'before-statement' entry is before. */
  latestStatementType?: BalanceStatementType | null;
  /** In the lists, for a stated balance: what it said less what the entries before it showed. */
  adjustmentPence?: number | null;
}

export interface TransactionPage {
  items: Transaction[];
  nextCursor: string | null;
}

export interface TransactionTotals {
  depositsPence: number;
  withdrawalsPence: number;
  interestPence: number;
  feesPence: number;
  netPence: number;
}

export interface OverviewTransaction extends Transaction {
  accountName: string;
}

export interface TransactionOverview {
  items: OverviewTransaction[];
  total: number;
  page: number;
  pageSize: number;
  totals: TransactionTotals;
}

/** A new transaction as typed: the amount unsigned, the server applies the sign. */
export interface NewTransaction {
  type: EnteredTransactionType;
  amountPence: number;
  date: string;
  notes: string;
}

export interface TransactionChange {
  type: EnteredTransactionType;
  amountPence: number;
  date: string;
  notes: string;
}

export const OVERVIEW_PAGE_SIZE = 25;

export const transactionKeys = {
  /** An account's list (pages by cursor); under the account, so the account's realtime event refetches it. */
  list: (accountId: string) => accountKeys.transactions(accountId),
  insights: (accountId: string) => [...accountKeys.transactions(accountId), 'insights'] as const,
  overview: (filters: OverviewFilters) => [...accountKeys.overview, filters] as const,
  /** Names of the user's accounts for the overview's filter; under the list, so it follows it. */
  accountNames: [...accountKeys.list, 'names'] as const,
};

/** A first page already in hand (the account page's answer holds one) and when it was fetched. */
export interface FetchedTransactionPage {
  page: TransactionPage;
  fetchedAt: number;
}

/**
 * An account's list, newest first, a page at a time. Given the first page it starts from it
 * instead of asking for it again, as fresh as the answer it came in, and 'Load more' goes on from
 * its cursor; a refetch (any change to the account) reads every page from the list endpoint.
 */
export function useAccountTransactions(accountId: string, firstPage?: FetchedTransactionPage) {
  return useInfiniteQuery({
    queryKey: transactionKeys.list(accountId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<TransactionPage>(
        `/api/accounts/${encodeURIComponent(accountId)}/transactions${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor,
    initialData: firstPage ? { pages: [firstPage.page], pageParams: [null] } : undefined,
    initialDataUpdatedAt: firstPage?.fetchedAt,
  });
}

/** The account's totals by kind (the overview's totals for this one account). */
export function useTransactionInsights(accountId: string) {
  return useQuery({
    queryKey: transactionKeys.insights(accountId),
    queryFn: ({ signal }) =>
      apiFetch<TransactionOverview>(`/api/transactions?accountId=${encodeURIComponent(accountId)}&pageSize=1`, {
        signal,
      }),
    select: (data) => ({ count: data.total, totals: data.totals }),
  });
}

export function useTransactionsOverview(filters: OverviewFilters) {
  return useQuery({
    queryKey: transactionKeys.overview(filters),
    queryFn: ({ signal }) =>
      apiFetch<TransactionOverview>(
        `/api/transactions?${overviewSearchParams(filters, { pageSize: OVERVIEW_PAGE_SIZE })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function exportCsvHref(filters: OverviewFilters): string {
  const query = overviewSearchParams({ ...filters, page: 1 });
  return `/api/transactions/export.csv${query ? `?${query}` : ''}`;
}

export interface AccountName {
  id: string;
  name: string;
}

/** The user's accounts by name, for the overview's account filter (the accounts list API). */
export function useAccountNames() {
  return useQuery({
    queryKey: transactionKeys.accountNames,
    queryFn: async ({ signal }) => {
      const body = await apiFetch<{ accounts?: { id: string; name: string }[] }>('/api/accounts', { signal });
      return (body?.accounts ?? []).map(({ id, name }): AccountName => ({ id, name }));
    },
  });
}

/** After any change: the account (detail, list, insights), the accounts list and the overview. */
function useRefreshAccount() {
  const queryClient = useQueryClient();
  return (accountId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: accountKeys.account(accountId) }),
      queryClient.invalidateQueries({ queryKey: accountKeys.list }),
      queryClient.invalidateQueries({ queryKey: accountKeys.overview }),
    ]);
}

// Adding is not repeated on a network failure: the first attempt may have been saved.
const retryServerErrorOnce = (failureCount: number, error: unknown) =>
  failureCount < 1 && error instanceof ApiError && error.status >= 500;

export function useAddTransactions() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: ({ accountId, transactions }: { accountId: string; transactions: NewTransaction[] }) =>
      apiFetch<{ items: Transaction[]; balancePence: number }>(
        `/api/accounts/${encodeURIComponent(accountId)}/transactions`,
        {
          method: 'POST',
          json: { transactions },
        },
      ),
    retry: retryServerErrorOnce,
    onSuccess: (_, { accountId }) => refresh(accountId),
  });
}

export function useUpdateTransaction() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; accountId: string; change: TransactionChange }) =>
      apiFetch<{ transaction: Transaction; balancePence: number }>(`/api/transactions/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        json: change,
      }),
    onSuccess: (_, { accountId }) => refresh(accountId),
  });
}

export function useDeleteTransaction() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: ({ id }: { id: string; accountId: string }) =>
      apiFetch<{ id: string; accountId: string; balancePence: number }>(`/api/transactions/${encodeURIComponent(id)}`, {
        method: 'DELETE',
      }),
    onSuccess: (_, { accountId }) => refresh(accountId),
  });
}

export function useRecalculateBalance(accountId: string) {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: () =>
      apiFetch<{ balancePence: number }>(`/api/accounts/${encodeURIComponent(accountId)}/balance/recalculate`, {
        method: 'POST',
      }),
    onSuccess: () => refresh(accountId),
  });
}
