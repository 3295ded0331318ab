/**
 * The keyset cursor of an account's transaction list, newest first (date descending, then id
 * descending): the last row shown, as base64url of 'yyyy-MM-dd|<uuid>'. The account page's first
 * page (GET /api/accounts/{id}) hands it out; later pages (GET /api/accounts/{id}/transactions)
 * take it back. Opaque to the browser.
 */
import { isCalendarDate, type CalendarDate } from '../dates/calendar-date.ts';

export type TransactionCursor = { date: CalendarDate; id: string };

/** The first page of the account page's transactions. */
export const FIRST_PAGE_SIZE = 50;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

export function encodeTransactionCursor({ date, id }: TransactionCursor): string {
  return toBase64Url(`${date}|${id}`);
}

/** The cursor's row, or null when the text is not a cursor this app made. */
export function decodeTransactionCursor(cursor: string): TransactionCursor | null {
  const text = fromBase64Url(cursor);
  if (text === null) return null;
  const [date, id, extra] = text.split('|');
  if (extra !== undefined || date === undefined || id === undefined) return null;
  return isCalendarDate(date) && UUID.test(id) ? { date, id } : null;
}
