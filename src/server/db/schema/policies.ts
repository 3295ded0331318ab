import { sql } from 'drizzle-orm';
import { pgPolicy, pgRole, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** The NOLOGIN role every request transaction switches to; see db/rls.ts. */
export const appUser = pgRole('app_user').existing();

const currentUser = sql`current_setting('app.user_id', true)`;
const isAdmin = sql`current_setting('app.is_admin', true) = 'true'`;

/**
 * Row-level security for a user-owned table: the signed-in user sees and writes
 * only rows whose user id is theirs; a request the server has checked as admin
 * sees every row.
 */
export function ownerPolicy(name: string, userId: AnyPgColumn) {
  return pgPolicy(`${name}_owner`, {
    as: 'permissive',
    for: 'all',
    to: appUser,
    using: sql`${userId} = ${currentUser} or ${isAdmin}`,
    withCheck: sql`${userId} = ${currentUser} or ${isAdmin}`,
  });
}

/** Rows anyone may insert (e.g. a contact form) but only admins may read or change. */
export function adminReadPolicies(name: string) {
  return [
    pgPolicy(`${name}_insert_any`, { for: 'insert', to: appUser, withCheck: sql`true` }),
    pgPolicy(`${name}_admin_all`, { for: 'all', to: appUser, using: isAdmin, withCheck: isAdmin }),
  ];
}

/** Rows a user may read about themselves but only an admin may write (roles, suspensions). */
export function ownerReadAdminWritePolicies(name: string, userId: AnyPgColumn) {
  return [
    pgPolicy(`${name}_owner_read`, { for: 'select', to: appUser, using: sql`${userId} = ${currentUser}` }),
    pgPolicy(`${name}_admin_all`, { for: 'all', to: appUser, using: isAdmin, withCheck: isAdmin }),
  ];
}

/** An append-only log: the owner reads and adds their own rows; an admin reads and updates all. */
export function ownerAppendOnlyPolicies(name: string, userId: AnyPgColumn) {
  return [
    pgPolicy(`${name}_owner_read`, { for: 'select', to: appUser, using: sql`${userId} = ${currentUser}` }),
    pgPolicy(`${name}_owner_insert`, { for: 'insert', to: appUser, withCheck: sql`${userId} = ${currentUser}` }),
    pgPolicy(`${name}_admin_all`, { for: 'all', to: appUser, using: isAdmin, withCheck: isAdmin }),
  ];
}
