import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { acquireFolderLock } from '../db/folder-lock.ts';
import { latestMigrationOf } from './migration-mark.ts';
import { RestoreRefused, type RestoreTarget } from './restore-target.ts';

async function isEmptyFolder(folder: string): Promise<boolean> {
  try {
    return (await fs.promises.readdir(folder)).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}

/** DATA_DIR/pglite, the embedded database's folder. Every step holds the folder lock, so never under a running server. */
export function pgliteTarget(dataDir: string): RestoreTarget {
  const folder = path.join(path.resolve(dataDir), 'pglite');
  return {
    description: `the PGlite folder ${folder}`,
    isEmpty: () => isEmptyFolder(folder),
    async clear(stamp) {
      const release = acquireFolderLock(folder);
      try {
        const aside = `${folder}.before-restore-${stamp}`;
        await fs.promises.rename(folder, aside).catch((err: NodeJS.ErrnoException) => {
          if (err.code !== 'ENOENT') throw err;
        });
        return `moved what was in ${folder} to ${aside}`;
      } finally {
        release();
      }
    },
    async restore(copy: Readable) {
      const dump = await buffer(copy);
      const release = acquireFolderLock(folder);
      try {
        if (!(await isEmptyFolder(folder))) throw new RestoreRefused(`${folder} filled up while the backup was read`);
        const { PGlite } = await import('@electric-sql/pglite');
        try {
          const pg = await PGlite.create({ dataDir: folder, loadDataDir: new Blob([new Uint8Array(dump)]) });
          try {
            return await latestMigrationOf((text) => pg.query(text));
          } finally {
            await pg.close();
          }
        } catch (err) {
          // It was empty before: take away what a failed load left, so a retry starts clean.
          await fs.promises.rm(folder, { recursive: true, force: true });
          throw err;
        }
      } finally {
        release();
      }
    },
  };
}
