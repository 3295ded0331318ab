/**
 * The protection rows a miss read (the accounts statement and the alert dismissals), kept per user
 * under the key of the answers computed from them (docs/decisions/0039, without a variant), so the
 * accounts list, the Protection Hub and the dashboard that miss at one version read them once
 * between them: after a write, a saver's open tabs ask for all three (ADR 0070). Safe for the
 * reason a kept answer is: rows read after the key's opening are at least as new as the key.
 * The rows are shared, so nothing that reads them may change them.
 */
import { ANSWER_MAX_AGE_MS, type AnswerKey, answerKeyText } from '../kept/answer-cache.ts';
import { KeptPerUser } from '../kept/kept-per-user.ts';
import type { ProtectionRows } from './queries.ts';

/** Most users whose rows a server keeps (100 accounts' rows are ~100 KB: about 200 MB at most). */
export const KEPT_ROWS_USERS = 2_000;

export class KeptProtectionRows {
  readonly #rows: KeptPerUser<ProtectionRows>;

  constructor(maxUsers = KEPT_ROWS_USERS) {
    this.#rows = new KeptPerUser({ maxUsers, maxAgeMs: ANSWER_MAX_AGE_MS });
  }

  /** The user's rows kept under `key` less than the maximum age before `now`, or undefined. */
  get(userId: string, key: AnswerKey, now: Date): ProtectionRows | undefined {
    return this.#rows.get(userId, answerKeyText(key), now.getTime());
  }

  set(userId: string, key: AnswerKey, rows: ProtectionRows, now: Date): void {
    this.#rows.set(userId, answerKeyText(key), rows, { nowMs: now.getTime() });
  }

  /** The rows kept under `key`, else `read`'s, kept under it (`key` null: read, keep nothing). */
  async rows(
    userId: string,
    key: AnswerKey | null,
    now: Date,
    read: () => Promise<ProtectionRows>,
  ): Promise<ProtectionRows> {
    const kept = key ? this.get(userId, key, now) : undefined;
    if (kept) return kept;
    const rows = await read();
    if (key) this.set(userId, key, rows, now);
    return rows;
  }
}

/** The rows this server process keeps, shared by the routes that read them. */
export const sharedProtectionRows = new KeptProtectionRows();
