import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { createLogger } from '../logger.ts';

export type TestDbKind = 'pglite' | 'postgres';

export const quietLogger = createLogger(process.env.TEST_LOG_LEVEL === 'debug' ? 'debug' : 'silent');

/** Which engines this run covers: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDatabaseKinds(): TestDbKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export function templatePath(): string {
  return path.join(os.tmpdir(), `savvypig-pglite-template-${process.env.SAVVYPIG_TEMPLATE_ID ?? 'local'}.tar`);
}

/** A fresh, migrated database of the given kind, and how to throw it away. */
export async function createTestDatabase(
  kind: TestDbKind,
): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const file = templatePath();
    const loadDataDir = fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : undefined;
    const database = await openDatabase({
      pgliteDir: 'memory://',
      pgliteLoadDataDir: loadDataDir,
      logger: quietLogger,
    });
    if (!loadDataDir) await migrate(database);
    return { database, drop: () => database.close() };
  }
  // A copy of the template global-setup migrated once (instant next to 34 migrations); migrate
  // still runs, and finds nothing to do.
  const url = await createThrowawayPostgres(process.env.TEST_DATABASE_URL, process.env.SAVVYPIG_PG_TEMPLATE);
  const database = await openDatabase({ databaseUrl: url, poolMax: 12, logger: quietLogger });
  await migrate(database);
  return {
    database,
    url,
    drop: async () => {
      await database.close();
      await dropThrowawayPostgres(url);
    },
  };
}

/**
 * A fresh database whose PostgreSQL pool has one connection, so a connection a call leaves in a
 * bad state (a transaction still open, statements refused) fails the next call; `elsewhere` is
 * the same database through connections of its own (PGlite has one connection: the same).
 */
export async function createOneConnectionDatabase(
  kind: TestDbKind,
): Promise<{ database: Database; elsewhere: Database; drop: () => Promise<void> }> {
  const test = await createTestDatabase(kind);
  if (kind !== 'postgres') return { ...test, elsewhere: test.database };
  const database = await openDatabase({ databaseUrl: test.url!, poolMax: 1, logger: quietLogger });
  return {
    database,
    elsewhere: test.database,
    drop: async () => {
      await database.close();
      await test.drop();
    },
  };
}

const THROWAWAY_NAME = /^t_[0-9a-f]{12}$/;

/**
 * `create database t_<random>` on the TEST_DATABASE_URL server (parallel suites never share one),
 * empty, or a copy of the database `template` (one that createThrowawayPostgres made).
 */
export async function createThrowawayPostgres(
  baseUrl = process.env.TEST_DATABASE_URL!,
  template?: string,
): Promise<string> {
  const pg = (await import('pg')).default;
  const name = `t_${randomBytes(6).toString('hex')}`;
  if (template !== undefined && !THROWAWAY_NAME.test(template)) throw new Error(`Refusing to copy ${template}`);
  const admin = new pg.Client({ connectionString: baseUrl });
  // A connection lost mid-call fails the call; unheard, its 'error' event would end the test run.
  admin.on('error', () => undefined);
  await admin.connect();
  try {
    // The template's last connection (global-setup's, just closed) can still be exiting on the
    // server, and a template with a session on it cannot be copied (SQLSTATE 55006): wait for it.
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
        break;
      } catch (err) {
        if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropThrowawayPostgres(url: string, baseUrl = process.env.TEST_DATABASE_URL!): Promise<void> {
  const pg = (await import('pg')).default;
  const name = new URL(url).pathname.slice(1);
  if (!THROWAWAY_NAME.test(name)) throw new Error(`Refusing to drop ${name}`);
  const admin = new pg.Client({ connectionString: baseUrl });
  admin.on('error', () => undefined);
  await admin.connect();
  try {
    // A superuser session that a test has just closed can still be exiting on the server, and
    // `with (force)` may not end a superuser's backend: wait for it to go (SQLSTATE 42501).
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`drop database if exists ${name} with (force)`);
        return;
      } catch (err) {
        if ((err as { code?: string }).code !== '42501' || attempt >= 50) throw err;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    await admin.end();
  }
}
