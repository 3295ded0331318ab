// What an add reads back after its insert (`accountBalanceAfterAdd`): the user's data version is
// the account owner's row, looked up by its key. Drizzle writes a column of a one-table select
// without its table, so `user_id = user_id` inside the subquery once compared the subquery's own
// column with itself: every user's row was read at every add (PostgreSQL's share of the mixed
// bench grew with the number of registered users), and only row-level security kept the answer
// right. Read here both under row-level security and without it (the table's owner), with many
// other users' versions beside the owner's.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarDate } from '../../core/dates/calendar-date.ts';
import { withActor } from '../db/rls.ts';
import { user } from '../db/schema/index.ts';
import { createTestDatabase, testDatabaseKinds } from '../test/databases.ts';
import { rowsReadFrom } from '../test/rows-read.ts';
import { createTestAccount } from './account-fixture.ts';
import { accountBalanceAfterAdd } from './queries.ts';

const OTHER_USERS = 5_000;
const ANN_VERSION = 7;
const TODAY: CalendarDate = '2026-12-03';

describe.each(testDatabaseKinds())('the version an add reads back on %s', (kind) => {
  let owner: Awaited<ReturnType<typeof createTestDatabase>>;
  let annAccount = '';

  beforeAll(async () => {
    owner = await createTestDatabase(kind);
    const { db } = owner.database;
    // As many users as a live service has (every request's statements are planned for it): at a
    // few hundred rows PostgreSQL reads the whole table (two pages) whatever the statement says.
    await db.insert(user).values({ id: 'ann', name: 'Ann', email: 'ann@example.com' });
    await db.execute(sql`insert into "user" (id, name, email)
      select 'other-' || g, 'Other', 'other-' || g || '@example.com' from generate_series(1, ${OTHER_USERS}) g`);
    // Each user's own version, Ann's apart from every other.
    await db.execute(sql`insert into user_data_versions (user_id, version)
      select id, case when id = 'ann' then ${ANN_VERSION} else 1000 + row_number() over (order by id) end from "user"
      on conflict (user_id) do update set version = excluded.version`);
    await db.execute(sql`analyze user_data_versions`);
    annAccount = await createTestAccount(db, 'ann');
    // The account's own insert bumped Ann's version: set it back to the one the test expects.
    await db.execute(sql`update user_data_versions set version = ${ANN_VERSION} where user_id = 'ann'`);
  }, 60_000);
  afterAll(async () => {
    await owner?.drop();
  });

  it('is the owner’s, read by its key under row-level security', async () => {
    const { read, after } = await withActor(owner.database.db, { userId: 'ann' }, async (tx) => {
      const before = await rowsReadFrom(tx, 'user_data_versions');
      const after = await accountBalanceAfterAdd(tx, annAccount, TODAY);
      return { after, read: (await rowsReadFrom(tx, 'user_data_versions')) - before };
    });
    expect(after.userVersion).toBe(ANN_VERSION);
    // One row by the primary key (its index entry and the row); all of them was 5,001.
    expect(read).toBeLessThanOrEqual(2);
  });

  it('is the owner’s without row-level security too', async () => {
    const after = await owner.database.db.transaction((tx) => accountBalanceAfterAdd(tx, annAccount, TODAY));
    expect(after.userVersion).toBe(ANN_VERSION);
  });
});
