/** Random transactions for property tests of the account summary (core and the SQL that feeds it). */
import fc from 'fast-check';
import { TRANSACTION_TYPES } from '../transactions/transaction-types.ts';
import type { SummaryTransaction, SummaryTransactionType } from './summary.ts';

/** Money out is stored negative; every other type (balance statements too) positive. */
const SIGN = (type: SummaryTransactionType): 1 | -1 => (type === 'withdrawal' || type === 'fee' ? -1 : 1);

export const dateArb = fc
  .date({ min: new Date(Date.UTC(2018, 0, 1)), max: new Date(Date.UTC(2028, 11, 31)), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

/** A transaction signed as stored: withdrawals and fees negative (or zero). */
export const transactionArb: fc.Arbitrary<SummaryTransaction> = fc
  .record({ date: dateArb, type: fc.constantFrom(...TRANSACTION_TYPES), size: fc.integer({ min: 0, max: 50_000_000 }) })
  .map(({ date, type, size }) => ({ date, type, amountPence: SIGN(type) * size }));

/**
 * Transactions as the core may meet them: any stored type, and balance updates (a balance
 * statement the database may not store yet on this branch; the core handles it either way).
 */
export const coreTransactionArb: fc.Arbitrary<SummaryTransaction> = fc.oneof(
  { arbitrary: transactionArb, weight: 5 },
  {
    arbitrary: fc
      .record({ date: dateArb, size: fc.integer({ min: 0, max: 50_000_000 }) })
      .map(({ date, size }) => ({ date, type: 'balance_update' as SummaryTransactionType, amountPence: size })),
    weight: 1,
  },
);
