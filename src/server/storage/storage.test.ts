import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { withActor } from '../db/rls.ts';
import { user } from '../db/schema/index.ts';
import { createTestDatabase, testDatabaseKinds, type TestDbKind } from '../test/databases.ts';
import { createDatabaseStorage } from './database-storage.ts';
import { isOwnedPath, type FileStorage } from './file-storage.ts';
import { createFolderStorage } from './folder-storage.ts';

const ANN = 'ann-storage-1';
const BOB = 'bob-storage-1';

type Case = { name: string; kind: TestDbKind; make: () => FileStorage };

const folders: string[] = [];
function tempFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-files-'));
  folders.push(folder);
  return folder;
}

const cases: Case[] = testDatabaseKinds().flatMap((kind) => [
  { name: `database storage on ${kind}`, kind, make: () => createDatabaseStorage() },
  { name: `folder storage (with ${kind})`, kind, make: () => createFolderStorage(tempFolder()) },
]);

afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

describe.each(cases)('$name', ({ kind, make }) => {
  let database: Database;
  let drop: () => Promise<void>;
  let storage: FileStorage;

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase(kind));
    await database.db.insert(user).values([
      { id: ANN, name: 'Ann', email: 'ann.storage@example.com' },
      { id: BOB, name: 'Bob', email: 'bob.storage@example.com' },
    ]);
    storage = make();
  });
  afterAll(async () => {
    await drop?.();
  });

  const as = <T>(userId: string, work: Parameters<typeof withActor<T>>[2]) => withActor(database.db, { userId }, work);
  const png = (n: number) => Buffer.from(`png-bytes-${n}`);

  it('stores a file and reads it back with its type, size and owner', async () => {
    await as(ANN, (tx) =>
      storage.put(tx, {
        bucket: 'avatars',
        path: `${ANN}/1000.webp`,
        ownerId: ANN,
        contentType: 'image/webp',
        bytes: png(1),
      }),
    );
    const file = await as(ANN, (tx) => storage.get(tx, 'avatars', `${ANN}/1000.webp`));
    expect(file).toMatchObject({
      bucket: 'avatars',
      path: `${ANN}/1000.webp`,
      ownerId: ANN,
      contentType: 'image/webp',
      size: png(1).length,
    });
    expect(file?.bytes.equals(png(1))).toBe(true);
    expect(file?.createdAt).toBeInstanceOf(Date);
  });

  it('replaces a file written to the same path', async () => {
    await as(ANN, (tx) =>
      storage.put(tx, {
        bucket: 'avatars',
        path: `${ANN}/1001.webp`,
        ownerId: ANN,
        contentType: 'image/webp',
        bytes: png(2),
      }),
    );
    await as(ANN, (tx) =>
      storage.put(tx, {
        bucket: 'avatars',
        path: `${ANN}/1001.webp`,
        ownerId: ANN,
        contentType: 'image/webp',
        bytes: png(3),
      }),
    );
    expect((await as(ANN, (tx) => storage.get(tx, 'avatars', `${ANN}/1001.webp`)))?.bytes.equals(png(3))).toBe(true);
  });

  it('lists only the owner’s files in a bucket', async () => {
    await as(BOB, (tx) =>
      storage.put(tx, {
        bucket: 'avatars',
        path: `${BOB}/2000.webp`,
        ownerId: BOB,
        contentType: 'image/webp',
        bytes: png(4),
      }),
    );
    const listed = await as(ANN, (tx) => storage.list(tx, 'avatars', ANN));
    expect(listed.map((f) => f.path).sort()).toEqual([`${ANN}/1000.webp`, `${ANN}/1001.webp`]);
    expect(await as(ANN, (tx) => storage.list(tx, 'other-bucket', ANN))).toEqual([]);
  });

  it('removes one file, and removing a missing file is not an error', async () => {
    await as(ANN, (tx) => storage.remove(tx, 'avatars', `${ANN}/1001.webp`));
    await as(ANN, (tx) => storage.remove(tx, 'avatars', `${ANN}/1001.webp`));
    expect(await as(ANN, (tx) => storage.get(tx, 'avatars', `${ANN}/1001.webp`))).toBeNull();
    expect(await as(ANN, (tx) => storage.get(tx, 'avatars', `${ANN}/1000.webp`))).not.toBeNull();
  });

  it('removes every file of one owner and no one else’s', async () => {
    await as(ANN, (tx) =>
      storage.put(tx, {
        bucket: 'documents',
        path: `${ANN}/a.png`,
        ownerId: ANN,
        contentType: 'image/png',
        bytes: png(5),
      }),
    );
    await as(ANN, (tx) => storage.removeAllOf(tx, ANN));
    expect(await as(ANN, (tx) => storage.list(tx, 'avatars', ANN))).toEqual([]);
    expect(await as(ANN, (tx) => storage.list(tx, 'documents', ANN))).toEqual([]);
    expect(await as(BOB, (tx) => storage.get(tx, 'avatars', `${BOB}/2000.webp`))).not.toBeNull();
  });

  it('refuses paths that leave the owner’s folder', async () => {
    for (const bad of [
      `${ANN}/../${BOB}/2000.webp`,
      `${BOB}/x.webp`,
      `${ANN}/.hidden`,
      `${ANN}/a/b.webp`,
      '../../etc/passwd',
    ]) {
      await expect(
        as(ANN, (tx) =>
          storage.put(tx, { bucket: 'avatars', path: bad, ownerId: ANN, contentType: 'image/webp', bytes: png(6) }),
        ),
      ).rejects.toThrow();
    }
  });

  if (make().kind === 'database') {
    it('keeps another user’s file out of reach through row-level security', async () => {
      expect(await as(ANN, (tx) => storage.get(tx, 'avatars', `${BOB}/2000.webp`))).toBeNull();
      await as(ANN, (tx) => storage.remove(tx, 'avatars', `${BOB}/2000.webp`));
      expect(await as(BOB, (tx) => storage.get(tx, 'avatars', `${BOB}/2000.webp`))).not.toBeNull();
    });

    it('writes nothing when the transaction rolls back', async () => {
      await withActor(database.db, { userId: ANN }, async (tx) => {
        await storage.put(tx, {
          bucket: 'avatars',
          path: `${ANN}/3000.webp`,
          ownerId: ANN,
          contentType: 'image/webp',
          bytes: png(7),
        });
        throw new Error('roll back');
      }).catch(() => undefined);
      const rows = await database.db.execute(
        sql`select count(*)::int as n from stored_files where path = ${`${ANN}/3000.webp`}`,
      );
      expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    });
  }
});

describe('isOwnedPath', () => {
  it('accepts {owner}/{name} and nothing else', () => {
    expect(isOwnedPath('u1/1700000000000.webp', 'u1')).toBe(true);
    expect(isOwnedPath('u2/1700000000000.webp', 'u1')).toBe(false);
    expect(isOwnedPath('u1/..', 'u1')).toBe(false);
    expect(isOwnedPath('u1/a..b', 'u1')).toBe(false);
    expect(isOwnedPath('u1', 'u1')).toBe(false);
    expect(isOwnedPath('u1/', 'u1')).toBe(false);
  });
});
