/**
 * Readers that ask a signed-in page back to back (`GET /api/me` by default: its session opening
 * runs alone, so on PostgreSQL it goes through the shared trips of ADR 0074), keeping how every
 * answer looked. The connection-loss test runs them beside the writers: a read, too, hears only a
 * 200 or a 503 with Retry-After while the database is away, and 200 again once it is back.
 */
import { fetchErrorText, outcomeCounter, UNAVAILABLE } from './transaction-writers.ts';

export const ANSWERED = '200';

export type ReaderTally = {
  /** Answers by kind: '200', '503 with Retry-After', and the failures' kinds. */
  outcomes: Map<string, number>;
  /** Anything but a 200 or a 503 with Retry-After: a 500, another status, a dropped connection. */
  failures: number;
  failureSamples: string[];
  lastAnsweredAt: number;
};

export type Readers = { tally: ReaderTally; stop(): Promise<void> };

export function startReaders(
  targets: Array<{ base: string; cookie: string }>,
  { path = '/api/me', pauseAfterRefusalMs = 50 }: { path?: string; pauseAfterRefusalMs?: number } = {},
): Readers {
  const tally: ReaderTally = { outcomes: new Map(), failures: 0, failureSamples: [], lastAnsweredAt: 0 };
  const { count, fail } = outcomeCounter(tally);
  let stopped = false;

  const read = async (target: { base: string; cookie: string }): Promise<'ok' | 'pause'> => {
    try {
      const res = await fetch(`${target.base}${path}`, {
        headers: { cookie: target.cookie },
        signal: AbortSignal.timeout(20_000),
      });
      const body = await res.text();
      if (res.status === 200) {
        count(ANSWERED);
        tally.lastAnsweredAt = Date.now();
        return 'ok';
      }
      if (res.status === 503 && res.headers.get('retry-after')) {
        count(UNAVAILABLE);
        return 'pause';
      }
      fail(res.status === 503 ? '503 without Retry-After' : String(res.status), `${res.status} ${body.slice(0, 200)}`);
    } catch (err) {
      fail('connection error', fetchErrorText(err));
    }
    return 'pause';
  };

  const loops = targets.map(async (target) => {
    while (!stopped) {
      if ((await read(target)) === 'pause') await new Promise((r) => setTimeout(r, pauseAfterRefusalMs));
    }
  });

  return {
    tally,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}
