/**
 * The dashboard's balance line, kept per user for as long as what it was computed from is
 * unchanged (docs/decisions/0033-the-dashboard-line-cache.md). The key is read in the request's
 * own transaction: the UK date, the line's first point and a fingerprint of the user's accounts
 * and their ledger versions (a trigger bumps an account's version on every write to its
 * transactions, 0021). Versions only grow, so a stale line can never be served: a write
 * committed after the key was read makes every later request read a new key. Each server keeps
 * its own cache; none needs telling about another's writes.
 */
import type { BalanceSeries } from '../../core/balance/balance-series.ts';
import { KeptPerUser } from '../kept/kept-per-user.ts';

/** Most users a server keeps a line for (a line is ~13 points: well under 1 MB in all). */
export const LINE_CACHE_USERS = 2_000;

export type LineKey = { today: string; lineFrom: string; ledger: string };

const keyText = (key: LineKey) => `${key.today}|${key.lineFrom}|${key.ledger}`;

export class LineCache {
  readonly #lines: KeptPerUser<BalanceSeries>;

  constructor(maxUsers = LINE_CACHE_USERS) {
    this.#lines = new KeptPerUser({ maxUsers });
  }

  get maxUsers(): number {
    return this.#lines.maxUsers;
  }

  /** The user's line for `key`, or undefined when it was never kept or its facts have changed. */
  get(userId: string, key: LineKey): BalanceSeries | undefined {
    return this.#lines.get(userId, keyText(key));
  }

  set(userId: string, key: LineKey, line: BalanceSeries): void {
    this.#lines.set(userId, keyText(key), line);
  }

  get size(): number {
    return this.#lines.size;
  }
}
