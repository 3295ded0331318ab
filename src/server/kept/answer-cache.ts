/**
 * A route's whole answer (its JSON text), kept per user while nothing it was computed from has
 * changed (docs/decisions/0039-the-dashboard-answer-cache.md): the dashboard's, the Protection
 * Hub's, the accounts list's, an account page's, Smart Pig's and the balance lines'. Each route
 * keeps one answer per user and variant (an account page per account, the Hub per `asAt`), and
 * all of them share one budget (`sharedAnswerStore`). The key: the user's data
 * version and the reference data's version (read by the request's first statement; database
 * triggers bump them in the writer's own transaction on every table the dashboard reads), the
 * UK date, the plan's tier and whether the user is an admin. Versions only grow, and a write's
 * new version commits with the write, so once it has committed every later request reads a new
 * key: a kept answer can be newer than its key, never older. An answer is also forgotten after
 * `ANSWER_MAX_AGE_MS`: a dismissal's 7 days end by the clock, not by a write.
 */
import type { Tier } from '../../core/subscriptions/tier.ts';
import type { SessionUser } from '../auth/session.ts';
import { KeptPerUser } from './kept-per-user.ts';

/** Most answers a server keeps, all routes together (2,000 savers with six pages each). */
export const ANSWER_CACHE_ENTRIES = 12_000;
/**
 * Most characters of answers a server keeps, all routes together (a saver with 100 accounts: a
 * dashboard ~34,000, a Smart Pig ~150,000): about 64 MB of one-byte strings.
 */
export const ANSWER_CACHE_CHARACTERS = 64 * 1024 * 1024;
/** How long a kept answer is served at most. */
export const ANSWER_MAX_AGE_MS = 60_000;

export type AnswerKey = {
  /** What else the answer depends on, in the route's words (a query's `asAt`, say); none when absent. */
  variant?: string;
  /** The user's data version (null: no write since versions were kept). */
  userVersion: number | null;
  referenceVersion: number | null;
  today: string;
  tier: Tier;
  isAdmin: boolean;
};

const keyText = (key: AnswerKey) =>
  `${key.userVersion ?? '-'}|${key.referenceVersion ?? '-'}|${key.today}|${key.tier}|${key.isAdmin}|${key.variant ?? ''}`;

/**
 * The key of a signed-in user's answer, from the versions the request's opening statement read
 * before anything else (so what is read next is at least as new as the key); null when the
 * opening read none (a session found outside the request transaction).
 */
export function answerKeyOf(
  session: Pick<SessionUser, 'dataVersions' | 'tier' | 'isAdmin'>,
  today: string,
  variant?: string,
): AnswerKey | null {
  if (!session.dataVersions) return null;
  return {
    ...session.dataVersions,
    today,
    tier: session.tier,
    isAdmin: session.isAdmin,
    ...(variant === undefined ? {} : { variant }),
  };
}

/** Kept answers under one budget: one entry per route, user and variant, least recently used out first. */
export function answerStore(
  options: { maxEntries?: number; maxCharacters?: number; maxAgeMs?: number } = {},
): KeptPerUser<string> {
  return new KeptPerUser({
    maxUsers: options.maxEntries ?? ANSWER_CACHE_ENTRIES,
    maxSize: options.maxCharacters ?? ANSWER_CACHE_CHARACTERS,
    maxAgeMs: options.maxAgeMs ?? ANSWER_MAX_AGE_MS,
  });
}

/** The store every route's kept answers share in this server process (kept-answers.ts). */
export const sharedAnswerStore = answerStore();

let caches = 0;

export class AnswerCache {
  readonly #answers: KeptPerUser<string>;
  /** This cache's entries in a store it may share with other routes'. */
  readonly #prefix = `${++caches}`;
  /** Answers being computed, by user and key: a concurrent miss waits for the one under way. */
  readonly #computing = new Map<string, Promise<string>>();

  /** `store`: the budget it shares with other caches; else one of its own with these limits. */
  constructor(
    options: { store?: KeptPerUser<string>; maxEntries?: number; maxCharacters?: number; maxAgeMs?: number } = {},
  ) {
    this.#answers = options.store ?? answerStore(options);
  }

  /** Where the user's answer for this variant is kept: one per route, user and variant. */
  #slot(userId: string, key: AnswerKey): string {
    return `${this.#prefix}|${userId}|${key.variant ?? ''}`;
  }

  /** The user's answer for `key` kept less than the maximum age before `now`, or undefined. */
  get(userId: string, key: AnswerKey, now: Date): string | undefined {
    return this.#answers.get(this.#slot(userId, key), keyText(key), now.getTime());
  }

  set(userId: string, key: AnswerKey, json: string, now: Date): void {
    this.#answers.set(this.#slot(userId, key), keyText(key), json, { size: json.length, nowMs: now.getTime() });
  }

  /**
   * The kept answer for `key`, else the one already being computed for the same user and key, else
   * `compute`'s (kept when it succeeds). Concurrent requests that miss the same key make one
   * computation between them; a failed computation is not shared, so each waiter then computes its
   * own. Sharing is safe for the same reason keeping is: an answer computed for a key is at least
   * as new as the key.
   */
  async answer(userId: string, key: AnswerKey, now: Date, compute: () => Promise<string>): Promise<string> {
    const kept = this.get(userId, key, now);
    if (kept !== undefined) return kept;
    const id = `${userId}|${keyText(key)}`;
    const underWay = this.#computing.get(id);
    if (underWay) {
      try {
        return await underWay;
      } catch {
        return compute();
      }
    }
    const computing = compute();
    this.#computing.set(id, computing);
    try {
      const json = await computing;
      this.set(userId, key, json, now);
      return json;
    } finally {
      this.#computing.delete(id);
    }
  }

  /** How many answers are being computed now. */
  get computing(): number {
    return this.#computing.size;
  }

  get size(): number {
    return this.#answers.size;
  }

  get characters(): number {
    return this.#answers.totalSize;
  }
}
