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
 *
 * A route may also say which of this server's own writes leave its answer as it was (`Carry`):
 * an answer kept under an older user version is then sent for a newer one when every version
 * step between them was such a write (own-writes.ts), and kept under the newer key, as old as
 * it was.
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

/**
 * Whether every write from user version `from` to the request's leaves an answer as it was, by
 * the facts kept with it (`Computed.facts`).
 */
export type Carry = (from: number, facts: unknown) => boolean;

/** A computed answer, with what a `Carry` needs to know of it (none: it is never carried). */
export type Computed = { json: string; facts?: unknown };

type KeptAnswer = { json: string; facts: unknown };

const jsonOf = (computed: string | Computed) => (typeof computed === 'string' ? computed : computed.json);

/** A key as one text: equal texts, equal keys. */
export const answerKeyText = (key: AnswerKey) =>
  `${key.userVersion ?? '-'}|${key.referenceVersion ?? '-'}|${key.today}|${key.tier}|${key.isAdmin}|${key.variant ?? ''}`;

/**
 * The user version a value was kept under (`keptKeyText`, an `answerKeyText`) when that key is
 * `key` but for an older user version: where a carry starts from. Undefined otherwise.
 */
export function olderUserVersionOf(keptKeyText: string, key: AnswerKey): number | undefined {
  if (key.userVersion === null) return undefined;
  const from = Number(keptKeyText.slice(0, keptKeyText.indexOf('|')));
  if (!Number.isSafeInteger(from) || from >= key.userVersion) return undefined;
  return keptKeyText === answerKeyText({ ...key, userVersion: from }) ? from : undefined;
}

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
): KeptPerUser<KeptAnswer> {
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
  readonly #answers: KeptPerUser<KeptAnswer>;
  /** This cache's entries in a store it may share with other routes'. */
  readonly #prefix = `${++caches}`;
  /** Answers being computed, by user and key: a concurrent miss waits for the one under way. */
  readonly #computing = new Map<string, Promise<string>>();

  /** `store`: the budget it shares with other caches; else one of its own with these limits. */
  constructor(
    options: { store?: KeptPerUser<KeptAnswer>; maxEntries?: number; maxCharacters?: number; maxAgeMs?: number } = {},
  ) {
    this.#answers = options.store ?? answerStore(options);
  }

  /** Where the user's answer for this variant is kept: one per route, user and variant. */
  #slot(userId: string, key: AnswerKey): string {
    return `${this.#prefix}|${userId}|${key.variant ?? ''}`;
  }

  /** The user's answer for `key` kept less than the maximum age before `now`, or undefined. */
  get(userId: string, key: AnswerKey, now: Date): string | undefined {
    return this.#answers.get(this.#slot(userId, key), answerKeyText(key), now.getTime())?.json;
  }

  set(userId: string, key: AnswerKey, json: string, now: Date, facts?: unknown): void {
    this.#answers.set(
      this.#slot(userId, key),
      answerKeyText(key),
      { json, facts },
      { size: json.length, nowMs: now.getTime() },
    );
  }

  /**
   * The user's answer kept under an older user version than `key`'s and otherwise the same key,
   * when `carry` says every write since leaves it as it was: kept under `key` from now on.
   */
  carried(userId: string, key: AnswerKey, now: Date, carry: Carry): string | undefined {
    const slot = this.#slot(userId, key);
    const kept = this.#answers.peekKeyed(slot, now.getTime());
    if (!kept || kept.value.facts === undefined) return undefined;
    const from = olderUserVersionOf(kept.key, key);
    if (from === undefined || !carry(from, kept.value.facts)) return undefined;
    this.#answers.rekey(slot, kept.key, answerKeyText(key));
    return kept.value.json;
  }

  /**
   * The kept answer for `key`, else one `carry` carries to it (`carried`), else the one already
   * being computed for the same user and key, else `compute`'s (kept when it succeeds).
   * Concurrent requests that miss the same key make one computation between them; a failed computation is not shared, so each waiter then computes its
   * own. Sharing is safe for the same reason keeping is: an answer computed for a key is at least
   * as new as the key.
   */
  async answer(
    userId: string,
    key: AnswerKey,
    now: Date,
    compute: () => Promise<string | Computed>,
    carry?: Carry,
  ): Promise<string> {
    const kept = this.get(userId, key, now) ?? (carry ? this.carried(userId, key, now, carry) : undefined);
    if (kept !== undefined) return kept;
    const id = `${userId}|${answerKeyText(key)}`;
    const underWay = this.#computing.get(id);
    if (underWay) {
      try {
        return await underWay;
      } catch {
        return jsonOf(await compute());
      }
    }
    const computing = compute().then((computed) => {
      const json = jsonOf(computed);
      this.set(userId, key, json, now, typeof computed === 'string' ? undefined : computed.facts);
      return json;
    });
    this.#computing.set(id, computing);
    try {
      return await computing;
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
