import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAILBOX_TOKEN_HEADER } from '../../core/dev-mailbox/mailbox-token.ts';
import { CURRENT_SERVER_ENTRY, startServerProcess, type ServerProcess } from '../test/server-process.ts';

// The start-up line and its warning come from src/server/index.ts: a real process is started,
// on a loopback address but behind a (pretend) proxy, so other machines could reach it.
describe('the local mailbox of a server started behind a proxy', () => {
  let server: ServerProcess;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-mailbox-'));
    server = await startServerProcess(CURRENT_SERVER_ENTRY, {
      DATA_DIR: dataDir,
      TRUST_PROXY: 'true',
      MAILBOX_ENABLED: 'true',
    });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function startUpLine(pattern: RegExp): Promise<RegExpMatchArray> {
    for (let i = 0; i < 50; i++) {
      const found = server.output().match(pattern);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no line matching ${pattern} in:\n${server.output()}`);
  }

  it('prints a link whose token alone opens the mailbox, and warns loudly', async () => {
    const [link] = await startUpLine(/http:\/\/localhost:\d+\/dev\/mailbox\?token=[\w-]+/);
    const token = new URL(link!).searchParams.get('token')!;
    expect((await fetch(`${server.base}/api/dev/mail`)).status).toBe(404);
    expect((await fetch(`${server.base}/api/dev/mail`, { headers: { [MAILBOX_TOKEN_HEADER]: 'guess' } })).status).toBe(
      404,
    );
    expect((await fetch(`${server.base}/api/dev/mail`, { headers: { [MAILBOX_TOKEN_HEADER]: token } })).status).toBe(
      200,
    );
    await startUpLine(/WARNING: the local mailbox is on and other machines can reach this server \(TRUST_PROXY is on/);
    expect(server.output().split(token).length - 1).toBe(1);
  });
});
