/**
 * Signed-in reads take turns when the server is busy (docs/decisions/0076): at most `limit` run at
 * once, and the rest wait in the order they came. Under load every read that starts asks the
 * same pool, CPU and garbage collector as the writes in flight; letting a few through at a time
 * keeps the writes from queueing behind them, and shares the wait fairly among the reads.
 */
export type ReadTurns = {
  /** Runs `work` now while fewer than the limit run, else when the reads ahead of it are done. */
  inTurn<T>(work: () => Promise<T>): Promise<T>;
  /** How many reads run now. */
  readonly running: number;
  /** How many wait for their turn. */
  readonly waiting: number;
};

/** Turns for `limit` reads at once; 0 lets every read run at once. */
export function readTurns(limit: number): ReadTurns {
  if (!Number.isInteger(limit) || limit < 0)
    throw new RangeError(`A limit of reads at once must be 0 or more: ${limit}`);
  let running = 0;
  const queue: Array<() => void> = [];
  // A finished read hands its turn straight to the next in line, so `running` never dips below
  // the limit while reads wait, and none can slip in ahead of them.
  const handOn = () => {
    const next = queue.shift();
    if (next) next();
    else running--;
  };
  return {
    async inTurn<T>(work: () => Promise<T>): Promise<T> {
      if (limit === 0) return work();
      if (running < limit) running++;
      else await new Promise<void>((resolve) => queue.push(resolve));
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
