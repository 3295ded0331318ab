import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { createTestDatabase, quietLogger } from '../test/databases.ts';
import { backupSocketPath, openBackupSocket } from './backup-socket.ts';
import { requestDump } from './request-dump.ts';

/** Sends one line on the socket and gives back everything the server says before it hangs up. */
async function ask(socketPath: string, line: string): Promise<string> {
  const socket = net.connect(socketPath);
  socket.write(line);
  return (await buffer(socket)).toString();
}

describe('the backup socket (PGlite)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let dataDir: string;
  let socket: Awaited<ReturnType<typeof openBackupSocket>>;

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase('pglite'));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-socket-'));
    // Left by a server that was killed: a socket file and a copy.
    fs.mkdirSync(path.join(dataDir, 'control'), { mode: 0o755 });
    fs.writeFileSync(path.join(dataDir, 'control', 'copy-0123456789abcdef.tar'), 'stale');
    socket = await openBackupSocket({ database, dataDir, logger: quietLogger });
  });
  afterAll(async () => {
    await socket?.close();
    await drop?.();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('listens in a folder only its user may enter, cleared of what a killed server left', () => {
    const folder = path.dirname(backupSocketPath(dataDir));
    expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
    expect(fs.readdirSync(folder)).toEqual(['backup.sock']);
  });

  it('hands over a tar of the data folder, and deletes its file once the client has it open', async () => {
    const served = await requestDump(backupSocketPath(dataDir));
    expect(served?.answer).toMatchObject({ latestMigration: { tag: expect.stringMatching(/^\d{4}_/) } });
    const tar = await buffer(served!.body);
    expect(tar.length).toBe(served!.answer.bytes);
    // ustar's magic at byte 257 of the first header.
    expect(tar.subarray(257, 262).toString()).toBe('ustar');
    await expect.poll(() => fs.existsSync(served!.answer.file)).toBe(false);
  });

  it('answers anything but "dump" with an error and hangs up', async () => {
    const answer = JSON.parse(await ask(backupSocketPath(dataDir), 'select 1\n')) as { error: string };
    expect(answer.error).toMatch(/knows only "dump"/);
  });

  it('takes one copy at a time: a second request while a client holds the first is told to retry', async () => {
    const socketPath = backupSocketPath(dataDir);
    const holder = net.connect(socketPath);
    holder.write('dump\n');
    // The server's answer arrives; the holder keeps the connection open, so the copy is not done.
    await new Promise((resolve) => holder.once('data', resolve));
    await expect(requestDump(socketPath)).rejects.toThrow('already being taken');
    holder.destroy();
    // Once it has hung up, the next request gets its copy.
    await expect
      .poll(
        async () => {
          const next = await requestDump(socketPath).catch(() => null);
          next?.body.destroy();
          return next !== null;
        },
        { timeout: 30_000, interval: 50 },
      )
      .toBe(true);
  });

  it('says there is no server when nothing listens', async () => {
    expect(await requestDump(path.join(dataDir, 'nothing.sock'))).toBeNull();
  });
});
