// An account's pages of entries (`account_entries_page`, migration 0055): newest first by date then
// id, the cursor going on where the last page stopped, only the saver's own rows, and read in the
// account-and-date index's order, stopping after the page, instead of reading and sorting the whole
// account under row-level security's misestimate.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../db/client.ts';
import { rowsOf, withActor } from '../db/rls.ts';
import { accounts, transactions, user } from '../db/schema/index.ts';
import { seedBenchLikeSavers } from '../test/bench-like-savers.ts';
import { createTestDatabase, testDatabaseKinds } from '../test/databases.ts';
import { decodeCursor } from './cursor.ts';
import { listAccountTransactionsPage } from './queries.ts';

const HISTORY = 400;
const OTHER_SAVERS = 49;
const DAYS = ['2026-01-05', '2026-02-10', '2026-03-15', '2026-04-20', '2026-05-25', '2026-06-30'];

/** Index entries of the transactions table read so far in this transaction, every index together. */
async function indexEntriesRead(tx: Tx): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`select coalesce(sum(pg_stat_get_xact_tuples_returned(i.indexrelid)), 0)::int as n
      from pg_index i where i.indrelid = 'transactions'::regclass`),
  );
  return row!.n;
}

describe.each(testDatabaseKinds())('an account’s pages of entries on %s', (kind) => {
  let owner: Awaited<ReturnType<typeof createTestDatabase>>;
  let easy = '';
  let bobs = '';
  type Entry = { id: string; date: string };
  const easyEntries: Entry[] = [];

  beforeAll(async () => {
    owner = await createTestDatabase(kind);
    const { db } = owner.database;
    for (const id of ['ann', 'bob']) await db.insert(user).values({ id, name: id, email: `${id}@example.com` });
    const open = async (userId: string, name: string) =>
      (
        (await withActor(db, { userId }, (tx) =>
          tx.insert(accounts).values({ userId, name, accountNumber: '1' }).returning({ id: accounts.id }),
        )) as [{ id: string }]
      )[0].id;
    easy = await open('ann', 'Easy');
    const bond = await open('ann', 'Bond');
    bobs = await open('bob', 'Bob saver');
    // Many entries share a date, so the order falls to the id; the other account's entries are
    // interleaved in the user-and-date index and must not show.
    const rows = Array.from({ length: HISTORY }, (_, i) => ({
      accountId: i % 4 === 0 ? bond : easy,
      userId: 'ann',
      date: DAYS[i % DAYS.length]!,
      type: 'deposit' as const,
      amountPence: i + 1,
    }));
    const inserted = await withActor(db, { userId: 'ann' }, (tx) =>
      tx.insert(transactions).values(rows).returning({ id: transactions.id, accountId: transactions.accountId }),
    );
    for (const [i, row] of inserted.entries())
      if (row.accountId === easy) easyEntries.push({ id: row.id, date: rows[i]!.date });
    easyEntries.sort((a, b) => b.date.localeCompare(a.date) || b.id.localeCompare(a.id));
    await withActor(db, { userId: 'bob' }, (tx) =>
      tx
        .insert(transactions)
        .values({ accountId: bobs, userId: 'bob', date: '2026-08-01', type: 'deposit', amountPence: 5 }),
    );
    // Many savers besides, so the planner's statistics see one account's share of the entries as
    // the mixed bench's database does (49 more savers, 20 accounts each, 60 entries an account).
    await seedBenchLikeSavers(db, OTHER_SAVERS);
  }, 120_000);
  afterAll(async () => {
    await owner?.drop();
  });

  const page = (userId: string, accountId: string, cursor?: string, limit?: number) =>
    withActor(owner.database.db, { userId }, (tx) =>
      listAccountTransactionsPage(tx, {
        userId,
        accountId,
        cursor: cursor ? decodeCursor(cursor) : null,
        ...(limit ? { limit } : {}),
      }),
    );

  it('walks the whole account newest first by date then id, each entry once, and stops with no cursor', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 20; pages++) {
      const got = await page('ann', easy, cursor, 70);
      seen.push(...got.items.map((t) => t.id));
      expect(got.items.every((t) => t.accountId === easy)).toBe(true);
      if (!got.nextCursor) break;
      expect(got.items).toHaveLength(70);
      cursor = got.nextCursor;
    }
    expect(seen).toEqual(easyEntries.map((e) => e.id));
  });

  it('shows a saver none of another saver’s account, whoever they name', async () => {
    expect((await page('bob', bobs)).items).toHaveLength(1);
    expect((await page('ann', bobs)).items).toEqual([]);
    expect((await page('bob', easy)).items).toEqual([]);
  });

  it('reads about a page of index entries, first page and later ones, not the account', async () => {
    // One transaction, so one connection and its kept plans: past five runs PostgreSQL keeps one
    // plan for any account (the generic plan), the one that used to read and sort the account.
    const { first, later } = await withActor(owner.database.db, { userId: 'ann' }, async (tx) => {
      const firstPage = () => listAccountTransactionsPage(tx, { userId: 'ann', accountId: easy });
      const cursor = decodeCursor((await firstPage()).nextCursor!);
      const laterPage = () => listAccountTransactionsPage(tx, { userId: 'ann', accountId: easy, cursor });
      for (let run = 0; run < 7; run++) {
        await firstPage();
        await laterPage();
      }
      const before = await indexEntriesRead(tx);
      expect((await firstPage()).items).toHaveLength(50);
      const between = await indexEntriesRead(tx);
      expect((await laterPage()).items).toHaveLength(50);
      return { first: between - before, later: (await indexEntriesRead(tx)) - between };
    });
    // 51 rows read for a page of 50 (one more says whether there is a next page), and the latest
    // statement's probe; the account holds 300.
    for (const read of [first, later]) {
      expect(read).toBeGreaterThanOrEqual(51);
      expect(read).toBeLessThan(80);
    }
  });
});
