import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeTransactionCursor, encodeTransactionCursor } from './transaction-cursor.ts';

const id = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';

describe('the transaction cursor', () => {
  it('is base64url of date|id, with no padding', () => {
    const cursor = encodeTransactionCursor({ date: '2026-11-21', id });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(cursor, 'base64url').toString('utf8')).toBe(`2026-11-21|${id}`);
    expect(decodeTransactionCursor(cursor)).toEqual({ date: '2026-11-21', id });
  });

  it('refuses anything it did not make', () => {
    const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
    for (const bad of ['', 'not a cursor!', b64('2026-02-30|' + id), b64('2026-11-21'), b64(`2026-11-21|${id}|x`), b64('2026-11-21|not-a-uuid'), b64(`2026-11-21|${id.toUpperCase()}`)]) {
      expect(decodeTransactionCursor(bad)).toBeNull();
    }
  });

  it('decodes every cursor it encodes', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(Date.UTC(1900, 0, 1)), max: new Date(Date.UTC(2100, 11, 31)), noInvalidDate: true }), fc.uuid(), (date, uuid) => {
        const row = { date: date.toISOString().slice(0, 10), id: uuid };
        expect(decodeTransactionCursor(encodeTransactionCursor(row))).toEqual(row);
      }),
    );
  });
});
