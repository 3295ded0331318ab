/**
 * Random entry sets for property tests of the balance rule, in core and against the database:
 * few dates and few recording times, so statements often share a date (and a time, left to the
 * id), and entries often fall on a statement's date. Signed as stored; ids are distinct uuids.
 */
import fc from 'fast-check';
import { TRANSACTION_TYPES, type TransactionType } from '../transactions/transaction-types.ts';
import type { BalanceEntry } from './balance-rule.ts';

export type GeneratedEntry = BalanceEntry & { type: TransactionType };

const DAYS = ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04', '2026-01-05', '2026-01-06'];
const RECORDED = ['2026-02-01T09:00:00.000Z', '2026-02-01T09:00:00.001Z', '2026-02-02T10:30:00.000Z'];

function signed(type: TransactionType, size: number, negative: boolean): number {
  // A balance update states a balance: an overdrawn one is negative. (`|| 0`: no -0, the database has none.)
  if (type === 'withdrawal' || type === 'fee' || (type === 'balance_update' && negative)) return -size || 0;
  return size;
}

export const entryArb: fc.Arbitrary<Omit<GeneratedEntry, 'id'>> = fc
  .record({
    date: fc.constantFrom(...DAYS),
    type: fc.constantFrom(...TRANSACTION_TYPES),
    size: fc.integer({ min: 0, max: 5_000_000 }),
    negative: fc.boolean(),
    recordedAt: fc.constantFrom(...RECORDED),
  })
  .map(({ date, type, size, negative, recordedAt }) => ({
    date,
    type,
    amountPence: signed(type, size, negative),
    recordedAt,
  }));

/** Up to `maxLength` entries with distinct ids. */
export function entriesArb(maxLength = 25): fc.Arbitrary<GeneratedEntry[]> {
  return fc
    .uniqueArray(fc.tuple(fc.uuid(), entryArb), { maxLength, selector: ([id]) => id })
    .map((pairs) => pairs.map(([id, entry]) => ({ id, ...entry })));
}
