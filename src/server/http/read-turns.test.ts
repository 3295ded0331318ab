import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ReadTurnNotCome, readTurns } from './read-turns.ts';

/** Reads that run until the test lets each finish, recording the order they started in and how many ran at once. */
function heldReads() {
  const started: number[] = [];
  const finishers = new Map<number, { finish: () => void; fail: (err: Error) => void }>();
  let active = 0;
  let mostAtOnce = 0;
  const read = (index: number) => async () => {
    started.push(index);
    active++;
    mostAtOnce = Math.max(mostAtOnce, active);
    try {
      await new Promise<void>((resolve, reject) => finishers.set(index, { finish: resolve, fail: reject }));
      return index;
    } finally {
      active--;
    }
  };
  return { started, finishers, read, mostAtOnce: () => mostAtOnce };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('reads taking turns', () => {
  it('runs at most the limit at once and starts every read in the order it came, whatever the limit, the load and when reads arrive', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 12 }),
        // After each finish: which running read finishes, how many arrive, and after how many microtasks.
        fc.array(fc.record({ pick: fc.nat(), arrive: fc.nat({ max: 2 }), ticks: fc.nat({ max: 5 }) }), {
          maxLength: 30,
        }),
        async (limit, first, steps) => {
          const turns = readTurns(limit);
          const reads = heldReads();
          const answers: Promise<number>[] = [];
          const arrive = () => answers.push(turns.inTurn(reads.read(answers.length)));
          for (let i = 0; i < first; i++) arrive();
          await settle();
          let finished = 0;
          for (const step of [...steps, ...Array.from({ length: first + 2 * steps.length }, () => null)]) {
            const outstanding = answers.length - finished;
            // Never more running than the limit, and those waiting are exactly the rest.
            expect(turns.running).toBe(Math.min(limit, outstanding));
            expect(turns.waiting).toBe(outstanding - turns.running);
            const runningNow = reads.started.filter((i) => reads.finishers.has(i));
            if (runningNow.length === 0) break;
            const which = runningNow[(step?.pick ?? 0) % runningNow.length]!;
            reads.finishers.get(which)!.finish();
            reads.finishers.delete(which);
            finished++;
            // Arrivals at any point while the finished read hands its turn on must queue behind those waiting.
            for (let t = 0; t < (step?.ticks ?? 0); t++) await Promise.resolve();
            for (let a = 0; a < (step?.arrive ?? 0); a++) arrive();
            await settle();
          }
          expect(reads.mostAtOnce()).toBeLessThanOrEqual(limit);
          expect(reads.started).toEqual(answers.map((_, i) => i));
          expect(await Promise.all(answers)).toEqual(answers.map((_, i) => i));
          expect([turns.running, turns.waiting]).toEqual([0, 0]);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('hands a failed read’s turn to the next, and the failure to its own caller only', async () => {
    const turns = readTurns(1);
    const reads = heldReads();
    const failed = turns.inTurn(reads.read(0));
    const next = turns.inTurn(reads.read(1));
    await settle();
    expect(reads.started).toEqual([0]);
    reads.finishers.get(0)!.fail(new Error('the database is away'));
    await expect(failed).rejects.toThrow('the database is away');
    await settle();
    expect(reads.started).toEqual([0, 1]);
    reads.finishers.get(1)!.finish();
    expect(await next).toBe(1);
    expect(turns.running).toBe(0);
  });

  it('hands on the turn of a read that throws before it awaits anything', async () => {
    const turns = readTurns(1);
    await expect(
      turns.inTurn(() => {
        throw new Error('bad input');
      }),
    ).rejects.toThrow('bad input');
    expect(await turns.inTurn(async () => 'next')).toBe('next');
    expect(turns.running).toBe(0);
  });

  it('gives up on a read whose turn does not come within the wait, without running it, and keeps the order of the rest', async () => {
    const turns = readTurns(1, { maxWaitMs: 30 });
    const reads = heldReads();
    const first = turns.inTurn(reads.read(0));
    const late = turns.inTurn(reads.read(1));
    await expect(late).rejects.toBeInstanceOf(ReadTurnNotCome);
    expect([turns.running, turns.waiting]).toEqual([1, 0]);
    const after = turns.inTurn(reads.read(2));
    await settle();
    reads.finishers.get(0)!.finish();
    await first;
    await settle();
    // The read that gave up never ran; the one after it got the turn.
    expect(reads.started).toEqual([0, 2]);
    reads.finishers.get(2)!.finish();
    expect(await after).toBe(2);
    expect([turns.running, turns.waiting]).toEqual([0, 0]);
  });

  it('lets every read run at once with a limit of 0, and counts them', async () => {
    const turns = readTurns(0, { maxWaitMs: 1 });
    const reads = heldReads();
    const answers = Array.from({ length: 50 }, (_, i) => turns.inTurn(reads.read(i)));
    await settle();
    expect(reads.started).toHaveLength(50);
    expect([turns.running, turns.waiting]).toEqual([50, 0]);
    for (const { finish } of reads.finishers.values()) finish();
    expect(await Promise.all(answers)).toHaveLength(50);
    expect(turns.running).toBe(0);
  });

  it('refuses a limit that is not a whole number of reads', () => {
    expect(() => readTurns(-1)).toThrow(RangeError);
    expect(() => readTurns(1.5)).toThrow(RangeError);
  });
});
