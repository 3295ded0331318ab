/**
 * Archived accounts (issue 17, ADR 0036 "Downgrade and archived accounts"): a downgrade archives
 * the accounts over the lower tier's cap; an upgrade or the user restores them. Archiving only
 * sets `accounts.archived_at`: the account's transactions, standing orders, terms and records stay
 * as they were, and every read of the user's accounts leaves it out (`isLiveAccount`).
 */
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { accountCap } from '../../core/accounts/account-cap.ts';
import type { CalendarDate } from '../../core/dates/calendar-date.ts';
import type { Tier } from '../../core/subscriptions/tier.ts';
import { balanceOnDaySql } from '../balance/balance-on-day-sql.ts';
import type { Tx } from '../db/client.ts';
import { accounts } from '../db/schema/index.ts';
import { publishAccountChanged } from './account-events.ts';
import { accountsContext, lockAccountCreation } from './queries.ts';

export type ArchivedAccount = { id: string; name: string; balancePence: number; archivedAt: string };

/** The columns shown for an archived account: its balance is the money held today (ADR 0044). */
const archivedColumns = (today: CalendarDate) => ({
  id: accounts.id,
  name: accounts.name,
  balancePence: balanceOnDaySql(accounts, today),
  archivedAt: accounts.archivedAt,
});

const archivedJson = (row: { id: string; name: string; balancePence: number | string; archivedAt: Date | null }) => ({
  id: row.id,
  name: row.name,
  balancePence: Number(row.balancePence),
  archivedAt: row.archivedAt!.toISOString(),
});

/** The user's archived accounts, oldest archive first (the order they are restored in). */
export async function listArchivedAccounts(tx: Tx, userId: string, today: CalendarDate): Promise<ArchivedAccount[]> {
  const rows = await tx
    .select(archivedColumns(today))
    .from(accounts)
    .where(and(eq(accounts.userId, userId), isNotNull(accounts.archivedAt)))
    .orderBy(asc(accounts.archivedAt), asc(accounts.createdAt), asc(accounts.id));
  return rows.map(archivedJson);
}

/** Archives these live accounts of the user's at once (the caller's transaction); returns what it archived. */
export async function archiveAccounts(
  tx: Tx,
  userId: string,
  accountIds: readonly string[],
  today: CalendarDate,
): Promise<ArchivedAccount[]> {
  if (accountIds.length === 0) return [];
  const rows = await tx
    .update(accounts)
    .set({ archivedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(accounts.userId, userId), isNull(accounts.archivedAt), inArray(accounts.id, [...accountIds])))
    .returning(archivedColumns(today));
  await publishAccountChanged(
    tx,
    userId,
    rows.map((r) => r.id),
  );
  return rows.map(archivedJson).sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
}

async function restore(tx: Tx, userId: string, accountIds: readonly string[]): Promise<void> {
  if (accountIds.length === 0) return;
  await tx
    .update(accounts)
    .set({ archivedAt: null, updatedAt: sql`now()` })
    .where(and(eq(accounts.userId, userId), inArray(accounts.id, [...accountIds])));
  await publishAccountChanged(tx, userId, accountIds);
}

/**
 * After an upgrade: restores the user's archived accounts, oldest archive first, as many as the
 * new tier's cap leaves room for (all of them on Big Pig). An admin's cap on the user
 * (`user_settings.max_accounts`) is the cap when set, as it is for a new account. Returns the
 * accounts restored. Call it inside the transaction that raised the tier.
 */
export async function restoreArchivedAccounts(tx: Tx, userId: string, tier: Tier): Promise<string[]> {
  await lockAccountCreation(tx, userId);
  const context = await accountsContext(tx, userId);
  const cap = accountCap({ tier, maxAccounts: context.maxAccounts });
  const room = cap.max === null ? Number.POSITIVE_INFINITY : Math.max(0, cap.max - context.accountCount);
  if (room === 0) return [];
  const archived = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), isNotNull(accounts.archivedAt)))
    .orderBy(asc(accounts.archivedAt), asc(accounts.createdAt), asc(accounts.id));
  const chosen = archived.slice(0, room).map((a) => a.id);
  await restore(tx, userId, chosen);
  return chosen;
}

/** One archived account of the user's, locked, or null (unknown, someone else's, or not archived). */
export async function findArchivedAccountForUpdate(tx: Tx, userId: string, accountId: string, today: CalendarDate) {
  const [row] = await tx
    .select(archivedColumns(today))
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.userId, userId), isNotNull(accounts.archivedAt)))
    .for('update');
  return row ? archivedJson(row) : null;
}

/** Restores one archived account (the caller has checked the cap). */
export async function restoreAccount(tx: Tx, userId: string, accountId: string): Promise<void> {
  await restore(tx, userId, [accountId]);
}
