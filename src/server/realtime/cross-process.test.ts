import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThrowawayPostgres, dropThrowawayPostgres } from '../test/databases.ts';
import { sseReader } from './sse-reader.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function startServer(databaseUrl: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const child = spawn(process.execPath, ['src/server/index.ts'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: base,
      DATABASE_URL: databaseUrl,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-xp-')),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base };
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// Two app processes on one PostgreSQL: a change made through one reaches a browser connected to the other.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('realtime across two app processes', () => {
  let url: string;
  const servers: Array<{ child: ChildProcess; base: string }> = [];

  beforeAll(async () => {
    url = await createThrowawayPostgres();
    // The first start migrates; the second finds the schema ready.
    servers.push(await startServer(url));
    servers.push(await startServer(url));
  }, 90_000);

  afterAll(async () => {
    for (const { child } of servers) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    if (url) await dropThrowawayPostgres(url);
  }, 30_000);

  it('delivers an update made on process A to an event stream on process B', async () => {
    const [a, b] = servers as [{ base: string }, { base: string }];
    const origin = { 'content-type': 'application/json', origin: a.base };
    const email = 'cross@example.com';
    const password = 'a good password';
    expect((await fetch(`${a.base}/api/account/sign-up`, { method: 'POST', headers: origin, body: JSON.stringify({ firstName: 'X', lastName: 'P', email, password }) })).status).toBe(200);
    const signIn = await fetch(`${a.base}/api/auth/sign-in/email`, { method: 'POST', headers: origin, body: JSON.stringify({ email, password }) });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie().find((c) => c.includes('session_token='))!.split(';')[0]!;

    const controller = new AbortController();
    const streamRes = await fetch(`${b.base}/api/events`, { headers: { cookie }, signal: controller.signal });
    expect(streamRes.status).toBe(200);
    const stream = sseReader(streamRes.body!);
    expect((await stream.next()).event).toBe('ready');

    const patch = await fetch(`${a.base}/api/profile`, { method: 'PATCH', headers: { ...origin, cookie }, body: JSON.stringify({ firstName: 'Crossed' }) });
    expect(patch.status).toBe(200);
    const event = await stream.nextOf(['profile.updated'], 10_000);
    expect(JSON.parse(event.data)).toMatchObject({ type: 'profile.updated', invalidate: [['me']] });
    controller.abort();
  }, 30_000);
});
