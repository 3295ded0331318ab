import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestServer, grantAdmin, signIn, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { declaredAccess, routeKey, type Access } from './access.ts';
import { accounts, user } from '../db/schema/index.ts';
import { createTestAccount, insertStoredTransaction } from '../transactions/account-fixture.ts';
import { STANDING_ORDER_OWNERSHIP_CASES } from '../standing-orders/ownership-cases.ts';
import { PENSION_OWNERSHIP_CASES } from '../pension/ownership-cases.ts';
import { TERM_OWNERSHIP_CASES } from '../terms/ownership-cases.ts';
import { OPEN_BANKING_OWNERSHIP_CASES } from '../open-banking/ownership-cases.ts';
import { type FakeProvider, startFakeProvider } from '../open-banking/test/fake-provider.ts';
import { BILLING_OWNERSHIP_CASES } from '../billing/ownership-cases.ts';
import { SUPPORT_OWNERSHIP_CASES } from '../support/ownership-cases.ts';
import { ADMIN_CONTACT_OWNERSHIP_CASES } from '../admin/ownership-cases.ts';
import { ADMIN_USER_OWNERSHIP_CASES } from '../admin/users/ownership-cases.ts';
import { ADMIN_NEWS_OWNERSHIP_CASES } from '../news/ownership-cases.ts';

/**
 * Routes that take the id of a user-owned row must prove, with a real row, that its owner
 * gets it and another user does not. Register each here as `"METHOD /path/:id": case`;
 * a user route with a path parameter and no case fails the harness.
 */
type OwnershipCase = {
  /** Creates a row owned by the signed-in `owner` and returns the concrete path to request. */
  setup: (server: TestServer, owner: { cookie: string; userId: string }) => Promise<string>;
  /** What another user gets: 404 keeps the row's existence secret. */
  otherStatus: 404 | 403;
  /** Whether an admin may read it (admin screens); otherwise admins get `otherStatus` too. */
  adminAllowed: boolean;
  /** The JSON body each caller sends (routes that change a row need a valid change). */
  json?: unknown;
  /** An admin route about a user's row (a contact inquiry they sent): the owner is refused too. */
  ownerStatus?: 403;
};

/** An account of the owner's (a cash ISA, which needs no bank), through the API; the owner's e-mail is verified. */
async function ownAccount(server: TestServer, owner: { cookie: string }): Promise<string> {
  const res = await server.request('/api/accounts', {
    method: 'POST',
    cookie: owner.cookie,
    json: { name: 'Harness ISA', accountNumber: '1', bankId: null, accountType: 'Cash ISA' },
  });
  return `/api/accounts/${((await res.json()) as { account: { id: string } }).account.id}`;
}

const IMPORT_ROWS = { rows: [{ date: '2026-01-01', amountPence: 100, notes: 'harness' }] };

