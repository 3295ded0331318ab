import type { Transaction, TransactionOverview } from './api.ts';

/** Test data for the transactions screens (used by the *.test.tsx files only). */
export const ACCOUNT_ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';

let counter = 0;
export function makeTransaction(overrides: Partial<Transaction> = {}): Transaction {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    accountId: ACCOUNT_ID,
    amountPence: 1_000,
    date: '2026-03-14',
    type: 'deposit',
    notes: null,
    standingOrderId: null,
    createdAt: '2026-03-14T10:00:00.000Z',
    ...overrides,
  };
}

export function makeOverview(overrides: Partial<TransactionOverview> = {}): TransactionOverview {
  return {
    items: [],
    total: 0,
    page: 1,
    pageSize: 25,
    totals: { depositsPence: 0, withdrawalsPence: 0, interestPence: 0, feesPence: 0, netPence: 0 },
    ...overrides,
  };
}
