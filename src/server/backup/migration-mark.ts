import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { migrationsFolder } from '../db/migrate.ts';
import type { MigrationMark } from './manifest.ts';

/** Runs one statement and gives its rows: a drizzle database, PGlite or a pg client alike. */
export type RunSql = (text: string) => Promise<{ rows: Array<Record<string, unknown>> }>;

export function sqlOf({ db }: Database): RunSql {
  return async (text) => (await db.execute(sql.raw(text))) as unknown as { rows: Array<Record<string, unknown>> };
}

/** The migrations this release carries, oldest first. */
export function knownMigrations(): MigrationMark[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string; when: number }>;
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** The last migration applied to the database (drizzle's own record), or null before the first. */
export async function latestMigrationOf(run: RunSql): Promise<MigrationMark | null> {
  const table = await run(`select to_regclass('drizzle.__drizzle_migrations') is not null as "present"`);
  if (!table.rows[0]?.present) return null;
  const latest = await run('select max(created_at)::text as "when" from drizzle.__drizzle_migrations');
  const when = latest.rows[0]?.when;
  if (when == null) return null;
  const known = knownMigrations().find((m) => m.when === Number(when));
  return known ?? { tag: `unknown (applied at ${when})`, when: Number(when) };
}
