import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { backupSocketPath } from './backup-socket.ts';
import { type DumpFacts, dumpPglite } from './dump-pglite.ts';
import { type Manifest, MANIFEST_NAME, PGLITE_ENTRY, POSTGRES_ENTRY } from './manifest.ts';
import { latestMigrationOf, sqlOf } from './migration-mark.ts';
import { runPgTool } from './pg-tools.ts';
import { requestDump } from './request-dump.ts';
import { addStoredFiles } from './stored-files.ts';
import { TarWriter } from './tar.ts';

export type BackupConfig = Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'FILE_STORAGE_DIR'>;

type DatabasePart = Pick<Manifest, 'takenAt' | 'engine' | 'databaseVersion' | 'latestMigration' | 'database'>;

/**
 * Writes one archive (a tar) with a consistent copy of the database, the stored-files folder and
 * a manifest, while the server keeps serving. The database goes first: a file the copy points at
 * was written before it was taken. Written under `<file>.partial` (readable by this user only) and
 * renamed into place, so `file` is only ever a whole backup.
 */
export async function takeBackup(options: { config: BackupConfig; file: string; logger: Logger }): Promise<Manifest> {
  const { config, logger } = options;
  const target = path.resolve(options.file);
  const partial = `${target}.partial`;
  await fs.promises.rm(partial, { force: true });
  const handle = await fs.promises.open(partial, 'wx', 0o600);
  try {
    const writer = new TarWriter(handle);
    const database = config.DATABASE_URL
      ? await copyPostgres(writer, config.DATABASE_URL, logger)
      : await copyPglite(writer, config.DATA_DIR, logger);
    const files = config.FILE_STORAGE_DIR ? await addStoredFiles(writer, path.resolve(config.FILE_STORAGE_DIR)) : null;
    const manifest: Manifest = { format: 'savvypig-backup', formatVersion: 1, ...database, files };
    await writer.add(MANIFEST_NAME, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await writer.finish();
    await handle.sync();
    await handle.close();
    await fs.promises.rename(partial, target);
    return manifest;
  } catch (err) {
    await handle.close().catch(() => undefined);
    await fs.promises.rm(partial, { force: true });
    throw err;
  }
}

/** pg_dump's custom format: one snapshot of the whole database, taken while others write. */
async function copyPostgres(writer: TarWriter, url: string, logger: Logger): Promise<DatabasePart> {
  const database = await openDatabase({ databaseUrl: url, poolMax: 1, logger });
  let facts: Pick<Manifest, 'databaseVersion' | 'latestMigration'>;
  try {
    facts = {
      databaseVersion: await database.serverVersion(),
      latestMigration: await latestMigrationOf(sqlOf(database)),
    };
  } finally {
    await database.close();
  }
  const takenAt = new Date().toISOString();
  const dump = runPgTool('pg_dump', url, ['--format=custom']);
  const [added, finished] = await Promise.allSettled([writer.add(POSTGRES_ENTRY, dump.stdout), dump.done]);
  if (finished.status === 'rejected') throw finished.reason;
  if (added.status === 'rejected') throw added.reason;
  return { takenAt, engine: 'postgres', ...facts, database: { entry: POSTGRES_ENTRY, ...added.value } };
}

/**
 * PGlite: the running server copies its own folder (only one process may open it) and hands the
 * copy over through the backup socket; with no server running, this process opens the folder.
 * Either way the copy is compressed here, not on the server's thread.
 */
async function copyPglite(writer: TarWriter, dataDir: string, logger: Logger): Promise<DatabasePart> {
  const socketPath = backupSocketPath(dataDir);
  const served = await requestDump(socketPath);
  if (served) return { ...pgliteFacts(served.answer), database: await addCompressed(writer, served.body) };
  const folder = path.join(path.resolve(dataDir), 'pglite');
  if (!fs.existsSync(path.join(folder, 'PG_VERSION')))
    throw new Error(`There is no database in ${folder}: is DATA_DIR the server's?`);
  const database = await openDatabase({ pgliteDir: folder, logger }).catch((err: Error) => {
    throw new Error(`${err.message} (The server did not answer on ${socketPath}: is it an older release?)`);
  });
  try {
    const { facts, tar } = await dumpPglite(database);
    return { ...pgliteFacts(facts), database: await addCompressed(writer, Readable.from([tar])) };
  } finally {
    await database.close();
  }
}

async function addCompressed(writer: TarWriter, tar: Readable): Promise<Manifest['database']> {
  const gzip = zlib.createGzip();
  const [added] = await Promise.all([writer.add(PGLITE_ENTRY, gzip), pipeline(tar, gzip)]);
  return { entry: PGLITE_ENTRY, ...added };
}

function pgliteFacts({ takenAt, databaseVersion, latestMigration }: DumpFacts) {
  return { takenAt, engine: 'pglite' as const, databaseVersion, latestMigration };
}
