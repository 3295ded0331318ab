import type { TurnKind } from './turns.ts';

/**
 * Turns at the PostgreSQL pool (docs/decisions/0083): at most `size` connections lent at once,
 * and those waiting are served as PGlite serves its one connection (turns.ts): a request already
 * part-way through (an on-demand route back for its reads or its write after its opening ran
 * alone) goes before every request not yet started, each group in the order it came.
 * node-postgres's own queue is first come first served, so under a wave of deposits a read that
 * had its opening waited a second time behind every deposit that arrived meanwhile.
 *
 * Continuing turns cannot starve starting ones: each comes from a request whose opening was
 * already served, and a request continues only a few times (the dashboard, the most: its
 * protection rows, its own rows, then its line).
 */
export type PoolTurns = {
  /** Resolves when a connection may be taken (at once: undefined); rejects with `PoolTurnNotCome` after the wait. */
  take(kind: TurnKind): Promise<void> | undefined;
  /** A connection taken is back (or ended): the next in line may take one. */
  pass(): void;
  readonly lent: number;
  readonly waiting: number;
};

/** Worded as node-postgres words its own pool's timeout, so the error handler answers 503 alike. */
export class PoolTurnNotCome extends Error {
  constructor(waitedMs: number) {
    super(`timeout exceeded when trying to connect (no pooled connection within ${waitedMs} ms)`);
    this.name = 'PoolTurnNotCome';
  }
}

type Waiter = { go: () => void };

export function poolTurns(size: number, { maxWaitMs }: { maxWaitMs: number }): PoolTurns {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`A pool needs one connection or more: ${size}`);
  let lent = 0;
  const queues: Record<TurnKind, Waiter[]> = { continuing: [], starting: [] };
  const wait = (queue: Waiter[]) =>
    new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        go: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        const at = queue.indexOf(waiter);
        if (at >= 0) queue.splice(at, 1);
        reject(new PoolTurnNotCome(maxWaitMs));
      }, maxWaitMs);
      queue.push(waiter);
    });
  return {
    take(kind) {
      if (lent < size) {
        lent++;
        return undefined;
      }
      return wait(queues[kind]);
    },
    // Straight to the next in line, so none arriving meanwhile slips in ahead of it.
    pass() {
      if (lent === 0) throw new Error('A pool turn was passed that was never taken');
      const next = queues.continuing.shift() ?? queues.starting.shift();
      if (next) next.go();
      else lent--;
    },
    get lent() {
      return lent;
    },
    get waiting() {
      return queues.continuing.length + queues.starting.length;
    },
  };
}
