// The dashboard's newest entries (`recent_entries`, migration 0054): the saver's own, newest first
// by date then id, none from an archived account, and read in the user-and-date index's order,
// stopping at the last one shown instead of reading the whole history.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, withActor } from '../db/rls.ts';
import { accounts, transactions, user } from '../db/schema/index.ts';
import { seedBenchLikeSavers } from '../test/bench-like-savers.ts';
import { readDashboardRows } from './queries.ts';
import { createTestDatabase, testDatabaseKinds } from '../test/databases.ts';
import { rowsReadFrom } from '../test/rows-read.ts';

const HISTORY = 400;
const OTHER_SAVERS = 49;
const DAYS = ['2026-01-05', '2026-02-10', '2026-03-15', '2026-04-20', '2026-05-25', '2026-06-30'];

describe.each(testDatabaseKinds())('recent_entries on %s', (kind) => {
  let owner: Awaited<ReturnType<typeof createTestDatabase>>;
  const live: string[] = [];
  let archived = '';
  type Entry = { id: string; accountId: string; date: string; pence: number };
  const entries: Entry[] = [];

  const recent = (userId: string, howMany: number) =>
    withActor(owner.database.db, { userId }, async (tx) =>
      rowsOf<{ id: string; account_id: string; date: string }>(
        await tx.execute(
          sql`select entry_id as id, entry_account_id as account_id, entry_date::text as date from recent_entries(${userId}, ${howMany})`,
        ),
      ),
    );

  beforeAll(async () => {
    owner = await createTestDatabase(kind);
    const { db } = owner.database;
    for (const id of ['ann', 'bob']) await db.insert(user).values({ id, name: id, email: `${id}@example.com` });
    const open = (userId: string, name: string) =>
      withActor(db, { userId }, (tx) =>
        tx.insert(accounts).values({ userId, name, accountNumber: '1' }).returning({ id: accounts.id }),
      );
    for (const name of ['Easy', 'Bond']) live.push(((await open('ann', name)) as [{ id: string }])[0].id);
    archived = ((await open('ann', 'Closed')) as [{ id: string }])[0].id;
    const bobs = ((await open('bob', 'Bob saver')) as [{ id: string }])[0].id;
    // Many entries share a date, so the order falls to the id; the newest date holds the archived
    // account's entries and Bob's, which must not be shown.
    const rows = Array.from({ length: HISTORY }, (_, i) => {
      const accountId = i % 10 === 0 ? archived : live[i % 2]!;
      return { accountId, userId: 'ann', date: DAYS[i % DAYS.length]!, type: 'deposit' as const, amountPence: i + 1 };
    });
    rows.push({ accountId: archived, userId: 'ann', date: '2026-07-31', type: 'deposit' as const, amountPence: 1 });
    const inserted = await withActor(db, { userId: 'ann' }, (tx) =>
      tx.insert(transactions).values(rows).returning({ id: transactions.id, accountId: transactions.accountId }),
    );
    for (const [i, row] of inserted.entries())
      entries.push({ ...row, date: rows[i]!.date, pence: rows[i]!.amountPence });
    await withActor(db, { userId: 'bob' }, (tx) =>
      tx
        .insert(transactions)
        .values({ accountId: bobs, userId: 'bob', date: '2026-08-01', type: 'deposit', amountPence: 5 }),
    );
    await db.execute(sql`update accounts set archived_at = now() where id = ${archived}`);
    // Many savers like Bob, so the planner's statistics see one saver's share of the entries as
    // the bench's database does (49 more savers, 20 accounts each, 60 entries an account).
    await seedBenchLikeSavers(db, OTHER_SAVERS);
  }, 120_000);
  afterAll(async () => {
    await owner?.drop();
  });

  it('answers the saver’s newest entries by date then id, none from an archived account or another saver', async () => {
    const expected = entries
      .filter((e) => e.accountId !== archived)
      .sort((a, b) => b.date.localeCompare(a.date) || b.id.localeCompare(a.id))
      .slice(0, 10);
    const got = await recent('ann', 10);
    expect(got.map((r) => [r.date, r.id])).toEqual(expected.map((e) => [e.date, e.id]));
    expect(got.every((r) => live.includes(r.account_id))).toBe(true);
    expect(await recent('ann', 3)).toEqual(got.slice(0, 3));
  });

  it('shows a saver only their own entries, whoever they name', async () => {
    const asBob = await recent('bob', 10);
    expect(asBob).toHaveLength(1);
    // Row-level security binds the function: Ann asking for Bob's entries sees none of them.
    expect(
      await withActor(owner.database.db, { userId: 'ann' }, async (tx) =>
        rowsOf(await tx.execute(sql`select * from recent_entries('bob', 10)`)),
      ),
    ).toEqual([]);
  });

  it('reads the index in order and stops: about as many index entries as it shows, not the history', async () => {
    // One transaction, so one connection and its kept plan: past five runs PostgreSQL keeps one
    // plan for any saver (the generic plan), as it does for the dashboard's statement.
    const read = await withActor(owner.database.db, { userId: 'ann' }, async (tx) => {
      const entriesRead = async () =>
        rowsOf<{ n: number }>(
          await tx.execute(
            sql`select pg_stat_get_xact_tuples_returned('transactions_user_date_idx'::regclass)::int as n`,
          ),
        )[0]!.n;
      for (let run = 0; run < 7; run++) await tx.execute(sql`select * from recent_entries('ann', 10)`);
      const before = await entriesRead();
      await tx.execute(sql`select * from recent_entries('ann', 10)`);
      return (await entriesRead()) - before;
    });
    // Ten shown, plus the archived account's entries passed on the way (one in ten, and the newest).
    expect(read).toBeGreaterThanOrEqual(10);
    expect(read).toBeLessThan(40);
  });

  it('names each entry’s account from the saver’s own accounts, reading no other saver’s', async () => {
    // The dashboard's rows under their kept (generic) plan, with 49 other savers' 980 accounts in
    // the table: joined on the id alone, the plan scanned them all for the names.
    const { read, recent } = await withActor(owner.database.db, { userId: 'ann' }, async (tx) => {
      const accountRowsRead = () => rowsReadFrom(tx, 'accounts');
      for (let run = 0; run < 7; run++) await readDashboardRows(tx, 'ann', '2026-11-30' as never);
      const before = await accountRowsRead();
      const rows = await readDashboardRows(tx, 'ann', '2026-11-30' as never);
      return { read: (await accountRowsRead()) - before, recent: rows.recent };
    });
    expect(recent.map((r) => r.accountName).sort()).toEqual(
      recent.map((r) => (r.accountId === live[0] ? 'Easy' : 'Bond')).sort(),
    );
    expect(recent).toHaveLength(10);
    // Ann's three accounts, read by each of the statements' parts that list them.
    expect(read).toBeLessThan(60);
  });
});
