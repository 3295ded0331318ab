import { spawn, type ChildProcess } from 'node:child_process';
import { serverNodeFlags } from '../../../scripts/server-node-flags.ts';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * The server a test starts as a process of its own: its sources, or the bundle `npm test` has
 * just built from them (scripts/test.ts sets SAVVYPIG_TEST_SERVER_ENTRY once its build passed).
 * The bundle starts on about a third of the CPU (1.4 s against 4.2 s to its first answer, quiet
 * machine: the sources' 600 modules are found, read and stripped of their types at each start);
 * a test run alone starts the sources, so an edit needs no build.
 */
export const CURRENT_SERVER_ENTRY = process.env.SAVVYPIG_TEST_SERVER_ENTRY || 'src/server/index.ts';

export type ServerProcess = {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<number | null>;
  stop: () => Promise<void>;
};

/**
 * Spawns the server (`src/server/index.ts`, or the bundle `dist-server/index.js`) in production
 * mode on a free port and waits until `/api/health` answers. Its data folder is `env.DATA_DIR`, or
 * else a temporary one removed when it stops.
 */
export async function startServerProcess(
  entry: string,
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  // Without a DATA_DIR of the caller's, a temporary one that goes when the server stops.
  const ownDataDir = env.DATA_DIR ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-server-'));
  const removeOwnDataDir = () => ownDataDir && fs.rmSync(ownDataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, [...serverNodeFlags(), entry], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: base,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      removeOwnDataDir();
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    base,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      removeOwnDataDir();
    },
  };
}

let signUpsSent = 0;

/**
 * A loopback address of its own for each sign-up (127.0.1.1, 127.0.1.2, …): the saver's own
 * device, as far as the server can tell. Sign-in is rate limited per client address (better-auth:
 * three in any ten seconds), so a test's browser, signing in from 127.0.0.1 after a setup that
 * also signed in, would otherwise meet the limit the setup used up.
 */
function nextDeviceAddress(): string {
  const n = signUpsSent++ % (250 * 250);
  return `127.0.${1 + Math.floor(n / 250)}.${1 + (n % 250)}`;
}

/** A JSON POST from `localAddress` (IPv4 loopback); the status, the set cookies and the body. */
function postFrom(
  localAddress: string,
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; cookies: string[]; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers, family: 4, localAddress }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          cookies: response.headers['set-cookie'] ?? [],
          text: Buffer.concat(chunks).toString(),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** Signs up and signs in over HTTP, from an address of the saver's own; returns the session cookie. */
export async function signUpOverHttp(
  base: string,
  account: { email: string; password: string; firstName?: string; lastName?: string },
): Promise<string> {
  const headers = { 'content-type': 'application/json', origin: base };
  const from = nextDeviceAddress();
  const signUp = await postFrom(
    from,
    `${base}/api/account/sign-up`,
    headers,
    JSON.stringify({ firstName: account.firstName ?? 'Test', lastName: account.lastName ?? 'User', ...account }),
  );
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${signUp.text}`);
  const signIn = await postFrom(from, `${base}/api/auth/sign-in/email`, headers, JSON.stringify(account));
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${signIn.text}`);
  return signIn.cookies.find((c) => c.includes('session_token='))!.split(';')[0]!;
}
