import { sql } from 'drizzle-orm';
import type { AppDb } from '../db/client.ts';

/**
 * `count` savers besides the test's own ('saver-1', 'saver-2', …), each with `accountsEach`
 * accounts of `accountType`. A plan test adds what its statement reads to these accounts, then
 * refreshes the statistics (`analyze`), so the planner sees the test's saver as one of many.
 */
export async function seedOtherSavers(
  db: AppDb,
  count: number,
  { accountsEach = 1, accountType = 'Savings' }: { accountsEach?: number; accountType?: string } = {},
): Promise<void> {
  await db.execute(sql`insert into "user" (id, name, email)
    select 'saver-' || n, 'Saver', 'saver-' || n || '@example.com' from generate_series(1, ${count}) n`);
  await db.execute(sql`insert into accounts (user_id, name, account_number, account_type)
    select 'saver-' || n, 'Account ' || a, '1', ${accountType}
      from generate_series(1, ${count}) n, generate_series(1, ${accountsEach}) a`);
}

/**
 * Many savers besides the test's own, as `npm run bench:mixed` seeds them (20 accounts each, 60
 * entries an account), then fresh statistics: so the planner sees one saver's or one account's
 * share of the entries as it does there, and a test of which plan runs means the bench's plan.
 */
export async function seedBenchLikeSavers(db: AppDb, count: number): Promise<void> {
  await seedOtherSavers(db, count, { accountsEach: 20 });
  await db.execute(sql`insert into transactions (account_id, user_id, date, type, amount_pence)
    select a.id, a.user_id, date '2026-01-01' + (e % 300), 'deposit', e
      from accounts a, generate_series(1, 60) e where a.user_id like 'saver-%'`);
  await db.execute(sql`analyze`);
}
