// The security items better-auth does not give by default, checked against the production
// build running as a real process in production mode (no TEST or VITEST in its environment,
// NODE_ENV=production), because test mode relaxes some of the library's checks.
// Not a browser journey: it lives here because it needs the build, which `npm test` makes
// after the unit suites.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.ts';
import { rowsOf } from '../src/server/db/rls.ts';
import { argon2Parameters, meetsOwaspArgon2Minimum } from '../src/server/test/argon2.ts';
import { quietLogger } from '../src/server/test/databases.ts';
import { startServerProcess, type ServerProcess } from '../src/server/test/server-process.ts';
import { freshDataDir } from './journey-database.ts';

let server: ServerProcess;
let dataDir: string;

before(async () => {
  if (!fs.existsSync('dist-server/index.js'))
    throw new Error('Run `npm run build` first: this suite drives the production build.');
  // The runner's migrated template, as every journey server starts from: a fresh folder made
  // PGlite's initdb and every migration run again, over a minute on a loaded machine.
  dataDir = freshDataDir();
  // TRUST_PROXY: the suite plays the proxy, so it can speak for many client addresses.
  server = await startServerProcess('dist-server/index.js', {
    DATA_DIR: dataDir,
    TRUST_PROXY: 'true',
    JOBS_ENABLED: 'false',
  });
});

after(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

let ipCounter = 0;
/** A client address no other request in this run has used. */
function freshIp(): string {
  const n = ipCounter++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255 || 1}`;
}

type Call = { status: number; body: unknown; ms: number; headers: Headers };

async function post(pathname: string, body: unknown, headers: Record<string, string> = {}): Promise<Call> {
  const started = performance.now();
  const res = await fetch(`${server.base}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.base, 'x-forwarded-for': freshIp(), ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, ms, headers: res.headers };
}

const signUp = (email: string, password = 'a long passphrase') =>
  post('/api/account/sign-up', { firstName: 'Sec', lastName: 'Test', email, password });
const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
  post('/api/auth/sign-in/email', { email, password }, headers);

