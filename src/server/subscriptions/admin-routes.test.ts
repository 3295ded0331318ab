import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMO_MESSAGES } from '../../core/subscriptions/promo.ts';
import { ADMIN_TWO_FACTOR_MESSAGE } from '../http/access.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, grantAdmin, signUpAndSignIn, type TestServer } from '../test/server.ts';

type Person = { cookie: string; userId: string; email: string };
type AdminUser = {
  userId: string;
  email: string;
  name: string;
  role: 'subscriber' | 'admin';
  promoCode: string | null;
  subscription: { tier: string; paymentStatus: string; trialExpiresAt: string | null; hasAdminOverride: boolean };
};

describe.each(testDatabaseKinds())('admin subscription screens on %s', (kind) => {
  let server: TestServer;
  let admin: Person;
  let saver: Person;
  let people = 0;
  const start = new Date('2026-11-27T10:00:00Z');

  const newPerson = async (firstName = 'Test', promoCode?: string): Promise<Person> => {
    people += 1;
    const email = `admin-subs-${people}@example.com`;
    return {
      email,
      ...(await signUpAndSignIn(server, { email, firstName, lastName: 'Saver', ...(promoCode ? { promoCode } : {}) })),
    };
  };
  const call = (who: Person, path: string, method = 'GET', json?: unknown) =>
    server.request(path, { method, cookie: who.cookie, ...(json === undefined ? {} : { json }) });
  const listUsers = async (query = '') => {
    const res = await call(admin, `/api/admin/users${query}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as { users: AdminUser[]; total: number };
  };

  beforeAll(async () => {
    server = await createTestServer(kind);
    server.clock.set(start);
    admin = await newPerson('Ada');
    await grantAdmin(server, admin.userId);
    const res = await call(admin, '/api/admin/promo-codes', 'POST', {
      code: 'HELLO30',
      promoType: 'free_trial',
      durationDays: 30,
    });
    expect(res.status).toBe(201);
    saver = await newPerson('Quentin', 'hello30');
  });
  afterAll(async () => {
    await server?.close();
  });

  it("lists each user's effective tier, payment status, trial end, promo and override", async () => {
    const { users, total } = await listUsers('?search=quentin');
    expect(total).toBe(1);
    expect(users[0]).toMatchObject({
      userId: saver.userId,
      email: saver.email,
      name: 'Quentin Saver',
      role: 'subscriber',
      promoCode: 'HELLO30',
      subscription: {
        tier: 'trial_bigpig',
        paymentStatus: 'trial',
        trialExpiresAt: '2027-01-03T10:00:00.000Z',
        hasAdminOverride: false,
      },
      accessReason: 'trial',
    });
    const all = await listUsers();
    expect(all.users.map((u) => u.email)).toEqual(expect.arrayContaining([admin.email, saver.email]));
    // An admin has Big Pig because of the role: never "no access".
    expect(all.users.find((u) => u.userId === admin.userId)).toMatchObject({
      role: 'admin',
      subscription: { tier: 'bigpig' },
      accessReason: 'admin',
    });
    expect((await listUsers('?search=nobody-at-all')).users).toEqual([]);
  });

  it('shows an override set and cleared on the users list, each change in the audit log', async () => {
    const override = (adminOverride: boolean) =>
      call(admin, `/api/admin/users/${saver.userId}/subscription/override`, 'PUT', { adminOverride });
    expect((await override(true)).status).toBe(200);
    expect((await listUsers(`?search=${encodeURIComponent(saver.email)}`)).users[0]?.subscription).toMatchObject({
      tier: 'bigpig',
      hasAdminOverride: true,
    });
    expect((await override(false)).status).toBe(200);
    expect((await listUsers(`?search=${encodeURIComponent(saver.email)}`)).users[0]?.subscription).toMatchObject({
      tier: 'trial_bigpig',
      hasAdminOverride: false,
    });
    const detail = (await (await call(admin, `/api/admin/users/${saver.userId}`)).json()) as {
      user: { activity: { auditEntries: { action: string; adminEmail: string; after: unknown }[] } };
    };
    expect(
      detail.user.activity.auditEntries.map(({ action, adminEmail, after }) => ({ action, adminEmail, after })),
    ).toEqual([
      { action: 'user.subscription.override', adminEmail: admin.email, after: { adminOverride: false } },
      { action: 'user.subscription.override', adminEmail: admin.email, after: { adminOverride: true } },
    ]);
  });

  it('refuses bad list parameters with 400', async () => {
    expect((await call(admin, '/api/admin/users?offset=-1')).status).toBe(400);
    expect((await call(admin, '/api/admin/users?offset=many')).status).toBe(400);
  });

  it('withdraws a promo code, which is then refused as unknown, and puts it back', async () => {
    const code = await call(admin, '/api/admin/promo-codes', 'POST', {
      code: 'GONE-SOON',
      promoType: 'discount',
      discountPercentage: 20,
    });
    const { id } = ((await code.json()) as { promoCode: { id: string } }).promoCode;
    const withdraw = await call(admin, `/api/admin/promo-codes/${id}`, 'PATCH', { isActive: false });
    expect(withdraw.status).toBe(200);
    expect(((await withdraw.json()) as { promoCode: { isActive: boolean } }).promoCode.isActive).toBe(false);
    const validate = async () =>
      (await (await call(saver, '/api/promo-codes/validate', 'POST', { code: 'gone-soon' })).json()) as {
        valid: boolean;
        message: string;
      };
    expect(await validate()).toMatchObject({ valid: false, message: PROMO_MESSAGES.unknown });
    expect((await call(admin, `/api/admin/promo-codes/${id}`, 'PATCH', { isActive: true })).status).toBe(200);
    expect((await validate()).valid).toBe(true);

    expect(
      (await call(admin, '/api/admin/promo-codes/00000000-0000-4000-8000-000000000000', 'PATCH', { isActive: false }))
        .status,
    ).toBe(404);
    expect((await call(admin, '/api/admin/promo-codes/not-a-uuid', 'PATCH', { isActive: false })).status).toBe(400);
    expect((await call(admin, `/api/admin/promo-codes/${id}`, 'PATCH', { isActive: 'no' })).status).toBe(400);
    expect(
      (await call(admin, `/api/admin/promo-codes/${id}`, 'PATCH', { isActive: false, timesRedeemed: 0 })).status,
    ).toBe(400);
  });

  it('gives a non-admin 403 and an admin without two-factor 403 on every admin subscription route', async () => {
    const lax = await newPerson('Lax');
    await grantAdmin(server, lax.userId, { twoFactor: false });
    const routes: [string, string, unknown?][] = [
      ['/api/admin/promo-codes', 'GET'],
      ['/api/admin/promo-codes', 'POST', { code: 'MINE', promoType: 'free_trial', durationDays: 9 }],
      ['/api/admin/promo-codes/00000000-0000-4000-8000-000000000000', 'PATCH', { isActive: false }],
      [`/api/admin/users/${saver.userId}/subscription/override`, 'PUT', { adminOverride: true }],
    ];
    for (const [path, method, json] of routes) {
      const refused = await call(saver, path, method, json);
      expect(refused.status, `${method} ${path}`).toBe(403);
      const noTwoFactor = await call(lax, path, method, json);
      expect(noTwoFactor.status, `${method} ${path}`).toBe(403);
      expect(((await noTwoFactor.json()) as { error: { message: string } }).error.message).toBe(
        ADMIN_TWO_FACTOR_MESSAGE,
      );
    }
    expect(
      (await listUsers(`?search=${encodeURIComponent(saver.email)}`)).users[0]?.subscription.hasAdminOverride,
    ).toBe(false);
  });
});
