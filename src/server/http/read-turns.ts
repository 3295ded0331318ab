/**
 * Signed-in reads take turns when the server is busy (docs/decisions/0076): at most `limit` run at
 * once, and the rest wait in the order they came. Under load every read that starts asks the
 * same pool, CPU and garbage collector as the writes in flight; letting a few through at a time
 * keeps the writes from queueing behind them, and shares the wait fairly among the reads.
 */
export type ReadTurns = {
  /**
   * Runs `work` now while fewer than the limit run, else when the reads ahead of it are done.
   * Rejects with `ReadTurnNotCome`, without running `work`, when no turn came within the wait.
   */
  inTurn<T>(work: () => Promise<T>): Promise<T>;
  /** How many reads run now. */
  readonly running: number;
  /** How many wait for their turn. */
  readonly waiting: number;
};

/** A read that waited the longest wait allowed and never ran. */
export class ReadTurnNotCome extends Error {
  constructor(waitedMs: number) {
    super(`No turn to read came within ${waitedMs} ms`);
    this.name = 'ReadTurnNotCome';
  }
}

type Waiter = { go: () => void };

/** Turns for `limit` reads at once (0: every read runs at once), each waiting at most `maxWaitMs`. */
export function readTurns(limit: number, { maxWaitMs = Number.POSITIVE_INFINITY } = {}): ReadTurns {
  if (!Number.isInteger(limit) || limit < 0)
    throw new RangeError(`A limit of reads at once must be 0 or more: ${limit}`);
  let running = 0;
  const queue: Waiter[] = [];
  // A finished read hands its turn straight to the next in line, so `running` never dips below
  // the limit while reads wait, and none that arrives meanwhile can slip in ahead of them.
  const handOn = () => {
    const next = queue.shift();
    if (next) next.go();
    else running--;
  };
  const turnComes = () =>
    new Promise<void>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waiter: Waiter = {
        go: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      if (Number.isFinite(maxWaitMs))
        timer = setTimeout(() => {
          queue.splice(queue.indexOf(waiter), 1);
          reject(new ReadTurnNotCome(maxWaitMs));
        }, maxWaitMs);
      queue.push(waiter);
    });
  return {
    async inTurn<T>(work: () => Promise<T>): Promise<T> {
      if (limit === 0 || running < limit) running++;
      else await turnComes();
      try {
        return await work();
      } finally {
        handOn();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}
