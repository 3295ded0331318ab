import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { isDatabaseUnavailable } from './connection-errors.ts';
import { PoolTurnNotCome, poolTurns } from './pool-turns.ts';
import type { TurnKind } from './turns.ts';

const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Takes a turn for `name`, recording when it was granted. */
function ask(turns: ReturnType<typeof poolTurns>, kind: TurnKind, name: string, granted: string[]) {
  const waiting = turns.take(kind);
  if (!waiting) {
    granted.push(name);
    return Promise.resolve();
  }
  return waiting.then(() => {
    granted.push(name);
  });
}

describe('turns at the PostgreSQL pool', () => {
  it('lends every connection at once while there are some, then makes the rest wait', async () => {
    const turns = poolTurns(3, { maxWaitMs: 5_000 });
    const granted: string[] = [];
    for (const name of ['a', 'b', 'c', 'd']) void ask(turns, 'starting', name, granted);
    await settle();
    expect(granted).toEqual(['a', 'b', 'c']);
    expect(turns.lent).toBe(3);
    expect(turns.waiting).toBe(1);
    turns.pass();
    await settle();
    expect(granted).toEqual(['a', 'b', 'c', 'd']);
    expect(turns.lent).toBe(3);
    turns.pass();
    expect(turns.lent).toBe(2);
  });

  it('serves a request back for its reads before requests not yet started that asked earlier', async () => {
    const turns = poolTurns(1, { maxWaitMs: 5_000 });
    const granted: string[] = [];
    void ask(turns, 'starting', 'holder', granted);
    const all = [
      ask(turns, 'starting', 'deposit 1', granted),
      ask(turns, 'starting', 'deposit 2', granted),
      ask(turns, 'continuing', 'page reads', granted),
      ask(turns, 'continuing', 'list reads', granted),
    ];
    for (let i = 0; i < all.length; i++) {
      turns.pass();
      await settle();
    }
    await Promise.all(all);
    expect(granted).toEqual(['holder', 'page reads', 'list reads', 'deposit 1', 'deposit 2']);
  });

  it('never lends more than its size, and grants as a model of two queues says, whenever requests arrive', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.record({ kind: fc.constantFrom<TurnKind>('starting', 'continuing'), asksAfterPasses: fc.nat(6) }), {
          minLength: 1,
          maxLength: 24,
        }),
        async (size, requests) => {
          const turns = poolTurns(size, { maxWaitMs: 60_000 });
          const granted: number[] = [];
          const model = { lent: 0, continuing: [] as number[], starting: [] as number[] };
          const expected: number[] = [];
          const done: Promise<void>[] = [];
          const arrive = (i: number) => {
            const { kind } = requests[i]!;
            if (model.lent < size) {
              model.lent++;
              expected.push(i);
            } else model[kind].push(i);
            const waiting = turns.take(kind);
            if (!waiting) granted.push(i);
            else done.push(waiting.then(() => void granted.push(i)));
          };
          const passes = Math.max(...requests.map((r) => r.asksAfterPasses)) + requests.length;
          for (let pass = 0; pass <= passes; pass++) {
            for (const [i, r] of requests.entries()) if (r.asksAfterPasses === pass) arrive(i);
            await settle();
            expect(turns.lent).toBe(model.lent);
            expect(turns.lent).toBeLessThanOrEqual(size);
            expect(turns.waiting).toBe(model.continuing.length + model.starting.length);
            if (model.lent === 0) continue;
            turns.pass();
            const next = model.continuing.shift() ?? model.starting.shift();
            if (next === undefined) model.lent--;
            else expected.push(next);
          }
          await Promise.all(done);
          expect(granted).toEqual(expected);
          expect(new Set(granted).size).toBe(requests.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('lets a request that waited too long go without a connection, with the error the API answers 503 to', async () => {
    vi.useFakeTimers();
    try {
      const turns = poolTurns(1, { maxWaitMs: 50 });
      expect(turns.take('starting')).toBeUndefined();
      const late = turns.take('starting');
      const next = turns.take('continuing');
      const lateFailed = expect(late).rejects.toBeInstanceOf(PoolTurnNotCome);
      const nextFailed = expect(next).rejects.toSatisfy(isDatabaseUnavailable);
      await vi.advanceTimersByTimeAsync(50);
      await lateFailed;
      await nextFailed;
      expect(turns.waiting).toBe(0);
      // Nobody is waiting, so the connection is simply free again.
      turns.pass();
      expect(turns.lent).toBe(0);
      expect(turns.take('starting')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('grants the next in line when one ahead of it gave up waiting', async () => {
    vi.useFakeTimers();
    try {
      const turns = poolTurns(1, { maxWaitMs: 50 });
      turns.take('starting');
      const gaveUp = turns.take('starting');
      const gaveUpFailed = expect(gaveUp).rejects.toBeInstanceOf(PoolTurnNotCome);
      await vi.advanceTimersByTimeAsync(30);
      let granted = false;
      void turns.take('starting')?.then(() => {
        granted = true;
      });
      await vi.advanceTimersByTimeAsync(20);
      await gaveUpFailed;
      expect(turns.waiting).toBe(1);
      turns.pass();
      await vi.advanceTimersByTimeAsync(0);
      expect(granted).toBe(true);
      expect(turns.lent).toBe(1);
      // Granted, its own wait is over: the timer it had does not fire.
      await vi.advanceTimersByTimeAsync(100);
      expect(turns.lent).toBe(1);
      expect(turns.waiting).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a turn passed back that was never taken', () => {
    const turns = poolTurns(2, { maxWaitMs: 50 });
    expect(() => turns.pass()).toThrow('never taken');
    turns.take('starting');
    turns.pass();
    expect(() => turns.pass()).toThrow('never taken');
  });

  it('refuses a pool of no connections', () => {
    expect(() => poolTurns(0, { maxWaitMs: 1 })).toThrow(RangeError);
    expect(() => poolTurns(1.5, { maxWaitMs: 1 })).toThrow(RangeError);
  });
});
