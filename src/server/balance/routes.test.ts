/**
 * Issue 13 §1 through the API: the saver's scenario (a starting balance today, a standing order
 * that started three months ago, last month's statement imported) keeps the stated £25,000;
 * "Update balance" records a balance statement and says the adjustment; the lists say how each
 * entry stands; a balance update is made by "Update balance" alone.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BALANCE_UPDATE_MESSAGES } from '../../core/balance/balance-update.ts';
import { BALANCE_UPDATE_ONLY_BY_UPDATE } from '../../core/transactions/transaction-types.ts';
import { accounts, transactions } from '../db/schema/index.ts';
import { bankReferenceId } from '../reference/rows.ts';
import { STANDING_ORDERS_JOB } from '../standing-orders/jobs.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { BALANCE_UPDATE_NOT_EDITABLE } from '../transactions/routes.ts';
import type { ListedTransactionJson } from '../transactions/transaction-json.ts';

// Friday 27 November 2026, 10:00 in London.
const TODAY = new Date('2026-11-27T10:00:00Z');
const HALIFAX = bankReferenceId('frn-169628/Halifax');

type User = { cookie: string; userId: string };
type Updated = { transaction: ListedTransactionJson; balancePence: number; adjustmentPence: number | null };

describe.each(testDatabaseKinds())('balances that stay true, over the API on %s', (kind) => {
  let server: TestServer;
  let ann: User;
  let bob: User;

  const call = (path: string, init: { method?: string; json?: unknown; user?: User | null } = {}) =>
    server.request(path, {
      method: init.method ?? 'GET',
      json: init.json,
      ...(init.user === null ? {} : { cookie: (init.user ?? ann).cookie }),
    });
  const ok = async <T>(res: Response, status = 200): Promise<T> => {
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(status);
    return body as T;
  };
  const addAccount = async (startingBalancePence?: number, user = ann) =>
    (
      await ok<{ account: { id: string } }>(
        await call('/api/accounts', {
          method: 'POST',
          user,
          json: { name: 'Easy saver', accountNumber: '1234', bankId: HALIFAX, startingBalancePence },
        }),
        201,
      )
    ).account.id;
  const balance = async (id: string) =>
    (await ok<{ account: { balancePence: number } }>(await call(`/api/accounts/${id}`))).account.balancePence;
  const listed = async (id: string) =>
    (await ok<{ items: ListedTransactionJson[] }>(await call(`/api/accounts/${id}/transactions`))).items;
  const updateBalance = (id: string, json: unknown, user: User | null = ann) =>
    call(`/api/accounts/${id}/balance-updates`, { method: 'POST', json, user });
  const rowCount = async () => (await server.deps.database.db.select({ n: count() }).from(transactions))[0]!.n;

  beforeAll(async () => {
    server = await createTestServer(kind);
    server.clock.set(TODAY);
    ann = await signUpAndSignIn(server, { email: 'ann.balance@example.com' });
    bob = await signUpAndSignIn(server, { email: 'bob.balance@example.com' });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    server.clock.set(TODAY);
  });

  it('keeps the starting balance through a past standing order (Process Now) and last month’s statement', async () => {
    const id = await addAccount(25_000_00);
    await ok(
      await call(`/api/accounts/${id}/standing-orders`, {
        method: 'POST',
        json: { amountPence: 300_00, frequency: 'monthly', startDate: '2026-08-28' },
      }),
      201,
    );
    expect(await ok(await call(`/api/accounts/${id}/standing-orders/process`, { method: 'POST' }))).toMatchObject({
      processed: 3,
    });
    expect(await balance(id)).toBe(25_000_00);
    const statement = [
      { date: '2026-10-03', amountPence: 500_00, notes: 'TRANSFER IN' },
      { date: '2026-10-15', amountPence: -100_00, notes: 'TRANSFER OUT' },
      { date: '2026-10-31', amountPence: 21_92, notes: 'GROSS INTEREST' },
    ];
    await ok(await call(`/api/accounts/${id}/transactions/import`, { method: 'POST', json: { rows: statement } }));
    // The sum of everything would be £26,321.92: every back-dated entry added on top again.
    expect(await balance(id)).toBe(25_000_00);

    const items = await listed(id);
    expect(items.map((t) => [t.date, t.type, t.standing, t.latestStatementType, t.adjustmentPence])).toEqual([
      ['2026-11-27', 'opening_balance', 'statement', 'opening_balance', null],
      ['2026-10-31', 'interest', 'before-statement', 'opening_balance', null],
      ['2026-10-28', 'deposit', 'before-statement', 'opening_balance', null],
      ['2026-10-15', 'withdrawal', 'before-statement', 'opening_balance', null],
      ['2026-10-03', 'deposit', 'before-statement', 'opening_balance', null],
      ['2026-09-28', 'deposit', 'before-statement', 'opening_balance', null],
      ['2026-08-28', 'deposit', 'before-statement', 'opening_balance', null],
    ]);
    // Interest before the statement is still interest earned.
    expect(
      (await ok<{ summary: { lifetimeInterestPence: number } }>(await call(`/api/accounts/${id}`))).summary
        .lifetimeInterestPence,
    ).toBe(21_92);

    // An entry dated today adds; so does the standing order's next payment, paid by the daily job.
    await ok(
      await call(`/api/accounts/${id}/transactions`, {
        method: 'POST',
        json: { transactions: [{ type: 'deposit', amountPence: 120_00, date: '2026-11-27' }] },
      }),
      201,
    );
    expect(await balance(id)).toBe(25_120_00);
    server.clock.set(new Date('2026-11-28T10:00:00Z'));
    await server.deps.jobs.enqueue({ name: STANDING_ORDERS_JOB, key: `balance-${kind}` });
    await server.deps.jobs.runDue();
    const [stored] = await server.deps.database.db
      .select({ balancePence: accounts.balancePence })
      .from(accounts)
      .where(eq(accounts.id, id));
    expect(stored?.balancePence).toBe(25_420_00);
  });

  it('takes a typed £0 starting balance as a statement: earlier history imported later is already counted', async () => {
    const id = await addAccount(0);
    expect(await balance(id)).toBe(0);
    await ok(
      await call(`/api/accounts/${id}/transactions`, {
        method: 'POST',
        json: { transactions: [{ type: 'deposit', amountPence: 500_00, date: '2026-10-15' }] },
      }),
      201,
    );
    expect(await balance(id)).toBe(0);
    expect((await listed(id)).find((t) => t.type === 'deposit')?.standing).toBe('before-statement');
  });

  it('records what the bank shows, today by default, and says the balance and the adjustment', async () => {
    const id = await addAccount(25_000_00);
    await ok(
      await call(`/api/accounts/${id}/transactions`, {
        method: 'POST',
        json: { transactions: [{ type: 'deposit', amountPence: 100_00, date: '2026-11-20' }] },
      }),
      201,
    );
    // The starting balance is today's: the deposit of the 20th is history. The bank shows £25,120.
    const updated = await ok<Updated>(await updateBalance(id, { balancePence: 25_120_00 }), 201);
    expect(updated).toMatchObject({
      balancePence: 25_120_00,
      adjustmentPence: 120_00,
      transaction: {
        type: 'balance_update',
        amountPence: 25_120_00,
        date: '2026-11-27',
        notes: null,
        standing: 'statement',
        latestStatementType: 'balance_update',
        adjustmentPence: 120_00,
      },
    });
    expect(await balance(id)).toBe(25_120_00);
    const items = await listed(id);
    expect(items.map((t) => [t.type, t.standing, t.latestStatementType, t.adjustmentPence])).toEqual([
      ['balance_update', 'statement', 'balance_update', 120_00],
      ['opening_balance', 'replaced-statement', 'balance_update', null],
      ['deposit', 'before-statement', 'balance_update', null],
    ]);

    // On a past date, overdrawn: entries from that day on add to it.
    const current = await addAccount();
    await ok(
      await call(`/api/accounts/${current}/transactions`, {
        method: 'POST',
        json: {
          transactions: [
            { type: 'deposit', amountPence: 50_00, date: '2026-11-01' },
            { type: 'withdrawal', amountPence: 10_00, date: '2026-11-25' },
          ],
        },
      }),
      201,
    );
    expect(
      await ok<Updated>(await updateBalance(current, { balancePence: -30_00, date: '2026-11-20' }), 201),
    ).toMatchObject({
      balancePence: -40_00,
      adjustmentPence: -80_00,
    });
  });

  it('ends an update given today at exactly the figure typed, same-day interest included, and says the real difference (issue 24)', async () => {
    const id = await addAccount(1_000_00);
    const add = (type: string, amountPence: number) =>
      call(`/api/accounts/${id}/transactions`, {
        method: 'POST',
        json: { transactions: [{ type, amountPence, date: '2026-11-27' }] },
      });
    await ok(await add('interest', 3_21), 201);
    // What the entries showed: £1,000 + £3.21. The bank shows £1,250.00 now.
    const updated = await ok<Updated>(await updateBalance(id, { balancePence: 1_250_00 }), 201);
    expect(updated).toMatchObject({ balancePence: 1_250_00, adjustmentPence: 246_79 });
    expect(await balance(id)).toBe(1_250_00);
    expect((await listed(id)).map((t) => [t.type, t.standing])).toEqual([
      ['balance_update', 'statement'],
      ['interest', 'before-statement'],
      ['opening_balance', 'replaced-statement'],
    ]);
    // A withdrawal of the same day recorded after the update adds to it.
    await ok(await add('withdrawal', 50_00), 201);
    expect(await balance(id)).toBe(1_200_00);
    expect((await listed(id)).find((t) => t.type === 'withdrawal')?.standing).toBe('counted');
  });

  it('takes today in London, not in UTC, as the default and the latest date', async () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London.
    server.clock.set(new Date('2026-06-30T23:30:00Z'));
    const id = await addAccount();
    const updated = await ok<Updated>(await updateBalance(id, { balancePence: 10_00 }), 201);
    expect(updated.transaction.date).toBe('2026-07-01');
    expect(updated.adjustmentPence).toBeNull();
    expect(await ok<Updated>(await updateBalance(id, { balancePence: 12_00, date: '2026-07-01' }), 201)).toMatchObject({
      balancePence: 12_00,
      adjustmentPence: 2_00,
    });
  });

  it('refuses a date after today, a date that is not one and a balance that is not whole pence, writing nothing', async () => {
    const id = await addAccount(1_000_00);
    const before = await rowCount();
    const cases: [unknown, string][] = [
      [{ balancePence: 100, date: '2026-11-28' }, BALANCE_UPDATE_MESSAGES.future],
      [{ balancePence: 100, date: '2026-02-30' }, BALANCE_UPDATE_MESSAGES.date],
      [{ balancePence: 100, date: '27/11/2026' }, BALANCE_UPDATE_MESSAGES.date],
      [{ balancePence: 100, date: '1899-12-31' }, BALANCE_UPDATE_MESSAGES.date],
      [{ balancePence: 1.5 }, BALANCE_UPDATE_MESSAGES.balance],
      [{ balancePence: '100' }, BALANCE_UPDATE_MESSAGES.balance],
      [{}, BALANCE_UPDATE_MESSAGES.balance],
      [{ balancePence: 100_000_000_001 }, BALANCE_UPDATE_MESSAGES.balanceTooLarge],
      [{ balancePence: -100_000_000_001 }, BALANCE_UPDATE_MESSAGES.balanceTooLarge],
    ];
    for (const [json, message] of cases) {
      const res = await updateBalance(id, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
    }
    expect(await rowCount()).toBe(before);
    expect(await balance(id)).toBe(1_000_00);
  });

  it('answers 404 for someone else’s account or no account, and 401 when signed out', async () => {
    const bobs = await addAccount(500_00, bob);
    for (const id of [bobs, '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b', 'not-an-id']) {
      const res = await updateBalance(id, { balancePence: 1 });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Account not found' } });
    }
    expect((await updateBalance(bobs, { balancePence: 1 }, null)).status).toBe(401);
    expect(await balance(bobs).catch(() => null)).toBeNull();
    expect(
      (await ok<{ account: { balancePence: number } }>(await call(`/api/accounts/${bobs}`, { user: bob }))).account
        .balancePence,
    ).toBe(500_00);
  });

  it('makes a balance update by Update balance alone: not added, imported, edited into or out of, but deleted', async () => {
    const id = await addAccount(1_000_00);
    const added = await call(`/api/accounts/${id}/transactions`, {
      method: 'POST',
      json: {
        transactions: [
          { type: 'deposit', amountPence: 1, date: '2026-11-27' },
          { type: 'balance_update', amountPence: 5, date: '2026-11-27' },
        ],
      },
    });
    expect(added.status).toBe(400);
    expect(await added.json()).toMatchObject({
      error: { message: BALANCE_UPDATE_ONLY_BY_UPDATE, details: { field: 'transactions.1' } },
    });

    const { transaction } = await ok<Updated>(await updateBalance(id, { balancePence: 900_00 }), 201);
    const edit = await call(`/api/transactions/${transaction.id}`, { method: 'PATCH', json: { notes: 'Bank app' } });
    expect(edit.status).toBe(400);
    expect(await edit.json()).toMatchObject({ error: { message: BALANCE_UPDATE_NOT_EDITABLE } });

    const [opening] = (await listed(id)).filter((t) => t.type === 'opening_balance');
    const retype = await call(`/api/transactions/${opening!.id}`, {
      method: 'PATCH',
      json: { type: 'balance_update' },
    });
    expect(retype.status).toBe(400);
    expect(await retype.json()).toMatchObject({ error: { message: BALANCE_UPDATE_ONLY_BY_UPDATE } });

    const imported = await call(`/api/accounts/${id}/transactions/import`, {
      method: 'POST',
      json: { rows: [{ date: '2026-11-27', amountPence: 5_00, type: 'balance_update' }] },
    });
    expect(imported.status).toBe(400);

    expect(await balance(id)).toBe(900_00);
    const deleted = await ok<{ balancePence: number }>(
      await call(`/api/transactions/${transaction.id}`, { method: 'DELETE' }),
    );
    expect(deleted.balancePence).toBe(1_000_00);
  });

  it('says how each entry stands in the all-transactions list too, and counts no balance update as money', async () => {
    const carol = await signUpAndSignIn(server, { email: 'carol.balance@example.com' });
    const id = await addAccount(2_000_00, carol);
    await ok(
      await call(`/api/accounts/${id}/transactions`, {
        method: 'POST',
        user: carol,
        json: { transactions: [{ type: 'interest', amountPence: 3_00, date: '2026-11-01' }] },
      }),
      201,
    );
    await ok(await updateBalance(id, { balancePence: 2_010_00 }, carol), 201);
    const overview = await ok<{ items: ListedTransactionJson[]; totals: { netPence: number; depositsPence: number } }>(
      await call('/api/transactions?sort=amount-asc', { user: carol }),
    );
    expect(overview.items.map((t) => [t.type, t.standing, t.latestStatementType, t.adjustmentPence])).toEqual([
      ['interest', 'before-statement', 'balance_update', null],
      ['opening_balance', 'replaced-statement', 'balance_update', null],
      ['balance_update', 'statement', 'balance_update', 10_00],
    ]);
    expect(overview.totals).toMatchObject({ depositsPence: 2_000_00, netPence: 2_003_00 });
  });
});
