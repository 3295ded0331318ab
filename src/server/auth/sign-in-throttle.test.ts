import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rls.ts';
import { addressKey, deleteExpiredThrottles } from '../http/throttle.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { releaseSignInAttempt, reserveSignInAttempt, secondsUntilAllowed } from './sign-in-throttle.ts';

describe('how long a locked account waits', () => {
  // Minute 1000 is 60 000 s after the epoch. With a limit of 5 and the current minute 1030:
  //   minute:  975 ... 990  1000  1020  1030
  //   count:   (too old)  2     2     1     1   → 6 within the last 61 minutes
  // Minute 990 leaves the sum when the current minute reaches 990 + 61 = 1051: then 4 < 5.
  const now = 1030 * 60 + 15;

  it('lets an attempt through under the limit', () => {
    expect(secondsUntilAllowed([{ minute: 1030, count: 4 }], now, 5)).toBe(0);
  });

  it('waits until enough of the oldest failures have aged out', () => {
    const buckets = [
      { minute: 900, count: 50 },
      { minute: 990, count: 2 },
      { minute: 1000, count: 2 },
      { minute: 1020, count: 1 },
      { minute: 1030, count: 1 },
    ];
    expect(secondsUntilAllowed(buckets, now, 5)).toBe(1051 * 60 - now);
  });

  it('counts the oldest minute still in the window', () => {
    // 1030 - 60 = 970 is the oldest bucket summed; 969 is not.
    expect(secondsUntilAllowed([{ minute: 970, count: 5 }], now, 5)).toBe((970 + 61) * 60 - now);
    expect(secondsUntilAllowed([{ minute: 969, count: 5 }], now, 5)).toBe(0);
  });
});

