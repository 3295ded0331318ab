import { createHash } from 'node:crypto';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { text } from 'node:stream/consumers';
import type { Logger } from '../logger.ts';
import type { BackupConfig } from './take-backup.ts';
import { type Manifest, MANIFEST_NAME, ManifestSchema } from './manifest.ts';
import { knownMigrations } from './migration-mark.ts';
import { pgliteTarget } from './pglite-target.ts';
import { postgresTarget } from './postgres-target.ts';
import { RestoreRefused } from './restore-target.ts';
import { extractStoredFiles, moveStoredFilesAside, storedFileEntries, storedFilesUnder } from './stored-files.ts';
import { entryStream, readTarIndex, type TarEntry } from './tar.ts';

export type RestoreOptions = {
  config: BackupConfig;
  file: string;
  /** Replace a database or files folder that is not empty (moved aside where it can be). */
  force: boolean;
  logger: Logger;
  /** Lines for the operator: what was moved aside, what to mind. */
  say: (line: string) => void;
};

/**
 * Restores a backup into the configured database (DATA_DIR's PGlite folder, or DATABASE_URL) and
 * stored-files folder. Everything is checked before anything is written: the archive is whole,
 * its engine is the configured one, its schema is not newer than this release, and both places
 * are empty (or `force`). The server migrates an older schema forward when it starts.
 */
export async function restoreBackup(options: RestoreOptions): Promise<Manifest> {
  const { config, force, say } = options;
  const archive = path.resolve(options.file);
  const index = await readTarIndex(archive);
  const manifest = await readManifest(archive, index);
  checkEngine(manifest, config);
  checkSchemaIsKnown(manifest);
  const copy = index.get(manifest.database.entry);
  if (!copy) throw new RestoreRefused(`The backup is damaged: it has no ${manifest.database.entry}`);
  await checkDigest(archive, copy, manifest.database.sha256);
  const files = storedFileEntries(index);
  const filesRoot = config.FILE_STORAGE_DIR ? path.resolve(config.FILE_STORAGE_DIR) : null;
  if (files.length > 0 && !filesRoot)
    throw new RestoreRefused(
      `The backup holds ${files.length} stored files: set FILE_STORAGE_DIR to the folder the restored server will keep files in`,
    );
  if (manifest.files === null && filesRoot)
    say(`The backup kept its files in the database: unset FILE_STORAGE_DIR, or the restored server will not find them`);

  const target = config.DATABASE_URL
    ? postgresTarget(config.DATABASE_URL, options.logger)
    : pgliteTarget(config.DATA_DIR);
  const databaseOccupied = !(await target.isEmpty());
  const filesOccupied = filesRoot !== null && files.length > 0 && (await storedFilesUnder(filesRoot)).length > 0;
  const occupied = [
    ...(databaseOccupied ? [target.description] : []),
    ...(filesOccupied ? [`the stored-files folder ${filesRoot}`] : []),
  ];
  if (occupied.length > 0 && !force)
    throw new RestoreRefused(
      `Not restoring: ${occupied.join(' and ')} ${occupied.length > 1 ? 'are' : 'is'} not empty. Restore into an empty one, or add --force to replace what is there.`,
    );
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  if (databaseOccupied) say(`--force: ${await target.clear(stamp)}`);
  if (filesOccupied)
    say(`--force: moved the stored files that were there to ${await moveStoredFilesAside(filesRoot, stamp)}`);

  const restoredMark = await target.restore(entryStream(archive, copy));
  if (restoredMark?.when !== manifest.latestMigration?.when)
    throw new Error(
      `The restored database records migration ${restoredMark?.tag ?? 'none'}, the backup ${manifest.latestMigration?.tag ?? 'none'}`,
    );
  if (filesRoot && files.length > 0) await extractStoredFiles(archive, files, filesRoot);
  return manifest;
}

async function readManifest(archive: string, index: Map<string, TarEntry>): Promise<Manifest> {
  const entry = index.get(MANIFEST_NAME);
  if (!entry) throw new RestoreRefused(`Not a SavvyPig backup, or not a whole one: it has no ${MANIFEST_NAME}`);
  const parsed = ManifestSchema.safeParse(JSON.parse(await text(entryStream(archive, entry))));
  if (!parsed.success) throw new RestoreRefused(`The backup's ${MANIFEST_NAME} is not one this release reads`);
  return parsed.data;
}

function checkEngine(manifest: Manifest, config: BackupConfig) {
  if (manifest.engine === 'pglite' && config.DATABASE_URL)
    throw new RestoreRefused(
      'This backup is of the embedded database (PGlite): unset DATABASE_URL to restore it into DATA_DIR',
    );
  if (manifest.engine === 'postgres' && !config.DATABASE_URL)
    throw new RestoreRefused('This backup is of PostgreSQL: set DATABASE_URL to the empty database to restore it into');
}

function checkSchemaIsKnown(manifest: Manifest) {
  const newest = knownMigrations().at(-1);
  const taken = manifest.latestMigration;
  if (taken && newest && taken.when > newest.when)
    throw new RestoreRefused(
      `The backup's schema (migration ${taken.tag}) is newer than this release's (${newest.tag}): restore it with the release that took it, or a later one`,
    );
}

async function checkDigest(archive: string, entry: TarEntry, expected: string) {
  const hash = createHash('sha256');
  await pipeline(entryStream(archive, entry), hash);
  if (hash.digest('hex') !== expected)
    throw new RestoreRefused(`The backup is damaged: ${entry.name} does not match its checksum`);
}
