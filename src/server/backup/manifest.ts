import { z } from 'zod';

/** The archive's table of contents, written last: an archive without it is not complete. */
export const MANIFEST_NAME = 'savvypig-backup.json';
export const PGLITE_ENTRY = 'database/pglite.tar.gz';
export const POSTGRES_ENTRY = 'database/postgres.dump';
/** Stored files (FILE_STORAGE_DIR) go under this folder, by their path in it. */
export const FILES_FOLDER = 'files/';

export const MigrationMarkSchema = z.object({
  /** The drizzle/ file's name, e.g. 0036_future_dated_entries. */
  tag: z.string(),
  /** Its `when` in drizzle/meta/_journal.json (milliseconds): migrations apply in this order. */
  when: z.number(),
});
export type MigrationMark = z.infer<typeof MigrationMarkSchema>;

export const ManifestSchema = z.object({
  format: z.literal('savvypig-backup'),
  formatVersion: z.literal(1),
  /** When the database copy was taken (ISO instant). */
  takenAt: z.string(),
  engine: z.enum(['pglite', 'postgres']),
  /** PostgreSQL's version (PGlite's embedded one for PGlite). */
  databaseVersion: z.string(),
  /** The last migration applied to the copied database. */
  latestMigration: MigrationMarkSchema.nullable(),
  database: z.object({ entry: z.string(), bytes: z.number(), sha256: z.string() }),
  /** The stored-files folder's files; null when the server kept files in the database. */
  files: z.object({ count: z.number(), bytes: z.number() }).nullable(),
});
export type Manifest = z.infer<typeof ManifestSchema>;
