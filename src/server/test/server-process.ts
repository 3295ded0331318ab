import { spawn, type ChildProcess } from 'node:child_process';
import { serverNodeFlags } from '../../../scripts/server-node-flags.ts';
import net from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export type ServerProcess = {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<number | null>;
  stop: () => Promise<void>;
};

/**
 * Spawns the server (`src/server/index.ts`, or the bundle `dist-server/index.js`) in production
 * mode on a free port and waits until `/api/health` answers.
 */
export async function startServerProcess(
  entry: string,
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const child = spawn(process.execPath, [...serverNodeFlags(), entry], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: base,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
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
    },
  };
}

/** Signs up and signs in over HTTP; returns the session cookie. */
export async function signUpOverHttp(
  base: string,
  account: { email: string; password: string; firstName?: string; lastName?: string },
): Promise<string> {
  const headers = { 'content-type': 'application/json', origin: base };
  const signUp = await fetch(`${base}/api/account/sign-up`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ firstName: account.firstName ?? 'Test', lastName: account.lastName ?? 'User', ...account }),
  });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status}`);
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify(account),
  });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status}`);
  return signIn.headers
    .getSetCookie()
    .find((c) => c.includes('session_token='))!
    .split(';')[0]!;
}
