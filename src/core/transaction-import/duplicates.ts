/**
 * Duplicate transactions: the same date, the same signed amount and the same notes, where notes
 * are compared ignoring case and runs of spaces (a re-downloaded statement often differs only so).
 * A row is a duplicate of the account's existing transactions, or of an earlier row of the same
 * file; the first of identical rows in a file is not a duplicate.
 */
import type { CalendarDate } from '../dates/calendar-date.ts';

export type DuplicateKeyParts = { date: CalendarDate; amountPence: number; notes: string | null };
export type DuplicateOf = 'existing' | 'file' | null;

export function normaliseNotes(notes: string | null): string {
  return (notes ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
}

export function duplicateKey({ date, amountPence, notes }: DuplicateKeyParts): string {
  return `${date}|${amountPence}|${normaliseNotes(notes)}`;
}

/** For each row, what it duplicates: an existing transaction (by key), an earlier row, or nothing. */
export function findDuplicates(rows: readonly DuplicateKeyParts[], existingKeys: ReadonlySet<string>): DuplicateOf[] {
  const seen = new Set<string>();
  return rows.map((row) => {
    const key = duplicateKey(row);
    if (existingKeys.has(key)) return 'existing';
    if (seen.has(key)) return 'file';
    seen.add(key);
    return null;
  });
}
