import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_USER_TEXTS } from '../../../core/admin-users/user-edit.ts';
import { rowsOf } from '../../db/rls.ts';
import { ADMIN_TWO_FACTOR_MESSAGE } from '../../http/access.ts';
import { sseReader } from '../../realtime/sse-reader.ts';
import { ACCOUNT_SUSPENDED_MESSAGE } from '../../session/lifecycle-plugin.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { createTestServer, grantAdmin, signIn, signUpAndSignIn, type TestServer } from '../../test/server.ts';
import type { AdminUserDetail } from './routes.ts';

type Person = { cookie: string; userId: string; email: string };
type ListItem = {
  userId: string;
  email: string;
  name: string;
  role: string;
  suspended: boolean;
  presence: { isOnline: boolean };
  lastActiveAt: string | null;
  subscription: { tier: string; paymentStatus: string; hasAdminOverride: boolean };
  accessReason: string;
};
type List = { users: ListItem[]; total: number; isCapped: boolean; pageSize: number };

const PASSWORD = 'correct horse battery';

describe.each(testDatabaseKinds())('the admin users API on %s', (kind) => {
  let server: TestServer;
  let admin: Person;
  let adminWithoutTwoFactor: Person;
  let people = 0;

  const newPerson = async (firstName: string, lastName = 'Saver'): Promise<Person> => {
    people += 1;
    const email = `admin-users-${people}-${firstName.toLowerCase()}@example.com`;
    return { email, ...(await signUpAndSignIn(server, { email, firstName, lastName })) };
  };
  const call = (who: Person, path: string, method = 'GET', json?: unknown) =>
    server.request(path, { method, cookie: who.cookie, ...(json === undefined ? {} : { json }) });
  const list = async (query = ''): Promise<List> => {
    const res = await call(admin, `/api/admin/users${query}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as List;
  };
  const detail = async (userId: string): Promise<AdminUserDetail> => {
    const res = await call(admin, `/api/admin/users/${userId}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { user: AdminUserDetail }).user;
  };
  const patch = (userId: string, body: unknown, who: Person = admin) =>
    call(who, `/api/admin/users/${userId}`, 'PATCH', body);
  const auditCount = async () =>
    Number(
      rowsOf<{ n: number | string }>(
        await server.deps.database.db.execute(sql`select count(*) as n from admin_audit_log`),
      )[0]!.n,
    );
  const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

  beforeAll(async () => {
    server = await createTestServer(kind);
    admin = await newPerson('Ada', 'Admin');
    await grantAdmin(server, admin.userId);
    adminWithoutTwoFactor = await newPerson('Nora', 'Admin');
    await grantAdmin(server, adminWithoutTwoFactor.userId, { twoFactor: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('finds a user by any part of their e-mail address or name, in any case, with role, tier and status', async () => {
    const quentin = await newPerson('Quentin', 'Quayle');
    const byEmail = await list(`?search=${encodeURIComponent(quentin.email.slice(3, 20).toUpperCase())}`);
    expect(byEmail.users.map((u) => u.email)).toEqual([quentin.email]);
    const byName = await list('?search=tin%20QUAY');
    expect(byName.total).toBe(1);
    expect(byName.users[0]).toMatchObject({
      userId: quentin.userId,
      name: 'Quentin Quayle',
      role: 'subscriber',
      suspended: false,
      accessReason: 'trial',
      subscription: { tier: 'trial_bigpig', paymentStatus: 'trial', hasAdminOverride: false },
    });
    // Signing in made them online and active.
    expect(byName.users[0]!.presence.isOnline).toBe(true);
    expect(byName.users[0]!.lastActiveAt).not.toBeNull();
    expect((await list('?search=ada%20admin')).users[0]).toMatchObject({ userId: admin.userId, role: 'admin' });
    // LIKE's wildcards are plain characters in a search.
    expect((await list('?search=%25')).total).toBe(0);
    expect((await list('?search=_')).total).toBe(0);
    expect((await list('?search=nobody-matches-this')).users).toEqual([]);
  });

  it('pages through every user, newest first', async () => {
    const all = await list();
    expect(all.pageSize).toBe(50);
    expect(all.total).toBeGreaterThanOrEqual(3);
    expect(all.isCapped).toBe(false);
    const created = all.users.map((u) => u.userId);
    const secondPage = await list(`?offset=1`);
    expect(secondPage.users.map((u) => u.userId)).toEqual(created.slice(1));
    expect(secondPage.total).toBe(all.total);
    const pastTheEnd = await list(`?offset=${all.total + 10}`);
    expect(pastTheEnd).toMatchObject({ users: [], total: all.total });
    expect((await call(admin, '/api/admin/users?offset=-1')).status).toBe(400);
    expect((await call(admin, '/api/admin/users?offset=lots')).status).toBe(400);
    expect((await call(admin, `/api/admin/users?search=${'x'.repeat(201)}`)).status).toBe(400);
  });

  it('shows one user whole, and says User not found for anyone else', async () => {
    const sam = await newPerson('Sam');
    const user = await detail(sam.userId);
    expect(user).toMatchObject({
      userId: sam.userId,
      email: sam.email,
      emailVerified: true,
      isSelf: false,
      role: 'subscriber',
      profile: { firstName: 'Sam', lastName: 'Saver', marketingOptIn: false },
      settings: { maxAccounts: null, suspended: false, defaultCurrency: 'GBP', hasIsas: false },
      accountCap: { max: null, source: 'tier', tier: 'trial_bigpig' },
      hubspot: { contactId: null },
      presence: { isOnline: true },
      activity: { liveSessions: 1, auditEntries: [] },
    });
    expect(user.activity.lastLoginAt).not.toBeNull();
    expect(user.activity.devices).toHaveLength(1);
    // A session idle for ten minutes is over, whatever its expiry says.
    await server.deps.database.db.execute(
      sql`update session set last_active_at = now() - interval '11 minutes' where user_id = ${sam.userId}`,
    );
    expect((await detail(sam.userId)).activity.liveSessions).toBe(0);
    expect((await detail(admin.userId)).isSelf).toBe(true);
    const missing = await call(admin, '/api/admin/users/no-such-user');
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).message).toBe(ADMIN_USER_TEXTS.missing);
    expect((await call(admin, '/api/admin/users/bad%20id')).status).toBe(400);
  });

  it('saves profile, role, flags, cap, currency and override together, auditing each before and after', async () => {
    const tom = await newPerson('Tom');
    const res = await patch(tom.userId, {
      profile: { firstName: ' Thomas ', postcode: 'sw1a1aa', town: 'London' },
      role: 'admin',
      settings: { hasRssNews: true, maxAccounts: 7, defaultCurrency: 'EUR' },
      subscription: { adminOverride: true },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { user } = (await res.json()) as { user: AdminUserDetail };
    expect(user).toMatchObject({
      role: 'admin',
      profile: { firstName: 'Thomas', postcode: 'SW1A 1AA', town: 'London' },
      settings: { hasRssNews: true, maxAccounts: 7, defaultCurrency: 'EUR' },
      subscription: { hasAdminOverride: true, accessReason: 'admin' },
      accountCap: { max: 7, source: 'admin' },
    });
    const entries = user.activity.auditEntries.map((e) => ({
      action: e.action,
      adminEmail: e.adminEmail,
      before: e.before,
      after: e.after,
    }));
    expect(entries).toEqual(
      expect.arrayContaining([
        {
          action: 'user.profile.update',
          adminEmail: admin.email,
          before: { firstName: 'Tom', postcode: null, town: null },
          after: { firstName: 'Thomas', postcode: 'SW1A 1AA', town: 'London' },
        },
        {
          action: 'user.role.change',
          adminEmail: admin.email,
          before: { role: 'subscriber' },
          after: { role: 'admin' },
        },
        {
          action: 'user.settings.update',
          adminEmail: admin.email,
          before: { hasRssNews: false, maxAccounts: null, defaultCurrency: 'GBP' },
          after: { hasRssNews: true, maxAccounts: 7, defaultCurrency: 'EUR' },
        },
        {
          action: 'user.subscription.override',
          adminEmail: admin.email,
          before: { adminOverride: false },
          after: { adminOverride: true },
        },
      ]),
    );
    expect(entries).toHaveLength(4);
    // Saving the same again changes nothing and records nothing.
    const count = await auditCount();
    expect((await patch(tom.userId, { role: 'admin', settings: { maxAccounts: 7 } })).status).toBe(200);
    expect(await auditCount()).toBe(count);
    // And back to a subscriber: the role row goes.
    const back = await patch(tom.userId, { role: 'subscriber' });
    expect(((await back.json()) as { user: AdminUserDetail }).user.role).toBe('subscriber');
  });

  it("makes the user's next request follow a new account cap and a feature flag", async () => {
    const una = await newPerson('Una');
    const addAccount = () =>
      call(una, '/api/accounts', 'POST', {
        name: 'Cap ISA',
        accountNumber: '1',
        bankId: null,
        accountType: 'Cash ISA',
      });
    expect((await addAccount()).status).toBe(201);
    const me = async () => (await (await call(una, '/api/me')).json()) as { features: { rssNews: boolean } };
    expect((await me()).features.rssNews).toBe(true); // the trial's Big Pig has it
    expect((await patch(una.userId, { settings: { maxAccounts: 1 } })).status).toBe(200);
    const refused = await addAccount();
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({
      code: 'ACCOUNT_LIMIT_REACHED',
      message: expect.stringContaining('limit of 1 account set on your SavvyPig account'),
    });
    expect((await patch(una.userId, { settings: { maxAccounts: 2 } })).status).toBe(200);
    expect((await addAccount()).status).toBe(201);
    // The trial ends: piglet, without RSS news, until an admin grants the flag.
    await server.deps.database.db.execute(
      sql`update subscriptions set trial_expires_at = now() - interval '1 day' where user_id = ${una.userId}`,
    );
    expect((await me()).features.rssNews).toBe(false);
    expect((await patch(una.userId, { settings: { hasRssNews: true } })).status).toBe(200);
    expect((await me()).features.rssNews).toBe(true);
  });

  it('suspends with a reason: the user is signed out at once and refused at sign-in; lifting it clears the reason', async () => {
    const vic = await newPerson('Vic');
    expect((await call(vic, '/api/me')).status).toBe(200);
    const events = await server.request('/api/events', { cookie: vic.cookie });
    const stream = sseReader(events.body!);
    expect((await stream.next()).event).toBe('ready');
    const count = await auditCount();
    const noReason = await patch(vic.userId, { settings: { suspended: true, suspensionReason: '  ' } });
    expect(noReason.status).toBe(400);
    expect(await errorOf(noReason)).toMatchObject({ message: ADMIN_USER_TEXTS.reasonRequired });
    expect((await call(vic, '/api/me')).status).toBe(200);
    expect(await auditCount()).toBe(count);

    const res = await patch(vic.userId, { settings: { suspended: true, suspensionReason: 'Chargeback fraud' } });
    expect(res.status).toBe(200);
    const { user } = (await res.json()) as { user: AdminUserDetail };
    expect(user.settings).toMatchObject({ suspended: true, suspensionReason: 'Chargeback fraud' });
    expect(user.activity.liveSessions).toBe(0);
    expect(user.activity.auditEntries[0]).toMatchObject({
      action: 'user.suspend',
      before: { suspended: false, suspensionReason: null },
      after: { suspended: true, suspensionReason: 'Chargeback fraud' },
    });
    expect((await call(vic, '/api/me')).status).toBe(401);
    // Their open event stream hears it, and ends.
    expect(JSON.parse((await stream.nextOf(['account.suspended'])).data)).toMatchObject({ invalidate: [['me']] });
    await expect(stream.next(2_000)).rejects.toThrow('stream ended');
    const signInAgain = await server.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: vic.email, password: PASSWORD },
    });
    expect(signInAgain.status).toBe(403);
    expect(await signInAgain.text()).toContain(ACCOUNT_SUSPENDED_MESSAGE);
    expect((await list(`?search=${vic.email}`)).users[0]).toMatchObject({ suspended: true });

    const lifted = await patch(vic.userId, { settings: { suspended: false } });
    const after = ((await lifted.json()) as { user: AdminUserDetail }).user;
    expect(after.settings).toMatchObject({ suspended: false, suspensionReason: null });
    expect(after.activity.auditEntries[0]).toMatchObject({ action: 'user.unsuspend' });
    await signIn(server, vic.email, PASSWORD);
  });

  it('takes two admins saving one user in turn, each audit entry starting where the other ended', async () => {
    const zed = await newPerson('Zed');
    const saves = await Promise.all([5, 6, 7].map((maxAccounts) => patch(zed.userId, { settings: { maxAccounts } })));
    expect(saves.map((r) => r.status)).toEqual([200, 200, 200]);
    const entries = (await detail(zed.userId)).activity.auditEntries
      .filter((e) => e.action === 'user.settings.update')
      .reverse() as { before: { maxAccounts: number | null }; after: { maxAccounts: number } }[];
    expect(entries).toHaveLength(3);
    expect(entries[0]!.before.maxAccounts).toBeNull();
    expect(entries[1]!.before.maxAccounts).toBe(entries[0]!.after.maxAccounts);
    expect(entries[2]!.before.maxAccounts).toBe(entries[1]!.after.maxAccounts);
    expect((await detail(zed.userId)).settings.maxAccounts).toBe(entries[2]!.after.maxAccounts);
  });

  it('writes nothing when any part of a save is refused', async () => {
    const wes = await newPerson('Wes');
    await patch(wes.userId, { settings: { suspended: true, suspensionReason: 'Review' } });
    const count = await auditCount();
    // The profile part is fine; clearing a suspended user's reason is not: neither is saved.
    const res = await patch(wes.userId, { profile: { firstName: 'Wesley' }, settings: { suspensionReason: null } });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ message: ADMIN_USER_TEXTS.reasonRequired });
    const user = await detail(wes.userId);
    expect(user.profile.firstName).toBe('Wes');
    expect(user.settings.suspensionReason).toBe('Review');
    expect(await auditCount()).toBe(count);
  });

  it('refuses bad input with a clear message', async () => {
    const xan = await newPerson('Xan');
    const refusal = async (body: unknown) => {
      const res = await patch(xan.userId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      return (await errorOf(res)).message;
    };
    expect(await refusal({ settings: { maxAccounts: 2.5 } })).toBe(ADMIN_USER_TEXTS.maxAccounts);
    expect(await refusal({ settings: { maxAccounts: -1 } })).toBe(ADMIN_USER_TEXTS.maxAccounts);
    expect(await refusal({ settings: { maxAccounts: '3' } })).toBe(ADMIN_USER_TEXTS.maxAccounts);
    expect(await refusal({ role: 'owner' })).toBe('Role must be subscriber or admin');
    expect(await refusal({ email: 'new@example.com' })).toBe('This field cannot be changed here: email');
    expect(await refusal({ profile: { email: 'new@example.com' } })).toBe(
      'This profile field cannot be changed here: email',
    );
    expect(await refusal({ settings: { twoFactorEnabled: false } })).toBe(
      'This setting cannot be changed here: twoFactorEnabled',
    );
    expect(await refusal({ settings: { defaultCurrency: 'JPY' } })).toBe('Choose GBP, USD or EUR');
    expect(await refusal({ profile: { dateOfBirth: '2999-01-01' } })).toBe('Date of birth must be in the past');
    expect(await refusal({})).toBe(ADMIN_USER_TEXTS.nothingToUpdate);
    expect((await patch('no-such-user', { role: 'admin' })).status).toBe(404);
  });

  it('refuses an admin removing their own admin role or suspending themselves', async () => {
    const count = await auditCount();
    const demote = await patch(admin.userId, { role: 'subscriber' });
    expect(demote.status).toBe(403);
    expect((await errorOf(demote)).message).toBe(ADMIN_USER_TEXTS.ownAdminRole);
    const suspend = await patch(admin.userId, { settings: { suspended: true, suspensionReason: 'Oops' } });
    expect(suspend.status).toBe(403);
    expect((await errorOf(suspend)).message).toBe(ADMIN_USER_TEXTS.ownSuspension);
    expect(await auditCount()).toBe(count);
    expect((await detail(admin.userId)).role).toBe('admin');
    // Their own profile and flags they may change.
    expect((await patch(admin.userId, { settings: { defaultCurrency: 'USD' } })).status).toBe(200);
  });

  it('lets only one of two admins demoting or suspending each other at once win: one admin is always left', async () => {
    for (const change of [
      { role: 'subscriber' },
      { settings: { suspended: true, suspensionReason: 'Locked out by the other' } },
    ]) {
      for (let round = 0; round < 3; round += 1) {
        const [ann, bob] = [await newPerson('Ann'), await newPerson('Bob')];
        await grantAdmin(server, ann.userId);
        await grantAdmin(server, bob.userId);
        const results = await Promise.all([patch(bob.userId, change, ann), patch(ann.userId, change, bob)]);
        expect(
          results.filter((r) => r.status === 200),
          JSON.stringify(change),
        ).toHaveLength(1);
        // The other is refused: no longer an admin (403), or signed out by their suspension (401).
        expect(results.filter((r) => r.status === 401 || r.status === 403)).toHaveLength(1);
      }
    }
  });

  it('answers a non-admin 403 and an admin without two-factor 403 on every admin users route', async () => {
    const yan = await newPerson('Yan');
    const routes: [string, string, unknown?][] = [
      ['/api/admin/users', 'GET'],
      [`/api/admin/users/${yan.userId}`, 'GET'],
      [`/api/admin/users/${yan.userId}`, 'PATCH', { role: 'admin' }],
    ];
    for (const [path, method, body] of routes) {
      expect((await call(yan, path, method, body)).status, `${method} ${path} as a subscriber`).toBe(403);
      const res = await call(adminWithoutTwoFactor, path, method, body);
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', message: ADMIN_TWO_FACTOR_MESSAGE });
    }
    expect((await detail(yan.userId)).role).toBe('subscriber');
  });
});
