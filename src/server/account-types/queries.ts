/**
 * The admin-kept list of account types (001 §3, §4, §5, §7). Delete is soft (is_active false);
 * names are unique among active types, ignoring case (the database's unique index says so too).
 * Accounts name their type by text, so "in use" means accounts whose account_type equals the name.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { preparedPerConnection } from '../db/prepared.ts';
import { accounts, accountTypes } from '../db/schema/index.ts';
import { canRenameTypeInUse, TYPE_RESTRICTION_NOTE } from '../../core/accounts/account-type-category.ts';
import { AppError } from '../errors.ts';
import { isDuplicateKeyConflict } from '../auth/sign-up-retry.ts';
import { publishAccountChanged } from '../accounts/account-events.ts';
import { publish } from '../realtime/hub.ts';

/** The spec's texts for account types (001 §5, §8). */
export const ACCOUNT_TYPE_MESSAGES = {
  nameRequired: 'Account type name is required',
  duplicate: 'An account type with this name already exists',
  adminsOnly: 'Only admins can add account types',
  inUse: 'Cannot delete an account type that is in use',
  notFound: 'Account type not found',
  renameChangesCategory: (from: string, to: string) =>
    `Accounts use ${from}, and renaming it to ${to} would change what kind of account they are. ${TYPE_RESTRICTION_NOTE}`,
} as const;

export type AccountTypeRow = { id: string; name: string; description: string | null; sortOrder: number };
export type AdminAccountTypeRow = AccountTypeRow & { accountCount: number };

const columns = {
  id: accountTypes.id,
  name: accountTypes.name,
  description: accountTypes.description,
  sortOrder: accountTypes.sortOrder,
};

const activeTypes = preparedPerConnection((tx) =>
  tx
    .select(columns)
    .from(accountTypes)
    .where(eq(accountTypes.isActive, true))
    .orderBy(asc(accountTypes.sortOrder), asc(accountTypes.name))
    .prepare('account_types_active'),
);

/** Active types by sort order, then name: what every account-type selector offers. */
export function listActiveAccountTypes(tx: Tx): Promise<AccountTypeRow[]> {
  return activeTypes(tx).execute();
}

/**
 * Active types with how many accounts use each (every user's: an admin's transaction sees all
 * accounts through row-level security).
 */
export async function listAccountTypesWithUse(tx: Tx): Promise<AdminAccountTypeRow[]> {
  const rows = await tx
    .select({
      ...columns,
      // Qualified by hand: drizzle writes a lone column of a one-table select unqualified, and
      // inside this subquery a bare "name" would be the account's name.
      accountCount: sql<number>`(select count(*) from ${accounts} a where a.account_type = "account_types"."name")::int`,
    })
    .from(accountTypes)
    .where(eq(accountTypes.isActive, true))
    .orderBy(asc(accountTypes.sortOrder), asc(accountTypes.name));
  return rows.map((row) => ({ ...row, accountCount: Number(row.accountCount) }));
}

/** The web app's key for the type lists (src/web/accounts/query-keys.ts: accountTypes); the admin list sits under it. */
export const ACCOUNT_TYPES_QUERY_KEY = ['account-types'];

/** Other admins' open account-type pages refetch (subscribers' selectors catch up when stale). */
function publishAccountTypesChanged(tx: Tx): Promise<void> {
  return publish(tx, { type: 'account-types.changed', admins: true, invalidate: [ACCOUNT_TYPES_QUERY_KEY] });
}

async function getActiveType(tx: Tx, id: string): Promise<AccountTypeRow> {
  const [row] = await tx
    .select(columns)
    .from(accountTypes)
    .where(and(eq(accountTypes.id, id), eq(accountTypes.isActive, true)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', ACCOUNT_TYPE_MESSAGES.notFound);
  return row;
}

async function assertNameFree(tx: Tx, name: string, exceptId?: string): Promise<void> {
  const conditions = [eq(accountTypes.isActive, true), sql`lower(${accountTypes.name}) = lower(${name})`];
  if (exceptId) conditions.push(ne(accountTypes.id, exceptId));
  const [taken] = await tx
    .select({ id: accountTypes.id })
    .from(accountTypes)
    .where(and(...conditions))
    .limit(1);
  if (taken) throw new AppError('CONFLICT', ACCOUNT_TYPE_MESSAGES.duplicate);
}

/** Two admins adding one name at once: the unique index refuses the second, with the spec's text. */
async function duplicateAsConflict<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (isDuplicateKeyConflict(err)) throw new AppError('CONFLICT', ACCOUNT_TYPE_MESSAGES.duplicate);
    throw err;
  }
}

