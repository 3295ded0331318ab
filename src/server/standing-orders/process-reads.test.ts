// 'Process Now' on one account reads that account's standing orders through the index on the
// account, not every saver's orders (the account list was a JSON array, which the planner took for
// a hundred accounts and answered with a scan of the whole table). Its payments are still made.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../db/client.ts';
import { rowsOf, withActor } from '../db/rls.ts';
import { accounts, user } from '../db/schema/index.ts';
import { seedOtherSavers } from '../test/bench-like-savers.ts';
import { createTestDatabase, testDatabaseKinds } from '../test/databases.ts';
import { rowsReadFrom } from '../test/rows-read.ts';
import { processAccount } from './processing.ts';

const OTHER_SAVERS = 300;
const TODAY = '2026-11-30';

describe.each(testDatabaseKinds())('Process Now’s reads on %s', (kind) => {
  let owner: Awaited<ReturnType<typeof createTestDatabase>>;
  let accountId = '';
  const as = <T>(work: (tx: Tx) => Promise<T>) => withActor(owner.database.db, { userId: 'ann' }, work);

  beforeAll(async () => {
    owner = await createTestDatabase(kind);
    const { db } = owner.database;
    await db.insert(user).values({ id: 'ann', name: 'Ann', email: 'ann@example.com' });
    accountId = (
      await as((tx) =>
        tx.insert(accounts).values({ userId: 'ann', name: 'Easy', accountNumber: '1' }).returning({ id: accounts.id }),
      )
    )[0]!.id;
    await as((tx) =>
      tx.execute(sql`insert into standing_orders (account_id, user_id, amount_pence, frequency, start_date)
        values (${accountId}, 'ann', 2500, 'monthly', '2026-11-01')`),
    );
    // Other savers with ten active orders each, and fresh statistics.
    await seedOtherSavers(db, OTHER_SAVERS);
    await db.execute(sql`insert into standing_orders (account_id, user_id, amount_pence, frequency, start_date)
      select a.id, a.user_id, 1000, 'monthly', '2027-01-01' from accounts a, generate_series(1, 10)
       where a.user_id like 'saver-%'`);
    await db.execute(sql`analyze`);
  }, 120_000);
  afterAll(async () => {
    await owner?.drop();
  });

  it('reads the account’s own order and makes its payment, not reading the other savers’ 3,000 orders', async () => {
    const { read, result } = await as(async (tx) => {
      const before = await rowsReadFrom(tx, 'standing_orders');
      const result = await processAccount(tx, { userId: 'ann', accountId, today: TODAY as never });
      return { read: (await rowsReadFrom(tx, 'standing_orders')) - before, result };
    });
    expect(result?.processed).toBe(1);
    const paid = await as(async (tx) =>
      rowsOf<{ date: string; amount: number }>(
        await tx.execute(
          sql`select date::text as date, amount_pence::int as amount from transactions where account_id = ${accountId}`,
        ),
      ),
    );
    expect(paid).toEqual([{ date: '2026-11-01', amount: 2500 }]);
    expect(read).toBeLessThan(20);
  });
});
