import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sseReader } from './realtime/sse-reader.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

describe('graceful shutdown', () => {
  it('on SIGTERM finishes the request in flight, ends event streams, closes PGlite and exits 0', async () => {
    const port = await freePort();
    const base = `http://localhost:${port}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-stop-'));
    const child = spawn(process.execPath, ['src/server/index.ts'], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: String(port), PUBLIC_URL: base, DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await expect.poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status, { timeout: 30_000, interval: 200 }).toBe(200);
      expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);

      const headers = { 'content-type': 'application/json', origin: base };
      const account = { firstName: 'Sig', lastName: 'Term', email: 'sig@example.com', password: 'a good password' };
      await fetch(`${base}/api/account/sign-up`, { method: 'POST', headers, body: JSON.stringify(account) });
      const signedIn = await fetch(`${base}/api/auth/sign-in/email`, { method: 'POST', headers, body: JSON.stringify(account) });
      const cookie = signedIn.headers.getSetCookie().find((c) => c.includes('session_token='))!.split(';')[0]!;
      const stream = sseReader((await fetch(`${base}/api/events`, { headers: { cookie } })).body!);
      expect((await stream.next()).event).toBe('ready');

      // Argon2 makes sign-in take a while: signal while it is in flight.
      const inFlight = fetch(`${base}/api/auth/sign-in/email`, { method: 'POST', headers, body: JSON.stringify(account) });
      await new Promise((r) => setTimeout(r, 20));
      child.kill('SIGTERM');
      expect((await inFlight).status).toBe(200);
      await expect(stream.next(5_000)).rejects.toThrow(/stream ended|terminated/);
      expect(await exited).toBe(0);
      expect(output).toContain('"msg":"stopped"');
      expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