function sessionCookie(call: Call): string {
  const cookie = call.headers.getSetCookie().find((c) => c.includes('session_token='));
  assert.ok(cookie, 'signed in');
  return cookie.split(';')[0]!;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Strips what differs between any two answers (the id sign-up makes up) so bodies can be compared. */
function shapeOf(body: unknown): unknown {
  if (body && typeof body === 'object' && 'userId' in body) {
    assert.match(String((body as { userId: unknown }).userId), /^[A-Za-z0-9]{32}$/);
    return { ...body, userId: '<id>' };
  }
  return body;
}

/**
 * Sends `rounds` requests for registered and unregistered addresses, alternating, one at a time;
 * asserts every answer has the same status and body and returns the two medians.
 */
async function compareAnswers(
  rounds: number,
  send: (kind: 'registered' | 'unregistered', i: number) => Promise<Call>,
): Promise<{ registered: number; unregistered: number; paired: number }> {
  const times = { registered: [] as number[], unregistered: [] as number[] };
  let reference: { status: number; body: unknown } | undefined;
  for (let i = 0; i < rounds; i++) {
    const order: ('registered' | 'unregistered')[] =
      i % 2 ? ['registered', 'unregistered'] : ['unregistered', 'registered'];
    for (const kind of order) {
      const call = await send(kind, i);
      const answer = { status: call.status, body: shapeOf(call.body) };
      reference ??= answer;
      assert.deepEqual(answer, reference, `${kind} answer #${i} differs`);
      times[kind].push(call.ms);
    }
  }
  // Each round asks both back to back, so the machine's load drifts alike for the two: the median
  // of the rounds' differences is the gap an attacker could measure, without that drift.
  const paired = median(times.registered.map((ms, i) => ms - times.unregistered[i]!));
  return { registered: median(times.registered), unregistered: median(times.unregistered), paired };
}

describe('no account enumeration (production mode)', () => {
  const ROUNDS = 50;
  const known = 'known.person@example.com';
  const fresh = (i: number) => `fresh.${i}@example.com`;
  const unknown = (what: string, i: number) => `nobody.${what}.${i}@example.com`;

  before(async () => {
    assert.equal((await signUp(known)).status, 200);
  });

  test('sign-up answers a registered and a new address alike, in like time', async () => {
    const medians = await compareAnswers(ROUNDS, (kind, i) => signUp(kind === 'registered' ? known : fresh(i)));
    console.log(
      `sign-up medians: registered ${medians.registered.toFixed(1)} ms, new ${medians.unregistered.toFixed(1)} ms`,
    );
    assert.ok(Math.abs(medians.paired) < 20, JSON.stringify(medians));
  });

  test('the reset request answers alike, in like time', async () => {
    const medians = await compareAnswers(ROUNDS, (kind, i) =>
      post('/api/auth/request-password-reset', {
        email: kind === 'registered' ? fresh(i) : unknown('reset', i),
        redirectTo: '/auth/reset-password',
      }),
    );
    console.log(
      `reset medians: registered ${medians.registered.toFixed(1)} ms, unknown ${medians.unregistered.toFixed(1)} ms`,
    );
    assert.ok(Math.abs(medians.paired) < 20, JSON.stringify(medians));
  });

  test('resending the verification e-mail anonymously answers alike, in like time', async () => {
    const medians = await compareAnswers(ROUNDS, (kind, i) =>
      post('/api/account/resend-verification', { email: kind === 'registered' ? fresh(i) : unknown('resend', i) }),
    );
    console.log(
      `resend medians: registered ${medians.registered.toFixed(1)} ms, unknown ${medians.unregistered.toFixed(1)} ms`,
    );
    assert.ok(Math.abs(medians.paired) < 20, JSON.stringify(medians));
  });
});

describe('sign-in limits (production mode)', () => {
  test('per account: 100 failures an hour from 100 addresses, then even the right password gets 429', async () => {
    const email = 'target.account@example.com';
    const password = 'the right passphrase';
    assert.equal((await signUp(email, password)).status, 200);
    let failures = 0;
    // Five at a time from a new address each: better-auth's per-address limit never comes into it.
    for (let batch = 0; batch < 20; batch++) {
      const calls = await Promise.all(Array.from({ length: 5 }, () => signIn(email, 'a wrong guess')));
      for (const call of calls) {
        assert.equal(call.status, 401);
        failures++;
      }
    }
    assert.equal(failures, 100);
    const refused = await signIn(email, password);
    assert.equal(refused.status, 429);
    assert.equal((refused.body as { code: string }).code, 'ACCOUNT_SIGN_IN_LOCKED');
    assert.match(
      (refused.body as { message: string }).message,
      /^Too many failed sign-in attempts for this account\. Please try again in \d+ minutes?\.$/,
    );
    assert.ok(Number(refused.headers.get('retry-after')) > 0);
    assert.equal(
      refused.headers.getSetCookie().some((c) => c.includes('session_token=')),
      false,
    );
  });

  test('per client address: the fourth attempt in 10 s is refused, and a forged address header does not help', async () => {
    const ip = '192.0.2.44';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      // The client sends our internal header itself; the server must overwrite it.
      const call = await signIn('someone@example.com', 'wrong', {
        'x-forwarded-for': ip,
        'x-savvypig-client-ip': `198.18.0.${i + 1}`,
      });
      statuses.push(call.status);
    }
    assert.deepEqual(statuses, [401, 401, 401, 429]);
    assert.equal((await signIn('someone@example.com', 'wrong', { 'x-forwarded-for': '192.0.2.45' })).status, 401);
  });
});

describe('origin and CSRF checks (production mode)', () => {
  let cookie: string;
  before(async () => {
    assert.equal((await signUp('csrf.target@example.com', 'the right passphrase')).status, 200);
    cookie = sessionCookie(await signIn('csrf.target@example.com', 'the right passphrase'));
  });

  test('a foreign Origin is refused on better-auth’s routes and on ours', async () => {
    const evil = { origin: 'https://evil.example', cookie };
    assert.equal(
      (await signIn('csrf.target@example.com', 'the right passphrase', { origin: 'https://evil.example' })).status,
      403,
    );
    assert.equal((await post('/api/auth/sign-out', {}, evil)).status, 403);
    const patch = await fetch(`${server.base}/api/profile`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', ...evil, 'x-forwarded-for': freshIp() },
      body: JSON.stringify({ firstName: 'Forged' }),
    });
    assert.equal(patch.status, 403);
    const me = (await (await fetch(`${server.base}/api/me`, { headers: { cookie } })).json()) as {
      profile: { firstName: string };
    };
    assert.equal(me.profile.firstName, 'Sec');
  });

  test('better-auth’s own origin check is on: a callback to another site is refused', async () => {
    const call = await post('/api/auth/sign-in/email', {
      email: 'csrf.target@example.com',
      password: 'the right passphrase',
      callbackURL: 'https://evil.example/after-login',
    });
    assert.equal(call.status, 403);
  });

  test('better-auth’s own CSRF check is on: a cookie-bearing request without an Origin is refused', async () => {
    // Our own check lets a same-origin fetch without Origin through; better-auth must refuse it.
    const res = await fetch(`${server.base}/api/auth/sign-out`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie,
        'sec-fetch-site': 'same-origin',
        'x-forwarded-for': freshIp(),
      },
      body: '{}',
    });
    assert.equal(res.status, 403);
    assert.equal((await fetch(`${server.base}/api/me`, { headers: { cookie } })).status, 200);
  });
});