const transactionCase = (
  path: (ids: { accountId: string; transactionId: string }) => string,
  json?: unknown,
): OwnershipCase => ({
  setup: async (server, owner) => {
    const accountId = await createTestAccount(server.deps.database.db, owner.userId);
    const transactionId = await insertStoredTransaction(server.deps.database.db, {
      userId: owner.userId,
      accountId,
      amountPence: 100,
      date: '2026-01-01',
      type: 'deposit',
    });
    return path({ accountId, transactionId });
  },
  otherStatus: 404,
  adminAllowed: false,
  json,
});
const OWNERSHIP_CASES: Record<string, OwnershipCase> = {
  'GET /api/avatars/:userId/:fileName': {
    setup: async (server, owner) => {
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#a16' } })
        .png()
        .toBuffer();
      const body = new FormData();
      body.append('file', new File([new Uint8Array(png)], 'me.png', { type: 'image/png' }));
      const res = await server.request('/api/profile/avatar', { method: 'POST', cookie: owner.cookie, body });
      return ((await res.json()) as { avatarUrl: string }).avatarUrl;
    },
    otherStatus: 404,
    adminAllowed: true,
  },
  'DELETE /api/account/sessions/:sessionId': {
    // A second session of the owner's, to be ended from the first.
    setup: async (server, owner) => {
      const [row] = await server.deps.database.db
        .select({ email: user.email })
        .from(user)
        .where(eq(user.id, owner.userId));
      await signIn(server, row!.email, 'correct horse battery');
      const res = await server.request('/api/account/sessions', { cookie: owner.cookie });
      const { sessions } = (await res.json()) as { sessions: { id: string; isCurrent: boolean }[] };
      return `/api/account/sessions/${sessions.find((s) => !s.isCurrent)!.id}`;
    },
    otherStatus: 404,
    adminAllowed: false,
  },
  'GET /api/accounts/:id': {
    setup: async (server, owner) => `/api/accounts/${await createTestAccount(server.deps.database.db, owner.userId)}`,
    otherStatus: 404,
    adminAllowed: false,
  },
  'GET /api/accounts/:id/balance-series': transactionCase(
    ({ accountId }) => `/api/accounts/${accountId}/balance-series`,
  ),
  'PUT /api/accounts/:id': {
    setup: ownAccount,
    otherStatus: 404,
    adminAllowed: false,
    json: { name: 'Renamed', accountNumber: '2', bankId: null, accountType: 'Cash ISA' },
  },
  'PATCH /api/accounts/:id': { setup: ownAccount, otherStatus: 404, adminAllowed: false, json: { name: 'Renamed' } },
  'DELETE /api/accounts/:id': { setup: ownAccount, otherStatus: 404, adminAllowed: false },
  'POST /api/accounts/:id/restore': {
    // An account of the owner's that a downgrade archived.
    setup: async (server, owner) => {
      const path = await ownAccount(server, owner);
      const id = path.split('/').at(-1)!;
      await server.deps.database.db.update(accounts).set({ archivedAt: new Date() }).where(eq(accounts.id, id));
      return `${path}/restore`;
    },
    otherStatus: 404,
    adminAllowed: false,
  },
  'GET /api/accounts/:id/transactions': transactionCase(({ accountId }) => `/api/accounts/${accountId}/transactions`),
  'POST /api/accounts/:id/transactions': transactionCase(({ accountId }) => `/api/accounts/${accountId}/transactions`, {
    transactions: [{ type: 'deposit', amountPence: 100, date: '2026-01-02' }],
  }),
  'PATCH /api/transactions/:id': transactionCase(({ transactionId }) => `/api/transactions/${transactionId}`, {
    amountPence: 200,
  }),
  'DELETE /api/transactions/:id': transactionCase(({ transactionId }) => `/api/transactions/${transactionId}`),
  'POST /api/accounts/:id/balance/recalculate': transactionCase(
    ({ accountId }) => `/api/accounts/${accountId}/balance/recalculate`,
  ),
  'POST /api/accounts/:id/balance-updates': transactionCase(
    ({ accountId }) => `/api/accounts/${accountId}/balance-updates`,
    { balancePence: 100, date: '2026-01-02' },
  ),
  ...STANDING_ORDER_OWNERSHIP_CASES,
  ...TERM_OWNERSHIP_CASES,
  ...OPEN_BANKING_OWNERSHIP_CASES,
  ...PENSION_OWNERSHIP_CASES,
  ...SUPPORT_OWNERSHIP_CASES,
  ...ADMIN_CONTACT_OWNERSHIP_CASES,
  ...ADMIN_USER_OWNERSHIP_CASES,
  ...ADMIN_NEWS_OWNERSHIP_CASES,
  'GET /api/accounts/:id/isa': {
    setup: async (server, owner) => `${await ownAccount(server, owner)}/isa`,
    otherStatus: 404,
    adminAllowed: false,
  },
  'PUT /api/accounts/:id/isa/provider': {
    setup: async (server, owner) => `${await ownAccount(server, owner)}/isa/provider`,
    otherStatus: 404,
    adminAllowed: false,
    json: { providerId: 'Z1198' },
  },
  'PATCH /api/accounts/:id/isa': {
    // An ISA with its provider chosen: the details exist to be changed.
    setup: async (server, owner) => {
      const path = await ownAccount(server, owner);
      await server.request(`${path}/isa/provider`, {
        method: 'PUT',
        cookie: owner.cookie,
        json: { providerId: 'Z1198' },
      });
      return `${path}/isa`;
    },
    otherStatus: 404,
    adminAllowed: false,
    json: { isFlexible: true },
  },
  'POST /api/accounts/:id/transactions/import': {
    setup: async (server, owner) =>
      `/api/accounts/${await createTestAccount(server.deps.database.db, owner.userId)}/transactions/import`,
    otherStatus: 404,
    adminAllowed: false,
    json: IMPORT_ROWS,
  },
  'POST /api/accounts/:id/transactions/import/preview': {
    setup: async (server, owner) =>
      `/api/accounts/${await createTestAccount(server.deps.database.db, owner.userId)}/transactions/import/preview`,
    otherStatus: 404,
    adminAllowed: false,
    json: IMPORT_ROWS,
  },
  // Last: the owner pays for Big Pig here, ending the trial the earlier cases ran on.
  ...BILLING_OWNERSHIP_CASES,
};

