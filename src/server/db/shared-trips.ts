/**
 * Statements that each run alone (no transaction around them) share a connection and a round
 * trip: whatever is waiting when a connection comes free goes out together, pipelined in one
 * socket write, each with its own Sync, so each is still its own implicit transaction and what
 * one sets for itself (`set_config(…, true)`) ends with it. Under load the session openings of
 * many requests queued one behind another for the pool, each to send one statement; now they
 * queue as one, and the pool's queue is shorter for the transactions behind them too
 * (docs/performance.md, "Mixed load").
 *
 * At most one connection is asked for at a time: what arrives while it is awaited goes with it,
 * and what arrives after a batch left asks for the next. A batch carries at most `maxBatch`.
 */
export type SharedTrips<I, O> = (item: I) => Promise<O>;

type Waiting<I, O> = { item: I; resolve: (value: O) => void; reject: (reason: unknown) => void };

/**
 * `send` runs one batch on one connection: it sends every item (corked, so in one write) and
 * returns a promise per item, in order; an item it cannot send is a rejected promise, the rest
 * still go. `connect` lends a connection for the batch's life; it is given back when every item
 * has settled.
 */
export function sharedTrips<I, O, C>(
  connect: <T>(work: (connection: C) => Promise<T>) => Promise<T>,
  send: (connection: C, items: readonly I[]) => Promise<O>[],
  { maxBatch = 32 }: { maxBatch?: number } = {},
): SharedTrips<I, O> {
  const waiting: Waiting<I, O>[] = [];
  let asking = false;

  const ask = () => {
    asking = true;
    let lent = false;
    connect(async (connection) => {
      lent = true;
      asking = false;
      const batch = waiting.splice(0, maxBatch);
      if (waiting.length > 0) ask();
      if (batch.length === 0) return;
      let answers: Promise<O>[];
      try {
        answers = send(
          connection,
          batch.map((w) => w.item),
        );
      } catch (err) {
        answers = batch.map(() => Promise.reject(err));
      }
      // Each caller hears its own statement as soon as it answers; the connection goes back when
      // all have. Whether it may be used again is `send`'s to tell `connect` (it sees each error).
      for (const [i, answer] of answers.entries()) answer.then(batch[i]!.resolve, batch[i]!.reject);
      await Promise.allSettled(answers);
    }).catch((err: unknown) => {
      // No connection came (the pool's timeout, the database down): everyone waiting for it fails
      // alike. A lent connection's work does not fail: its statements' errors went to their callers.
      if (!lent) {
        asking = false;
        for (const w of waiting.splice(0)) w.reject(err);
      }
    });
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!asking) ask();
    });
}
