// A live backup on each engine: a real server process, 16 writers adding transactions over HTTP
// while `npm run backup` runs, then `npm run restore` into a new place and a server started on it.
// Every write acknowledged before the backup began must be there, and every balance must equal its
// transactions' sum (the database keeps balances by trigger: a torn copy would show).
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { confirmAddressByMail, createInstance, runScript, type Instance } from '../test/backup-fixtures.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import {
  CURRENT_SERVER_ENTRY,
  signUpOverHttp,
  startServerProcess,
  type ServerProcess,
} from '../test/server-process.ts';
import { ACKNOWLEDGED, checkAcknowledgedWrites, startWriters, type WriterTally } from '../test/transaction-writers.ts';

const WRITERS = 16;
const ACCOUNTS = 4;
const SAVER = { email: 'backup@example.com', password: 'a good backup password' };

describe.each(testDatabaseKinds())('a backup taken on %s while 16 writers write', (kind) => {
  it('restores into an empty place every write acknowledged before it began, balances whole, files included', async () => {
    const instances: Instance[] = [];
    const servers: ServerProcess[] = [];
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-backup-file-'));
    try {
      const source = await createInstance(kind, { migrated: true });
      instances.push(source);
      const first = await startServerProcess(CURRENT_SERVER_ENTRY, { ...source.env, JOBS_ENABLED: 'false' });
      servers.push(first);
      const cookie = await signUpOverHttp(first.base, SAVER);
      await confirmAddressByMail(source.env.DATA_DIR!, SAVER.email);
      const accountIds = await addAccounts(first.base, cookie);
      const avatar = await uploadAvatar(first.base, cookie);

      const writers = startWriters(
        Array.from({ length: WRITERS }, (_, i) => ({ base: first.base, cookie, accountId: accountIds[i % ACCOUNTS]! })),
      );
      let before: WriterTally;
      let backup: Awaited<ReturnType<typeof runScript>>;
      const file = path.join(folder, 'backup.tar');
      try {
        await expect.poll(() => writers.acknowledgedCount(), { timeout: 20_000, interval: 20 }).toBeGreaterThan(100);
        before = snapshotOf(writers.tally);
        const countBefore = writers.acknowledgedCount();
        backup = await runScript('backup', [file], source.env);
        // The server kept answering while the copy was taken.
        expect(writers.acknowledgedCount()).toBeGreaterThan(countBefore);
      } finally {
        await writers.stop();
      }
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(writers.tally.failureSamples).toEqual([]);
      expect([...writers.tally.outcomes.keys()]).toEqual([ACKNOWLEDGED]);

      const target = await createInstance(kind, { migrated: false });
      instances.push(target);
      const restore = await runScript('restore', [file], target.env);
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      // Once more over it with --force (without, it is refused: restore-backup.test.ts): what was
      // there is put aside (PGlite, files) or dropped (PostgreSQL), and the copy goes in again.
      const forced = await runScript('restore', [file, '--force'], target.env);
      expect(forced.stderr).toBe('');
      expect(forced.stdout).toMatch(kind === 'pglite' ? /--force: moved what was in .*pglite to / : /--force: dropped/);
      expect(forced.stdout).toMatch(/--force: moved the stored files that were there to /);
      await first.stop();

      const second = await startServerProcess(CURRENT_SERVER_ENTRY, { ...target.env, JOBS_ENABLED: 'false' });
      servers.push(second);
      const restoredCookie = await signIn(second.base);
      for (const accountId of accountIds) {
        const notes = await notesOf(second.base, restoredCookie, accountId);
        const missing = [...before.acknowledged.get(accountId)!].filter((note) => !notes.has(note));
        expect(missing, `acknowledged writes missing from account ${accountId}`).toEqual([]);
      }
      const served = await fetch(`${second.base}${avatar.url}`, { headers: { cookie: restoredCookie } });
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(avatar.bytes)).toBe(true);
      await second.stop();

      for (const check of await checkAcknowledgedWrites((text, values) => target.query(text, values), before)) {
        expect(check.missing).toEqual([]);
        expect(check.balancePence, `account ${check.accountId}: balance against its transactions`).toBe(check.sumPence);
      }
    } finally {
      for (const server of servers) await server.stop();
      for (const instance of instances) await instance.dispose();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }, 180_000);
});

function snapshotOf(tally: WriterTally): WriterTally {
  return { ...tally, acknowledged: new Map([...tally.acknowledged].map(([id, notes]) => [id, new Set(notes)])) };
}

async function addAccounts(base: string, cookie: string): Promise<string[]> {
  const banks = await fetch(`${base}/api/reference/banks?q=Nationwide`, { headers: { cookie } });
  const bankId = ((await banks.json()) as { banks: Array<{ id: string }> }).banks[0]!.id;
  const ids: string[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const res = await fetch(`${base}/api/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie },
      body: JSON.stringify({
        name: `Saver ${i}`,
        accountNumber: '12345678',
        bankId,
        // Dated before the writers' deposits: a stated balance leaves out what came before it (ADR 0022).
        startingBalancePence: 1_000 * (i + 1),
        startingBalanceDate: '2026-01-01',
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    ids.push(((await res.json()) as { account: { id: string } }).account.id);
  }
  return ids;
}

/** An avatar in the files folder (FILE_STORAGE_DIR): its address and the bytes served for it. */
async function uploadAvatar(base: string, cookie: string): Promise<{ url: string; bytes: Buffer }> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 90, b: 120 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new File([new Uint8Array(png)], 'me.png', { type: 'image/png' }));
  const res = await fetch(`${base}/api/profile/avatar`, {
    method: 'POST',
    headers: { origin: base, cookie },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const { avatarUrl } = (await res.json()) as { avatarUrl: string };
  const served = await fetch(`${base}${avatarUrl}`, { headers: { cookie } });
  return { url: avatarUrl, bytes: Buffer.from(await served.arrayBuffer()) };
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(SAVER),
  });
  expect(res.status, 'the restored server signs the saver in with the same password').toBe(200);
  return res.headers
    .getSetCookie()
    .find((c) => c.includes('session_token='))!
    .split(';')[0]!;
}

/** Every transaction's notes on the account, page by page, as the restored server lists them. */
async function notesOf(base: string, cookie: string, accountId: string): Promise<Set<string>> {
  const notes = new Set<string>();
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const res = await fetch(`${base}/api/accounts/${accountId}/transactions?limit=100${query}`, {
      headers: { cookie },
    });
    expect(res.status).toBe(200);
    const page = (await res.json()) as { items: Array<{ notes: string | null }>; nextCursor: string | null };
    for (const item of page.items) if (item.notes) notes.add(item.notes);
    cursor = page.nextCursor;
  } while (cursor);
  return notes;
}
