import { describe, expect, it } from 'vitest';
import { LineCache } from './line-cache.ts';

const line = (balancePence: number) => ({
  granularity: 'month' as const,
  points: [{ date: '2026-10-31', balancePence }],
});
const key = (ledger: string, today = '2026-11-27') => ({ today, lineFrom: '2025-11-30', ledger });

describe('the dashboard line cache', () => {
  it('gives a line back only for the key it was kept under', () => {
    const cache = new LineCache();
    cache.set('ann', key('v1'), line(100));
    expect(cache.get('ann', key('v1'))).toEqual(line(100));
    expect(cache.get('ann', key('v2'))).toBeUndefined();
    expect(cache.get('ann', key('v1', '2026-11-28'))).toBeUndefined();
    expect(cache.get('bob', key('v1'))).toBeUndefined();
  });

  it('keeps one line a user, the newest', () => {
    const cache = new LineCache();
    cache.set('ann', key('v1'), line(100));
    cache.set('ann', key('v2'), line(200));
    expect(cache.size).toBe(1);
    expect(cache.get('ann', key('v1'))).toBeUndefined();
    expect(cache.get('ann', key('v2'))).toEqual(line(200));
  });

  it('forgets the least recently used user past its size', () => {
    const cache = new LineCache(2);
    cache.set('ann', key('a'), line(1));
    cache.set('bob', key('b'), line(2));
    cache.get('ann', key('a'));
    cache.set('cat', key('c'), line(3));
    expect(cache.size).toBe(2);
    expect(cache.get('bob', key('b'))).toBeUndefined();
    expect(cache.get('ann', key('a'))).toEqual(line(1));
    expect(cache.get('cat', key('c'))).toEqual(line(3));
  });
});
