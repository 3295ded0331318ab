import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateArb, transactionArb } from '../../core/account-summary/summary-arbitraries.ts';
import type { SummaryTransaction } from '../../core/account-summary/summary.ts';
import { type BalanceEntry, balanceOf } from '../../core/balance/balance-rule.ts';
import {
  accountBalanceSeries,
  type BalanceDay,
  balanceBuckets,
  balanceDays,
  balanceSeriesOf,
  lineGranularity,
} from '../../core/balance/balance-series.ts';
import { withActor } from '../db/rls.ts';
import { accounts, transactions } from '../db/schema/index.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { itOnPostgres } from '../test/postgres-only.ts';
import { statementsSent } from '../test/statements-sent.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { readAccountLine } from './queries.ts';
import type { BalanceSeriesJson } from './routes.ts';

// Pinned: Saturday 21 November 2026, midday in London.
const NOW = new Date('2026-11-21T12:00:00Z');
const TODAY = '2026-11-21';

type User = { cookie: string; userId: string };
type NewEntry = { date: string; type: SummaryTransaction['type']; amountPence: number; createdAt?: Date };

describe.each(testDatabaseKinds())('the balance line on %s', (kind) => {
  let server: TestServer;
  let ann: User;
  let bob: User;

  const addAccount = async (owner: User, name = 'Easy saver') => {
    const [row] = await withActor(server.deps.database.db, { userId: owner.userId }, (tx) =>
      tx
        .insert(accounts)
        .values({ userId: owner.userId, name, accountNumber: '12345678' })
        .returning({ id: accounts.id }),
    );
    return row!.id;
  };
  /** Writes the entries; returns them as the balance rule reads them (ids and times as stored). */
  const addEntries = async (owner: User, accountId: string, rows: NewEntry[]): Promise<BalanceEntry[]> => {
    if (rows.length === 0) return [];
    const stored = await withActor(server.deps.database.db, { userId: owner.userId }, (tx) =>
      tx
        .insert(transactions)
        .values(rows.map((r) => ({ accountId, userId: owner.userId, ...r })))
        .returning({
          id: transactions.id,
          date: transactions.date,
          type: transactions.type,
          amountPence: transactions.amountPence,
          createdAt: transactions.createdAt,
        }),
    );
    return stored.map((s) => ({ ...s, recordedAt: s.createdAt.toISOString() }));
  };
  const get = async (user: User | null, path: string) => server.request(path, user ? { cookie: user.cookie } : {});
  const lineOk = async (user: User, path: string) => {
    const res = await get(user, path);
    expect(res.status).toBe(200);
    return (await res.json()) as BalanceSeriesJson;
  };

  beforeAll(async () => {
    server = await createTestServer(kind);
    ann = await signUpAndSignIn(server, { email: 'ann.line@example.com' });
    bob = await signUpAndSignIn(server, { email: 'bob.line@example.com' });
    server.clock.set(NOW);
  }, 90_000);
  afterAll(async () => {
    await server?.close();
  });

  it('draws an account from its starting balance: history before it works back, entries after add', async () => {
    const id = await addAccount(ann, 'Stated saver');
    const entries = await addEntries(ann, id, [
      // A standing order caught up from September; the £25,000 stated on 15 October includes it.
      { date: '2026-09-01', type: 'deposit', amountPence: 100_00 },
      { date: '2026-10-01', type: 'deposit', amountPence: 100_00 },
      { date: '2026-10-15', type: 'opening_balance', amountPence: 25_000_00 },
      { date: '2026-11-01', type: 'deposit', amountPence: 100_00 },
    ]);
    const line = await lineOk(ann, `/api/accounts/${id}/balance-series`);
    expect(line.granularity).toBe('day');
    expect(line.points).toHaveLength(82);
    const on = (date: string) => line.points.find((p) => p.date === date)?.balancePence;
    expect(line.points[0]).toEqual({ date: '2026-09-01', balancePence: 24_900_00 });
    expect(on('2026-10-01')).toBe(25_000_00);
    expect(on('2026-10-15')).toBe(25_000_00);
    expect(line.points.at(-1)).toEqual({ date: TODAY, balancePence: 25_100_00 });
    expect(line.points.at(-1)!.balancePence).toBe(balanceOf(entries));
  });

  it('ends on the balance the account page shows, in month-end points over a long history', async () => {
    const id = await addAccount(ann, 'Long saver');
    await addEntries(ann, id, [
      { date: '2024-01-05', type: 'opening_balance', amountPence: 1_000_00 },
      { date: '2025-06-30', type: 'interest', amountPence: 12_34 },
      { date: '2026-11-02', type: 'withdrawal', amountPence: -50_00 },
    ]);
    const line = await lineOk(ann, `/api/accounts/${id}/balance-series`);
    expect(line.granularity).toBe('month');
    expect(line.points).toHaveLength(35);
    expect(line.points.slice(0, 2)).toEqual([
      { date: '2024-01-31', balancePence: 1_000_00 },
      { date: '2024-02-29', balancePence: 1_000_00 },
    ]);
    expect(line.points.find((p) => p.date === '2025-06-30')?.balancePence).toBe(1_012_34);
    const detail = (await (await get(ann, `/api/accounts/${id}`)).json()) as { account: { balancePence: number } };
    expect(line.points.at(-1)).toEqual({ date: TODAY, balancePence: detail.account.balancePence });
  });

  it('has no points for an account with no transactions', async () => {
    const id = await addAccount(ann, 'Empty saver');
    expect(await lineOk(ann, `/api/accounts/${id}/balance-series`)).toEqual({ granularity: 'day', points: [] });
  });

  it('groups in SQL exactly as the core does, by day over a short range and by month over a long one', async () => {
    const erin = await signUpAndSignIn(server, { email: 'erin.line@example.com' });
    const id = await addAccount(erin);
    // A few recording times, so two statements of a day often differ by time and sometimes only by id.
    const times = [0, 1, 2].map((s) => new Date(Date.UTC(2026, 10, 1, 9, 0, s)));
    // A few days of October 2026 only (a daily line to 21 November), or any years with those days
    // often (month-end points): days and months with several statements and entries on their dates.
    const october = fc.integer({ min: 1, max: 8 }).map((d) => `2026-10-0${d}`);
    const statementArb = fc
      .integer({ min: 0, max: 5_000_000 })
      .map((amountPence) => ({ date: '', type: 'opening_balance' as const, amountPence }));
    const runArb = fc.constantFrom('short', 'long').chain((range) =>
      fc.array(
        fc.record({
          t: fc.oneof({ arbitrary: transactionArb, weight: 3 }, { arbitrary: statementArb, weight: 1 }),
          date: range === 'short' ? october : fc.oneof(dateArb, october),
          createdAt: fc.constantFrom(...times),
        }),
        { minLength: 4, maxLength: 30 },
      ),
    );
    await fc.assert(
      fc.asyncProperty(runArb, async (rows) => {
        await withActor(server.deps.database.db, { userId: erin.userId }, (tx) =>
          tx.delete(transactions).where(eq(transactions.accountId, id)),
        );
        const entries = await addEntries(
          erin,
          id,
          rows.map((r) => ({ ...r.t, date: r.date, createdAt: r.createdAt })),
        );
        const read = await withActor(server.deps.database.db, { userId: erin.userId }, (tx) =>
          readAccountLine(tx, { userId: erin.userId, accountId: id, today: TODAY }),
        );
        const dates = entries.map((e) => e.date).sort();
        const bounds = dates.length === 0 ? null : { first: dates[0]!, last: dates.at(-1)! };
        expect(read!.bounds).toEqual(bounds);
        const expected =
          bounds === null
            ? []
            : lineGranularity(bounds.first, bounds.last, TODAY) === 'day'
              ? balanceDays(entries)
              : balanceBuckets(entries);
        // `+ 0`: a -0 sums to -0 in JavaScript and to 0 in SQL; both are no money.
        const plain = (list: BalanceDay[]) =>
          list.map((d) => ({ ...d, netPence: Number(d.netPence) + 0 })).sort((x, y) => x.date.localeCompare(y.date));
        expect(plain(read!.accounts[0] ?? [])).toEqual(plain(expected));
        expect(read!.accounts.length).toBe(entries.length === 0 ? 0 : 1);

        const line = await lineOk(erin, `/api/accounts/${id}/balance-series`);
        expect(line).toEqual(accountBalanceSeries(balanceDays(entries), TODAY));
        if (entries.length > 0) expect(line.points.at(-1)!.balancePence).toBe(balanceOf(entries) + 0);
        // Erin's only account: the dashboard's total is its line.
        expect(await lineOk(erin, '/api/balance-series')).toEqual(line);
      }),
      { numRuns: 30 },
    );
  });

  it('adds up all the user’s accounts for the dashboard, from where every one is tracked, and nobody else’s', async () => {
    const carol = await signUpAndSignIn(server, { email: 'carol.line@example.com' });
    expect(await lineOk(carol, '/api/balance-series')).toEqual({ granularity: 'day', points: [] });
    const easy = await addAccount(carol, 'Easy');
    const isa = await addAccount(carol, 'ISA');
    await addAccount(carol, 'Nothing yet');
    const easyEntries = await addEntries(carol, easy, [
      { date: '2026-11-10', type: 'deposit', amountPence: 100_00 },
      { date: '2026-11-20', type: 'withdrawal', amountPence: -10_00 },
    ]);
    const isaEntries = await addEntries(carol, isa, [
      { date: '2026-11-12', type: 'interest', amountPence: 1_00 },
      { date: '2026-11-15', type: 'opening_balance', amountPence: 1_000_00 },
    ]);
    const bobs = await addAccount(bob, 'Not Carol’s');
    await addEntries(bob, bobs, [{ date: '2026-11-01', type: 'deposit', amountPence: 999_00 }]);

    const total = await lineOk(carol, '/api/balance-series');
    expect(total).toEqual(
      balanceSeriesOf([balanceDays(easyEntries), balanceDays(isaEntries)], TODAY, null, ['2026-11-10', '2026-11-12']),
    );
    // The ISA is tracked from its first entry: the interest, which its starting balance of the 15th
    // already holds. The total starts there (it once counted the ISA as nothing on the 10th and 11th).
    expect(total.trackingStart).toEqual({ date: '2026-11-12', accountCount: 1, isOneDate: true });
    expect(total.points[0]).toEqual({ date: '2026-11-12', balancePence: 1_100_00 });
    expect(total.points.at(-1)).toEqual({ date: TODAY, balancePence: 1_090_00 });
  });

  it('leaves an archived account out of the total’s range and where it is tracked from', async () => {
    // The range and the tracking starts come from the accounts' kept entry dates (migration 0056):
    // the archived account's later first entry and its scheduled one must move neither.
    const eve = await signUpAndSignIn(server, { email: 'eve.line@example.com' });
    const live = await addAccount(eve, 'Live');
    const liveEntries = await addEntries(eve, live, [
      { date: '2026-11-10', type: 'deposit', amountPence: 100_00 },
      { date: '2026-11-20', type: 'withdrawal', amountPence: -10_00 },
    ]);
    const closed = await addAccount(eve, 'Closed');
    await addEntries(eve, closed, [
      { date: '2026-11-15', type: 'deposit', amountPence: 50_00 },
      { date: '2026-12-05', type: 'deposit', amountPence: 5_00 },
    ]);
    await server.deps.database.db.update(accounts).set({ archivedAt: NOW }).where(eq(accounts.id, closed));

    const total = await lineOk(eve, '/api/balance-series');
    expect(total).toEqual(balanceSeriesOf([balanceDays(liveEntries)], TODAY, null, ['2026-11-10']));
    expect(total.points[0]).toEqual({ date: '2026-11-10', balancePence: 100_00 });
    expect(total.points.at(-1)).toEqual({ date: TODAY, balancePence: 90_00 });
  });

  it('starts the total where seven accounts added with balances dated 01/11/2026 are tracked, and says so', async () => {
    const dan = await signUpAndSignIn(server, { email: 'dan.line@example.com' });
    const easy = await addAccount(dan, 'Easy');
    const days = [
      balanceDays(await addEntries(dan, easy, [{ date: '2026-03-02', type: 'deposit', amountPence: 500_00 }])),
    ];
    for (let i = 0; i < 7; i++) {
      const id = await addAccount(dan, `Added ${i}`);
      days.push(
        balanceDays(
          await addEntries(dan, id, [{ date: '2026-11-01', type: 'opening_balance', amountPence: 10_000_00 }]),
        ),
      );
    }
    await addAccount(dan, 'Nothing yet');

    const total = await lineOk(dan, '/api/balance-series');
    // No month end of March to October counting the seven as holding nothing: no £70,000 jump.
    expect(total).toEqual({
      granularity: 'month',
      points: [{ date: TODAY, balancePence: 70_500_00 }],
      trackingStart: { date: '2026-11-01', accountCount: 7, isOneDate: true },
    });
    const starts = ['2026-03-02', ...Array.from({ length: 7 }, () => '2026-11-01')];
    expect(total).toEqual(balanceSeriesOf(days, TODAY, { first: '2026-03-02', last: '2026-11-01' }, starts));
  });

  it('answers 404 Account not found for another user’s account, an unknown id or text, and 401 when signed out', async () => {
    const annAccount = await addAccount(ann);
    for (const [user, id] of [
      [bob, annAccount],
      [ann, '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b'],
      [ann, 'not-an-id'],
    ] as const) {
      const res = await get(user, `/api/accounts/${id}/balance-series`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Account not found' } });
    }
    expect((await get(null, `/api/accounts/${annAccount}/balance-series`)).status).toBe(401);
    expect((await get(null, '/api/balance-series')).status).toBe(401);
  });

  itOnPostgres(kind)('sends the same statements however many accounts and transactions there are', async () => {
    const frank = await signUpAndSignIn(server, { email: 'frank.line@example.com' });
    const statementsFor = async (path: string) => (await statementsSent(() => lineOk(frank, path))).statements;
    const empty = await addAccount(frank);
    const small = { account: await statementsFor(`/api/accounts/${empty}/balance-series`) };
    const smallTotal = await statementsFor('/api/balance-series');
    const full = await addAccount(frank);
    for (let i = 0; i < 3; i++) {
      const other = await addAccount(frank);
      await addEntries(frank, other, [{ date: '2026-01-01', type: 'deposit', amountPence: 1 }]);
    }
    await addEntries(
      frank,
      full,
      Array.from({ length: 400 }, (_, i) => ({
        date: `202${i % 6}-0${(i % 9) + 1}-15`,
        type: i % 7 === 0 ? 'opening_balance' : i % 2 ? 'interest' : 'withdrawal',
        amountPence: i % 2 || i % 7 === 0 ? i : -i,
      })),
    );
    // The session opening alone; then BEGIN, the opening again, the switch to app_user, the one
    // read, COMMIT.
    expect(small.account).toBe(6);
    expect(await statementsFor(`/api/accounts/${full}/balance-series`)).toBe(small.account);
    expect(smallTotal).toBe(6);
    expect(await statementsFor('/api/balance-series')).toBe(smallTotal);
  });
});
