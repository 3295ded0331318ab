/**
 * One value kept per user under a key, least recently used first out: at most `maxUsers` users
 * and, when values are given a size, at most `maxSize` in all. A value is given back only for
 * the key it was kept under and, with `maxAgeMs`, while younger than that. The dashboard keeps
 * its balance line (line-cache.ts) and its whole answer (answer-cache.ts) in one each.
 */
export type KeptOptions = { maxUsers: number; maxSize?: number; maxAgeMs?: number };

type Entry<T> = { key: string; value: T; size: number; keptAt: number };

export class KeptPerUser<T> {
  // A Map iterates in insertion order: re-inserting on use makes the first key the least used.
  readonly #entries = new Map<string, Entry<T>>();
  #size = 0;

  readonly maxUsers: number;
  readonly maxSize: number;
  readonly maxAgeMs: number;

  constructor({ maxUsers, maxSize = Number.POSITIVE_INFINITY, maxAgeMs = Number.POSITIVE_INFINITY }: KeptOptions) {
    this.maxUsers = maxUsers;
    this.maxSize = maxSize;
    this.maxAgeMs = maxAgeMs;
  }

  /** The user's value for `key`, or undefined: never kept, kept under another key, or too old at `nowMs`. */
  get(userId: string, key: string, nowMs = 0): T | undefined {
    const entry = this.#entries.get(userId);
    if (!entry || entry.key !== key) return undefined;
    if (nowMs - entry.keptAt >= this.maxAgeMs || nowMs < entry.keptAt) {
      this.#forget(userId, entry);
      return undefined;
    }
    this.#entries.delete(userId);
    this.#entries.set(userId, entry);
    return entry.value;
  }

  /** The user's value under whatever key, without counting it as a use (undefined: none, or too old at `nowMs`). */
  peek(userId: string, nowMs = 0): T | undefined {
    const entry = this.#entries.get(userId);
    if (!entry || nowMs - entry.keptAt >= this.maxAgeMs || nowMs < entry.keptAt) return undefined;
    return entry.value;
  }

  /** The user's value and the key it was kept under, without counting it as a use (undefined: none, or too old at `nowMs`). */
  peekKeyed(userId: string, nowMs = 0): { key: string; value: T } | undefined {
    const entry = this.#entries.get(userId);
    if (!entry || nowMs - entry.keptAt >= this.maxAgeMs || nowMs < entry.keptAt) return undefined;
    return { key: entry.key, value: entry.value };
  }

  /**
   * Keeps the user's value kept under `from` under `to` instead (as `value`, when given, of the
   * same size), as old as it was (its age still ends it), and counts it as a use; false when the
   * user's value is not kept under `from`.
   */
  rekey(userId: string, from: string, to: string, value?: T): boolean {
    const entry = this.#entries.get(userId);
    if (!entry || entry.key !== from) return false;
    this.#entries.delete(userId);
    this.#entries.set(userId, { ...entry, key: to, value: value ?? entry.value });
    return true;
  }

  /** Keeps `value` as the user's only one (a value larger than `maxSize` is not kept). */
  set(userId: string, key: string, value: T, { size = 0, nowMs = 0 }: { size?: number; nowMs?: number } = {}): void {
    const old = this.#entries.get(userId);
    if (old) this.#forget(userId, old);
    if (size > this.maxSize) return;
    this.#entries.set(userId, { key, value, size, keptAt: nowMs });
    this.#size += size;
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= this.maxUsers && this.#size <= this.maxSize) break;
      this.#forget(oldest, entry);
    }
  }

  #forget(userId: string, entry: Entry<T>): void {
    this.#entries.delete(userId);
    this.#size -= entry.size;
  }

  /** How many users have a value kept. */
  get size(): number {
    return this.#entries.size;
  }

  /** The kept values' sizes added up. */
  get totalSize(): number {
    return this.#size;
  }
}
