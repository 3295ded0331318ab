import { describe, expect, it } from 'vitest';
import { ANSWER_MAX_AGE_MS } from '../kept/answer-cache.ts';
import { answerKey, instant } from '../test/answer-keys.ts';
import { type AddedEntry, OwnWrites } from '../kept/own-writes.ts';
import { KeptExtras, withEntries } from './kept-extras.ts';
import type { RecentTransactionRow } from './queries.ts';

const key = answerKey;
const at = instant;
const names: Record<string, string> = { a: 'Halifax saver', b: 'BoS saver' };
const nameOf = (id: string) => names[id];
const row = (id: string, date: string, accountId = 'a'): RecentTransactionRow => ({
  id,
  accountId,
  accountName: names[accountId]!,
  amountPence: 1_00,
  date,
  type: 'deposit',
  notes: null,
});
const entry = (id: string, date: string, accountId = 'b'): AddedEntry => ({
  id,
  accountId,
  amountPence: 1_00,
  date,
  type: 'deposit',
  notes: null,
  standingOrderId: null,
});
const ids = (rows: readonly RecentTransactionRow[] | null | undefined) => rows?.map((r) => r.id);

describe('added entries merged into the newest', () => {
  it('go where the statement would put them (date, then id, newest first), the newest ten kept', () => {
    const recent = Array.from({ length: 10 }, (_, i) => row(`0${i}`, `2026-11-${String(20 - i).padStart(2, '0')}`));
    const merged = withEntries(
      recent,
      [entry('05x', '2026-11-15'), entry('99', '2026-12-05'), entry('00', '2026-01-01')],
      nameOf,
    );
    expect(ids(merged)).toEqual(['99', '00', '01', '02', '03', '04', '05x', '05', '06', '07']);
    expect(merged?.find((r) => r.id === '05x')?.accountName).toBe('BoS saver');
  });

  it('are not added twice, and are not placed when paid by a standing order or on an unknown account', () => {
    expect(ids(withEntries([row('01', '2026-11-01')], [entry('01', '2026-11-01')], nameOf))).toEqual(['01']);
    expect(withEntries([], [{ ...entry('02', '2026-11-01'), standingOrderId: 'order' }], nameOf)).toBeNull();
    expect(withEntries([], [entry('02', '2026-11-01', 'gone')], nameOf)).toBeNull();
  });
});

describe("the dashboard's kept extras", () => {
  const extras = (recent: RecentTransactionRow[]) => ({ maturities: [], interest: [], orders: [], recent });

  it('are carried through recorded adds, step by step, and kept under the new key as old as they were', () => {
    const writes = new OwnWrites();
    const kept = new KeptExtras({ writes });
    kept.set('ann', key(), extras([row('01', '2026-11-01')]), at(0));
    writes.record('ann', 3, 4, { accountIds: ['b'], entries: [entry('02', '2026-11-02')] });
    writes.record('ann', 4, 5, { accountIds: ['a'], entries: [entry('03', '2026-10-01', 'a')] });
    expect(ids(kept.get('ann', key({ userVersion: 5 }), at(1_000), nameOf)?.recent)).toEqual(['02', '01', '03']);
    expect(ids(kept.get('ann', key({ userVersion: 5 }), at(1_000), nameOf)?.recent)).toEqual(['02', '01', '03']);
    expect(kept.get('ann', key({ userVersion: 5 }), at(ANSWER_MAX_AGE_MS), nameOf)).toBeUndefined();
  });

  it('say beforehand whether they can be given: not through an entry a standing order paid', () => {
    const writes = new OwnWrites();
    const kept = new KeptExtras({ writes });
    kept.set('ann', key(), extras([]), at(0));
    expect(kept.has('ann', key(), at(0))).toBe(true);
    expect(kept.has('ann', key({ userVersion: 4 }), at(0))).toBe(false);
    writes.record('ann', 3, 4, {
      accountIds: ['a'],
      entries: [{ ...entry('04', '2026-11-04'), standingOrderId: 'order' }],
    });
    expect(kept.has('ann', key({ userVersion: 4 }), at(0))).toBe(false);
    expect(kept.get('ann', key({ userVersion: 4 }), at(0), nameOf)).toBeUndefined();
    writes.record('ann', 3, 4, { accountIds: ['a'], entries: [entry('04', '2026-11-04')] });
    expect(kept.has('ann', key({ userVersion: 4 }), at(0))).toBe(true);
  });

  it('are not carried over a step this server did not record, nor to a key that differs otherwise', () => {
    const writes = new OwnWrites();
    const kept = new KeptExtras({ writes });
    kept.set('ann', key(), extras([]), at(0));
    writes.record('ann', 4, 5, { accountIds: ['a'], entries: [entry('03', '2026-10-01', 'a')] });
    expect(kept.get('ann', key({ userVersion: 5 }), at(0), nameOf)).toBeUndefined();
    writes.record('ann', 3, 4, { accountIds: ['a'], entries: [] });
    for (const changed of [
      { referenceVersion: 2 },
      { today: '2026-12-02' },
      { tier: 'piglet' as const },
      { isAdmin: true },
    ])
      expect(
        kept.get('ann', key({ userVersion: 5, ...changed }), at(0), nameOf),
        JSON.stringify(changed),
      ).toBeUndefined();
    expect(kept.get('ann', key({ userVersion: 2 }), at(0), nameOf)).toBeUndefined();
    expect(ids(kept.get('ann', key({ userVersion: 5 }), at(0), nameOf)?.recent)).toEqual(['03']);
  });
});
