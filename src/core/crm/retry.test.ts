import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { classifyFailure, DEFAULT_RETRY, nextStep, parseRetryAfterMs, retryDelayMs } from './retry.ts';

describe('the CRM retry schedule', () => {
  it('doubles from 2 s and stops growing at 5 minutes', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n))).toEqual([2_000, 4_000, 8_000, 16_000, 32_000]);
    expect(retryDelayMs(20)).toBe(DEFAULT_RETRY.capMs);
  });

  it('never shrinks and never passes the cap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 10_000 }), (n, baseMs) => {
        const schedule = { baseMs, capMs: 300_000 };
        const d = retryDelayMs(n, schedule);
        expect(d).toBeLessThanOrEqual(Math.max(baseMs, schedule.capMs));
        expect(retryDelayMs(n + 1, schedule)).toBeGreaterThanOrEqual(d);
      }),
    );
  });

  it('retries 5xx, 408, timeouts and lost connections; waits on 429; gives up on other 4xx', () => {
    expect(classifyFailure({ status: 500 })).toBe('retryable');
    expect(classifyFailure({ status: 503 })).toBe('retryable');
    expect(classifyFailure({ status: 408 })).toBe('retryable');
    expect(classifyFailure({ status: null, timeout: true })).toBe('retryable');
    expect(classifyFailure({ status: 429 })).toBe('rate_limited');
    for (const status of [400, 401, 403, 404, 409, 422]) expect(classifyFailure({ status })).toBe('permanent');
  });

  it('reads Retry-After as seconds or as a date, and ignores nonsense', () => {
    const now = Date.parse('2026-11-29T08:00:00Z');
    expect(parseRetryAfterMs('10', now)).toBe(10_000);
    expect(parseRetryAfterMs('Sun, 29 Nov 2026 08:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfterMs('soon', now)).toBeNull();
    expect(parseRetryAfterMs(undefined, now)).toBeNull();
    expect(parseRetryAfterMs('999999', now)).toBe(60 * 60_000);
  });

  it('a 429 waits what it says; a failure past max_retries, or a 4xx, fails', () => {
    const now = 0;
    expect(nextStep({ status: 429, retryAfter: '7' }, 1, 5, now)).toEqual({ action: 'retry', delayMs: 7_000 });
    expect(nextStep({ status: 429 }, 2, 5, now)).toEqual({ action: 'retry', delayMs: 4_000 });
    expect(nextStep({ status: 500 }, 5, 5, now)).toEqual({ action: 'retry', delayMs: 32_000 });
    expect(nextStep({ status: 500 }, 6, 5, now)).toEqual({ action: 'fail' });
    expect(nextStep({ status: 400 }, 1, 5, now)).toEqual({ action: 'fail' });
  });

  it('an item is tried at most max_retries + 1 times, whatever fails', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), fc.constantFrom(500, 502, 429, 408), (maxRetries, status) => {
        let attempts = 0;
        for (;;) {
          attempts += 1;
          if (nextStep({ status }, attempts, maxRetries, 0).action === 'fail') break;
        }
        expect(attempts).toBe(maxRetries + 1);
      }),
    );
  });
});
