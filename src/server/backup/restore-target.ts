import type { Readable } from 'node:stream';
import type { MigrationMark } from './manifest.ts';

/** Where a backup's database goes: a PGlite folder or a PostgreSQL database. */
export interface RestoreTarget {
  /** For messages: "the PGlite folder /srv/data/pglite". */
  readonly description: string;
  isEmpty(): Promise<boolean>;
  /** Makes room (--force); says what became of what was there. */
  clear(stamp: string): Promise<string>;
  /** Loads the database copy; gives the last migration the restored database records. */
  restore(copy: Readable): Promise<MigrationMark | null>;
}

/** A refusal the operator can act on (the message says how); not a failure of the tool. */
export class RestoreRefused extends Error {}
