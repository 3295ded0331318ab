/**
 * The dashboard's extras (`dashboard_extras`: maturities, interest settings, standing orders and
 * the newest entries), kept per user under the key of the answer computed from them (ADR 0039),
 * and carried through this server's own adds of entries (kept/own-writes.ts, ADR 0071): an add
 * changes none of the accounts' terms or the standing orders, only which entries are newest, so
 * the carried extras are the kept ones with the added entries merged into the newest
 * `RECENT_TRANSACTIONS` in the statement's order (date, then id, newest first). An entry already
 * there (the extras were read after that add committed: newer than their key) is not added twice.
 * An add of an entry a standing order paid is not carried: it can move an order's last payment.
 */
import { ANSWER_MAX_AGE_MS, type AnswerKey, answerKeyText } from '../kept/answer-cache.ts';
import { type KeptWithSteps, keptWithSteps } from '../kept/carried.ts';
import { KeptPerUser } from '../kept/kept-per-user.ts';
import { type AddedEntry, type OwnWrites, sharedOwnWrites } from '../kept/own-writes.ts';
import { type DashboardRows, RECENT_TRANSACTIONS, type RecentTransactionRow } from './queries.ts';

export type DashboardExtras = Pick<DashboardRows, 'maturities' | 'interest' | 'orders' | 'recent'>;

/** Most users whose extras a server keeps. */
export const KEPT_EXTRAS_USERS = 2_000;

export class KeptExtras {
  readonly #kept: KeptPerUser<DashboardExtras>;
  readonly #writes: OwnWrites;

  constructor({ maxUsers = KEPT_EXTRAS_USERS, writes = sharedOwnWrites } = {}) {
    this.#kept = new KeptPerUser({ maxUsers, maxAgeMs: ANSWER_MAX_AGE_MS });
    this.#writes = writes;
  }

  set(userId: string, key: AnswerKey, extras: DashboardExtras, now: Date): void {
    this.#kept.set(userId, answerKeyText(key), extras, { nowMs: now.getTime() });
  }

  /**
   * Whether `get` can give the user's extras for `key` (kept under it, or carried to it through
   * adds of this server's that no standing order paid), before the rows that name their accounts
   * are at hand.
   */
  has(userId: string, key: AnswerKey, now: Date): boolean {
    const found = this.#find(userId, key, now);
    return found?.steps.every(({ entries }) => entries.every((e) => e.standingOrderId === null)) ?? false;
  }

  /**
   * The user's extras for `key`: kept under it, or kept under an older user version and otherwise
   * the same key with every step since one of this server's adds (`accountName` names their
   * accounts as the rows of `key` do); else undefined.
   */
  get(
    userId: string,
    key: AnswerKey,
    now: Date,
    accountName: (accountId: string) => string | undefined,
  ): DashboardExtras | undefined {
    const found = this.#find(userId, key, now);
    if (!found) return undefined;
    const wanted = answerKeyText(key);
    if (found.steps.length === 0) return this.#kept.get(userId, wanted, now.getTime());
    let recent = found.value.recent;
    for (const { entries } of found.steps) {
      const merged = withEntries(recent, entries, accountName);
      if (!merged) return undefined;
      recent = merged;
    }
    const extras = { ...found.value, recent };
    this.#kept.rekey(userId, found.keptUnder, wanted, extras);
    return extras;
  }

  #find(userId: string, key: AnswerKey, now: Date): KeptWithSteps<DashboardExtras> | undefined {
    return keptWithSteps(this.#kept, this.#writes, userId, key, now);
  }
}

/** `recent` with `entries` in their places, the newest `RECENT_TRANSACTIONS` kept; null when an entry cannot be placed. */
export function withEntries(
  recent: readonly RecentTransactionRow[],
  entries: readonly AddedEntry[],
  accountName: (accountId: string) => string | undefined,
): RecentTransactionRow[] | null {
  const there = new Set(recent.map((row) => row.id));
  const rows = [...recent];
  for (const entry of entries) {
    if (entry.standingOrderId !== null) return null;
    if (there.has(entry.id)) continue;
    const name = accountName(entry.accountId);
    if (name === undefined) return null;
    const { id, accountId, amountPence, date, type, notes } = entry;
    rows.push({ id, accountId, accountName: name, amountPence, date, type, notes });
  }
  rows.sort(newestFirst);
  return rows.slice(0, RECENT_TRANSACTIONS);
}

/** The newest `RECENT_TRANSACTIONS` of an add's entries: all the dashboard can show of them. */
export function newestEntries<T extends AddedEntry>(entries: readonly T[]): T[] {
  return [...entries].sort(newestFirst).slice(0, RECENT_TRANSACTIONS);
}

/** The statement's order: date, then id (a uuid's text orders as its bytes), newest first. */
function newestFirst(a: { date: string; id: string }, b: { date: string; id: string }): number {
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** The extras this server process keeps for the dashboard. */
export const sharedExtras = new KeptExtras();
