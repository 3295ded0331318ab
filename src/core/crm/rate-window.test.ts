import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decideSlot, HUBSPOT_RATE_WINDOW, maxInAnyWindow } from './rate-window.ts';

describe('the sliding rate window', () => {
  it('lets the limit through, then waits until the oldest leaves', () => {
    const sent = Array.from({ length: 100 }, (_, i) => 1_000 + i * 10);
    expect(decideSlot(sent.slice(0, 99), 2_000, HUBSPOT_RATE_WINDOW)).toEqual({ allowed: true });
    expect(decideSlot(sent, 2_000, HUBSPOT_RATE_WINDOW)).toEqual({ allowed: false, waitMs: 9_000 });
    expect(decideSlot(sent, 11_001, HUBSPOT_RATE_WINDOW)).toEqual({ allowed: true });
  });

  it('whatever the arrivals, taking only allowed slots never puts more than the limit in any window', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 1, maxLength: 400 }),
        fc.integer({ min: 1, max: 20 }),
        (gaps, limit) => {
          const window = { limit, windowMs: 1_000 };
          const sent: number[] = [];
          let now = 0;
          for (const gap of gaps) {
            now += gap;
            let decision = decideSlot(sent, now, window);
            // A refused request waits as told, then asks again.
            while (!decision.allowed) {
              now += decision.waitMs;
              decision = decideSlot(sent, now, window);
            }
            sent.push(now);
          }
          expect(maxInAnyWindow(sent, window.windowMs)).toBeLessThanOrEqual(limit);
        },
      ),
    );
  });

  it('counts the busiest window', () => {
    expect(maxInAnyWindow([0, 1, 2, 1_000, 1_001], 1_000)).toBe(3);
    expect(maxInAnyWindow([], 1_000)).toBe(0);
  });
});
