/** The embedded default: PGlite in this process, one connection, its data folder locked to it. */
import { PgDialect } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';
import type { AppDb, Database, OpenOptions } from './client.ts';
import { boundSql, compiledWith } from './named-query.ts';
import { acquireFolderLock } from './folder-lock.ts';

export async function openPglite(options: OpenOptions): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const dir = options.pgliteDir ?? 'memory://';
  const releaseLock = dir.startsWith('memory://') ? () => undefined : acquireFolderLock(dir);
  let client: InstanceType<typeof PGlite>;
  try {
    client = await PGlite.create({
      dataDir: dir,
      loadDataDir: options.pgliteLoadDataDir,
      parsers: { 20: (v: string) => Number(v) },
    });
  } catch (err) {
    releaseLock();
    throw err;
  }
  const db = drizzle(client, { schema }) as unknown as AppDb;
  const dialect = new PgDialect();
  const compiledOpenings = new Map<string, { sql: string; params: unknown[] }>();
  return {
    kind: 'pglite',
    db,
    async transactionOpenedWith(opening, work) {
      const { text, params } = compiledWith(dialect, compiledOpenings, opening);
      return db.transaction(async (tx) =>
        work(tx, ((await tx.execute(boundSql(text, params))) as unknown as { rows: unknown[] }).rows),
      );
    },
    async openingOnly(opening) {
      const { text, params } = compiledWith(dialect, compiledOpenings, opening);
      return ((await db.execute(boundSql(text, params))) as unknown as { rows: unknown[] }).rows;
    },
    async listen(channel, onMessage) {
      const unsubscribe = await client.listen(channel, onMessage);
      return async () => unsubscribe();
    },
    async serverVersion() {
      const r = await client.query<{ server_version: string }>('show server_version');
      return r.rows[0]?.server_version ?? 'unknown';
    },
    async dumpDataDir() {
      // Writes dirty pages out first, so a restore has little WAL to replay.
      await client.exec('checkpoint');
      // PGlite's transaction() holds this mutex from BEGIN to COMMIT (query() and exec() take it
      // too); dumpDataDir alone would take only the statement mutex and could copy the folder
      // between two statements of an open transaction.
      return client._runExclusiveTransaction(() => client.dumpDataDir('none'));
    },
    async close() {
      await client.close();
      releaseLock();
    },
  };
}
