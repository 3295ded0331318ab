import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoFactor } from '../db/schema/index.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { enrolTotp, startSignIn } from '../test/two-factor.ts';
import { currentStep } from '../test/totp.ts';

const PASSWORD = 'correct horse battery';

describe.each(testDatabaseKinds())("better-auth's 429s carry Retry-After on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("copies the rate limiter's wait into Retry-After", async () => {
    // better-auth allows one client address 3 reset requests a minute.
    const ask = () =>
      server.request('/api/auth/request-password-reset', {
        method: 'POST',
        json: { email: 'limited.retry@example.com', redirectTo: '/auth/reset-password' },
        ip: '203.0.113.77',
      });
    for (let i = 0; i < 3; i++) expect((await ask()).status).toBe(200);
    const refused = await ask();
    expect(refused.status).toBe(429);
    const seconds = Number(refused.headers.get('Retry-After'));
    expect(Number.isInteger(seconds)).toBe(true);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(refused.headers.get('Retry-After')).toBe(refused.headers.get('X-Retry-After'));
  });

  it('says how long a two-factor lock-out lasts', async () => {
    const email = `locked.retry.${kind}@example.com`;
    const { cookie, userId } = await signUpAndSignIn(server, { email, password: PASSWORD });
    await enrolTotp(server, cookie, PASSWORD, currentStep());
    const challenge = await startSignIn(server, email, PASSWORD);
    expect(challenge.challengeCookie).not.toBeNull();
    // What better-auth writes after ten wrong codes in a row.
    await server.deps.database.db
      .update(twoFactor)
      .set({ lockedUntil: sql`now() + interval '10 minutes'` })
      .where(eq(twoFactor.userId, userId));

    const res = await server.request('/api/auth/two-factor/verify-totp', {
      method: 'POST',
      cookie: challenge.challengeCookie!,
      json: { code: '000000' },
    });
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({ code: 'ACCOUNT_TEMPORARILY_LOCKED' });
    const seconds = Number(res.headers.get('Retry-After'));
    expect(seconds).toBeGreaterThan(570);
    expect(seconds).toBeLessThanOrEqual(600);
    const backup = await server.request('/api/auth/two-factor/verify-backup-code', {
      method: 'POST',
      cookie: challenge.challengeCookie!,
      json: { code: 'abcde-fghij' },
    });
    expect(backup.status).toBe(429);
    expect(Number(backup.headers.get('Retry-After'))).toBeGreaterThan(570);
  });
});
