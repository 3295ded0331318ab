import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { withActor } from '../db/rls.ts';
import { accounts, transactions } from '../db/schema/index.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';

type Row = { date: string; amountPence: number; type?: string; notes?: string | null };
type ErrorBody = { error: { code: string; message: string } };

const STATEMENT: Row[] = [
  { date: '2026-01-02', amountPence: 250_000, notes: 'SALARY ACME LTD' },
  { date: '2026-01-03', amountPence: -1_234, notes: 'TESCO STORES 2041' },
  { date: '2026-01-31', amountPence: 412, notes: 'GROSS INTEREST' },
  { date: '2026-01-31', amountPence: -500, type: 'fee', notes: 'MONTHLY FEE' },
];

describe.each(testDatabaseKinds())('importing transactions on %s', (kind) => {
  let server: TestServer;
  let ann: { cookie: string; userId: string };
  let bob: { cookie: string; userId: string };

  beforeAll(async () => {
    server = await createTestServer(kind);
    ann = await signUpAndSignIn(server, { email: 'ann.import@example.com' });
    bob = await signUpAndSignIn(server, { email: 'bob.import@example.com' });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const openAccount = (userId: string) =>
    withActor(server.deps.database.db, { userId }, (tx) =>
      tx
        .insert(accounts)
        .values({ userId, name: 'Everyday', accountNumber: '12345678', accountType: 'Current' })
        .returning({ id: accounts.id }),
    ).then((rows) => rows[0]!.id);
  const importRows = (accountId: string, json: unknown, cookie = ann.cookie) =>
    server.request(`/api/accounts/${accountId}/transactions/import`, { method: 'POST', cookie, json });
  const preview = (accountId: string, json: unknown, cookie = ann.cookie) =>
    server.request(`/api/accounts/${accountId}/transactions/import/preview`, { method: 'POST', cookie, json });
  const balanceOf = async (id: string) =>
    (await server.deps.database.db.select().from(accounts).where(eq(accounts.id, id)))[0]!.balancePence;
  const rowsOf = (id: string) =>
    server.deps.database.db
      .select({
        date: transactions.date,
        amountPence: transactions.amountPence,
        type: transactions.type,
        notes: transactions.notes,
      })
      .from(transactions)
      .where(eq(transactions.accountId, id))
      .orderBy(transactions.date, transactions.amountPence);
  const messageOf = async (res: Response) => ((await res.json()) as ErrorBody).error.message;

  it('adds the rows with their types, and the balance follows', async () => {
    const account = await openAccount(ann.userId);
    const res = await importRows(account, { rows: STATEMENT, skipDuplicates: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ imported: 4, duplicates: 0 });
    expect(await rowsOf(account)).toEqual([
      { date: '2026-01-02', amountPence: 250_000, type: 'deposit', notes: 'SALARY ACME LTD' },
      { date: '2026-01-03', amountPence: -1_234, type: 'withdrawal', notes: 'TESCO STORES 2041' },
      { date: '2026-01-31', amountPence: -500, type: 'fee', notes: 'MONTHLY FEE' },
      { date: '2026-01-31', amountPence: 412, type: 'interest', notes: 'GROSS INTEREST' },
    ]);
    expect(await balanceOf(account)).toBe(250_000 - 1_234 + 412 - 500);
  });

  it('skips rows already on the account (notes compared ignoring case and spaces) and repeats within the file', async () => {
    const account = await openAccount(ann.userId);
    await importRows(account, { rows: STATEMENT.slice(0, 2) });
    const again = [
      { date: '2026-01-03', amountPence: -1_234, notes: '  tesco   stores 2041 ' },
      { date: '2026-01-04', amountPence: -999, notes: 'NEW' },
      { date: '2026-01-04', amountPence: -999, notes: 'new' },
    ];
    const findings = await preview(account, { rows: again });
    expect(await findings.json()).toEqual({ duplicates: ['existing', null, 'file'], latestStatement: null });
    const res = await importRows(account, { rows: again, skipDuplicates: true });
    expect(await res.json()).toEqual({ imported: 1, duplicates: 2 });
    expect(await balanceOf(account)).toBe(250_000 - 1_234 - 999);
  });

  it('finds a statement line that matches a standing-order payment, whose stored notes carry the order marker', async () => {
    const account = await openAccount(ann.userId);
    server.clock.set(new Date('2026-06-15T11:00:00Z'));
    const added = await server.request(`/api/accounts/${account}/standing-orders`, {
      method: 'POST',
      cookie: ann.cookie,
      json: { amountPence: 5_000, frequency: 'monthly', startDate: '2026-05-10' },
    });
    expect(added.status).toBe(201);
    const processed = await server.request(`/api/accounts/${account}/standing-orders/process`, {
      method: 'POST',
      cookie: ann.cookie,
    });
    expect(await processed.json()).toMatchObject({ processed: 2 });
    expect((await rowsOf(account)).map((r) => r.notes)).toEqual([
      expect.stringMatching(/^Standing order \[standing-order:/),
      expect.any(String),
    ]);

    const statement = [
      { date: '2026-05-10', amountPence: 5_000, notes: 'STANDING ORDER' },
      { date: '2026-06-10', amountPence: 5_000, notes: 'Standing order' },
      { date: '2026-06-11', amountPence: 5_000, notes: 'Standing order' },
    ];
    expect(await (await preview(account, { rows: statement })).json()).toEqual({
      duplicates: ['existing', 'existing', null],
      latestStatement: null,
    });
    expect(await (await importRows(account, { rows: statement })).json()).toEqual({ imported: 1, duplicates: 2 });
  });

  it('names the account’s latest stated balance; rows before it are history and leave the balance as it is', async () => {
    const account = await openAccount(ann.userId);
    server.clock.set(new Date('2026-06-15T11:00:00Z'));
    await withActor(server.deps.database.db, { userId: ann.userId }, (tx) =>
      tx.insert(transactions).values({
        accountId: account,
        userId: ann.userId,
        date: '2026-06-15',
        type: 'opening_balance',
        amountPence: 25_000_00,
      }),
    );
    const statement = [
      { date: '2026-05-03', amountPence: 500_00, notes: 'TRANSFER IN' },
      { date: '2026-05-31', amountPence: 21_92, notes: 'INTEREST' },
      { date: '2026-06-15', amountPence: 120_00, notes: 'TRANSFER IN' },
    ];
    expect(await (await preview(account, { rows: statement })).json()).toEqual({
      duplicates: [null, null, null],
      latestStatement: { date: '2026-06-15', type: 'opening_balance' },
    });
    expect(await (await importRows(account, { rows: statement })).json()).toEqual({ imported: 3, duplicates: 0 });
    expect(await balanceOf(account)).toBe(25_120_00);

    const update = await server.request(`/api/accounts/${account}/balance-updates`, {
      method: 'POST',
      cookie: ann.cookie,
      json: { date: '2026-06-14', balancePence: 24_000_00 },
    });
    expect(update.status).toBe(201);
    // The starting balance (15 June) is still the latest statement: the update of the 14th is history.
    expect(await (await preview(account, { rows: statement })).json()).toMatchObject({
      latestStatement: { date: '2026-06-15', type: 'opening_balance' },
    });
    await server.request(`/api/accounts/${account}/balance-updates`, {
      method: 'POST',
      cookie: ann.cookie,
      json: { balancePence: 26_000_00 },
    });
    expect(await (await preview(account, { rows: statement })).json()).toMatchObject({
      latestStatement: { date: '2026-06-15', type: 'balance_update' },
    });
  });

  it('imports duplicates too when told not to skip them', async () => {
    const account = await openAccount(ann.userId);
    await importRows(account, { rows: STATEMENT });
    const res = await importRows(account, { rows: STATEMENT, skipDuplicates: false });
    expect(await res.json()).toEqual({ imported: 4, duplicates: 4 });
    expect(await rowsOf(account)).toHaveLength(8);
  });

  it('previews without writing anything', async () => {
    const account = await openAccount(ann.userId);
    expect((await preview(account, { rows: STATEMENT })).status).toBe(200);
    expect(await rowsOf(account)).toEqual([]);
  });

  it('imports 5,000 rows at once, over the default body size, and refuses 5,001 with a clear message', async () => {
    const account = await openAccount(ann.userId);
    const many = Array.from({ length: 5000 }, (_, i) => ({
      date: `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
      amountPence: (i % 2 === 0 ? 1 : -1) * (i + 1),
      notes: `Row ${i} ${'x'.repeat(250)}`,
    }));
    expect(JSON.stringify({ rows: many }).length).toBeGreaterThan(1024 * 1024);
    const tooMany = await importRows(account, { rows: [...many, many[0]] });
    expect(tooMany.status).toBe(400);
    expect(await messageOf(tooMany)).toBe(
      'This file has 5,001 transactions; one import can hold at most 5,000. Split the file and import each part.',
    );
    expect(await rowsOf(account)).toEqual([]);

    const res = await importRows(account, { rows: many });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ imported: 5000, duplicates: 0 });
    expect(await balanceOf(account)).toBe(many.reduce((sum, r) => sum + r.amountPence, 0));
  }, 60_000);

  it('refuses the whole import when any row is bad, and writes nothing', async () => {
    const account = await openAccount(ann.userId);
    const cases: [Row[], string][] = [
      [[...STATEMENT, { date: '2026-02-30', amountPence: 100 }], 'Each transaction needs a real date (YYYY-MM-DD)'],
      [[...STATEMENT, { date: '2026-02-01', amountPence: 0 }], 'Transaction amounts must be greater than 0'],
      [
        [...STATEMENT, { date: '2026-02-01', amountPence: 0, type: 'deposit' }],
        'Transaction amounts must be greater than 0',
      ],
      [
        [...STATEMENT, { date: '2026-02-01', amountPence: 1.5 }],
        'Each transaction needs an amount in whole pence, at most £999,999,999.99',
      ],
      [
        [...STATEMENT, { date: '2026-02-01', amountPence: 100, type: 'withdrawal' }],
        'A withdrawal or fee must be money out (negative); a deposit or interest money in (positive)',
      ],
      [
        [...STATEMENT, { date: '2026-02-01', amountPence: -100, type: 'interest' }],
        'A withdrawal or fee must be money out (negative); a deposit or interest money in (positive)',
      ],
      [
        [...STATEMENT, { date: '2026-02-01', amountPence: 100, type: 'opening_balance' }],
        'type must be one of deposit, withdrawal, interest, fee',
      ],
      [
        [...STATEMENT, { date: '2026-02-01', amountPence: 100, notes: 'x'.repeat(501) }],
        'Notes must be 500 characters or fewer',
      ],
      [
        [...STATEMENT, { date: '2026-02-01', amountPence: 100, notes: 'a\u0000b' }],
        'Text cannot contain the NUL character (U+0000) (in rows.4.notes)',
      ],
      [[], 'There are no transactions to import'],
    ];
    for (const [rows, message] of cases) {
      const res = await importRows(account, { rows });
      expect(res.status, message).toBe(400);
      expect(await messageOf(res)).toBe(message);
    }
    expect(await rowsOf(account)).toEqual([]);
    expect(await balanceOf(account)).toBe(0);
  });

  it('refuses a row dated in year 0000 or outside 1900–2099 with the row named, in the preview too', async () => {
    const account = await openAccount(ann.userId);
    const cases: [string, string][] = [
      ['0000-01-01', 'Each transaction needs a real date (YYYY-MM-DD)'],
      ['1899-12-31', "Each transaction's date must be in the years 1900 to 2099"],
      ['2100-01-01', "Each transaction's date must be in the years 1900 to 2099"],
    ];
    for (const [date, message] of cases) {
      for (const send of [importRows, preview]) {
        const res = await send(account, { rows: [...STATEMENT, { date, amountPence: 100 }] });
        expect(res.status, date).toBe(400);
        expect(await res.json()).toMatchObject({
          error: { code: 'VALIDATION_FAILED', message, details: { field: 'rows.4.date' } },
        });
      }
    }
    expect(await rowsOf(account)).toEqual([]);
  });

  it('answers 404 for someone else’s account or an unknown one, and 401 when signed out', async () => {
    const annAccount = await openAccount(ann.userId);
    for (const res of [
      await importRows(annAccount, { rows: STATEMENT }, bob.cookie),
      await preview(annAccount, { rows: STATEMENT }, bob.cookie),
      await importRows('00000000-0000-4000-8000-000000000000', { rows: STATEMENT }),
    ]) {
      expect(res.status).toBe(404);
      expect(await messageOf(res)).toBe('Account not found');
    }
    expect(
      (
        await server.request(`/api/accounts/${annAccount}/transactions/import`, {
          method: 'POST',
          json: { rows: STATEMENT },
        })
      ).status,
    ).toBe(401);
    expect(await rowsOf(annAccount)).toEqual([]);
  });

  it('imports a file once when the same import arrives twice at the same moment', async () => {
    const account = await openAccount(ann.userId);
    const results = await Promise.all([
      importRows(account, { rows: STATEMENT }),
      importRows(account, { rows: STATEMENT }),
    ]);
    const bodies = (await Promise.all(results.map((r) => r.json()))) as { imported: number; duplicates: number }[];
    expect(bodies.map((b) => b.imported).sort()).toEqual([0, 4]);
    expect(await rowsOf(account)).toHaveLength(4);
  });

  it('tells the owner’s open tabs that the account changed', async () => {
    const account = await openAccount(ann.userId);
    const heard: { event: string; data: unknown }[] = [];
    const stop = server.deps.hub.subscribe({
      userId: ann.userId,
      isAdmin: false,
      send: (event, data) => heard.push({ event, data }),
      close: () => undefined,
    });
    await importRows(account, { rows: STATEMENT.slice(0, 1) });
    // On PostgreSQL the news comes back through LISTEN after the commit, so an earlier test's
    // import may still be heard here: look for this account's.
    const aboutThisAccount = () =>
      heard.filter(
        (h) =>
          h.event === 'account.changed' &&
          (h.data as { data?: { accountIds?: string[] } }).data?.accountIds?.includes(account),
      );
    await expect.poll(() => aboutThisAccount().length, { timeout: 3_000 }).toBe(1);
    expect(aboutThisAccount()[0]?.data).toMatchObject({ data: { accountIds: [account] } });
    stop();
  });
});