describe.each(testDatabaseKinds())('the per-account sign-in throttle on %s', (kind) => {
  let server: TestServer;
  let ip = 0;
  const nextIp = () => `10.20.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

  beforeAll(async () => {
    server = await createTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.deps.database.db;

  /** Puts `count` failures for `email` into the current minute's bucket. */
  async function seedFailures(email: string, count: number) {
    await db().execute(sql`
      insert into throttles (key, window_start, count)
      values (${`sign-in-failures:${addressKey(email)}:`} || floor(extract(epoch from now()) / 60)::bigint::text, now(), ${count})
      on conflict (key) do update set count = ${count}`);
  }

  async function failuresOf(email: string): Promise<number> {
    const [row] = rowsOf<{ n: number | string }>(
      await db().execute(
        sql`select coalesce(sum(count), 0) as n from throttles where key like ${`sign-in-failures:${addressKey(email)}:%`}`,
      ),
    );
    return Number(row?.n ?? 0);
  }

  const signIn = (email: string, password: string) =>
    server.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password }, ip: nextIp() });

  it('refuses even the right password once an hour holds 100 failures, with 429 and a clear message', async () => {
    await signUpAndSignIn(server, { email: 'locked@example.com', password: 'the right password' });
    await seedFailures('locked@example.com', 99);
    expect((await signIn('locked@example.com', 'a wrong password')).status).toBe(401);
    const refused = await signIn('LOCKED@example.com', 'the right password');
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { code: string; message: string };
    expect(body.code).toBe('ACCOUNT_SIGN_IN_LOCKED');
    expect(body.message).toMatch(
      /^Too many failed sign-in attempts for this account\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.getSetCookie().some((c) => c.includes('session_token='))).toBe(false);
  });

  it("does not let the owner's successful sign-ins wipe an attacker's failures", async () => {
    await signUpAndSignIn(server, { email: 'owner@example.com', password: 'the right password' });
    await seedFailures('owner@example.com', 98);
    expect((await signIn('owner@example.com', 'the right password')).status).toBe(200);
    expect(await failuresOf('owner@example.com')).toBe(98);
    expect((await signIn('owner@example.com', 'guess one')).status).toBe(401);
    expect((await signIn('owner@example.com', 'the right password')).status).toBe(200);
    expect((await signIn('owner@example.com', 'guess two')).status).toBe(401);
    expect(await failuresOf('owner@example.com')).toBe(100);
    expect((await signIn('owner@example.com', 'the right password')).status).toBe(429);
  });

  it('lifts the lock once the owner resets their password from the e-mailed link', async () => {
    await signUpAndSignIn(server, { email: 'reset.lock@example.com', password: 'the old password' });
    await seedFailures('reset.lock@example.com', 100);
    expect((await signIn('reset.lock@example.com', 'the old password')).status).toBe(429);
    const request = await server.request('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email: 'reset.lock@example.com', redirectTo: '/auth/reset-password' },
      ip: nextIp(),
    });
    expect(request.status).toBe(200);
    const mail = (await server.mail()).find((m) => m.to === 'reset.lock@example.com' && /Reset/.test(m.subject));
    const link = new URL(mail!.links.find((l) => l.includes('/api/auth/reset-password/'))!);
    const follow = await server.request(`${link.pathname}${link.search}`, { redirect: 'manual' });
    const token = new URL(follow.headers.get('location')!, 'http://localhost:3000').searchParams.get('token');
    const reset = await server.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, newPassword: 'the new password' },
      ip: nextIp(),
    });
    expect(reset.status).toBe(200);
    expect(await failuresOf('reset.lock@example.com')).toBe(0);
    expect((await signIn('reset.lock@example.com', 'the new password')).status).toBe(200);
  });

  it('locks an unknown address exactly like a registered one', async () => {
    await seedFailures('ghost@example.com', 100);
    const res = await signIn('ghost@example.com', 'anything at all');
    expect(res.status).toBe(429);
    expect(((await res.json()) as { code: string }).code).toBe('ACCOUNT_SIGN_IN_LOCKED');
  });

  it('lets no burst of parallel guesses past the limit', async () => {
    const settled = await Promise.allSettled(
      Array.from({ length: 20 }, () => reserveSignInAttempt(server.deps.database, 'burst@example.com', 5)),
    );
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(5);
    expect(await failuresOf('burst@example.com')).toBe(5);
    await releaseSignInAttempt(server.deps.database, 'burst@example.com');
    expect(await failuresOf('burst@example.com')).toBe(4);
    await expect(reserveSignInAttempt(server.deps.database, 'burst@example.com', 5)).resolves.toBeUndefined();
    await expect(reserveSignInAttempt(server.deps.database, 'burst@example.com', 5)).rejects.toMatchObject({
      statusCode: 429,
    });
  });

  it('clears counters whose window has passed, and keeps live ones', async () => {
    const stale = `sign-in-failures:${addressKey('stale@example.com')}:1`;
    await db().execute(
      sql`insert into throttles (key, window_start, count) values (${stale}, now() - interval '2 hours', 7)`,
    );
    await db().execute(
      sql`insert into throttles (key, window_start, count) values ('sign-up:old', now() - interval '2 days', 3)`,
    );
    await seedFailures('live@example.com', 3);
    await deleteExpiredThrottles(db());
    const keys = rowsOf<{ key: string }>(await db().execute(sql`select key from throttles`)).map((r) => r.key);
    expect(keys).not.toContain(stale);
    expect(keys).not.toContain('sign-up:old');
    expect(await failuresOf('live@example.com')).toBe(3);
  });

  it('runs the clean-up from the job queue every hour', async () => {
    const [schedule] = rowsOf<{ every_seconds: number }>(
      await db().execute(sql`select every_seconds from job_schedules where name = 'throttles:cleanup'`),
    );
    expect(schedule?.every_seconds).toBe(3600);
    await db().execute(
      sql`insert into throttles (key, window_start, count) values ('sign-up:ancient', now() - interval '3 days', 1)`,
    );
    await server.deps.jobs.runDue();
    const left = rowsOf(await db().execute(sql`select 1 from throttles where key = 'sign-up:ancient'`));
    expect(left).toHaveLength(0);
  });
});
