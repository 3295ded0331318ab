import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sseReader } from './realtime/sse-reader.ts';
import { CURRENT_SERVER_ENTRY, signUpOverHttp, startServerProcess } from './test/server-process.ts';

describe('graceful shutdown', () => {
  it('on SIGTERM finishes the request in flight, ends event streams, closes PGlite and exits 0', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-stop-'));
    const server = await startServerProcess(CURRENT_SERVER_ENTRY, { DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    try {
      expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);
      const account = { email: 'sig@example.com', password: 'a good password' };
      const cookie = await signUpOverHttp(server.base, account);
      const stream = sseReader((await fetch(`${server.base}/api/events`, { headers: { cookie } })).body!);
      expect((await stream.next()).event).toBe('ready');

      // Argon2 makes sign-in take a while: signal while it is in flight.
      const inFlight = fetch(`${server.base}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.base },
        body: JSON.stringify(account),
      });
      await new Promise((r) => setTimeout(r, 20));
      server.child.kill('SIGTERM');
      expect((await inFlight).status).toBe(200);
      await expect(stream.next(5_000)).rejects.toThrow(/stream ended|terminated/);
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('"msg":"stopped"');
      expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
