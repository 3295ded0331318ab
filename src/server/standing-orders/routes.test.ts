import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { transactions } from '../db/schema/index.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { STANDING_ORDERS_JOB } from './jobs.ts';
import { createTestAccount } from '../transactions/account-fixture.ts';
import { accountState } from './test-helpers.ts';
import type { StandingOrderJson } from './routes.ts';

// "Today" for every test: 15 June 2026, midday in London.
const TODAY = new Date('2026-06-15T11:00:00Z');

const order = (overrides: Record<string, unknown> = {}) => ({
  amountPence: 5_000,
  frequency: 'monthly',
  startDate: '2026-03-10',
  ...overrides,
});

describe.each(testDatabaseKinds())('standing orders API on %s', (kind) => {
  let server: TestServer;
  let ann: { cookie: string; userId: string };
  let bob: { cookie: string; userId: string };
  let bobAccount: string;

  const call = (path: string, init: { method?: string; json?: unknown; cookie?: string } = {}) =>
    server.request(path, { method: init.method ?? 'GET', json: init.json, cookie: init.cookie ?? ann.cookie });
  const add = async (accountId: string, body: Record<string, unknown>) => {
    const res = await call(`/api/accounts/${accountId}/standing-orders`, { method: 'POST', json: body });
    expect(res.status).toBe(201);
    return ((await res.json()) as { standingOrder: StandingOrderJson }).standingOrder;
  };
  const processNow = async (accountId: string, cookie = ann.cookie) => {
    const res = await call(`/api/accounts/${accountId}/standing-orders/process`, { method: 'POST', cookie });
    expect(res.status).toBe(200);
    return (await res.json()) as { processed: number; warnings: string[] };
  };
  const list = async (accountId: string) => {
    const res = await call(`/api/accounts/${accountId}/standing-orders`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { standingOrders: StandingOrderJson[] }).standingOrders;
  };

  beforeAll(async () => {
    server = await createTestServer(kind);
    ann = await signUpAndSignIn(server, { email: 'ann@example.com' });
    bob = await signUpAndSignIn(server, { email: 'bob@example.com' });
    bobAccount = await createTestAccount(server.deps.database.db, bob.userId, 'Bob’s saver');
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    server.clock.set(TODAY);
  });

  it('adds an order, always paid by "Standing order", and lists it with its next payment', async () => {
    const accountId = await createTestAccount(server.deps.database.db, ann.userId);
    expect(await list(accountId)).toEqual([]);
    const created = await add(accountId, order({ paymentDay: 20, notes: '  Holiday pot ' }));
    expect(created).toMatchObject({
      accountId,
      payeeName: 'Standing order',
      amountPence: 5_000,
      frequency: 'monthly',
      startDate: '2026-03-10',
      endDate: null,
      paymentDay: 20,
      maxPayments: null,
      firstPaymentAmountPence: null,
      isActive: true,
      notes: 'Holiday pot',
      paymentsMade: 0,
      lastPaymentDate: null,
      // 20 March, April and May are due and not yet made: March's is the next payment.
      nextPaymentDate: '2026-03-20',
      paymentsDue: 3,
    });
  });

  it('gives as next payment the earliest payment not yet made, until every payment the order allows is made', async () => {
    const accountId = await createTestAccount(server.deps.database.db, ann.userId);
    //   10 March … 10 June are due (today is 15 June); 3 payments allowed, or none after 20 April.
    const three = await add(accountId, order({ maxPayments: 3 }));
    const ended = await add(accountId, order({ endDate: '2026-04-20' }));
    const open = await add(accountId, order());
    expect([three, ended, open].map((o) => [o.nextPaymentDate, o.paymentsDue])).toEqual([
      ['2026-03-10', 3],
      ['2026-03-10', 2],
      ['2026-03-10', 4],
    ]);

    expect((await processNow(accountId)).processed).toBe(3 + 2 + 4);
    const byId = new Map((await list(accountId)).map((o) => [o.id, o]));
    expect(byId.get(three.id)).toMatchObject({ nextPaymentDate: null, paymentsDue: 0, paymentsMade: 3 });
    expect(byId.get(ended.id)).toMatchObject({ nextPaymentDate: null, paymentsDue: 0, paymentsMade: 2 });
    expect(byId.get(open.id)).toMatchObject({ nextPaymentDate: '2026-07-10', paymentsDue: 0, paymentsMade: 4 });
  });

  it('lists an account’s orders newest first', async () => {
    const accountId = await createTestAccount(server.deps.database.db, ann.userId);
    const first = await add(accountId, order());
    const second = await add(accountId, order({ frequency: 'weekly' }));
    expect((await list(accountId)).map((o) => o.id)).toEqual([second.id, first.id]);
  });

  it('saves the payment day only for monthly orders and the end as one of a date or a number of payments', async () => {
    const accountId = await createTestAccount(server.deps.database.db, ann.userId);
    expect(await add(accountId, order({ frequency: 'weekly', paymentDay: 5 }))).toMatchObject({ paymentDay: null });
    expect(await add(accountId, order({ endDate: '2026-12-31' }))).toMatchObject({
      endDate: '2026-12-31',
      maxPayments: null,
    });
    expect(await add(accountId, order({ maxPayments: 6 }))).toMatchObject({ endDate: null, maxPayments: 6 });
  });

  it('refuses bad input with the spec’s messages and writes nothing', async () => {
    const accountId = await createTestAccount(server.deps.database.db, ann.userId);
    const cases: [Record<string, unknown>, string][] = [
      [order({ amountPence: 0 }), 'Transaction amounts must be greater than 0'],
      [order({ amountPence: -100 }), 'Transaction amounts must be greater than 0'],
      [order({ amountPence: 12.5 }), 'Please enter a valid amount'],
      [order({ amountPence: '50' }), 'Please enter a valid amount'],
      [order({ firstPaymentAmountPence: 0 }), 'Transaction amounts must be greater than 0'],
      [order({ firstPaymentAmountPence: 1.5 }), 'Please enter a valid first payment amount'],
      [order({ maxPayments: 0 }), 'Please enter a valid number of payments'],
      [order({ maxPayments: 2.5 }), 'Please enter a valid number of payments'],
      [order({ paymentDay: 29 }), 'Please choose a payment day from 1 to 28'],
      [order({ frequency: 'fortnightly' }), 'Please choose how often the payment is made'],
      [order({ startDate: '2026-02-30' }), 'Please enter a valid start date'],
      [order({ startDate: '0000-01-01' }), 'Please enter a valid start date'],
      // A start in antiquity would pay 50 times in year 1; a date far ahead would schedule past 9999.
      [order({ startDate: '0001-01-01' }), 'Enter a date in the years 1900 to 2099'],
      [order({ endDate: '9999-12-31' }), 'Enter a date in the years 1900 to 2099'],
      [order({ endDate: '2026-03-09' }), 'The end date must be on or after the start date'],
      [order({ endDate: '2026-12-01', maxPayments: 3 }), 'Choose an end date or a number of payments, not both'],
    ];
    for (const [body, message] of cases) {
      const res = await call(`/api/accounts/${accountId}/standing-orders`, { method: 'POST', json: body });
      expect(res.status, message).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
    }
    expect(await list(accountId)).toEqual([]);
  });

  it('edits an order and deletes it, keeping the payments it made', async () => {
    const accountId = await createTestAccount(server.deps.database.db, ann.userId);
    const created = await add(accountId, order());
    expect((await processNow(accountId)).processed).toBe(4);

    const put = await call(`/api/standing-orders/${created.id}`, {
      method: 'PUT',
      json: order({ amountPence: 7_500, maxPayments: 5 }),
    });
    expect(put.status).toBe(200);
    const { standingOrder: saved } = (await put.json()) as { standingOrder: StandingOrderJson };
    expect(saved).toMatchObject({
      amountPence: 7_500,
      maxPayments: 5,
      paymentsMade: 4,
      lastPaymentDate: '2026-06-10',
      nextPaymentDate: '2026-07-10',
      paymentsDue: 0,
    });

    const del = await call(`/api/standing-orders/${created.id}`, { method: 'DELETE' });
    expect(del.status).toBe(204);
    expect(await list(accountId)).toEqual([]);
    const state = await accountState(server.deps.database.db, accountId);
    expect(state.payments).toHaveLength(4);
    expect(state.balancePence).toBe(20_000);
    expect((await call(`/api/standing-orders/${created.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('answers 404 for someone else’s account or order, and for ids that name nothing', async () => {
    const bobOrder = await (async () => {
      const res = await call(`/api/accounts/${bobAccount}/standing-orders`, {
        method: 'POST',
        json: order(),
        cookie: bob.cookie,
      });
      return ((await res.json()) as { standingOrder: StandingOrderJson }).standingOrder;
    })();
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/accounts/${bobAccount}/standing-orders`],
      ['POST', `/api/accounts/${bobAccount}/standing-orders`, order()],
      ['POST', `/api/accounts/${bobAccount}/standing-orders/process`],
      ['PUT', `/api/standing-orders/${bobOrder.id}`, order({ amountPence: 1 })],
      ['DELETE', `/api/standing-orders/${bobOrder.id}`],
      ['GET', '/api/accounts/00000000-0000-4000-8000-000000000000/standing-orders'],
      ['GET', '/api/accounts/not-an-id/standing-orders'],
      ['PUT', '/api/standing-orders/not-an-id', order()],
      ['DELETE', '/api/standing-orders/42'],
    ];
    for (const [method, path, json] of attempts) {
      const res = await call(path, { method, json });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    // Bob's order and account are untouched.
    const bobList = await server.request(`/api/accounts/${bobAccount}/standing-orders`, { cookie: bob.cookie });
    expect(((await bobList.json()) as { standingOrders: StandingOrderJson[] }).standingOrders[0]).toMatchObject({
      id: bobOrder.id,
      amountPence: 5_000,
    });
    expect((await accountState(server.deps.database.db, bobAccount)).payments).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    const res = await server.request('/api/accounts/00000000-0000-4000-8000-000000000000/standing-orders');
    expect(res.status).toBe(401);
  });

  it('processes each due occurrence once as a deposit with the marker, the first payment at its own amount', async () => {
    const accountId = await createTestAccount(server.deps.database.db, ann.userId);
    const created = await add(
      accountId,
      order({ startDate: '2026-03-31', firstPaymentAmountPence: 25_000, notes: 'Holiday pot' }),
    );
    //   31 March, 30 April, 31 May; 30 June is after today (15 June)
    expect(await processNow(accountId)).toEqual({ processed: 3, warnings: [] });
    const state = await accountState(server.deps.database.db, accountId);
    expect(state.payments).toEqual(
      ['2026-03-31', '2026-04-30', '2026-05-31'].map((date, i) => ({
        amountPence: i === 0 ? 25_000 : 5_000,
        date,
        type: 'deposit',
        // The spec (001 §9): the payee name plus the marker; the order's own note stays on the order.
        notes: `Standing order [standing-order:${created.id}]`,
        standingOrderId: created.id,
        occurrenceDate: date,
      })),
    );
    expect(state.balancePence).toBe(35_000);
    expect(state.sumPence).toBe(35_000);
    expect(await processNow(accountId)).toEqual({ processed: 0, warnings: [] });

    // A month on, only the new occurrence is added.
    server.clock.set(new Date('2026-07-01T11:00:00Z'));
    expect(await processNow(accountId)).toEqual({ processed: 1, warnings: [] });
    expect((await accountState(server.deps.database.db, accountId)).balancePence).toBe(40_000);
  });

  it('adds only occurrences after the last one paid: a deleted earlier payment stays deleted, a deleted latest one is due again, and an earlier start adds nothing before', async () => {
    const accountId = await createTestAccount(server.deps.database.db, ann.userId);
    const created = await add(accountId, order());
    //   10 March, April, May and June
    expect((await processNow(accountId)).processed).toBe(4);
    const paid = await server.deps.database.db
      .select({ id: transactions.id, occurrenceDate: transactions.occurrenceDate })
      .from(transactions)
      .where(eq(transactions.standingOrderId, created.id));
    for (const date of ['2026-04-10', '2026-06-10']) {
      const payment = paid.find((p) => p.occurrenceDate === date)!;
      expect((await call(`/api/transactions/${payment.id}`, { method: 'DELETE' })).status).toBe(200);
    }
    const paidDates = async () =>
      (await accountState(server.deps.database.db, accountId)).payments.map((p) => p.occurrenceDate);

    // June was the latest paid: with it gone, May is, and June is due again. April stays deleted.
    expect(await processNow(accountId)).toEqual({ processed: 1, warnings: [] });
    expect(await paidDates()).toEqual(['2026-03-10', '2026-05-10', '2026-06-10']);

    // A start moved back to January does not back-fill January and February (docs/decisions/0018).
    const put = await call(`/api/standing-orders/${created.id}`, {
      method: 'PUT',
      json: order({ startDate: '2026-01-10' }),
    });
    expect(put.status).toBe(200);
    expect(await processNow(accountId)).toEqual({ processed: 0, warnings: [] });
    expect(await paidDates()).toEqual(['2026-03-10', '2026-05-10', '2026-06-10']);
    expect((await list(accountId))[0]).toMatchObject({
      paymentsMade: 3,
      lastPaymentDate: '2026-06-10',
      nextPaymentDate: '2026-07-10',
    });
  });

  it('skips paused orders and orders that have not started', async () => {
    const accountId = await createTestAccount(server.deps.database.db, ann.userId);
    await add(accountId, order({ isActive: false }));
    await add(accountId, order({ startDate: '2026-06-16' }));
    expect(await processNow(accountId)).toEqual({ processed: 0, warnings: [] });
    const [notStarted, paused] = await list(accountId);
    expect(notStarted?.nextPaymentDate).toBe('2026-06-16');
    expect(paused?.nextPaymentDate).toBeNull();
  });

  it('adds at most 50 payments per order per run, with a warning naming the order and the count', async () => {
    const accountId = await createTestAccount(server.deps.database.db, ann.userId);
    //   1 April … 15 June 2026: 30 + 31 + 15 = 76 days
    await add(accountId, order({ frequency: 'daily', startDate: '2026-04-01', amountPence: 100 }));
    await add(accountId, order({ frequency: 'weekly', startDate: '2026-04-01', amountPence: 1_000 }));
    const first = await processNow(accountId);
    expect(first.processed).toBe(50 + 11);
    expect(first.warnings).toEqual([
      'Standing order of £1.00 (daily from 01/04/2026) had 76 overdue payments: the first 50 were added, the other 26 follow on the next run.',
    ]);
    expect(await processNow(accountId)).toEqual({ processed: 26, warnings: [] });
    const state = await accountState(server.deps.database.db, accountId);
    expect(state.payments).toHaveLength(76 + 11);
    expect(state.balancePence).toBe(76 * 100 + 11 * 1_000);
  });

  it('adds each occurrence once when Process Now is pressed many times at once', async () => {
    const accountId = await createTestAccount(server.deps.database.db, ann.userId);
    await add(accountId, order({ frequency: 'weekly', startDate: '2026-01-05' }));
    await add(accountId, order({ startDate: '2026-01-31', amountPence: 1_234 }));
    const results = await Promise.all(Array.from({ length: 8 }, () => processNow(accountId)));
    //   Mondays 5 January … 15 June 2026: 24; month ends January … May: 5
    expect(results.reduce((n, r) => n + r.processed, 0)).toBe(24 + 5);
    const state = await accountState(server.deps.database.db, accountId);
    expect(state.payments).toHaveLength(29);
    expect(state.balancePence).toBe(24 * 5_000 + 5 * 1_234);
    expect(state.balancePence).toBe(state.sumPence);
  });

  it('tells the owner’s open tabs that the account changed', async () => {
    const accountId = await createTestAccount(server.deps.database.db, ann.userId);
    const events: { event: string; data: unknown }[] = [];
    const unsubscribe = server.deps.hub.subscribe({
      userId: ann.userId,
      isAdmin: false,
      send: (event, data) => events.push({ event, data }),
      close: () => {},
    });
    try {
      // Adding the order tells the tabs too, and on PostgreSQL that news comes back through
      // LISTEN after the commit: hear it first, so only Process Now can account for the next.
      await add(accountId, order());
      await expect.poll(() => events.length).toBe(1);
      await processNow(accountId);
      await expect.poll(() => events.length).toBeGreaterThan(1);
      expect(events[1]).toMatchObject({ event: 'account.changed', data: { data: { accountIds: [accountId] } } });
    } finally {
      unsubscribe();
    }
  });

  it('processes every user’s due orders in the scheduled job, batch after batch', async () => {
    const annAccounts = [
      await createTestAccount(server.deps.database.db, ann.userId),
      await createTestAccount(server.deps.database.db, ann.userId),
    ];
    for (const accountId of annAccounts) await add(accountId, order({ startDate: '2026-05-15' }));
    const bobJobAccount = await createTestAccount(server.deps.database.db, bob.userId);
    await server.request(`/api/accounts/${bobJobAccount}/standing-orders`, {
      method: 'POST',
      json: order({ startDate: '2026-06-01', frequency: 'weekly' }),
      cookie: bob.cookie,
    });

    await server.deps.jobs.enqueue({ name: STANDING_ORDERS_JOB, key: `so-test-${kind}` });
    expect(await server.deps.jobs.runDue()).toBeGreaterThan(0);

    for (const accountId of annAccounts)
      expect((await accountState(server.deps.database.db, accountId)).balancePence).toBe(10_000);
    // 1, 8 and 15 June.
    expect((await accountState(server.deps.database.db, bobJobAccount)).balancePence).toBe(15_000);
    // Whatever else the other tests left due was paid too, and nothing twice.
    for (const accountId of annAccounts) expect(await processNow(accountId)).toEqual({ processed: 0, warnings: [] });
  });
});