/** Routes on which no request shape is meaningful without their own fixtures (streams, library-owned). */
const NOT_PROBED = new Set([
  routeKey('GET', '/api/auth/*'),
  routeKey('POST', '/api/auth/*'),
  routeKey('GET', '/api/events'),
]);

function concretePath(path: string): string {
  return path.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000').replace('/*', '/x');
}

describe('the authorisation harness', () => {
  let server: TestServer;
  let subscriber: { cookie: string; userId: string };
  let other: { cookie: string; userId: string };
  let admin: { cookie: string; userId: string };
  let adminWithoutTwoFactor: { cookie: string; userId: string };
  let routes: Array<{ key: string; method: string; path: string }>;
  let fakeBank: FakeProvider;

  beforeAll(async () => {
    fakeBank = await startFakeProvider();
    server = await createTestServer('pglite', fakeBank.serverEnv());
    subscriber = await signUpAndSignIn(server, { email: 'owner@example.com' });
    other = await signUpAndSignIn(server, { email: 'other@example.com' });
    admin = await signUpAndSignIn(server, { email: 'root@example.com' });
    await grantAdmin(server, admin.userId);
    adminWithoutTwoFactor = await signUpAndSignIn(server, { email: 'root-no-2fa@example.com' });
    await grantAdmin(server, adminWithoutTwoFactor.userId, { twoFactor: false });
    const seen = new Set<string>();
    routes = server.app.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/') && r.path !== '/api/*')
      .map((r) => ({ key: routeKey(r.method, r.path), method: r.method, path: r.path }))
      .filter((r) => !seen.has(r.key) && seen.add(r.key));
  });
  afterAll(async () => {
    await server?.close();
    await fakeBank?.close();
  });

  it('finds the API routes', () => {
    expect(routes.length).toBeGreaterThan(5);
  });

  it('has a declared access rule for every API route', () => {
    const missing = routes.filter((r) => !declaredAccess().has(r.key)).map((r) => r.key);
    expect(missing, 'routes without an access rule (use defineRoute or declareAccess)').toEqual([]);
  });

  it('declares no rule for a route that does not exist', () => {
    const keys = new Set(routes.map((r) => r.key));
    // A worker's files share one module graph, so the registry also holds the rules of the routes
    // other files made for themselves under /t/ (request-transaction, deferred-frame): not the app's.
    const rules = [...declaredAccess().keys()].filter((k) => !k.split(' ')[1]?.startsWith('/t/'));
    expect(rules.length).toBeGreaterThan(5);
    const stale = rules.filter((k) => !keys.has(k));
    expect(stale).toEqual([]);
  });

  it("finds the Debug Console's TestSprite API and validation last-run routes, admin only", () => {
    const expected = [
      'GET /api/admin/diagnostics/debug-api',
      ...['auth', 'navigation', 'database', 'system-health', 'full'].map(
        (name) => `POST /api/admin/diagnostics/debug-api/${name}`,
      ),
      'GET /api/admin/diagnostics/last-run',
    ].map((k) => routeKey(k.split(' ')[0]!, k.split(' ')[1]!));
    const keys = new Set(routes.map((r) => r.key));
    for (const key of expected) {
      expect(keys.has(key), key).toBe(true);
      expect(declaredAccess().get(key), key).toBe('admin');
    }
  });

  it('has an owner/other/admin case for every user route that takes an id', () => {
    const needCases = routes
      .filter((r) => declaredAccess().get(r.key) === 'user' && r.path.includes(':'))
      .map((r) => r.key);
    expect(needCases.filter((k) => !OWNERSHIP_CASES[k])).toEqual([]);
  });

  const request = (method: string, path: string, cookie?: string) =>
    server.request(concretePath(path), {
      method,
      cookie,
      ...(method === 'GET' || method === 'HEAD' ? {} : { json: {} }),
    });

  it('refuses every user and admin route to an anonymous caller with 401', async () => {
    for (const r of routes.filter((x) => !NOT_PROBED.has(x.key))) {
      const access = declaredAccess().get(r.key) as Access;
      if (access === 'public') continue;
      const res = await request(r.method, r.path);
      expect(res.status, `${r.key} as anonymous`).toBe(401);
    }
  });

  it('refuses every admin route to a signed-in subscriber with 403, and lets an admin past the check', async () => {
    for (const r of routes.filter((x) => declaredAccess().get(x.key) === 'admin')) {
      expect((await request(r.method, r.path, subscriber.cookie)).status, `${r.key} as subscriber`).toBe(403);
      expect([401, 403], `${r.key} as admin`).not.toContain((await request(r.method, r.path, admin.cookie)).status);
    }
  });

  it('refuses every admin route, and the admin check, to an admin without two-factor authentication', async () => {
    const refusals = [
      ...routes.filter((x) => declaredAccess().get(x.key) === 'admin'),
      { method: 'GET', path: '/api/admin/check' },
    ];
    for (const r of refusals) {
      const res = await request(r.method, r.path, adminWithoutTwoFactor.cookie);
      expect(res.status, `${r.method} ${r.path} as an admin without two-factor`).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('TWO_FACTOR_REQUIRED');
    }
    const check = await request('GET', '/api/admin/check', admin.cookie);
    expect(check.status).toBe(200);
    expect(await check.json()).toEqual({ isAdmin: true });
  });

  it('lets anyone reach a public route without a 401 or 403', async () => {
    for (const r of routes.filter((x) => declaredAccess().get(x.key) === 'public' && !NOT_PROBED.has(x.key))) {
      const res = await request(r.method, r.path);
      expect([401, 403], `${r.key} as anonymous`).not.toContain(res.status);
    }
  });

  it('serves an owned row to its owner only (and to an admin where allowed)', async () => {
    for (const [key, c] of Object.entries(OWNERSHIP_CASES)) {
      const method = key.split(' ')[0]!;
      const path = await c.setup(server, subscriber);
      const body = c.json === undefined ? {} : { json: c.json };
      // The others first: the owner's own request may delete the row.
      expect(
        (await server.request(path, { method, cookie: other.cookie, ...body })).status,
        `${key} as other user`,
      ).toBe(c.otherStatus);
      const asAdmin = (await server.request(path, { method, cookie: admin.cookie, ...body })).status;
      if (c.adminAllowed) expect(asAdmin, `${key} as admin`).toBeLessThan(300);
      else expect(asAdmin, `${key} as admin`).toBe(c.otherStatus);
      const asOwner = (await server.request(path, { method, cookie: subscriber.cookie, ...body })).status;
      if (c.ownerStatus) expect(asOwner, `${key} as owner`).toBe(c.ownerStatus);
      else expect(asOwner, `${key} as owner`).toBeLessThan(300);
    }
  });
});
