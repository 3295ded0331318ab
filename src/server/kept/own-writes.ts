/**
 * A user's writes through this server that each moved their data version by exactly one step, and
 * which accounts each wrote: what lets a kept answer that none of those accounts feeds be sent
 * for the newer version instead of computed again (answer-cache.ts, `Carry`).
 *
 * A write is recorded only when the version it read at its session opening (`from`) and the one
 * its own transaction left (`to`, read after its writes, under the row lock its bump holds until
 * COMMIT) are one step apart: then no other transaction, of this server or another, committed a
 * change to the user's rows in between, and step `from` → `to` is this write alone. A kept answer
 * is never older than its key (ADR 0039), so one kept under `from` that none of the write's
 * accounts feeds is true under `to` too. Each server keeps its own record; another server's
 * writes are simply not in it, and answers across them are computed again.
 */
import type { TransactionRow } from '../transactions/transaction-json.ts';
import { KeptPerUser } from './kept-per-user.ts';

/**
 * Most users whose writes a server remembers, and most version steps for one (an answer older
 * than that is computed again): with an add's newest ten entries, a few MB usually, 64 MB at most.
 */
export const OWN_WRITES_USERS = 2_000;
export const OWN_WRITES_STEPS = 16;

/** An entry an add stored, as the API sends it back (signed pence). */
export type AddedEntry = Omit<TransactionRow, 'createdAt'>;

/**
 * What an account held after a write, as the accounts statement reads it on `today` (the balance
 * on that day, and the ledger version its entries' writes bump).
 */
export type BalanceAfter = { accountId: string; today: string; balancePence: number; ledgerVersion: string };

/**
 * A recorded write: the accounts it wrote, the entries it added, and those accounts' balances after
 * it (absent: a write whose balances are not known here, which nothing kept is carried through).
 */
export type OwnWrite = {
  accountIds: readonly string[];
  entries: readonly AddedEntry[];
  balances?: readonly BalanceAfter[];
};

export class OwnWrites {
  /** Per user, each recorded write by the version it started from. */
  readonly #steps: KeptPerUser<Map<number, OwnWrite>>;

  constructor(maxUsers = OWN_WRITES_USERS) {
    this.#steps = new KeptPerUser({ maxUsers });
  }

  /** A committed write that read user version `from` at its opening and left `to`. */
  record(userId: string, from: number | null | undefined, to: number | null, write: OwnWrite): void {
    if (from === null || from === undefined || to !== from + 1) return;
    const steps = this.#steps.get(userId, '') ?? new Map<number, OwnWrite>();
    steps.set(from, write);
    for (const oldest of steps.keys()) {
      if (steps.size <= OWN_WRITES_STEPS) break;
      steps.delete(oldest);
    }
    this.#steps.set(userId, '', steps);
  }

  /** The writes of every step from version `from` to `to`, in order, when each is recorded here; else null. */
  steps(userId: string, from: number, to: number): OwnWrite[] | null {
    if (to <= from || to - from > OWN_WRITES_STEPS) return null;
    const steps = this.#steps.get(userId, '');
    if (!steps) return null;
    const writes: OwnWrite[] = [];
    for (let version = from; version < to; version++) {
      const write = steps.get(version);
      if (!write) return null;
      writes.push(write);
    }
    return writes;
  }

  /** Whether every step from version `from` to `to` is a write recorded here that `leavesAsIs` lets through. */
  cover(userId: string, from: number, to: number, leavesAsIs: (write: OwnWrite) => boolean): boolean {
    return this.steps(userId, from, to)?.every(leavesAsIs) ?? false;
  }
}

/** The writes of this server process, as the transaction add records them. */
export const sharedOwnWrites = new OwnWrites();
