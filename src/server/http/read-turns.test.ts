import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readTurns } from './read-turns.ts';

/** A read that runs until the test lets it finish, recording when it started. */
function heldRead(started: number[], index: number) {
  let finish: () => void = () => undefined;
  let fail: (err: Error) => void = () => undefined;
  const done = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const work = async () => {
    started.push(index);
    await done;
    return index;
  };
  return { work, finish: () => finish(), fail: (err: Error) => fail(err) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('reads taking turns', () => {
  it('runs at most the limit at once and starts the rest in the order they came, whatever the limit and the load', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 20 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        async (limit, count, finishOrder) => {
          const turns = readTurns(limit);
          const started: number[] = [];
          const reads = Array.from({ length: count }, (_, i) => heldRead(started, i));
          const answers = reads.map((read) => turns.inTurn(read.work));
          await settle();
          let finished = 0;
          const pending = new Set(reads.map((_, i) => i));
          while (pending.size > 0) {
            // Never more running than the limit, and those waiting are exactly the rest.
            expect(turns.running).toBe(Math.min(limit, count - finished));
            expect(turns.waiting).toBe(count - finished - turns.running);
            expect(started.length).toBe(Math.min(count, finished + limit));
            // Any running read may finish first.
            const runningNow = started.filter((i) => pending.has(i));
            const which = runningNow[(finishOrder[finished] ?? 0) % runningNow.length]!;
            reads[which]!.finish();
            pending.delete(which);
            finished++;
            await settle();
          }
          expect(started).toEqual(reads.map((_, i) => i));
          expect(await Promise.all(answers)).toEqual(reads.map((_, i) => i));
          expect([turns.running, turns.waiting]).toEqual([0, 0]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('hands a failed read’s turn to the next, and the failure to its own caller only', async () => {
    const turns = readTurns(1);
    const started: number[] = [];
    const [first, second] = [heldRead(started, 0), heldRead(started, 1)];
    const failed = turns.inTurn(first.work);
    const next = turns.inTurn(second.work);
    await settle();
    expect(started).toEqual([0]);
    first.fail(new Error('the database is away'));
    await expect(failed).rejects.toThrow('the database is away');
    await settle();
    expect(started).toEqual([0, 1]);
    second.finish();
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

  it('lets every read run at once with a limit of 0', async () => {
    const turns = readTurns(0);
    const started: number[] = [];
    const reads = Array.from({ length: 50 }, (_, i) => heldRead(started, i));
    const answers = reads.map((read) => turns.inTurn(read.work));
    await settle();
    expect(started).toHaveLength(50);
    for (const read of reads) read.finish();
    expect(await Promise.all(answers)).toHaveLength(50);
  });

  it('refuses a limit that is not a whole number of reads', () => {
    expect(() => readTurns(-1)).toThrow(RangeError);
    expect(() => readTurns(1.5)).toThrow(RangeError);
  });
});
