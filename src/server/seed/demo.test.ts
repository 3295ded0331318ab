import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signIn, type TestServer } from '../test/server.ts';
import { ADMIN_TWO_FACTOR_NOTE, DEMO_ADMIN_EMAIL, DEMO_SUBSCRIBER_EMAIL, seedDemoUsers } from './demo.ts';

describe('the demo seed', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer('pglite');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('creates a verified subscriber and admin once, printing each random password once', async () => {
    const first: string[] = [];
    await seedDemoUsers(server.deps, (l) => first.push(l));
    expect(first).toHaveLength(2);
    const second: string[] = [];
    await seedDemoUsers(server.deps, (l) => second.push(l));
    expect(second).toEqual([]);

    const password = (email: string) =>
      first
        .find((l) => l.includes(email))!
        .split(' / ')[1]!
        .split(' ')[0]!;
    const admin = await signIn(server, DEMO_ADMIN_EMAIL, password(DEMO_ADMIN_EMAIL));
    const me = (await (await server.request('/api/me', { cookie: admin.cookie })).json()) as {
      isAdmin: boolean;
      user: { emailVerified: boolean };
    };
    expect(me).toMatchObject({ isAdmin: true, user: { emailVerified: true, twoFactorEnabled: false } });
    // The demo admin is told to turn on two-factor; until then admin answers are refused.
    expect(first.find((l) => l.includes(DEMO_ADMIN_EMAIL))).toContain(ADMIN_TWO_FACTOR_NOTE);
    expect((await server.request('/api/admin/check', { cookie: admin.cookie })).status).toBe(403);
    const subscriber = await signIn(server, DEMO_SUBSCRIBER_EMAIL, password(DEMO_SUBSCRIBER_EMAIL));
    expect(
      ((await (await server.request('/api/admin/check', { cookie: subscriber.cookie })).json()) as { isAdmin: boolean })
        .isAdmin,
    ).toBe(false);
    // Verified by the seed, the subscriber starts the 7-day trial a verified sign-up starts.
    const plan = (await (await server.request('/api/subscription', { cookie: subscriber.cookie })).json()) as {
      hasSubscription: boolean;
      tier: string;
      paymentStatus: string;
      isTrialing: boolean;
      trialDaysLeft: number | null;
      trialExpiresAt: string | null;
    };
    expect(plan).toMatchObject({
      hasSubscription: true,
      tier: 'trial_bigpig',
      paymentStatus: 'trial',
      isTrialing: true,
      trialDaysLeft: 7,
    });
    // The admin has Big Pig by the role, with no trial to end.
    expect(await (await server.request('/api/subscription', { cookie: admin.cookie })).json()).toMatchObject({
      hasSubscription: false,
      tier: 'bigpig',
      isTrialing: false,
    });
    const trialHours = (Date.parse(plan.trialExpiresAt!) - server.deps.clock.now().getTime()) / 3_600_000;
    expect(trialHours).toBeGreaterThan(166);
    expect(trialHours).toBeLessThanOrEqual(169);
    // Demo users are verified by the seed: no verification e-mail goes out.
    expect((await server.mail()).filter((m) => [DEMO_ADMIN_EMAIL, DEMO_SUBSCRIBER_EMAIL].includes(m.to))).toEqual([]);
  });
});
