import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { quietLogger } from '../test/databases.ts';
import { type Manifest, MANIFEST_NAME, PGLITE_ENTRY } from './manifest.ts';
import { knownMigrations } from './migration-mark.ts';
import { restoreBackup } from './restore-backup.ts';
import { RestoreRefused } from './restore-target.ts';
import { TarWriter } from './tar.ts';

const copy = Buffer.from('not really a database');

function manifest(changes: Partial<Manifest> = {}): Manifest {
  return {
    format: 'savvypig-backup',
    formatVersion: 1,
    takenAt: '2026-11-28T02:30:00.000Z',
    engine: 'pglite',
    databaseVersion: '17.5',
    latestMigration: knownMigrations().at(-1)!,
    database: { entry: PGLITE_ENTRY, bytes: copy.length, sha256: createHash('sha256').update(copy).digest('hex') },
    files: null,
    ...changes,
  };
}

/** An archive of the given entries, in a new folder that also holds empty places to restore into. */
async function archive(entries: Record<string, Buffer | string>): Promise<{ file: string; root: string }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-restore-'));
  const file = path.join(root, 'backup.tar');
  const handle = await fs.promises.open(file, 'w');
  const writer = new TarWriter(handle);
  for (const [name, body] of Object.entries(entries)) await writer.add(name, Buffer.from(body));
  await writer.finish();
  await handle.close();
  return { file, root };
}

async function refusal(
  entries: Record<string, Buffer | string>,
  env: { DATABASE_URL?: string; files?: boolean; occupied?: string[] } = {},
) {
  const { file, root } = await archive(entries);
  for (const occupied of env.occupied ?? []) {
    fs.mkdirSync(path.dirname(path.join(root, occupied)), { recursive: true });
    fs.writeFileSync(path.join(root, occupied), 'already here');
  }
  try {
    const before = fs.readdirSync(root, { recursive: true }).sort();
    const config = {
      DATA_DIR: path.join(root, 'data'),
      DATABASE_URL: env.DATABASE_URL,
      FILE_STORAGE_DIR: env.files ? path.join(root, 'files') : undefined,
    };
    const error = await restoreBackup({ config, file, force: false, logger: quietLogger, say: () => undefined }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(RestoreRefused);
    // Nothing was written before the refusal.
    expect(fs.readdirSync(root, { recursive: true }).sort()).toEqual(before);
    return (error as Error).message;
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

const json = (m: Manifest) => JSON.stringify(m);

describe('restoring refuses, before writing anything,', () => {
  it('an archive that is not a whole backup', async () => {
    expect(await refusal({ [PGLITE_ENTRY]: copy })).toMatch(/Not a SavvyPig backup, or not a whole one/);
  });

  it('a backup of the other engine, saying which setting to change', async () => {
    expect(
      await refusal(
        { [PGLITE_ENTRY]: copy, [MANIFEST_NAME]: json(manifest()) },
        { DATABASE_URL: 'postgres://x@127.0.0.1/x' },
      ),
    ).toMatch(/of the embedded database \(PGlite\): unset DATABASE_URL/);
    expect(await refusal({ [MANIFEST_NAME]: json(manifest({ engine: 'postgres' })) })).toMatch(
      /of PostgreSQL: set DATABASE_URL/,
    );
  });

  it('a schema newer than this release knows', async () => {
    const newer = { tag: '9999_from_the_future', when: knownMigrations().at(-1)!.when + 1 };
    expect(
      await refusal({ [PGLITE_ENTRY]: copy, [MANIFEST_NAME]: json(manifest({ latestMigration: newer })) }),
    ).toMatch(/newer than this release's/);
  });

  it('a database copy that does not match its checksum', async () => {
    expect(await refusal({ [PGLITE_ENTRY]: 'something else', [MANIFEST_NAME]: json(manifest()) })).toMatch(
      /damaged: database\/pglite.tar.gz does not match its checksum/,
    );
  });

  it('a stored file that would land outside its folder', async () => {
    const entries = {
      [PGLITE_ENTRY]: copy,
      'files/avatars/../../escape': 'x',
      [MANIFEST_NAME]: json(manifest({ files: { count: 1, bytes: 1 } })),
    };
    expect(await refusal(entries, { files: true })).toMatch(/Refusing a stored file/);
  });

  it('a data folder or files folder that is not empty, naming both and --force', async () => {
    const entries = {
      [PGLITE_ENTRY]: copy,
      'files/avatars/u1/1.webp': 'x',
      [MANIFEST_NAME]: json(manifest({ files: { count: 1, bytes: 1 } })),
    };
    const occupied = ['data/pglite/PG_VERSION', 'files/avatars/u2/2.webp'];
    expect(await refusal(entries, { files: true, occupied })).toMatch(
      /^Not restoring: the PGlite folder .*data\/pglite and the stored-files folder .*files are not empty\. .* add --force/,
    );
    expect(await refusal(entries, { files: true, occupied: occupied.slice(1) })).toMatch(
      /^Not restoring: the stored-files folder .*files is not empty/,
    );
  });

  it('stored files with nowhere to go', async () => {
    const entries = {
      [PGLITE_ENTRY]: copy,
      'files/avatars/u1/1.webp': 'x',
      [MANIFEST_NAME]: json(manifest({ files: { count: 1, bytes: 1 } })),
    };
    expect(await refusal(entries)).toMatch(/set FILE_STORAGE_DIR/);
  });
});
