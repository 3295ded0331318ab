import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { isStoredFilePath } from '../storage/folder-storage.ts';
import { FILES_FOLDER } from './manifest.ts';
import { RestoreRefused } from './restore-target.ts';
import { entryStream, type TarEntry, type TarWriter } from './tar.ts';

function isMissing(err: unknown): boolean {
  return (err as NodeJS.ErrnoException).code === 'ENOENT';
}

/** The stored files under the folder (`{bucket}/{ownerId}/{name}`), sorted; none when it does not exist. */
export async function storedFilesUnder(root: string): Promise<string[]> {
  let found: fs.Dirent[];
  try {
    found = await fs.promises.readdir(root, { recursive: true, withFileTypes: true });
  } catch (err) {
    if (isMissing(err)) return [];
    throw err;
  }
  return found
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter(isStoredFilePath)
    .sort();
}

/**
 * Copies every stored file into the archive. Files are never changed in place (written under a
 * temporary name, then renamed), so an open file's bytes stay whole; one removed since it was
 * listed is left out.
 */
export async function addStoredFiles(writer: TarWriter, root: string): Promise<{ count: number; bytes: number }> {
  let count = 0;
  let bytes = 0;
  for (const relative of await storedFilesUnder(root)) {
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(path.join(root, ...relative.split('/')), 'r');
    } catch (err) {
      if (isMissing(err)) continue;
      throw err;
    }
    try {
      const { mtime } = await handle.stat();
      const added = await writer.add(
        `${FILES_FOLDER}${relative}`,
        handle.createReadStream({ autoClose: false }),
        mtime,
      );
      count++;
      bytes += added.bytes;
    } finally {
      await handle.close();
    }
  }
  return { count, bytes };
}

/** The archive's stored files; throws before anything is written if one would land outside its folder. */
export function storedFileEntries(index: Map<string, TarEntry>): TarEntry[] {
  const entries = [...index.values()].filter((entry) => entry.name.startsWith(FILES_FOLDER));
  for (const entry of entries) {
    if (!isStoredFilePath(entry.name.slice(FILES_FOLDER.length)))
      throw new RestoreRefused(`Refusing a stored file the server would not have written: ${entry.name}`);
  }
  return entries;
}

export async function extractStoredFiles(archive: string, entries: TarEntry[], root: string): Promise<void> {
  for (const entry of entries) {
    const target = path.join(root, ...entry.name.slice(FILES_FOLDER.length).split('/'));
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await pipeline(entryStream(archive, entry), fs.createWriteStream(target, { flags: 'wx', mode: 0o640 }));
  }
}

/**
 * Moves the folder's buckets into `.before-restore-<stamp>/` inside it (a rename within the
 * folder, so it works on a mounted volume too); the store ignores names that start with a dot.
 */
export async function moveStoredFilesAside(root: string, stamp: string): Promise<string> {
  const aside = path.join(root, `.before-restore-${stamp}`);
  await fs.promises.mkdir(aside, { recursive: true });
  for (const name of await fs.promises.readdir(root)) {
    if (!name.startsWith('.')) await fs.promises.rename(path.join(root, name), path.join(aside, name));
  }
  return aside;
}
