// The transactions overview (every account's entries, filtered and sorted) reads the signed-in
// saver's own accounts for the names, not every saver's: a table of 49 other savers' 980 accounts
// beside them, as `npm run bench:mixed` has, and the page sorted by amount, which reads all of the
// saver's entries before it can cut a page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../db/client.ts';
import { withActor } from '../db/rls.ts';
import { accounts, transactions, user } from '../db/schema/index.ts';
import { seedBenchLikeSavers } from '../test/bench-like-savers.ts';
import { createTestDatabase, testDatabaseKinds } from '../test/databases.ts';
import { rowsReadFrom } from '../test/rows-read.ts';
import { overviewAll, overviewPage } from './queries.ts';

const ENTRIES = 300;

describe.each(testDatabaseKinds())('the transactions overview’s reads on %s', (kind) => {
  let owner: Awaited<ReturnType<typeof createTestDatabase>>;
  const as = <T>(work: (tx: Tx) => Promise<T>) => withActor(owner.database.db, { userId: 'ann' }, work);

  /** Rows `work` read from the accounts table and its indexes, in this transaction. */
  async function accountRowsReadBy(tx: Tx, work: () => Promise<unknown>): Promise<number> {
    const before = await rowsReadFrom(tx, 'accounts');
    await work();
    return (await rowsReadFrom(tx, 'accounts')) - before;
  }

  beforeAll(async () => {
    owner = await createTestDatabase(kind);
    const { db } = owner.database;
    await db.insert(user).values({ id: 'ann', name: 'Ann', email: 'ann@example.com' });
    const ids = await as((tx) =>
      tx
        .insert(accounts)
        .values(['Easy', 'Bond', 'ISA'].map((name) => ({ userId: 'ann', name, accountNumber: '1' })))
        .returning({ id: accounts.id }),
    );
    await as((tx) =>
      tx.insert(transactions).values(
        Array.from({ length: ENTRIES }, (_, i) => ({
          accountId: ids[i % ids.length]!.id,
          userId: 'ann',
          date: `2026-0${(i % 9) + 1}-1${i % 10}`,
          type: 'deposit' as const,
          amountPence: (i * 7919) % 100_000,
        })),
      ),
    );
    await seedBenchLikeSavers(db, 49);
  }, 120_000);
  afterAll(async () => {
    await owner?.drop();
  });

  it('names each entry’s account from the saver’s three, reading no other saver’s accounts', async () => {
    const { read, page } = await as(async (tx) => {
      let page: Awaited<ReturnType<typeof overviewPage>> | undefined;
      const read = await accountRowsReadBy(tx, async () => {
        page = await overviewPage(tx, 'ann', { filter: {}, sort: 'amount-desc', page: 1, pageSize: 25 });
      });
      return { read, page: page! };
    });
    expect(page.total).toBe(ENTRIES);
    expect(page.items).toHaveLength(25);
    expect(page.items.map((item) => item.amountPence)).toEqual(
      [...page.items.map((item) => item.amountPence)].sort((a, b) => b - a),
    );
    expect(new Set(page.items.map((item) => item.accountName))).toEqual(new Set(['Easy', 'Bond', 'ISA']));
    // Ann's three accounts by the index on the saver, for the join and for the archived-account check.
    expect(read).toBeLessThan(60);
  });

  it('exports every entry the same way (the CSV)', async () => {
    const { read, rows } = await as(async (tx) => {
      let rows: Awaited<ReturnType<typeof overviewAll>> = [];
      const read = await accountRowsReadBy(tx, async () => {
        rows = await overviewAll(tx, 'ann', {}, 'amount-asc');
      });
      return { read, rows };
    });
    expect(rows).toHaveLength(ENTRIES);
    expect(read).toBeLessThan(60);
  });
});
