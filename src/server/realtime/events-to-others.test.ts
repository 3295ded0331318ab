import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { EventsToOthers } from './events-to-others.ts';

/** A send that answers when the test says so, recording each batch. */
function heldSend() {
  const batches: string[][] = [];
  const answers: Array<{ resolve: () => void; reject: (err: Error) => void }> = [];
  const send = (payloads: string[]) =>
    new Promise<void>((resolve, reject) => {
      batches.push(payloads);
      answers.push({ resolve, reject });
    });
  return { batches, answers, send };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function recordingLogger() {
  const lines: Array<{ msg: string; events?: number }> = [];
  return { lines, logger: createLogger('warn', {}, (line) => lines.push(JSON.parse(line))) };
}

describe('events on their way to the other instances', () => {
  it('sends the events of one turn of the event loop as one batch, on the next turn', async () => {
    const held = heldSend();
    const out = new EventsToOthers(held.send, recordingLogger().logger);
    out.add('a');
    out.add('b');
    out.add('c');
    expect(held.batches).toEqual([]);
    await nextTurn();
    expect(held.batches).toEqual([['a', 'b', 'c']]);
  });

  it('keeps one send out at a time: what arrives meanwhile goes together when it answers', async () => {
    const held = heldSend();
    const out = new EventsToOthers(held.send, recordingLogger().logger);
    out.add('first');
    await nextTurn();
    for (const p of ['2', '3', '4']) out.add(p);
    await nextTurn();
    expect(held.batches).toEqual([['first']]);
    held.answers[0]!.resolve();
    await expect.poll(() => held.batches).toEqual([['first'], ['2', '3', '4']]);
    held.answers[1]!.resolve();
    await out.flushed();
    expect(held.batches).toHaveLength(2);
  });

  it('tries a failed batch again with what arrived since, in order, and goes on when it succeeds', async () => {
    const held = heldSend();
    const { lines, logger } = recordingLogger();
    const out = new EventsToOthers(held.send, logger);
    out.add('a');
    await nextTurn();
    out.add('b');
    held.answers[0]!.reject(new Error('connection lost'));
    await expect.poll(() => held.batches.length).toBe(2);
    expect(held.batches[1]).toEqual(['a', 'b']);
    held.answers[1]!.resolve();
    await out.flushed();
    expect(lines).toEqual([]);
  });

  it('drops a batch after three failed sends, says so, and sends the next events as usual', async () => {
    const held = heldSend();
    const { lines, logger } = recordingLogger();
    const out = new EventsToOthers(held.send, logger);
    out.add('lost');
    for (let attempt = 0; attempt < 3; attempt++) {
      await expect.poll(() => held.batches.length).toBe(attempt + 1);
      held.answers[attempt]!.reject(new Error('database down'));
    }
    await out.flushed();
    expect(held.batches).toEqual([['lost'], ['lost'], ['lost']]);
    expect(lines).toMatchObject([{ msg: 'realtime events for other instances dropped', events: 1 }]);
    out.add('later');
    await expect.poll(() => held.batches.length).toBe(4);
    expect(held.batches[3]).toEqual(['later']);
    held.answers[3]!.resolve();
    await out.flushed();
  });

  it('waits, when flushed, for the events added before it only: a steady stream after cannot hold it', async () => {
    const held = heldSend();
    const out = new EventsToOthers(held.send, recordingLogger().logger);
    out.add('before');
    let flushed = false;
    const waiting = out.flushed().then(() => {
      flushed = true;
    });
    await nextTurn();
    out.add('after');
    held.answers[0]!.resolve();
    await waiting;
    expect(flushed).toBe(true);
    await expect.poll(() => held.batches).toEqual([['before'], ['after']]);
    // 'after' is still out: a flush asked now waits for it.
    let second = false;
    const again = out.flushed().then(() => {
      second = true;
    });
    await nextTurn();
    expect(second).toBe(false);
    held.answers[1]!.resolve();
    await again;
  });

  it('stops waiting after the time it is given when a send never answers', async () => {
    const held = heldSend();
    const out = new EventsToOthers(held.send, recordingLogger().logger);
    out.add('stuck');
    const started = Date.now();
    await out.flushed(100);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    expect(held.batches).toEqual([['stuck']]);
  });

  it('goes on sending when the send throws before returning, or the logger throws when it drops', async () => {
    const batches: string[][] = [];
    const send = (payloads: string[]): Promise<void> => {
      batches.push(payloads);
      if (payloads.includes('bad')) throw new Error('thrown at once');
      return Promise.resolve();
    };
    const throwingLogger = createLogger('warn', {}, () => {
      throw new Error('logger broke');
    });
    const out = new EventsToOthers(send, throwingLogger);
    out.add('bad');
    await out.flushed();
    expect(batches).toEqual([['bad'], ['bad'], ['bad']]);
    out.add('good');
    await out.flushed();
    expect(batches.at(-1)).toEqual(['good']);
  });

  it('has nothing to wait for when nothing was added', async () => {
    const held = heldSend();
    const out = new EventsToOthers(held.send, recordingLogger().logger);
    await out.flushed();
    expect(held.batches).toEqual([]);
  });
});
