/**
 * Where PGlite's thread spends its time, for the PGlite bench (BENCH_STATEMENTS=1): each kind of
 * statement's runs and milliseconds, and how long turns were held against how long statements ran
 * in them (the rest is the turn waiting on the server's thread). Off unless the worker is told a
 * file to write it to; costs two clock reads a statement when on.
 */
export type StatementTotals = { count: number; ms: number };

export type StatementReport = {
  statements: Array<{ sql: string } & StatementTotals>;
  turns: { count: number; heldMs: number; runningMs: number; waits: number; waitedMs: number };
};

/** A statement's text cut to what tells it apart in a table, its whitespace folded. */
export function statementKey(sql: string): string {
  return sql.replace(/\s+/g, ' ').trim().slice(0, 120);
}

export class StatementStats {
  readonly #byKey = new Map<string, StatementTotals>();
  #turns = 0;
  #heldMs = 0;
  #runningMs = 0;
  #waitedMs = 0;
  #waits = 0;
  readonly #now: () => number;

  /** `now`: the clock in milliseconds (a test's own, to time without waiting on a busy machine). */
  constructor(now: () => number = () => performance.now()) {
    this.#now = now;
  }

  /** Runs one statement, counting its time under `sql`'s key. */
  async timed<T>(sql: string, work: () => Promise<T>): Promise<T> {
    const started = this.#now();
    try {
      return await work();
    } finally {
      this.add(sql, this.#now() - started);
    }
  }

  /** Counts `ms` of running under `sql`'s key (BEGIN and COMMIT, which PGlite sends itself). */
  add(sql: string, ms: number): void {
    this.#runningMs += ms;
    const key = statementKey(sql);
    const totals = this.#byKey.get(key);
    if (totals) {
      totals.count++;
      totals.ms += ms;
    } else {
      this.#byKey.set(key, { count: 1, ms });
    }
  }

  /** Counts `ms` a transaction's turn waited for the server's thread to send its next statement. */
  waited(ms: number): void {
    this.#waits++;
    this.#waitedMs += ms;
  }

  /** Runs one turn, counting how long it was held. */
  async turn<T>(work: () => Promise<T>): Promise<T> {
    const started = this.#now();
    try {
      return await work();
    } finally {
      this.#turns++;
      this.#heldMs += this.#now() - started;
    }
  }

  report(): StatementReport {
    const statements = [...this.#byKey].map(([sql, totals]) => ({ sql, ...totals })).sort((a, b) => b.ms - a.ms);
    return {
      statements,
      turns: {
        count: this.#turns,
        heldMs: this.#heldMs,
        runningMs: this.#runningMs,
        waits: this.#waits,
        waitedMs: this.#waitedMs,
      },
    };
  }
}
