import { and, asc, eq } from 'drizzle-orm';
import { storedFiles } from '../db/schema/index.ts';
import { assertOwnedPath, type FileStorage } from './file-storage.ts';

const info = {
  bucket: storedFiles.bucket,
  path: storedFiles.path,
  ownerId: storedFiles.ownerId,
  contentType: storedFiles.contentType,
  size: storedFiles.size,
  createdAt: storedFiles.createdAt,
};

/** Files as rows of `stored_files` (bytea), under the owner's row-level security. */
export function createDatabaseStorage(): FileStorage {
  return {
    kind: 'database',
    async put(tx, file) {
      assertOwnedPath(file.path, file.ownerId);
      await tx
        .insert(storedFiles)
        .values({ ...file, size: file.bytes.length })
        .onConflictDoUpdate({
          target: [storedFiles.bucket, storedFiles.path],
          set: { contentType: file.contentType, size: file.bytes.length, bytes: file.bytes },
        });
    },
    async get(tx, bucket, path) {
      const [row] = await tx
        .select({ ...info, bytes: storedFiles.bytes })
        .from(storedFiles)
        .where(and(eq(storedFiles.bucket, bucket), eq(storedFiles.path, path)));
      return row ?? null;
    },
    async remove(tx, bucket, path) {
      await tx.delete(storedFiles).where(and(eq(storedFiles.bucket, bucket), eq(storedFiles.path, path)));
    },
    async list(tx, bucket, ownerId) {
      return tx
        .select(info)
        .from(storedFiles)
        .where(and(eq(storedFiles.bucket, bucket), eq(storedFiles.ownerId, ownerId)))
        .orderBy(asc(storedFiles.createdAt), asc(storedFiles.path));
    },
    async removeAllOf(tx, ownerId) {
      await tx.delete(storedFiles).where(eq(storedFiles.ownerId, ownerId));
    },
  };
}
