import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/** Finds the committed `drizzle/` folder from source (src/server/db) or the bundle (dist-server). */
export function migrationsFolder(): string {
  let dir = import.meta.dirname;
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Could not find the drizzle/ migrations folder');
}

const MIGRATION_LOCK = 727_274_411;

/**
 * Creates the NOLOGIN `app_user` role if it is missing, lets the login role switch to it,
 * then applies the migrations. Several instances starting at once take turns.
 */
export async function migrate(database: Database): Promise<void> {
  const { db } = database;
  if (database.kind === 'postgres') await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
  try {
    await ensureAppUserRole(database);
    if (database.kind === 'postgres') {
      const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
      await run(db as never, { migrationsFolder: migrationsFolder() });
    } else {
      const { migrate: run } = await import('drizzle-orm/pglite/migrator');
      await run(db as never, { migrationsFolder: migrationsFolder() });
    }
  } finally {
    if (database.kind === 'postgres') await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`);
  }
}

export async function ensureAppUserRole({ db }: Database): Promise<void> {
  try {
    await db.execute(sql`
      do $$ begin
        if not exists (select from pg_roles where rolname = 'app_user') then
          create role app_user nologin;
        end if;
        if not pg_has_role(current_user, 'app_user', 'MEMBER') then
          execute format('grant app_user to %I', current_user);
        end if;
      end $$`);
  } catch (err) {
    throw new Error(
      'The database login cannot create or join the app_user role. As a database administrator run: ' +
        'CREATE ROLE app_user NOLOGIN; GRANT app_user TO <login role>;',
      { cause: err },
    );
  }
}