async function countAccountsOfType(tx: Tx, name: string): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(accounts).where(eq(accounts.accountType, name));
  return Number(row?.n ?? 0);
}

export async function addAccountType(
  tx: Tx,
  input: { name: string; description: string | null },
): Promise<AdminAccountTypeRow> {
  await assertNameFree(tx, input.name);
  const [row] = await duplicateAsConflict(tx.insert(accountTypes).values(input).returning(columns));
  await publishAccountTypesChanged(tx);
  return { ...row!, accountCount: await countAccountsOfType(tx, input.name) };
}

/**
 * Renames and describes a type. Accounts that use the old name take the new one in the same
 * transaction (the spec only logs a failed rename; here it cannot half-happen), and each of
 * their owners' open tabs hears about it.
 */
export async function updateAccountType(
  tx: Tx,
  id: string,
  input: { name: string; description: string | null },
): Promise<{ accountType: AdminAccountTypeRow; renamedAccounts: number }> {
  const current = await getActiveType(tx, id);
  if (input.name.toLowerCase() !== current.name.toLowerCase()) await assertNameFree(tx, input.name, id);
  if (!canRenameTypeInUse(current.name, input.name) && (await countAccountsOfType(tx, current.name)) > 0) {
    throw new AppError('CONFLICT', ACCOUNT_TYPE_MESSAGES.renameChangesCategory(current.name, input.name));
  }
  const [row] = await duplicateAsConflict(
    tx
      .update(accountTypes)
      .set({ name: input.name, description: input.description, updatedAt: sql`now()` })
      .where(eq(accountTypes.id, id))
      .returning(columns),
  );
  let renamed: { id: string; userId: string }[] = [];
  if (input.name !== current.name) {
    renamed = await tx
      .update(accounts)
      .set({ accountType: input.name, updatedAt: sql`now()` })
      .where(eq(accounts.accountType, current.name))
      .returning({ id: accounts.id, userId: accounts.userId });
    const byOwner = new Map<string, string[]>();
    for (const account of renamed) byOwner.set(account.userId, [...(byOwner.get(account.userId) ?? []), account.id]);
    for (const [userId, accountIds] of byOwner) await publishAccountChanged(tx, userId, accountIds);
  }
  await publishAccountTypesChanged(tx);
  return {
    accountType: { ...row!, accountCount: await countAccountsOfType(tx, input.name) },
    renamedAccounts: renamed.length,
  };
}

/** Retires a type (is_active false); refused while any account uses it. */
export async function retireAccountType(tx: Tx, id: string): Promise<void> {
  const current = await getActiveType(tx, id);
  if ((await countAccountsOfType(tx, current.name)) > 0) throw new AppError('CONFLICT', ACCOUNT_TYPE_MESSAGES.inUse);
  await tx.update(accountTypes).set({ isActive: false, updatedAt: sql`now()` }).where(eq(accountTypes.id, id));
  await publishAccountTypesChanged(tx);
}

/**
 * Puts the active types in the order given: each listed id's sort_order becomes its position
 * (1, 2, …); active types the list leaves out (added meanwhile by another admin) follow, in
 * their previous order. An id that is not an active type refuses the whole order.
 */
export async function reorderAccountTypes(tx: Tx, ids: string[]): Promise<AccountTypeRow[]> {
  const found = await tx
    .select({ id: accountTypes.id })
    .from(accountTypes)
    .where(and(eq(accountTypes.isActive, true), inArray(accountTypes.id, ids)))
    .for('update');
  if (found.length !== ids.length) throw new AppError('NOT_FOUND', ACCOUNT_TYPE_MESSAGES.notFound);
  const positions = sql.join(
    ids.map((id, index) => sql`(${id}::uuid, ${index + 1}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${accountTypes} t set sort_order = v.position, updated_at = now()
    from (values ${positions}) as v(id, position)
    where t.id = v.id`);
  await tx.execute(sql`
    update ${accountTypes} t set sort_order = ${ids.length} + r.rank, updated_at = now()
    from (
      select id, row_number() over (order by sort_order, name) as rank
      from ${accountTypes}
      where is_active and not (id = any(array[${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}]))
    ) r
    where t.id = r.id`);
  await publishAccountTypesChanged(tx);
  return listActiveAccountTypes(tx);
}
