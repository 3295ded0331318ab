import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { withActor } from '../db/rls.ts';
import { accounts, accountTypes } from '../db/schema/index.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, grantAdmin, signUpAndSignIn, type TestServer } from '../test/server.ts';

type AccountType = { id: string; name: string; description: string | null; sortOrder: number; accountCount?: number };
type ErrorBody = { error: { code: string; message: string } };

const SEEDED = [
  'Savings',
  'Current',
  'Bond',
  'Fixed Term Deposit',
  'Notice Saver',
  'Regular Saver',
  'Cash ISA',
  'Stocks and Shares ISA',
  'Lifetime ISA',
  'Junior ISA',
  'Innovative Finance ISA',
  'Personal Pension',
  'Workplace Pension',
  'SIPP',
];

describe.each(testDatabaseKinds())('account types on %s', (kind) => {
  let server: TestServer;
  let admin: { cookie: string; userId: string };
  let saver: { cookie: string; userId: string };
  let other: { cookie: string; userId: string };

  beforeAll(async () => {
    server = await createTestServer(kind);
    admin = await signUpAndSignIn(server, { email: 'admin.types@example.com' });
    await grantAdmin(server, admin.userId);
    saver = await signUpAndSignIn(server, { email: 'saver.types@example.com' });
    other = await signUpAndSignIn(server, { email: 'other.types@example.com' });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const send = (method: string, path: string, cookie: string, json?: unknown) =>
    server.request(path, { method, cookie, ...(json === undefined ? {} : { json }) });
  const userList = async (cookie = saver.cookie) => {
    const res = await send('GET', '/api/account-types', cookie);
    expect(res.status).toBe(200);
    return ((await res.json()) as { accountTypes: AccountType[] }).accountTypes;
  };
  const adminList = async () => {
    const res = await send('GET', '/api/admin/account-types', admin.cookie);
    expect(res.status).toBe(200);
    return ((await res.json()) as { accountTypes: AccountType[] }).accountTypes;
  };
  const add = (json: unknown, cookie = admin.cookie) => send('POST', '/api/admin/account-types', cookie, json);
  const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error;
  const openAccount = (userId: string, accountType: string) =>
    withActor(server.deps.database.db, { userId }, (tx) =>
      tx
        .insert(accounts)
        .values({ userId, name: `${accountType} account`, accountNumber: '12345678', accountType })
        .returning({ id: accounts.id }),
    ).then((rows) => rows[0]!.id);
  const accountTypeOf = async (id: string) =>
    (await server.deps.database.db.select({ t: accounts.accountType }).from(accounts).where(eq(accounts.id, id)))[0]?.t;

  it('lists the seeded active types to any signed-in user, by sort order', async () => {
    expect((await userList()).map((t) => t.name)).toEqual(SEEDED);
    expect((await server.request('/api/account-types')).status).toBe(401);
  });

  it('orders types with the same sort order by name', async () => {
    const zebra = await add({ name: 'Zebra Saver' });
    const alpha = await add({ name: 'Alpha Saver' });
    expect([zebra.status, alpha.status]).toEqual([201, 201]);
    const names = (await userList()).map((t) => t.name);
    expect(names.slice(-2)).toEqual(['Alpha Saver', 'Zebra Saver']);
    expect((await userList()).at(-1)?.sortOrder).toBe(999);
  });

  it('adds a type with the name and description trimmed, and a blank description as none', async () => {
    const res = await add({ name: '  Easy Access  ', description: '   ' });
    expect(res.status).toBe(201);
    const { accountType } = (await res.json()) as { accountType: AccountType };
    expect(accountType).toMatchObject({ name: 'Easy Access', description: null, sortOrder: 999, accountCount: 0 });
    const described = (await (await add({ name: 'Kids Saver', description: '  For children  ' })).json()) as {
      accountType: AccountType;
    };
    expect(described.accountType.description).toBe('For children');
  });

  it('refuses a blank name with the spec’s message', async () => {
    for (const json of [{ name: '   ' }, { name: '' }, {}]) {
      const res = await add(json);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toBe('Account type name is required');
    }
  });

  it('refuses a name already in use, in any case, with the spec’s message', async () => {
    const res = await add({ name: ' savings ' });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({ code: 'CONFLICT', message: 'An account type with this name already exists' });
  });

  it('tells a signed-in non-admin that only admins can add account types, and writes nothing', async () => {
    const res = await add({ name: 'Sneaky' }, saver.cookie);
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toEqual({ code: 'FORBIDDEN', message: 'Only admins can add account types' });
    expect((await userList()).map((t) => t.name)).not.toContain('Sneaky');
    // The other admin routes keep the general refusal.
    expect((await errorOf(await send('GET', '/api/admin/account-types', saver.cookie))).message).toBe(
      'Admin access required',
    );
  });

  it('refuses non-admin writes in the database too (row-level security, code 42501)', async () => {
    const attempt = withActor(server.deps.database.db, { userId: saver.userId }, (tx) =>
      tx.insert(accountTypes).values({ name: 'Direct' }),
    );
    await expect(attempt).rejects.toMatchObject({ cause: expect.objectContaining({ code: '42501' }) });
  });

  it('renames a type in use, and every account of every user that used it, in one go', async () => {
    const created = (await (await add({ name: 'Loyalty Saver' })).json()) as { accountType: AccountType };
    const mine = await openAccount(saver.userId, 'Loyalty Saver');
    const theirs = await openAccount(other.userId, 'Loyalty Saver');
    const untouched = await openAccount(saver.userId, 'Savings');
    expect((await adminList()).find((t) => t.id === created.accountType.id)?.accountCount).toBe(2);

    const heard: { userId: string; event: string; data: unknown }[] = [];
    const unsubscribe = [saver, other, admin].map(({ userId }) =>
      server.deps.hub.subscribe({
        userId,
        isAdmin: userId === admin.userId,
        send: (event, data) => heard.push({ userId, event, data }),
        close: () => undefined,
      }),
    );
    const res = await send('PUT', `/api/admin/account-types/${created.accountType.id}`, admin.cookie, {
      name: ' Loyalty Bonus Saver ',
      description: 'Bonus for no withdrawals',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      accountType: { name: 'Loyalty Bonus Saver', description: 'Bonus for no withdrawals', accountCount: 2 },
      renamedAccounts: 2,
    });
    expect(await accountTypeOf(mine)).toBe('Loyalty Bonus Saver');
    expect(await accountTypeOf(theirs)).toBe('Loyalty Bonus Saver');
    expect(await accountTypeOf(untouched)).toBe('Savings');
    // Each owner's open tabs hear that their account changed; admins' pages that the types did.
    await expect.poll(() => heard.length, { timeout: 3_000 }).toBeGreaterThanOrEqual(3);
    expect(heard).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          userId: saver.userId,
          event: 'account.changed',
          data: expect.objectContaining({ data: { accountIds: [mine] } }),
        }),
        expect.objectContaining({
          userId: other.userId,
          event: 'account.changed',
          data: expect.objectContaining({ data: { accountIds: [theirs] } }),
        }),
        expect.objectContaining({ userId: admin.userId, event: 'account-types.changed' }),
      ]),
    );
    for (const stop of unsubscribe) stop();
  });

  it('renames nothing when the rename fails: the name is taken', async () => {
    const created = (await (await add({ name: 'Holiday Saver' })).json()) as { accountType: AccountType };
    const account = await openAccount(saver.userId, 'Holiday Saver');
    const res = await send('PUT', `/api/admin/account-types/${created.accountType.id}`, admin.cookie, { name: 'bond' });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe('An account type with this name already exists');
    expect(await accountTypeOf(account)).toBe('Holiday Saver');
  });

  it('refuses to rename a type in use into or out of ISA or pension, and renames an unused one', async () => {
    const isa = (await (await add({ name: 'Flexible ISA' })).json()) as { accountType: AccountType };
    const account = await openAccount(saver.userId, 'Flexible ISA');
    const refused = await send('PUT', `/api/admin/account-types/${isa.accountType.id}`, admin.cookie, {
      name: 'Flexible Saver',
    });
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toEqual({
      code: 'CONFLICT',
      message:
        'Accounts use Flexible ISA, and renaming it to Flexible Saver would change what kind of account they are. Some account types are restricted due to regulatory requirements',
    });
    expect(await accountTypeOf(account)).toBe('Flexible ISA');
    expect((await adminList()).map((t) => t.name)).toContain('Flexible ISA');
    // Within its category the rename goes through, accounts and all.
    const kept = await send('PUT', `/api/admin/account-types/${isa.accountType.id}`, admin.cookie, {
      name: 'Flexible Cash ISA',
    });
    expect(kept.status).toBe(200);
    expect(await accountTypeOf(account)).toBe('Flexible Cash ISA');

    // Savings to other (the spec's derivation reads 'Instant Access' as other) is the admin's call.
    const instant = (await (await add({ name: 'Instant Saver' })).json()) as { accountType: AccountType };
    const instantAccount = await openAccount(saver.userId, 'Instant Saver');
    expect(
      (
        await send('PUT', `/api/admin/account-types/${instant.accountType.id}`, admin.cookie, {
          name: 'Instant Access',
        })
      ).status,
    ).toBe(200);
    expect(await accountTypeOf(instantAccount)).toBe('Instant Access');

    const unused = (await (await add({ name: 'Starter Saver' })).json()) as { accountType: AccountType };
    const renamed = await send('PUT', `/api/admin/account-types/${unused.accountType.id}`, admin.cookie, {
      name: 'Starter ISA',
    });
    expect(renamed.status).toBe(200);
  });

  it('lets a type change only the case of its own name', async () => {
    const created = (await (await add({ name: 'christmas saver' })).json()) as { accountType: AccountType };
    const account = await openAccount(saver.userId, 'christmas saver');
    const res = await send('PUT', `/api/admin/account-types/${created.accountType.id}`, admin.cookie, {
      name: 'Christmas Saver',
    });
    expect(res.status).toBe(200);
    expect(await accountTypeOf(account)).toBe('Christmas Saver');
  });

  it('refuses to delete a type in use, and retires an unused one (soft delete)', async () => {
    const used = (await (await add({ name: 'Used Type' })).json()) as { accountType: AccountType };
    await openAccount(saver.userId, 'Used Type');
    const refused = await send('DELETE', `/api/admin/account-types/${used.accountType.id}`, admin.cookie);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe('Cannot delete an account type that is in use');

    const unused = (await (await add({ name: 'Unused Type' })).json()) as { accountType: AccountType };
    expect((await send('DELETE', `/api/admin/account-types/${unused.accountType.id}`, admin.cookie)).status).toBe(204);
    expect((await userList()).map((t) => t.name)).not.toContain('Unused Type');
    const [row] = await server.deps.database.db
      .select()
      .from(accountTypes)
      .where(eq(accountTypes.id, unused.accountType.id));
    expect(row?.isActive).toBe(false);
    // Retired: gone for updates and deletes, and its name is free again.
    expect((await send('DELETE', `/api/admin/account-types/${unused.accountType.id}`, admin.cookie)).status).toBe(404);
    expect(
      (await send('PUT', `/api/admin/account-types/${unused.accountType.id}`, admin.cookie, { name: 'Back' })).status,
    ).toBe(404);
    expect((await add({ name: 'Unused Type' })).status).toBe(201);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await send('PUT', `/api/admin/account-types/${unknown}`, admin.cookie, { name: 'X' })).status).toBe(404);
    expect((await send('DELETE', `/api/admin/account-types/${unknown}`, admin.cookie)).status).toBe(404);
    expect((await send('DELETE', '/api/admin/account-types/not-an-id', admin.cookie)).status).toBe(400);
  });

  it('saves an order: each type’s sort order becomes its position, the rest follow', async () => {
    const before = await userList();
    const reversed = before
      .slice(0, 3)
      .map((t) => t.id)
      .reverse();
    const res = await send('PUT', '/api/admin/account-types/order', admin.cookie, { ids: reversed });
    expect(res.status).toBe(200);
    const after = await userList();
    expect(after.slice(0, 3).map((t) => t.id)).toEqual(reversed);
    expect(after.map((t) => t.sortOrder)).toEqual(after.map((_, i) => i + 1));
    expect(after.slice(3).map((t) => t.id)).toEqual(before.slice(3).map((t) => t.id));
  });

  it('refuses an order naming an unknown or repeated type, and changes nothing', async () => {
    const before = await userList();
    const unknown = await send('PUT', '/api/admin/account-types/order', admin.cookie, {
      ids: [before[1]!.id, '00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.status).toBe(404);
    const repeated = await send('PUT', '/api/admin/account-types/order', admin.cookie, {
      ids: [before[0]!.id, before[0]!.id],
    });
    expect(repeated.status).toBe(400);
    expect(await userList()).toEqual(before);
  });

  it('keeps every admin route shut to a non-admin', async () => {
    const [first] = await userList();
    const cases: [string, string, unknown][] = [
      ['GET', '/api/admin/account-types', undefined],
      ['PUT', `/api/admin/account-types/${first!.id}`, { name: 'Hacked' }],
      ['DELETE', `/api/admin/account-types/${first!.id}`, undefined],
      ['PUT', '/api/admin/account-types/order', { ids: [first!.id] }],
    ];
    for (const [method, path, json] of cases)
      expect((await send(method, path, saver.cookie, json)).status, `${method} ${path}`).toBe(403);
    expect((await userList())[0]).toEqual(first);
  });
});
