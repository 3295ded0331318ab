import { describe, expect, it } from 'vitest';
import { ResponseFloor, waitUntilElapsed } from './timing.ts';

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

describe('a response floor that follows the slower kind of answer', () => {
  it('is the minimum until the slower kind is seen taking longer', () => {
    const floor = new ResponseFloor(400);
    expect(floor.currentMs()).toBe(400);
    for (const ms of [120, 250, 390]) floor.recordSlower(ms);
    expect(floor.currentMs()).toBe(400);
  });

  it('rises to the slowest of the last 32 slower answers, so both kinds leave together under load', () => {
    const floor = new ResponseFloor(400);
    // 540 ms a new account on a loaded machine, rising.
    for (let i = 0; i < 32; i++) floor.recordSlower(500 + i);
    expect(floor.currentMs()).toBe(531);
    floor.recordSlower(900);
    expect(floor.currentMs()).toBe(900);
  });

  it('forgets all but the last 32, so it comes down again when the load has gone', () => {
    const floor = new ResponseFloor(400);
    floor.recordSlower(800);
    for (let i = 0; i < 30; i++) floor.recordSlower(100);
    expect(floor.currentMs()).toBe(800);
    floor.recordSlower(100); // the 32nd since the slow one
    expect(floor.currentMs()).toBe(800);
    floor.recordSlower(100); // the slow one leaves the window
    expect(floor.currentMs()).toBe(400);
  });

  it('holds no answer longer than 3 s, however slow the machine', () => {
    const floor = new ResponseFloor(400);
    for (let i = 0; i < 32; i++) floor.recordSlower(60_000);
    expect(floor.currentMs()).toBe(3_000);
  });

  it('is off at a minimum of 0 (the test servers): it keeps nothing and waits for nothing', async () => {
    const floor = new ResponseFloor(0);
    for (let i = 0; i < 32; i++) floor.recordSlower(500);
    expect(floor.currentMs()).toBe(0);
    const started = performance.now();
    await floor.wait(started);
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('waits out the floor from the request start', async () => {
    const floor = new ResponseFloor(30);
    const started = performance.now();
    await floor.wait(started);
    expect(performance.now() - started).toBeGreaterThanOrEqual(30);
  });
});
