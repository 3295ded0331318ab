import { describe, expect, it } from 'vitest';
import { cycleOrder } from './cycle-order.ts';

const stepsOf = (from: number, count: number, staggered: boolean) =>
  Array.from({ length: count }, (_, i) => cycleOrder(from + i, 50, 10, staggered).step);

describe("bench:mixed's order of requests", () => {
  it('in lockstep, sends every saver the same step together', () => {
    expect(new Set(stepsOf(150, 50, false))).toEqual(new Set([3]));
  });

  it('staggered, sends any fifty requests in a row the cycle’s mix: five of each step, give or take one', () => {
    const countsFrom = (from: number) => {
      const counts = new Map<number, number>();
      for (const step of stepsOf(from, 50, true)) counts.set(step, (counts.get(step) ?? 0) + 1);
      return counts;
    };
    for (const from of [0, 150]) expect([...countsFrom(from).values()]).toEqual(Array(10).fill(5));
    for (const from of [17, 123]) {
      const counts = countsFrom(from);
      expect(counts.size).toBe(10);
      for (const count of counts.values()) expect(count).toBeGreaterThanOrEqual(4);
      for (const count of counts.values()) expect(count).toBeLessThanOrEqual(6);
    }
  });

  it('either way, takes each saver round its own cycle in order', () => {
    for (const staggered of [false, true]) {
      const saverSeven = Array.from({ length: 12 }, (_, n) => cycleOrder(7 + 50 * n, 50, 10, staggered));
      expect(saverSeven.map((r) => r.saver)).toEqual(Array(12).fill(7));
      const first = saverSeven[0]!.step;
      expect(saverSeven.map((r) => r.step)).toEqual(saverSeven.map((_, n) => (first + n) % 10));
    }
  });
});
