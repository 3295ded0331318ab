/**
 * Session tokens this process has seen admitted, with their user: a hint, never a grant. A route
 * framed 'deferred' (http/access.ts) acts for the hinted user straight away and sends its opening
 * with its first statements; the opening there decides, and a check sent after it fails the
 * transaction unless the opening admitted that same user (docs/decisions/0072).
 *
 * A token names one session of one user for its whole life, so a hint can be out of date only by
 * the session having ended, which the opening finds. Bounded: the oldest hint goes first.
 */
export class KnownSessions {
  readonly #users = new Map<string, string>();
  readonly #capacity: number;

  constructor(capacity = 10_000) {
    this.#capacity = capacity;
  }

  userOf(token: string): string | undefined {
    return this.#users.get(token);
  }

  remember(token: string, userId: string): void {
    if (this.#users.get(token) === userId) return;
    this.#users.delete(token);
    if (this.#users.size >= this.#capacity) this.#users.delete(this.#users.keys().next().value!);
    this.#users.set(token, userId);
  }

  forget(token: string): void {
    this.#users.delete(token);
  }

  get size(): number {
    return this.#users.size;
  }
}

/** The process's hints, shared by every route (a token is the same session on any of them). */
export const sharedKnownSessions = new KnownSessions();