describe('password storage (production mode)', () => {
  test('the stored hash is Argon2id at or above OWASP’s minimum', async () => {
    assert.equal((await signUp('hash.check@example.com', 'the right passphrase')).status, 200);
    await server.stop(); // PGlite's folder belongs to one process at a time
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite'), logger: quietLogger });
    try {
      const [row] = rowsOf<{ password: string }>(
        await database.db.execute(sql`
          select a.password from account a join "user" u on u.id = a.user_id
          where u.email = 'hash.check@example.com' and a.provider_id = 'credential'`),
      );
      assert.ok(row, 'a stored hash');
      const params = argon2Parameters(row.password);
      console.log(`stored hash parameters: ${JSON.stringify(params)}`);
      assert.equal(params?.algorithm, 'argon2id');
      assert.ok(meetsOwaspArgon2Minimum(row.password), row.password.split('$').slice(0, 4).join('$'));
    } finally {
      await database.close();
    }
  });
});

describe('suspension (production mode)', () => {
  const email = 'suspended.user@example.com';
  const password = 'a long passphrase';
  let suspendDir: string;
  let current: ServerProcess | undefined;

  const start = async () => {
    current = await startServerProcess('dist-server/index.js', {
      DATA_DIR: suspendDir,
      TRUST_PROXY: 'true',
      JOBS_ENABLED: 'false',
    });
    return current;
  };
  const postTo = (to: ServerProcess, pathname: string, body: unknown) =>
    fetch(`${to.base}${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: to.base, 'x-forwarded-for': freshIp() },
      body: JSON.stringify(body),
    });

  before(() => {
    suspendDir = freshDataDir();
  });
  after(async () => {
    await current?.stop();
    fs.rmSync(suspendDir, { recursive: true, force: true });
  });

  test('a suspended user’s sessions end and even the right password no longer signs them in', async () => {
    let running = await start();
    assert.equal(
      (await postTo(running, '/api/account/sign-up', { firstName: 'Sus', lastName: 'Pended', email, password })).status,
      200,
    );
    const signedIn = await postTo(running, '/api/auth/sign-in/email', { email, password });
    assert.equal(signedIn.status, 200);
    const cookie = signedIn.headers
      .getSetCookie()
      .find((c) => c.includes('session_token='))!
      .split(';')[0]!;
    assert.equal((await fetch(`${running.base}/api/me`, { headers: { cookie } })).status, 200);

    // An admin's suspension, written straight to the database while the server is down
    // (PGlite's folder belongs to one process at a time); the admin screens arrive later.
    await running.stop();
    current = undefined;
    const database = await openDatabase({ pgliteDir: path.join(suspendDir, 'pglite'), logger: quietLogger });
    try {
      await database.db.execute(sql`
        update user_settings set suspended = true, suspension_reason = 'Security review'
        where user_id = (select id from "user" where email = ${email})`);
    } finally {
      await database.close();
    }

    running = await start();
    assert.equal((await fetch(`${running.base}/api/me`, { headers: { cookie } })).status, 401, 'the old session ended');
    const refused = await postTo(running, '/api/auth/sign-in/email', { email, password });
    assert.equal(refused.status, 403);
    assert.match(await refused.text(), /Your account has been suspended\. Please contact support\./);
    assert.equal(
      refused.headers.getSetCookie().filter((c) => c.includes('session_token=') && !/Max-Age=0/i.test(c)).length,
      0,
    );
    const wrongPassword = await postTo(running, '/api/auth/sign-in/email', { email, password: 'not the passphrase' });
    assert.equal(wrongPassword.status, 401, 'a wrong password learns nothing about the suspension');
  });
});
