/**
 * The keyset cursor of an account's transaction list (newest first: date, then id, both
 * descending): base64url of 'yyyy-MM-dd|<id>' of the last row of the page before. The account
 * detail endpoint hands out the first page's cursor in the same format.
 */
import { isCalendarDate } from '../../core/dates/calendar-date.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type TransactionCursor = { date: string; id: string };

export function encodeCursor(cursor: TransactionCursor): string {
  return Buffer.from(`${cursor.date}|${cursor.id}`, 'utf8').toString('base64url');
}

/** The cursor's date and id, or null when the text is not a cursor this server made. */
export function decodeCursor(text: string): TransactionCursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return null;
  const [date, id, ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !date || !id || !isCalendarDate(date) || !UUID.test(id)) return null;
  return { date, id };
}

export function isUuid(text: string): boolean {
  return UUID.test(text);
}
