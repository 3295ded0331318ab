import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { assertOwnedPath, isOwnedPath, type FileStorage, type StoredFileInfo } from './file-storage.ts';

/** Content types by extension: the folder keeps no metadata beside the bytes. */
const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
};

function contentTypeOf(fileName: string): string {
  return CONTENT_TYPES[path.extname(fileName).slice(1).toLowerCase()] ?? 'application/octet-stream';
}

const BUCKET = /^[a-z][a-z0-9-]{0,62}$/;

/**
 * Whether `relative` (slash-separated, from the folder's root) is where this store keeps a file,
 * `{bucket}/{ownerId}/{name}`, and not an upload still being written (backups copy these).
 */
export function isStoredFilePath(relative: string): boolean {
  const [bucket, ...rest] = relative.split('/');
  const filePath = rest.join('/');
  return BUCKET.test(bucket ?? '') && isOwnedPath(filePath, rest[0] ?? '') && !filePath.endsWith('.part');
}

function isMissing(err: unknown): boolean {
  return (err as NodeJS.ErrnoException).code === 'ENOENT';
}

/**
 * Files in a folder (`{root}/{bucket}/{ownerId}/{name}`), for instances that share a volume.
 * Writes go to a temporary name and are renamed into place, so a reader never sees half a file.
 */
export function createFolderStorage(root: string): FileStorage {
  const absoluteRoot = path.resolve(root);

  const locate = (bucket: string, filePath: string): string => {
    if (!BUCKET.test(bucket)) throw new Error(`Invalid bucket name: ${bucket}`);
    const ownerId = filePath.split('/')[0] ?? '';
    assertOwnedPath(filePath, ownerId);
    return path.join(absoluteRoot, bucket, ...filePath.split('/'));
  };

  const describe = async (bucket: string, filePath: string, absolute: string): Promise<StoredFileInfo | null> => {
    try {
      const stat = await fs.stat(absolute);
      if (!stat.isFile()) return null;
      return {
        bucket,
        path: filePath,
        ownerId: filePath.split('/')[0]!,
        contentType: contentTypeOf(filePath),
        size: stat.size,
        createdAt: stat.mtime,
      };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  };

  return {
    kind: 'folder',
    async put(_tx, file) {
      assertOwnedPath(file.path, file.ownerId);
      const target = locate(file.bucket, file.path);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomBytes(6).toString('hex')}.part`;
      await fs.writeFile(temporary, file.bytes, { mode: 0o640 });
      await fs.rename(temporary, target);
    },
    async get(_tx, bucket, filePath) {
      const absolute = locate(bucket, filePath);
      const found = await describe(bucket, filePath, absolute);
      if (!found) return null;
      try {
        return { ...found, bytes: await fs.readFile(absolute) };
      } catch (err) {
        if (isMissing(err)) return null; // removed between stat and read
        throw err;
      }
    },
    async remove(_tx, bucket, filePath) {
      await fs.rm(locate(bucket, filePath), { force: true });
    },
    async list(_tx, bucket, ownerId) {
      const folder = path.dirname(locate(bucket, `${ownerId}/x`));
      let names: string[];
      try {
        names = await fs.readdir(folder);
      } catch (err) {
        if (isMissing(err)) return [];
        throw err;
      }
      const files = await Promise.all(
        names
          .filter((name) => !name.endsWith('.part'))
          .map((name) => describe(bucket, `${ownerId}/${name}`, path.join(folder, name))),
      );
      return files
        .filter((file): file is StoredFileInfo => file !== null)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.path.localeCompare(b.path));
    },
    async removeAllOf(_tx, ownerId) {
      assertOwnedPath(`${ownerId}/x`, ownerId);
      let buckets: string[];
      try {
        buckets = await fs.readdir(absoluteRoot);
      } catch (err) {
        if (isMissing(err)) return;
        throw err;
      }
      await Promise.all(
        buckets
          .filter((bucket) => BUCKET.test(bucket))
          .map((bucket) => fs.rm(path.join(absoluteRoot, bucket, ownerId), { recursive: true, force: true })),
      );
    },
  };
}
