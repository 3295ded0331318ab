/**
 * The protection rows a miss read (the accounts statement and the alert dismissals), kept per user
 * under the key of the answers computed from them (docs/decisions/0039, without a variant), so the
 * accounts list, the Protection Hub and the dashboard that miss at one version read them once
 * between them: after a write, a saver's open tabs ask for all three (ADR 0070). Safe for the
 * reason a kept answer is: rows read after the key's opening are at least as new as the key.
 * Rows kept under an older version are carried through this server's own adds since, each add's
 * balance written in (ADR 0073). The rows are shared, so nothing that reads them may change them.
 */
import { ANSWER_MAX_AGE_MS, type AnswerKey, answerKeyText } from '../kept/answer-cache.ts';
import { keptWithSteps } from '../kept/carried.ts';
import { KeptPerUser } from '../kept/kept-per-user.ts';
import { type OwnWrite, type OwnWrites, sharedOwnWrites } from '../kept/own-writes.ts';
import type { AccountListRow } from '../accounts/queries.ts';
import type { ProtectionRows } from './queries.ts';

/** Most users whose rows a server keeps (100 accounts' rows are ~100 KB: about 200 MB at most). */
export const KEPT_ROWS_USERS = 2_000;

export class KeptProtectionRows {
  readonly #rows: KeptPerUser<ProtectionRows>;
  readonly #ownWrites: OwnWrites;

  constructor(maxUsers = KEPT_ROWS_USERS, ownWrites = sharedOwnWrites) {
    this.#rows = new KeptPerUser({ maxUsers, maxAgeMs: ANSWER_MAX_AGE_MS });
    this.#ownWrites = ownWrites;
  }

  /**
   * The user's rows kept under `key` less than the maximum age before `now`, else those kept under
   * an older user version and carried through this server's adds since; else undefined.
   */
  get(userId: string, key: AnswerKey, now: Date): ProtectionRows | undefined {
    return this.#rows.get(userId, answerKeyText(key), now.getTime()) ?? this.#carried(userId, key, now);
  }

  set(userId: string, key: AnswerKey, rows: ProtectionRows, now: Date): void {
    this.#rows.set(userId, answerKeyText(key), rows, { nowMs: now.getTime() });
  }

  /** The rows kept under `key` (or carried to it), else `read`'s, kept under it (`key` null: read, keep nothing). */
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

  /**
   * Rows kept under an older user version, when every step from it to `key`'s is an add recorded
   * here whose balances are known for `key`'s day: those balances written in, kept under `key`
   * instead, as old as they were.
   */
  #carried(userId: string, key: AnswerKey, now: Date): ProtectionRows | undefined {
    const found = keptWithSteps(this.#rows, this.#ownWrites, userId, key, now);
    if (!found || found.steps.length === 0) return undefined;
    const carried = rowsAfter(found.value, found.steps, key.today);
    if (!carried) return undefined;
    this.#rows.rekey(userId, found.keptUnder, answerKeyText(key), carried);
    return carried;
  }
}

/**
 * `rows` with each write's balances written in, in order, as a new value (the kept one is shared);
 * undefined when a write's balances are not known for `today` or name an account the rows lack.
 * A row already newer than a write (read after it committed) is left as it is.
 */
export function rowsAfter(
  rows: ProtectionRows,
  writes: readonly OwnWrite[],
  today: string,
): ProtectionRows | undefined {
  const accounts = [...rows.accounts.rows];
  for (const write of writes) {
    if (!write.balances) return undefined;
    for (const balance of write.balances) {
      if (balance.today !== today) return undefined;
      const at = accounts.findIndex((row) => row.item.id === balance.accountId);
      if (at < 0) return undefined;
      const row = accounts[at]!;
      if (BigInt(row.ledgerVersion) >= BigInt(balance.ledgerVersion)) continue;
      accounts[at] = withBalance(row, balance.balancePence, balance.ledgerVersion);
    }
  }
  return { accounts: { ...rows.accounts, rows: accounts }, dismissals: rows.dismissals };
}

function withBalance(row: AccountListRow, balancePence: number, ledgerVersion: string): AccountListRow {
  return {
    ...row,
    item: { ...row.item, balancePence },
    // Of the type the driver gave the row's own.
    ledgerVersion: (typeof row.ledgerVersion === 'number' ? Number(ledgerVersion) : ledgerVersion) as string,
  };
}

/** The rows this server process keeps, shared by the routes that read them. */
export const sharedProtectionRows = new KeptProtectionRows();
