import { describe, expect, it } from 'vitest';
import { waitUntilElapsed } from './timing.ts';

describe('waiting until a floor has passed', () => {
  it('never returns before the floor by the high-resolution clock, though timers keep whole milliseconds', async () => {
    for (let i = 0; i < 40; i++) {
      const started = performance.now();
      // A fractional floor, as a request's remaining time always is.
      await waitUntilElapsed(started, 3.7);
      expect(performance.now() - started).toBeGreaterThanOrEqual(3.7);
    }
  });

  it('returns at once when the floor has already passed', async () => {
    const started = performance.now() - 50;
    await waitUntilElapsed(started, 10);
    expect(performance.now() - started).toBeLessThan(60);
  });
});
