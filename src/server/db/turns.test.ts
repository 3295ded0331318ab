import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type TurnKind, Turns } from './turns.ts';

/** A turn that holds until `finish` is called, recording when it started. */
function heldTurn(turns: Turns, kind: TurnKind, name: string, started: string[]) {
  let finish!: () => void;
  const held = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const done = turns.run(kind, async () => {
    started.push(name);
    await held;
    return name;
  });
  return { finish, done };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('turns at a one-at-a-time database', () => {
  it('runs one turn at a time, in the order asked, when every turn is starting', async () => {
    const turns = new Turns();
    const started: string[] = [];
    const a = heldTurn(turns, 'starting', 'a', started);
    const b = heldTurn(turns, 'starting', 'b', started);
    const c = heldTurn(turns, 'starting', 'c', started);
    await settle();
    expect(started).toEqual(['a']);
    expect(turns.waiting).toBe(2);
    a.finish();
    await settle();
    expect(started).toEqual(['a', 'b']);
    b.finish();
    c.finish();
    expect(await Promise.all([a.done, b.done, c.done])).toEqual(['a', 'b', 'c']);
    expect(started).toEqual(['a', 'b', 'c']);
  });

  it('serves a continuing turn before starting turns that asked earlier', async () => {
    const turns = new Turns();
    const started: string[] = [];
    const first = heldTurn(turns, 'starting', 'first', started);
    const newcomer1 = heldTurn(turns, 'starting', 'newcomer 1', started);
    const newcomer2 = heldTurn(turns, 'starting', 'newcomer 2', started);
    const reads = heldTurn(turns, 'continuing', 'reads', started);
    for (const turn of [first, newcomer1, newcomer2, reads]) turn.finish();
    await Promise.all([first.done, newcomer1.done, newcomer2.done, reads.done]);
    expect(started).toEqual(['first', 'reads', 'newcomer 1', 'newcomer 2']);
  });

  it('passes the turn on when the work fails, and reports the failure to its caller', async () => {
    const turns = new Turns();
    const failing = turns.run('starting', async () => {
      throw new Error('statement failed');
    });
    const next = turns.run('starting', async () => 'ran');
    await expect(failing).rejects.toThrow('statement failed');
    await expect(next).resolves.toBe('ran');
    expect(turns.waiting).toBe(0);
  });

  it('never runs two turns at once, and serves every turn, whatever the mix of kinds and lengths', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ kind: fc.constantFrom<TurnKind>('starting', 'continuing'), ticks: fc.nat(3) }), {
          maxLength: 30,
        }),
        async (asks) => {
          const turns = new Turns();
          let running = 0;
          let most = 0;
          const results = await Promise.all(
            asks.map((ask, i) =>
              turns.run(ask.kind, async () => {
                running += 1;
                most = Math.max(most, running);
                for (let t = 0; t < ask.ticks; t++) await settle();
                running -= 1;
                return i;
              }),
            ),
          );
          expect(results).toEqual(asks.map((_, i) => i));
          expect(most).toBeLessThanOrEqual(1);
          expect(turns.waiting).toBe(0);
        },
      ),
      { numRuns: 50 },
    );
  });
});
