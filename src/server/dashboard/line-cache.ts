/**
 * The dashboard's balance line, kept per user for as long as what it was computed from is
 * unchanged (docs/decisions/0033-the-dashboard-line-cache.md). The key is read in the request's
 * own transaction: the UK date, the line's first point and a fingerprint of the user's accounts
 * and their ledger versions (a trigger bumps an account's version on every write to its
 * transactions, 0021). Versions only grow, so a stale line can never be served: a write
 * committed after the key was read makes every later request read a new key. Each server keeps
 * its own cache; none needs telling about another's writes.
 *
 * One write is carried into the kept line instead of making the next dashboard read the line
 * again (`carryForward`): entries added today, none a balance statement, to an account that already
 * had an earlier entry, by one insert (one version step) on the version the line was computed
 * from, when nothing in the line is dated after today. Such entries move today's balance by their
 * sum and nothing else: no earlier point (every point before today sums entries dated on or
 * before it, and a later statement that could be walked back from does not exist), not the
 * granularity (the first and last entry dates are unchanged), not the tracking start (the
 * account's first entry is earlier). The carried line is kept under the key the next dashboard
 * reads after that write, so any other write in between (another account's, another server's)
 * makes the keys differ and the line is read afresh.
 */
import { createHash } from 'node:crypto';
import type { BalanceSeries } from '../../core/balance/balance-series.ts';
import { KeptPerUser } from '../kept/kept-per-user.ts';

/** Most users a server keeps a line for (a line is ~13 points: well under 1 MB in all). */
export const LINE_CACHE_USERS = 2_000;

export type LineKey = { today: string; lineFrom: string; ledger: string };

/** Each of the line's accounts' ledger version (by account id), and the latest entry's date in it. */
export type LineFacts = { versions: ReadonlyMap<string, string>; lastEntry: string | null };

/** A write the request just committed to one account's transactions. */
export type AddedEntries = {
  today: string;
  accountId: string;
  /** The account's ledger version after the write. */
  ledgerVersion: string;
  /** The entries as stored (signed pence). */
  entries: ReadonlyArray<{ date: string; type: string; amountPence: number }>;
  /** The account's first entry's date after the write. */
  firstEntry: string | null;
  /** Types that state a balance rather than move it (the balance rule's). */
  statementTypes: readonly string[];
};

type Kept = { line: BalanceSeries; key: LineKey; facts: LineFacts };

const keyText = (key: LineKey) => `${key.today}|${key.lineFrom}|${key.ledger}`;

/** The short key of the accounts and their ledger versions, whatever order they were read in. */
export function ledgerFingerprint(versions: ReadonlyMap<string, string>): string {
  const text = [...versions]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, version]) => `${id}:${version}`)
    .join(',');
  return createHash('sha256').update(text).digest('base64url');
}

export class LineCache {
  readonly #lines: KeptPerUser<Kept>;

  constructor(maxUsers = LINE_CACHE_USERS) {
    this.#lines = new KeptPerUser({ maxUsers });
  }

  get maxUsers(): number {
    return this.#lines.maxUsers;
  }

  /** The user's line for `key`, or undefined when it was never kept or its facts have changed. */
  get(userId: string, key: LineKey): BalanceSeries | undefined {
    return this.#lines.get(userId, keyText(key))?.line;
  }

  set(userId: string, key: LineKey, line: BalanceSeries, facts: LineFacts): void {
    this.#lines.set(userId, keyText(key), { line, key, facts });
  }

  /**
   * Carries `write` into the user's kept line when it moves only today's balance (see the top);
   * true when it did. Call it once the write has committed.
   */
  carryForward(userId: string, write: AddedEntries): boolean {
    const kept = this.#lines.peek(userId);
    if (!kept) return false;
    const { line, key, facts } = kept;
    const before = facts.versions.get(write.accountId);
    const last = line.points.at(-1);
    const fits =
      key.today === write.today &&
      last?.date === write.today &&
      (facts.lastEntry === null || facts.lastEntry <= write.today) &&
      before !== undefined &&
      BigInt(before) + 1n === BigInt(write.ledgerVersion) &&
      write.firstEntry !== null &&
      write.firstEntry < write.today &&
      write.entries.length > 0 &&
      write.entries.every((e) => e.date === write.today && !write.statementTypes.includes(e.type));
    if (!fits) return false;
    const delta = write.entries.reduce((sum, e) => sum + e.amountPence, 0);
    const versions = new Map(facts.versions).set(write.accountId, write.ledgerVersion);
    const carried: BalanceSeries = {
      ...line,
      points: [...line.points.slice(0, -1), { date: last.date, balancePence: last.balancePence + delta }],
    };
    this.set(userId, { ...key, ledger: ledgerFingerprint(versions) }, carried, { ...facts, versions });
    return true;
  }

  get size(): number {
    return this.#lines.size;
  }
}

/** The lines the dashboard keeps and the writes carry forward: one for the server. */
export const sharedLineCache = new LineCache();
