/**
 * Query keys of the account area; the server's realtime events name the same keys
 * (src/server/accounts/account-events.ts), so a change in one tab refetches in every tab.
 */
export const accountKeys = {
  list: ['me', 'accounts'] as const,
  account: (accountId: string) => ['me', 'account', accountId] as const,
  transactions: (accountId: string) => ['me', 'account', accountId, 'transactions'] as const,
  standingOrders: (accountId: string) => ['me', 'account', accountId, 'standing-orders'] as const,
  overview: ['me', 'transactions'] as const,
  accountTypes: ['account-types'] as const,
};
