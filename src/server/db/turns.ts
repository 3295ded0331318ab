/**
 * Turns at a database that does one thing at a time (PGlite): one holder at once, first come first
 * served, except that a request already part-way through goes before every request not yet
 * started. An on-demand read that missed its kept answer comes back for its reads after its
 * opening; at the back of the queue it would wait for every request that arrived meanwhile, twice
 * the wait of a request that needs one turn (docs/decisions/0049's addendum).
 *
 * Continuing turns cannot starve starting ones: a request continues at most twice (the dashboard
 * after a miss: its rows, then its line), so there are at most two continuing turns for every
 * starting turn already served.
 */
export type TurnKind = 'starting' | 'continuing';

export class Turns {
  #busy = false;
  readonly #continuing: Array<() => void> = [];
  readonly #starting: Array<() => void> = [];

  /** Runs `work` when its turn comes; the next turn starts when `work` has settled. */
  async run<T>(kind: TurnKind, work: () => Promise<T>): Promise<T> {
    await this.#take(kind);
    try {
      return await work();
    } finally {
      this.#pass();
    }
  }

  /** Turns waiting, not counting the one being served. */
  get waiting(): number {
    return this.#continuing.length + this.#starting.length;
  }

  #take(kind: TurnKind): Promise<void> | void {
    if (!this.#busy) {
      this.#busy = true;
      return;
    }
    return new Promise((resolve) => (kind === 'continuing' ? this.#continuing : this.#starting).push(resolve));
  }

  #pass(): void {
    const next = this.#continuing.shift() ?? this.#starting.shift();
    if (next) next();
    else this.#busy = false;
  }
}
