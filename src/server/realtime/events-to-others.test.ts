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

  it('has nothing to wait for when nothing was added', async () => {
    const held = heldSend();
    const out = new EventsToOthers(held.send, recordingLogger().logger);
    await out.flushed();
    expect(held.batches).toEqual([]);
  });
});
