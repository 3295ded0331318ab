/** Random transactions for property tests of the account summary (core and the SQL that feeds it). */
import fc from 'fast-check';
import { TRANSACTION_TYPES } from '../transactions/transaction-types.ts';
import type { SummaryTransaction, SummaryTransactionType } from './summary.ts';

const SIGN: Record<SummaryTransactionType, 1 | -1> = {
  deposit: 1,
  withdrawal: -1,
  interest: 1,
  fee: -1,
  opening_balance: 1,
  balance_update: 1,
};

export const dateArb = fc
  .date({ min: new Date(Date.UTC(2018, 0, 1)), max: new Date(Date.UTC(2028, 11, 31)), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

/** A transaction signed as stored: withdrawals and fees negative (or zero). */
export const transactionArb: fc.Arbitrary<SummaryTransaction> = fc
  .record({ date: dateArb, type: fc.constantFrom(...TRANSACTION_TYPES), size: fc.integer({ min: 0, max: 50_000_000 }) })
  .map(({ date, type, size }) => ({ date, type, amountPence: SIGN[type] * size }));
