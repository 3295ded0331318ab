// A user's data version (migration 0032, once per transaction since 0053): every committed
// transaction that changes a user's rows leaves a new version, whatever number of statements and
// tables it wrote; a transaction that rolls back leaves none; and a savepoint rolled back does not
// keep the rest of its transaction from bumping.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, withActor } from '../db/rls.ts';
import { accounts, bankingGroups, user } from '../db/schema/index.ts';
import { createTestDatabase, testDatabaseKinds } from '../test/databases.ts';

describe.each(testDatabaseKinds())('user data versions on %s', (kind) => {
  let owner: Awaited<ReturnType<typeof createTestDatabase>>;
  let annAccount: string;
  let bobAccount: string;

  const versions = async () => {
    const rows = rowsOf<{ user_id: string; version: string | number }>(
      await owner.database.db.execute(sql`select user_id, version from user_data_versions order by user_id`),
    );
    return Object.fromEntries(rows.map((r) => [r.user_id, Number(r.version)]));
  };
  const deposit = (userId: string, accountId: string, pence = 1_00) =>
    sql`insert into transactions (account_id, user_id, date, type, amount_pence)
        values (${accountId}, ${userId}, '2026-06-01', 'deposit', ${pence})`;

  beforeAll(async () => {
    owner = await createTestDatabase(kind);
    const { db } = owner.database;
    for (const id of ['ann', 'bob']) await db.insert(user).values({ id, name: id, email: `${id}@example.com` });
    const open = (userId: string) =>
      withActor(db, { userId }, (tx) =>
        tx.insert(accounts).values({ userId, name: 'Saver', accountNumber: '1' }).returning({ id: accounts.id }),
      );
    [{ id: annAccount }] = (await open('ann')) as [{ id: string }];
    [{ id: bobAccount }] = (await open('bob')) as [{ id: string }];
  });
  afterAll(async () => {
    await owner?.drop();
  });

  it('rises once for a deposit, which writes the entry, the balance and the month’s totals', async () => {
    const before = await versions();
    await withActor(owner.database.db, { userId: 'ann' }, (tx) => tx.execute(deposit('ann', annAccount)));
    expect(await versions()).toEqual({ ...before, ann: before.ann! + 1 });
    await withActor(owner.database.db, { userId: 'ann' }, (tx) => tx.execute(deposit('ann', annAccount)));
    expect(await versions()).toEqual({ ...before, ann: before.ann! + 2 });
  });

  it('rises once for an edit of an account, and once with a deposit in the same transaction (migration 0063)', async () => {
    const { db } = owner.database;
    const before = await versions();
    await withActor(db, { userId: 'ann' }, (tx) =>
      tx.update(accounts).set({ name: 'Rainy day' }).where(eq(accounts.id, annAccount)),
    );
    expect(await versions()).toEqual({ ...before, ann: before.ann! + 1 });
    await withActor(db, { userId: 'ann' }, async (tx) => {
      await tx.update(accounts).set({ name: 'Holiday' }).where(eq(accounts.id, annAccount));
      await tx.execute(deposit('ann', annAccount));
      await tx.update(accounts).set({ holders: 2 }).where(eq(accounts.id, annAccount));
    });
    expect(await versions()).toEqual({ ...before, ann: before.ann! + 2 });
  });

  it("rises for each saver whose account a deleted banking group unlinks (a foreign key's update, inside its trigger)", async () => {
    const { db } = owner.database;
    await db.insert(bankingGroups).values({
      id: 'test-group-0063',
      groupName: 'Test Group',
      legalName: 'Test Group plc',
      type: 'bank',
      isDepositTaker: true,
      fscsProtected: true,
      protectionBasis: 'fscs',
      loadedData: {},
    });
    for (const [userId, accountId] of [
      ['ann', annAccount],
      ['bob', bobAccount],
    ] as const)
      await withActor(db, { userId }, (tx) =>
        tx.update(accounts).set({ bankingGroupId: 'test-group-0063' }).where(eq(accounts.id, accountId)),
      );
    const before = await versions();
    await db.delete(bankingGroups).where(eq(bankingGroups.id, 'test-group-0063'));
    expect(await versions()).toEqual({ ...before, ann: before.ann! + 1, bob: before.bob! + 1 });
    const linked = await db.select({ group: accounts.bankingGroupId }).from(accounts).where(eq(accounts.userId, 'bob'));
    expect(linked).toEqual([{ group: null }]);
  });

  it("has the balance trigger as the only function that sets an account's ledger version (migration 0063 skips its updates)", async () => {
    const writers = rowsOf<{ proname: string }>(
      await owner.database.db.execute(
        sql`select proname from pg_proc where pronamespace = 'public'::regnamespace
              and prosrc ~* 'ledger_version[[:space:]]*=' order by proname`,
      ),
    );
    expect(writers.map((w) => w.proname)).toEqual(['transactions_apply_to_balance']);
  });

  it('rises once for each user a transaction writes, and not at all when it rolls back', async () => {
    const { db } = owner.database;
    const before = await versions();
    await db.transaction(async (tx) => {
      await tx.execute(deposit('ann', annAccount));
      await tx.execute(deposit('bob', bobAccount));
      await tx.execute(deposit('ann', annAccount));
      await tx.execute(sql`update accounts set name = 'Renamed' where id in (${annAccount}, ${bobAccount})`);
    });
    expect(await versions()).toEqual({ ann: before.ann! + 1, bob: before.bob! + 1 });
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(deposit('ann', annAccount));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await versions()).toEqual({ ann: before.ann! + 1, bob: before.bob! + 1 });
  });

  it('bumps after a savepoint that bumped was rolled back, and not again in a later transaction’s name', async () => {
    const { db } = owner.database;
    const before = await versions();
    await db.transaction(async (tx) => {
      await expect(
        tx.transaction(async (inner) => {
          await inner.execute(deposit('ann', annAccount));
          throw new Error('undo the savepoint');
        }),
      ).rejects.toThrow('undo the savepoint');
      // The savepoint's bump was undone with it: this write must bump again.
      await tx.execute(deposit('ann', annAccount, 2_00));
    });
    expect(await versions()).toEqual({ ...before, ann: before.ann! + 1 });
    // What one transaction bumped is not carried into the next.
    const setting = rowsOf<{ bumped: string | null }>(
      await db.execute(sql`select current_setting('app.user_data_versions_bumped', true) as bumped`),
    );
    expect(setting[0]?.bumped ?? '').toBe('');
    await withActor(db, { userId: 'ann' }, (tx) => tx.execute(deposit('ann', annAccount)));
    expect(await versions()).toEqual({ ...before, ann: before.ann! + 2 });
  });
});
