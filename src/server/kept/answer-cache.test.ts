import { describe, expect, it } from 'vitest';
import { ANSWER_MAX_AGE_MS, AnswerCache, type AnswerKey, answerStore } from './answer-cache.ts';
import { KeptPerUser } from './kept-per-user.ts';

const key = (overrides: Partial<AnswerKey> = {}): AnswerKey => ({
  userVersion: 3,
  referenceVersion: 1,
  today: '2026-11-27',
  tier: 'bigpig',
  isAdmin: false,
  ...overrides,
});
const at = (ms: number) => new Date(Date.UTC(2026, 10, 27, 12) + ms);

describe('the dashboard answer cache', () => {
  it('gives an answer back only for every part of the key it was kept under', () => {
    const cache = new AnswerCache();
    cache.set('ann', key(), '{"a":1}', at(0));
    expect(cache.get('ann', key(), at(0))).toBe('{"a":1}');
    const changes: Partial<AnswerKey>[] = [
      { userVersion: 4 },
      { userVersion: null },
      { referenceVersion: 2 },
      { today: '2026-11-28' },
      { tier: 'piglet' as const },
      { isAdmin: true },
    ];
    for (const changed of changes)
      expect(cache.get('ann', key(changed), at(0)), JSON.stringify(changed)).toBeUndefined();
    expect(cache.get('bob', key(), at(0))).toBeUndefined();
  });

  it('forgets an answer a minute after it was kept (and one kept in the clock’s future)', () => {
    const cache = new AnswerCache();
    cache.set('ann', key(), 'x', at(0));
    expect(cache.get('ann', key(), at(ANSWER_MAX_AGE_MS - 1))).toBe('x');
    expect(cache.get('ann', key(), at(ANSWER_MAX_AGE_MS))).toBeUndefined();
    expect(cache.size).toBe(0);
    cache.set('ann', key(), 'x', at(5_000));
    expect(cache.get('ann', key(), at(0))).toBeUndefined();
  });

  it('keeps at most so many characters, least recently used out first, and nothing larger than that', () => {
    const cache = new AnswerCache({ maxCharacters: 10 });
    cache.set('ann', key(), 'aaaa', at(0));
    cache.set('bob', key(), 'bbbb', at(0));
    cache.get('ann', key(), at(0));
    cache.set('cat', key(), 'cccc', at(0));
    expect(cache.get('bob', key(), at(0))).toBeUndefined();
    expect(cache.get('ann', key(), at(0))).toBe('aaaa');
    expect(cache.characters).toBe(8);
    cache.set('ann', key(), 'a'.repeat(11), at(0));
    expect(cache.get('ann', key(), at(0))).toBeUndefined();
    expect([cache.size, cache.characters]).toEqual([1, 4]);
  });
});

describe('kept answers of several routes and pages', () => {
  it('keeps a user’s answer for each variant side by side (two account pages in turn are both kept)', () => {
    const cache = new AnswerCache();
    cache.set('ann', key({ variant: 'account-1' }), 'one', at(0));
    cache.set('ann', key({ variant: 'account-2' }), 'two', at(0));
    expect(cache.get('ann', key({ variant: 'account-1' }), at(0))).toBe('one');
    expect(cache.get('ann', key({ variant: 'account-2' }), at(0))).toBe('two');
    // A newer version replaces the variant's answer, not the other's.
    cache.set('ann', key({ variant: 'account-1', userVersion: 4 }), 'one again', at(0));
    expect(cache.size).toBe(2);
    expect(cache.get('ann', key({ variant: 'account-1', userVersion: 4 }), at(0))).toBe('one again');
  });

  it('share one budget between routes, least recently used out first, and never mix them up', () => {
    const store = answerStore({ maxCharacters: 10 });
    const dashboard = new AnswerCache({ store });
    const list = new AnswerCache({ store });
    dashboard.set('ann', key(), 'dddd', at(0));
    list.set('ann', key(), 'llll', at(0));
    expect(list.get('ann', key(), at(0))).toBe('llll');
    expect(dashboard.get('ann', key(), at(0))).toBe('dddd');
    list.set('bob', key(), 'bbbb', at(0));
    // Over 10 characters: the least recently used of either route goes.
    expect(list.get('ann', key(), at(0))).toBeUndefined();
    expect(dashboard.get('ann', key(), at(0))).toBe('dddd');
    expect(store.totalSize).toBe(8);
  });
});

describe('one value kept per user', () => {
  it('keeps at most so many users and replaces a user’s value', () => {
    const kept = new KeptPerUser<number>({ maxUsers: 2 });
    kept.set('ann', 'k', 1);
    kept.set('ann', 'k2', 2);
    expect([kept.size, kept.get('ann', 'k'), kept.get('ann', 'k2')]).toEqual([1, undefined, 2]);
    kept.set('bob', 'k', 3);
    kept.set('cat', 'k', 4);
    expect([kept.size, kept.get('ann', 'k2'), kept.get('cat', 'k')]).toEqual([2, undefined, 4]);
  });
});

