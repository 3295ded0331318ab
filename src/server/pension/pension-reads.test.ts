// The notifications read every pension of the saver (`readUserPensions`), each with the saver's
// other pension records (their flexible access day and incomes): read by user through an index,
// not by scanning every saver's records and leaving the others' to row-level security.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../db/client.ts';
import { rowsOf, withActor } from '../db/rls.ts';
import { accounts, pensionAccounts, user } from '../db/schema/index.ts';
import { seedOtherSavers } from '../test/bench-like-savers.ts';
import { createTestDatabase, testDatabaseKinds } from '../test/databases.ts';
import { rowsReadFrom } from '../test/rows-read.ts';
import { readUserPensions } from './queries.ts';

const OTHER_SAVERS = 300;

describe.each(testDatabaseKinds())('a saver’s pensions on %s', (kind) => {
  let owner: Awaited<ReturnType<typeof createTestDatabase>>;
  const as = <T>(work: (tx: Tx) => Promise<T>) => withActor(owner.database.db, { userId: 'ann' }, work);

  beforeAll(async () => {
    owner = await createTestDatabase(kind);
    const { db } = owner.database;
    const [provider] = rowsOf<{ id: string }>(
      await db.execute(sql`select id from pension_providers order by id limit 1`),
    );
    await db.insert(user).values({ id: 'ann', name: 'Ann', email: 'ann@example.com' });
    for (const [name, flexibleAccessOn] of [
      ['Workplace pension', '2025-06-01'],
      ['SIPP', null],
    ] as const) {
      await as(async (tx) => {
        const [row] = await tx
          .insert(accounts)
          .values({ userId: 'ann', name, accountNumber: '1', accountType: 'Personal Pension' })
          .returning({ id: accounts.id });
        await tx.insert(pensionAccounts).values({
          accountId: row!.id,
          userId: 'ann',
          providerId: provider!.id,
          protectionCategory: 'insurance_100',
          flexibleAccessOn,
        });
      });
    }
    // Other savers with a pension record each, and fresh statistics.
    await seedOtherSavers(db, OTHER_SAVERS, { accountType: 'Personal Pension' });
    await db.execute(sql`insert into pension_accounts (account_id, user_id, provider_id, protection_category)
      select a.id, a.user_id, ${provider!.id}, 'insurance_100' from accounts a where a.user_id like 'saver-%'`);
    await db.execute(sql`analyze`);
  }, 120_000);
  afterAll(async () => {
    await owner?.drop();
  });

  it('reads the saver’s own pension records, not every saver’s', async () => {
    const { read, pensions } = await as(async (tx) => {
      // Past five runs PostgreSQL keeps one plan for any saver, as the notifications' connection does.
      for (let run = 0; run < 7; run++) await readUserPensions(tx, 'ann');
      const before = await rowsReadFrom(tx, 'pension_accounts');
      const pensions = await readUserPensions(tx, 'ann');
      return { read: (await rowsReadFrom(tx, 'pension_accounts')) - before, pensions };
    });
    expect(pensions.map((p) => p.account.name)).toEqual(['SIPP', 'Workplace pension']);
    // Each pension knows the saver's first flexible access, from the other record too.
    expect(pensions.map((p) => p.flexibleAccessDays)).toEqual([['2025-06-01'], ['2025-06-01']]);
    // Two pensions, each with its own record and the saver's two records: a few rows, not 300 more.
    expect(read).toBeLessThan(30);
  });
});
