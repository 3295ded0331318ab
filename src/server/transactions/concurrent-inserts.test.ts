import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client.ts';
import { accounts, transactions } from '../db/schema/index.ts';
import { createThrowawayPostgres, dropThrowawayPostgres, quietLogger } from '../test/databases.ts';
import {
  CURRENT_SERVER_ENTRY,
  signUpOverHttp,
  startServerProcess,
  type ServerProcess,
} from '../test/server-process.ts';
import { balanceOf } from '../../core/balance/balance-rule.ts';
import { createTestAccount, insertStoredTransaction } from './account-fixture.ts';

// The balance follows the balance rule (ADR 0022) however many writers race: 100 POSTs at once
// over real HTTP to one account, on PostgreSQL, through a production server process whose pool
// holds 10 connections (so up to 10 transactions really run at the same moment). The account has a
// starting balance dated in the middle of the entries, and two balance updates race with them, so
// entries before a statement must be left out and the latest statement must win whatever the order
// the writers commit in (each writer recomputes after the account's lock, from a fresh snapshot).
// The account's kept entry dates must come out as its entries' span as well.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('100 concurrent transaction POSTs on PostgreSQL', () => {
  const POOL = 10;
  const REQUESTS = 100;
  let url: string;
  let server: ServerProcess;
  let database: Database;

  beforeAll(async () => {
    url = await createThrowawayPostgres();
    server = await startServerProcess(CURRENT_SERVER_ENTRY, {
      DATABASE_URL: url,
      DB_POOL_MAX: String(POOL),
      JOBS_ENABLED: 'false',
    });
    database = await openDatabase({ databaseUrl: url, poolMax: 2, logger: quietLogger });
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    await database?.close();
    if (url) await dropThrowawayPostgres(url);
  }, 30_000);

  it('leaves the balance equal to the sum of the transactions and to the expected total', async () => {
    const base = server.base;
    const cookie = await signUpOverHttp(base, { email: 'race@example.com', password: 'a good racing password' });
    const me = (await (await fetch(`${base}/api/me`, { headers: { cookie } })).json()) as { user: { id: string } };
    const accountId = await createTestAccount(database.db, me.user.id, 'Race saver');
    await insertStoredTransaction(database.db, {
      userId: me.user.id,
      accountId,
      amountPence: 50_000,
      date: '2026-01-10',
      type: 'opening_balance',
    });
    const balanceUpdates = [
      { date: '2026-01-15', balancePence: 61_000 },
      { date: '2026-01-20', balancePence: -2_500 },
    ];

    // A mix of money in and out (and the odd pair in one request), so order could matter if updates were lost.
    const bodies = Array.from({ length: REQUESTS }, (_, i) => {
      const amountPence = 100 + i * 7;
      if (i % 10 === 9)
        return [
          { type: 'deposit', amountPence, date: '2026-01-01' },
          { type: 'fee', amountPence: 3, date: '2026-01-01' },
        ];
      return [
        {
          type: i % 3 === 0 ? 'withdrawal' : 'deposit',
          amountPence,
          date: `2026-01-${String((i % 28) + 1).padStart(2, '0')}`,
        },
      ];
    });
    const signed = (t: { type: string; amountPence: number }) =>
      t.type === 'withdrawal' || t.type === 'fee' ? -t.amountPence : t.amountPence;
    const sum = bodies.flat().reduce((total, t) => total + signed(t), 50_000);
    const rowCount = bodies.flat().length + 1 + balanceUpdates.length;

    const started = Date.now();
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${base}/api/accounts/${accountId}/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, cookie },
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      return res.status;
    };
    const requests = bodies.map((rows) => () => post('transactions', { transactions: rows }));
    // The updates go out among the first and the last of the race.
    requests.splice(5, 0, () => post('balance-updates', balanceUpdates[1]));
    requests.splice(95, 0, () => post('balance-updates', balanceUpdates[0]));
    const statuses = await Promise.all(requests.map((send) => send()));
    const elapsedMs = Date.now() - started;

    expect(
      statuses.filter((s) => s !== 201),
      server.output(),
    ).toEqual([]);
    const [account] = await database.db
      .select({ balance: accounts.balancePence })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    const [sums] = await database.db
      .select({ sum: sql<string>`coalesce(sum(${transactions.amountPence}), 0)`, count: sql<string>`count(*)` })
      .from(transactions)
      .where(eq(transactions.accountId, accountId));
    expect(Number(sums?.count)).toBe(rowCount);
    expect(Number(sums?.sum)).toBe(sum + 61_000 - 2_500);
    // The 20 January update is the latest statement: it, plus the entries dated after it, plus
    // those of its own day recorded after it (ADR 0022, migration 0034). Which of that day's
    // entries were recorded after it depends on which writer began first, so it is read back.
    const sameDay = await database.db
      .select({
        amountPence: transactions.amountPence,
        after: sql<boolean>`(${transactions.createdAt}, ${transactions.id}) > (s.created_at, s.id)`,
      })
      .from(transactions)
      .innerJoin(
        sql`(select created_at, id from transactions where account_id = ${accountId} and type = 'balance_update' and date = '2026-01-20') s`,
        sql`true`,
      )
      .where(
        and(
          eq(transactions.accountId, accountId),
          eq(transactions.date, '2026-01-20'),
          ne(transactions.type, 'balance_update'),
        ),
      );
    expect(sameDay.map((row) => Number(row.amountPence)).sort()).toEqual(
      bodies
        .flat()
        .filter((t) => t.date === '2026-01-20')
        .map(signed)
        .sort(),
    );
    const expected =
      -2_500 +
      bodies
        .flat()
        .filter((t) => t.date > '2026-01-20')
        .reduce((total, t) => total + signed(t), 0) +
      sameDay.filter((row) => row.after).reduce((total, row) => total + Number(row.amountPence), 0);
    expect(account?.balance).toBe(expected);
    // The entry dates the account keeps (migration 0056) are its entries' span after the race too.
    const [kept] = await database.db
      .select({
        first: sql<string>`${accounts.firstEntryDate}::text`,
        latest: sql<string>`${accounts.latestEntryDate}::text`,
      })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    const [span] = await database.db
      .select({
        first: sql<string>`min(${transactions.date})::text`,
        latest: sql<string>`max(${transactions.date})::text`,
      })
      .from(transactions)
      .where(eq(transactions.accountId, accountId));
    expect(kept).toEqual({ first: '2026-01-01', latest: '2026-01-28' });
    expect(kept).toEqual(span);
    // The rule in core over the stored rows says the same.
    const stored = await database.db
      .select({
        id: transactions.id,
        date: transactions.date,
        type: transactions.type,
        amountPence: transactions.amountPence,
        recordedAt: sql<string>`${transactions.createdAt}::text`,
      })
      .from(transactions)
      .where(eq(transactions.accountId, accountId));
    expect(balanceOf(stored)).toBe(expected);

    // The API agrees.
    const recalculated = await fetch(`${base}/api/accounts/${accountId}/balance/recalculate`, {
      method: 'POST',
      headers: { origin: base, cookie },
    });
    expect(await recalculated.json()).toEqual({ balancePence: expected });
    console.info(
      `${requests.length} concurrent POSTs (${rowCount} transactions) with a pool of ${POOL}: ${elapsedMs} ms; balance ${expected} pence`,
    );
  }, 120_000);
});
