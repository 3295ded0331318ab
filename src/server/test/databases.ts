import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { createLogger } from '../logger.ts';
import { createThrowawayPostgres, dropThrowawayPostgres } from './throwaway-postgres.ts';

export type TestDbKind = 'pglite' | 'postgres';

export const quietLogger = createLogger(process.env.TEST_LOG_LEVEL === 'debug' ? 'debug' : 'silent');

/** Which engines this run covers: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDatabaseKinds(): TestDbKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export function templatePath(): string {
  return path.join(os.tmpdir(), `savvypig-pglite-template-${process.env.SAVVYPIG_TEMPLATE_ID ?? 'local'}.tar`);
}

/**
 * The migrated template, read once per process: a Blob is immutable and goes to each PGlite
 * thread without a copy, so every database of a test worker opens from the same bytes.
 */
let template: { file: string; blob: Blob } | undefined;
function templateBlob(file: string): Blob | undefined {
  if (template?.file === file) return template.blob;
  if (!fs.existsSync(file)) return undefined;
  template = { file, blob: new Blob([fs.readFileSync(file)]) };
  return template.blob;
}

/** A fresh, migrated database of the given kind, and how to throw it away. */
export async function createTestDatabase(
  kind: TestDbKind,
): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const file = templatePath();
    const loadDataDir = templateBlob(file);
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

export { createThrowawayPostgres, dropThrowawayPostgres } from './throwaway-postgres.ts';