describe('concurrent misses of one kept answer', () => {
  it('make one computation between them, and keep its answer', async () => {
    const cache = new AnswerCache();
    let computations = 0;
    let finish: (json: string) => void = () => {};
    const compute = () => {
      computations++;
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    };
    const waiting = Array.from({ length: 10 }, () => cache.answer('ann', key(), at(0), compute));
    expect(cache.computing).toBe(1);
    finish('{"a":1}');
    expect(await Promise.all(waiting)).toEqual(Array(10).fill('{"a":1}'));
    expect(computations).toBe(1);
    expect(cache.computing).toBe(0);
    expect(cache.get('ann', key(), at(0))).toBe('{"a":1}');
  });

  it('share nothing across users or keys', async () => {
    const cache = new AnswerCache();
    let computations = 0;
    const compute = async () => `${++computations}`;
    await Promise.all([
      cache.answer('ann', key(), at(0), compute),
      cache.answer('bob', key(), at(0), compute),
      cache.answer('ann', key({ userVersion: 4 }), at(0), compute),
    ]);
    expect(computations).toBe(3);
  });

  it('after a failed computation, each waiter computes its own and nothing failed is kept', async () => {
    const cache = new AnswerCache();
    let fail: (error: Error) => void = () => {};
    const first = cache.answer(
      'ann',
      key(),
      at(0),
      () =>
        new Promise<string>((_, reject) => {
          fail = reject;
        }),
    );
    const second = cache.answer('ann', key(), at(0), async () => 'own');
    fail(new Error('database went away'));
    await expect(first).rejects.toThrow('database went away');
    expect(await second).toBe('own');
    expect(cache.computing).toBe(0);
    expect(cache.get('ann', key(), at(0))).toBeUndefined();
  });
});

describe('an answer carried to a newer version', () => {
  const always = () => true;

  it('is sent for a newer user version when the carry lets it through, and kept under it, as old as it was', () => {
    const cache = new AnswerCache();
    cache.set('ann', key({ variant: 'a' }), 'page', at(0), { shown: ['a'] });
    const asked: [number, unknown][] = [];
    const carried = cache.carried('ann', key({ variant: 'a', userVersion: 5 }), at(1_000), (from, facts) => {
      asked.push([from, facts]);
      return true;
    });
    expect(carried).toBe('page');
    expect(asked).toEqual([[3, { shown: ['a'] }]]);
    expect(cache.get('ann', key({ variant: 'a', userVersion: 5 }), at(1_000))).toBe('page');
    expect(cache.get('ann', key({ variant: 'a' }), at(1_000))).toBeUndefined();
    // Its minute runs from when it was computed, not from when it was carried.
    expect(cache.get('ann', key({ variant: 'a', userVersion: 5 }), at(ANSWER_MAX_AGE_MS))).toBeUndefined();
  });

  it('is not when the carry says no, the version is not newer, or any other part of the key differs', () => {
    const cache = new AnswerCache();
    cache.set('ann', key({ variant: 'a' }), 'page', at(0), {});
    expect(cache.carried('ann', key({ variant: 'a', userVersion: 4 }), at(0), () => false)).toBeUndefined();
    for (const changed of [
      { userVersion: 3 },
      { userVersion: 2 },
      { userVersion: null },
      { userVersion: 4, referenceVersion: 2 },
      { userVersion: 4, today: '2026-11-28' },
      { userVersion: 4, tier: 'piglet' as const },
      { userVersion: 4, isAdmin: true },
    ])
      expect(
        cache.carried('ann', key({ variant: 'a', ...changed }), at(0), always),
        JSON.stringify(changed),
      ).toBeUndefined();
    expect(cache.carried('bob', key({ variant: 'a', userVersion: 4 }), at(0), always)).toBeUndefined();
    expect(cache.carried('ann', key({ variant: 'b', userVersion: 4 }), at(0), always)).toBeUndefined();
    expect(cache.carried('ann', key({ variant: 'a', userVersion: 4 }), at(ANSWER_MAX_AGE_MS), always)).toBeUndefined();
  });

  it('never for an answer kept without facts (a route that carries nothing)', () => {
    const cache = new AnswerCache();
    cache.set('ann', key(), 'dashboard', at(0));
    expect(cache.carried('ann', key({ userVersion: 4 }), at(0), always)).toBeUndefined();
  });

  it('is what `answer` sends before computing, when a carry is given', async () => {
    const cache = new AnswerCache();
    await cache.answer('ann', key(), at(0), async () => ({ json: 'first', facts: 1 }));
    let computed = 0;
    const compute = async () => {
      computed++;
      return { json: 'again', facts: 1 };
    };
    expect(await cache.answer('ann', key({ userVersion: 4 }), at(0), compute, always)).toBe('first');
    expect(await cache.answer('ann', key({ userVersion: 5 }), at(0), compute, () => false)).toBe('again');
    expect(await cache.answer('ann', key({ userVersion: 6 }), at(0), compute)).toBe('again');
    expect(computed).toBe(2);
  });
});
