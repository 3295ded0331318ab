import { describe, expect, it } from 'vitest';
import { BALANCE_STATEMENT_TYPES } from '../../core/balance/balance-rule.ts';
import { type AddedEntries, LineCache, type LineFacts, ledgerFingerprint } from './line-cache.ts';

const TODAY = '2026-11-27';
const line = (balancePence: number, last = TODAY) => ({
  granularity: 'month' as const,
  points: [
    { date: '2026-10-31', balancePence: 50 },
    { date: last, balancePence },
  ],
});
const key = (ledger: string, today = TODAY) => ({ today, lineFrom: '2025-11-30', ledger });
const facts = (versions: Record<string, string> = { a: '4', b: '9' }, lastEntry: string | null = TODAY): LineFacts => ({
  versions: new Map(Object.entries(versions)),
  lastEntry,
});

describe('the dashboard line cache', () => {
  it('gives a line back only for the key it was kept under', () => {
    const cache = new LineCache();
    cache.set('ann', key('v1'), line(100), facts());
    expect(cache.get('ann', key('v1'))).toEqual(line(100));
    expect(cache.get('ann', key('v2'))).toBeUndefined();
    expect(cache.get('ann', key('v1', '2026-11-28'))).toBeUndefined();
    expect(cache.get('bob', key('v1'))).toBeUndefined();
  });

  it('keeps one line a user, the newest', () => {
    const cache = new LineCache();
    cache.set('ann', key('v1'), line(100), facts());
    cache.set('ann', key('v2'), line(200), facts());
    expect(cache.size).toBe(1);
    expect(cache.get('ann', key('v1'))).toBeUndefined();
    expect(cache.get('ann', key('v2'))).toEqual(line(200));
  });

  it('forgets the least recently used user past its size', () => {
    const cache = new LineCache(2);
    cache.set('ann', key('a'), line(1), facts());
    cache.set('bob', key('b'), line(2), facts());
    cache.get('ann', key('a'));
    cache.set('cat', key('c'), line(3), facts());
    expect(cache.size).toBe(2);
    expect(cache.get('bob', key('b'))).toBeUndefined();
    expect(cache.get('ann', key('a'))).toEqual(line(1));
    expect(cache.get('cat', key('c'))).toEqual(line(3));
  });

  it('fingerprints the versions whatever order the accounts were read in', () => {
    const one = ledgerFingerprint(
      new Map([
        ['a', '1'],
        ['b', '2'],
      ]),
    );
    expect(
      ledgerFingerprint(
        new Map([
          ['b', '2'],
          ['a', '1'],
        ]),
      ),
    ).toBe(one);
    expect(
      ledgerFingerprint(
        new Map([
          ['a', '1'],
          ['b', '3'],
        ]),
      ),
    ).not.toBe(one);
  });
});

describe('carrying a write dated today into the kept line', () => {
  const kept = () => {
    const cache = new LineCache();
    const f = facts();
    cache.set('ann', key(ledgerFingerprint(f.versions)), line(1_000), f);
    return cache;
  };
  const write = (change: Partial<AddedEntries> = {}): AddedEntries => ({
    today: TODAY,
    accountId: 'a',
    ledgerVersion: '5',
    firstEntry: '2026-01-02',
    entries: [
      { date: TODAY, type: 'deposit', amountPence: 250 },
      { date: TODAY, type: 'withdrawal', amountPence: -40 },
    ],
    statementTypes: BALANCE_STATEMENT_TYPES,
    ...change,
  });
  const nextKey = (a = '5') =>
    key(
      ledgerFingerprint(
        new Map([
          ['a', a],
          ['b', '9'],
        ]),
      ),
    );

  it('moves only today’s point by the entries’ sum, under the key the next dashboard reads', () => {
    const cache = kept();
    expect(cache.carryForward('ann', write())).toBe(true);
    expect(cache.get('ann', nextKey())).toEqual({
      granularity: 'month',
      points: [
        { date: '2026-10-31', balancePence: 50 },
        { date: TODAY, balancePence: 1_210 },
      ],
    });
    // And again on the carried line: two writes in a row.
    expect(cache.carryForward('ann', write({ ledgerVersion: '6' }))).toBe(true);
    expect(cache.get('ann', nextKey('6'))?.points.at(-1)).toEqual({ date: TODAY, balancePence: 1_420 });
  });

  it.each<[string, Partial<AddedEntries>]>([
    ['another write came between (two version steps)', { ledgerVersion: '6' }],
    ['the version did not move', { ledgerVersion: '4' }],
    ['an account the line does not hold (archived, or new)', { accountId: 'c' }],
    ['the account’s first entry (the tracking start moves)', { firstEntry: TODAY }],
    ['an account with no entries after the write', { firstEntry: null }],
    ['a balance statement', { entries: [{ date: TODAY, type: 'balance_update', amountPence: 900 }] }],
    ['an opening balance', { entries: [{ date: TODAY, type: 'opening_balance', amountPence: 900 }] }],
    ['an entry dated before today', { entries: [{ date: '2026-11-26', type: 'deposit', amountPence: 1 }] }],
    ['an entry dated after today (scheduled)', { entries: [{ date: '2026-11-30', type: 'deposit', amountPence: 1 }] }],
    ['no entries', { entries: [] }],
    ['a line kept for another day', { today: '2026-11-28' }],
  ])('leaves the line to be read again for %s', (_why, change) => {
    const cache = kept();
    expect(cache.carryForward('ann', write(change))).toBe(false);
    expect(cache.get('ann', nextKey())).toBeUndefined();
  });

  it('leaves a line with entries dated after today, or ending before today, to be read again', () => {
    const future = new LineCache();
    const f = facts(undefined, '2026-12-01');
    future.set('ann', key(ledgerFingerprint(f.versions)), line(1_000), f);
    expect(future.carryForward('ann', write())).toBe(false);

    const ended = new LineCache();
    const g = facts();
    ended.set('ann', key(ledgerFingerprint(g.versions)), line(1_000, '2026-11-26'), g);
    expect(ended.carryForward('ann', write())).toBe(false);
  });

  it('does nothing for a user with no line kept', () => {
    expect(new LineCache().carryForward('ann', write())).toBe(false);
  });
});
