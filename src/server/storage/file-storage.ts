import type { Tx } from '../db/client.ts';

/** What is known about a stored file besides its bytes. */
export type StoredFileInfo = {
  bucket: string;
  /** `{ownerId}/{name}` inside the bucket. */
  path: string;
  ownerId: string;
  contentType: string;
  size: number;
  createdAt: Date;
};

export type NewFile = { bucket: string; path: string; ownerId: string; contentType: string; bytes: Buffer };

/**
 * Uploaded files (avatars), somewhere every app instance can reach: the database by default
 * (`stored_files`), or a folder when FILE_STORAGE_DIR names one (a shared volume).
 *
 * Every call takes the request transaction. The database store works inside it (so row-level
 * security binds and a rolled-back request leaves no file behind); the folder store ignores it.
 * Callers check who may reach a file before asking for it.
 */
export interface FileStorage {
  readonly kind: 'database' | 'folder';
  put(tx: Tx, file: NewFile): Promise<void>;
  get(tx: Tx, bucket: string, path: string): Promise<(StoredFileInfo & { bytes: Buffer }) | null>;
  /** Removing a file that is not there is not an error. */
  remove(tx: Tx, bucket: string, path: string): Promise<void>;
  /** Every file the owner has in a bucket, oldest first. */
  list(tx: Tx, bucket: string, ownerId: string): Promise<StoredFileInfo[]>;
  /** Every file of the owner in every bucket (account deletion). */
  removeAllOf(tx: Tx, ownerId: string): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

/**
 * Whether `path` is `{ownerId}/{name}` for this owner, with no way out of its folder
 * (no `..`, no leading dot, no slashes inside a segment).
 */
export function isOwnedPath(path: string, ownerId: string): boolean {
  const [owner, name, ...rest] = path.split('/');
  return (
    rest.length === 0 &&
    owner === ownerId &&
    name !== undefined &&
    SEGMENT.test(owner) &&
    SEGMENT.test(name) &&
    !name.includes('..')
  );
}

export function assertOwnedPath(path: string, ownerId: string): void {
  if (!isOwnedPath(path, ownerId)) throw new Error(`Refusing a stored-file path outside its owner's folder: ${path}`);
}
