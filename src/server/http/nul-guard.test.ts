import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { accountTypes, contactInquiries, session, transactions, user } from '../db/schema/index.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, grantAdmin, signIn, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { createTestAccount } from '../transactions/account-fixture.ts';

type User = { cookie: string; userId: string };
type ErrorBody = { error: { code: string; message: string; details?: { field?: string } } };

const NUL = '\u0000';

/** Issue 12: each of these answered 500 (PostgreSQL text cannot hold U+0000; `name: null` broke a NOT NULL). */
describe.each(testDatabaseKinds())('text holding NUL on %s', (kind) => {
  let server: TestServer;
  let ann: User;
  let admin: User;

  beforeAll(async () => {
    server = await createTestServer(kind);
    ann = await signUpAndSignIn(server, { email: 'ann.nul@example.com', firstName: 'Ann', lastName: 'Nul' });
    admin = await signUpAndSignIn(server, { email: 'root.nul@example.com' });
    await grantAdmin(server, admin.userId);
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.deps.database.db;
  const rowCount = async (
    table: typeof transactions | typeof contactInquiries | typeof accountTypes | typeof session,
  ) => (await db().select({ n: count() }).from(table))[0]!.n;
  const nameOf = async (userId: string) =>
    (await db().select({ name: user.name }).from(user).where(eq(user.id, userId)))[0]!.name;
  const refusal = async (res: Response) => {
    expect(res.status).toBe(400);
    return ((await res.json()) as ErrorBody).error;
  };

  it('refuses it in transaction notes with 400, naming the field, and writes nothing', async () => {
    const account = await createTestAccount(db(), ann.userId);
    const before = await rowCount(transactions);
    const res = await server.request(`/api/accounts/${account}/transactions`, {
      method: 'POST',
      cookie: ann.cookie,
      json: { transactions: [{ type: 'deposit', amountPence: 100, date: '2026-01-01', notes: `a${NUL}b` }] },
    });
    expect(await refusal(res)).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Text cannot contain the NUL character (U+0000) (in transactions.0.notes)',
      details: { field: 'transactions.0.notes' },
    });
    expect(await rowCount(transactions)).toBe(before);
  });

  it('keeps a typed backslash-u0000 (not a NUL) in transaction notes', async () => {
    const account = await createTestAccount(db(), ann.userId);
    const res = await server.request(`/api/accounts/${account}/transactions`, {
      method: 'POST',
      cookie: ann.cookie,
      json: { transactions: [{ type: 'deposit', amountPence: 100, date: '2026-01-01', notes: 'C:\\u0000' }] },
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { items: { notes: string }[] }).items[0]!.notes).toBe('C:\\u0000');
  });

  it("refuses it in the contact form's name from an anonymous caller, and stores no inquiry", async () => {
    const before = await rowCount(contactInquiries);
    const res = await server.request('/api/contact', {
      method: 'POST',
      json: { name: `Ann${NUL}`, email: 'ann@example.com', subject: 'Hello', message: 'A message long enough' },
    });
    expect((await refusal(res)).details).toEqual({ field: 'name' });
    expect(await rowCount(contactInquiries)).toBe(before);
  });

  it("refuses it in an account type's name, and adds no type", async () => {
    const before = await rowCount(accountTypes);
    const res = await server.request('/api/admin/account-types', {
      method: 'POST',
      cookie: admin.cookie,
      json: { name: `Bond${NUL}` },
    });
    expect((await refusal(res)).details).toEqual({ field: 'name' });
    expect(await rowCount(accountTypes)).toBe(before);
  });

  it('refuses it in a path segment (DELETE /api/account/sessions/%00) and ends no session', async () => {
    const before = await rowCount(session);
    expect(
      (await refusal(await server.request('/api/account/sessions/%00', { method: 'DELETE', cookie: ann.cookie })))
        .details,
    ).toEqual({ field: 'path' });
    expect(await rowCount(session)).toBe(before);
  });

  // Found by the schema-driven fuzz test (openapi-fuzz.test.ts): the public bank and provider searches.
  it.each(['/api/reference/banks', '/api/reference/isa-providers', '/api/reference/pension-providers'])(
    'refuses it in the search text of %s, for anyone',
    async (path) => {
      expect((await refusal(await server.request(`${path}?q=Bar%00clays`))).details).toEqual({ field: 'q' });
    },
  );

  it('refuses it in a query value and in a JSON key', async () => {
    expect((await refusal(await server.request('/api/transactions?q=a%00', { cookie: ann.cookie }))).details).toEqual({
      field: 'q',
    });
    const account = await createTestAccount(db(), ann.userId);
    const res = await server.request(`/api/accounts/${account}/transactions`, {
      method: 'POST',
      cookie: ann.cookie,
      json: { transactions: [{ type: 'deposit', amountPence: 100, date: '2026-01-01', [`no${NUL}te`]: 'x' }] },
    });
    expect((await refusal(res)).details).toEqual({ field: 'transactions.0.no\\u0000te' });
  });

  it('finds it however deeply the body nests, in a moment', async () => {
    const depth = 200_000;
    const started = performance.now();
    const res = await server.request('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"name":${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}}`,
    });
    expect((await refusal(res)).details?.field).toMatch(/^name(\.0)+…$/);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("refuses it in better-auth's reset-password token", async () => {
    const res = await server.request('/api/auth/reset-password', {
      method: 'POST',
      json: { token: `abc${NUL}`, newPassword: 'a new password 9' },
    });
    expect((await refusal(res)).details).toEqual({ field: 'token' });
  });

  it("refuses it in better-auth's revoke-session token, and the session stays", async () => {
    const other = await signIn(server, 'ann.nul@example.com', 'correct horse battery');
    const res = await server.request('/api/auth/revoke-session', {
      method: 'POST',
      cookie: ann.cookie,
      json: { token: `abc${NUL}` },
    });
    expect((await refusal(res)).details).toEqual({ field: 'token' });
    expect((await server.request('/api/me', { cookie: other.cookie })).status).toBe(200);
  });

  it("refuses it in better-auth's form-encoded bodies too", async () => {
    const res = await server.request('/api/auth/reset-password', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'token=abc%00&newPassword=a+new+password+9',
    });
    expect((await refusal(res)).details).toEqual({ field: 'token' });
  });

  // The update-user route may be turned off (a 404); whatever it answers, it is no 500 and the name stays.
  it.each([
    ['a NUL in the name', { name: `Ann${NUL}` }],
    ['a null name', { name: null }],
    ['a name that is not text', { name: { first: 'Ann' } }],
  ])("refuses %s in better-auth's update-user without a 500, and the name stays", async (_, json) => {
    const before = await nameOf(ann.userId);
    const res = await server.request('/api/auth/update-user', { method: 'POST', cookie: ann.cookie, json });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await nameOf(ann.userId)).toBe(before);
  });
});
