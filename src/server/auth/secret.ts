import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppDb } from '../db/client.ts';
import { rowsOf } from '../db/rls.ts';

/**
 * The signing secret: BETTER_AUTH_SECRET when set; otherwise one generated on first start and
 * kept in the database, so every app instance on that database signs and checks alike.
 */
export async function resolveAuthSecret(db: AppDb, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const candidate = randomBytes(48).toString('base64url');
  await db.execute(
    sql`insert into system_secrets (name, value) values ('auth_secret', ${candidate}) on conflict (name) do nothing`,
  );
  const rows = rowsOf<{ value: string }>(
    await db.execute(sql`select value from system_secrets where name = 'auth_secret'`),
  );
  const secret = rows[0]?.value;
  if (!secret) throw new Error('Could not read the stored auth secret');
  return secret;
}
