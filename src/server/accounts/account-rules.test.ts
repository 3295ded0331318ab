// The database rules of migration 0007: the balance is the sum of the transactions whatever
// writes them, nobody sets a balance directly, and rows cannot be attached to another user's account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rowsOf, withActor } from '../db/rls.ts';
import { accountMonthlyTotals, accounts, standingOrders, transactions, user } from '../db/schema/index.ts';
import { createTestDatabase, testDatabaseKinds } from '../test/databases.ts';
import { rejection } from '../test/sql-errors.ts';

describe.each(testDatabaseKinds())('account rules on %s', (kind) => {
  let owner: Awaited<ReturnType<typeof createTestDatabase>>;
  let annAccount: string;
  let bobAccount: string;

  const balanceOf = async (id: string) => {
    const [row] = await owner.database.db
      .select({ balance: accounts.balancePence })
      .from(accounts)
      .where(eq(accounts.id, id));
    return row?.balance;
  };
  const sumOf = async (id: string) => {
    const [row] = await owner.database.db
      .select({ sum: sql<number>`coalesce(sum(${transactions.amountPence}), 0)::bigint` })
      .from(transactions)
      .where(eq(transactions.accountId, id));
    return Number(row?.sum);
  };

  /** The SQLSTATE and constraint name a piece of work fails with, or 'no error'. */
  const refusal = async (work: Promise<unknown>) => {
    try {
      await work;
      return 'no error';
    } catch (err) {
      for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
        const { code, constraint } = e as { code?: string; constraint?: string };
        if (code) return `${code} ${constraint}`;
      }
      throw err;
    }
  };

  beforeAll(async () => {
    owner = await createTestDatabase(kind);
    const { db } = owner.database;
    for (const id of ['ann', 'bob']) await db.insert(user).values({ id, name: id, email: `${id}@example.com` });
    [{ id: annAccount }] = (await withActor(db, { userId: 'ann' }, (tx) =>
      tx
        .insert(accounts)
        .values({ userId: 'ann', name: 'Easy saver', accountNumber: '1234' })
        .returning({ id: accounts.id }),
    )) as [{ id: string }];
    [{ id: bobAccount }] = (await withActor(db, { userId: 'bob' }, (tx) =>
      tx
        .insert(accounts)
        .values({ userId: 'bob', name: 'Bob saver', accountNumber: '9999' })
        .returning({ id: accounts.id }),
    )) as [{ id: string }];
  });
  afterAll(async () => {
    await owner?.drop();
  });

  it('starts every account at zero, whatever balance the insert names', async () => {
    const { db } = owner.database;
    const [row] = await withActor(db, { userId: 'ann' }, (tx) =>
      tx
        .insert(accounts)
        .values({ userId: 'ann', name: 'Cheat', accountNumber: '1', balancePence: 1_000_000 })
        .returning(),
    );
    expect(row?.balancePence).toBe(0);
  });

  it('keeps the balance equal to the sum through inserts, updates and deletes', async () => {
    const { db } = owner.database;
    await withActor(db, { userId: 'ann' }, (tx) =>
      tx.insert(transactions).values([
        { accountId: annAccount, userId: 'ann', amountPence: 100_000, date: '2026-01-01', type: 'opening_balance' },
        { accountId: annAccount, userId: 'ann', amountPence: 2_550, date: '2026-02-01', type: 'deposit' },
        { accountId: annAccount, userId: 'ann', amountPence: -1_000, date: '2026-03-01', type: 'withdrawal' },
      ]),
    );
    expect(await balanceOf(annAccount)).toBe(101_550);
    await withActor(db, { userId: 'ann' }, (tx) =>
      tx.update(transactions).set({ amountPence: -5_000 }).where(eq(transactions.type, 'withdrawal')),
    );
    expect(await balanceOf(annAccount)).toBe(97_550);
    await withActor(db, { userId: 'ann' }, (tx) => tx.delete(transactions).where(eq(transactions.type, 'deposit')));
    expect(await balanceOf(annAccount)).toBe(95_000);
    expect(await balanceOf(annAccount)).toBe(await sumOf(annAccount));
  });

  it('keeps per-month totals by type in step with the transactions, and lets no user write them', async () => {
    const { db } = owner.database;
    const totals = async () =>
      (await db.select().from(accountMonthlyTotals).where(eq(accountMonthlyTotals.accountId, annAccount)))
        .filter((r) => r.transactionCount > 0)
        .map((r) => `${r.month} ${r.type} ${r.totalPence} x${r.transactionCount}`)
        .sort();
    const expected = async () => {
      const rows = rowsOf<{ line: string }>(
        await db.execute(sql`select date_trunc('month', date)::date::text || ' ' || type || ' ' || sum(amount_pence) || ' x' || count(*) as line
          from transactions where account_id = ${annAccount} group by date_trunc('month', date), type`),
      );
      return rows.map((r) => r.line).sort();
    };
    expect(await totals()).toEqual(await expected());
    await withActor(db, { userId: 'ann' }, (tx) =>
      tx.insert(transactions).values([
        { accountId: annAccount, userId: 'ann', amountPence: 700, date: '2026-03-15', type: 'interest' },
        { accountId: annAccount, userId: 'ann', amountPence: 300, date: '2026-03-31', type: 'interest' },
      ]),
    );
    await withActor(db, { userId: 'ann' }, (tx) =>
      tx.update(transactions).set({ date: '2026-04-01' }).where(eq(transactions.amountPence, 300)),
    );
    expect(await totals()).toEqual(await expected());
    expect(await totals()).toContain('2026-03-01 interest 700 x1');
    expect(await totals()).toContain('2026-04-01 interest 300 x1');
    expect(
      await rejection(
        withActor(db, { userId: 'ann' }, (tx) =>
          tx.insert(accountMonthlyTotals).values({
            accountId: annAccount,
            userId: 'ann',
            month: '2026-05-01',
            type: 'interest',
            totalPence: 1,
            transactionCount: 1,
          }),
        ),
      ),
    ).toBe('42501');
  });

  it('refuses a direct write of the balance, but lets a recalculation confirm it', async () => {
    const { db } = owner.database;
    expect(
      await rejection(
        withActor(db, { userId: 'ann' }, (tx) =>
          tx.update(accounts).set({ balancePence: 1 }).where(eq(accounts.id, annAccount)),
        ),
      ),
    ).toBe('42501');
    const [row] = rowsOf<{ total: string | number }>(
      await withActor(db, { userId: 'ann' }, (tx) =>
        tx.execute(sql`select recalculate_account_balance(${annAccount}::uuid) as total`),
      ),
    );
    expect(Number(row?.total)).toBe(await sumOf(annAccount));
    expect(await balanceOf(annAccount)).toBe(await sumOf(annAccount));
  });

  it('bumps the ledger version on every write to the transactions, and lets nobody set it', async () => {
    const { db } = owner.database;
    const versionOf = async () => {
      const [row] = await owner.database.db
        .select({ version: accounts.ledgerVersion })
        .from(accounts)
        .where(eq(accounts.id, bobAccount));
      return row?.version;
    };
    const as = <T>(run: Parameters<typeof withActor<T>>[2]) => withActor(db, { userId: 'bob' }, run);
    const start = await versionOf();
    await as((tx) =>
      tx.insert(transactions).values([
        { accountId: bobAccount, userId: 'bob', amountPence: 5_00, date: '2020-01-01', type: 'deposit' },
        { accountId: bobAccount, userId: 'bob', amountPence: 7_00, date: '2020-02-01', type: 'deposit' },
      ]),
    );
    const afterInsert = await versionOf();
    expect(afterInsert).toBeGreaterThan(start!);
    // An edit that leaves the balance as it was still changes what the line shows: a new version.
    await as((tx) => tx.update(transactions).set({ date: '2020-03-01' }).where(eq(transactions.amountPence, 5_00)));
    const afterEdit = await versionOf();
    expect(afterEdit).toBeGreaterThan(afterInsert!);
    await as((tx) => tx.delete(transactions).where(eq(transactions.accountId, bobAccount)));
    expect(await versionOf()).toBeGreaterThan(afterEdit!);
    expect(
      await rejection(as((tx) => tx.update(accounts).set({ ledgerVersion: 0 }).where(eq(accounts.id, bobAccount)))),
    ).toBe('42501');
    const [created] = await as((tx) =>
      tx.insert(accounts).values({ userId: 'bob', name: 'Cheat', accountNumber: '2', ledgerVersion: 99 }).returning(),
    );
    expect(created?.ledgerVersion).toBe(0);
  });

  it('refuses a transaction or standing order on someone else’s account', async () => {
    const { db } = owner.database;
    expect(
      await rejection(
        withActor(db, { userId: 'ann' }, (tx) =>
          tx
            .insert(transactions)
            .values({ accountId: bobAccount, userId: 'ann', amountPence: 1, date: '2026-01-01', type: 'deposit' }),
        ),
      ),
    ).toBe('23503');
    expect(
      await rejection(
        withActor(db, { userId: 'ann' }, (tx) =>
          tx.insert(standingOrders).values({
            accountId: bobAccount,
            userId: 'ann',
            amountPence: 1,
            frequency: 'monthly',
            startDate: '2026-01-01',
          }),
        ),
      ),
    ).toBe('23503');
    expect(await balanceOf(bobAccount)).toBe(0);
  });

  it("refuses each account field rule as a violated check constraint of its name, on insert and on update (migration 0060's trigger)", async () => {
    const { db } = owner.database;
    const base = { userId: 'ann', name: 'Rules', accountNumber: '42' };
    const broken: Array<[Partial<typeof accounts.$inferInsert>, string]> = [
      [{ holders: 0 }, 'accounts_holders_range'],
      [{ holders: 11 }, 'accounts_holders_range'],
      [{ interestRateBps: -1 }, 'accounts_rate_not_negative'],
      [{ interestPaymentDay: 0 }, 'accounts_payment_day_range'],
      [{ interestPaymentDay: 32 }, 'accounts_payment_day_range'],
      [{ interestPaymentMonth: 13 }, 'accounts_payment_month_range'],
      [{ thbLifeEvent: 'inheritance' }, 'accounts_thb_complete'],
      [{ thbLifeEvent: 'inheritance', thbQualifyingPence: 0, thbCreditedDate: '2026-11-01' }, 'accounts_thb_complete'],
    ];
    for (const [fields, rule] of broken) {
      expect(
        await refusal(withActor(db, { userId: 'ann' }, (tx) => tx.insert(accounts).values({ ...base, ...fields }))),
      ).toBe(`23514 ${rule}`);
      expect(
        await refusal(
          withActor(db, { userId: 'ann' }, (tx) => tx.update(accounts).set(fields).where(eq(accounts.id, annAccount))),
        ),
      ).toBe(`23514 ${rule}`);
    }
    // The edges and the unknowns pass, as in a CHECK; a whole Temporary High Balance too.
    const allowed: Array<Partial<typeof accounts.$inferInsert>> = [
      { holders: 1, interestRateBps: 0, interestPaymentDay: 1, interestPaymentMonth: 1 },
      { holders: 10, interestPaymentDay: 31, interestPaymentMonth: 12 },
      { interestPaymentDay: null, interestPaymentMonth: null },
      { thbLifeEvent: 'inheritance', thbQualifyingPence: 1, thbCreditedDate: '2026-11-01' },
      // The amount unknown: the rule is unknown, not broken, as a CHECK would have it.
      { thbLifeEvent: 'inheritance', thbQualifyingPence: null, thbCreditedDate: '2026-11-01' },
    ];
    for (const fields of allowed)
      expect(
        await refusal(withActor(db, { userId: 'ann' }, (tx) => tx.insert(accounts).values({ ...base, ...fields }))),
      ).toBe('no error');
  });

  it('refuses a withdrawal stored as a positive amount and a deposit stored as a negative one', async () => {
    const { db } = owner.database;
    for (const [type, amountPence] of [
      ['withdrawal', 100],
      ['fee', 1],
      ['deposit', -1],
      ['opening_balance', -1],
    ] as const) {
      expect(
        await rejection(
          withActor(db, { userId: 'ann' }, (tx) =>
            tx
              .insert(transactions)
              .values({ accountId: annAccount, userId: 'ann', amountPence, date: '2026-01-01', type }),
          ),
        ),
      ).toBe('23514');
    }
  });

  it("refuses each transaction rule as a violated check constraint of its name, on insert and on update (migration 0062's trigger)", async () => {
    const { db } = owner.database;
    // An account of its own: the balance updates below would move the others' balance rule.
    const [account] = await withActor(db, { userId: 'ann' }, (tx) =>
      tx.insert(accounts).values({ userId: 'ann', name: 'Rules', accountNumber: '62' }).returning({ id: accounts.id }),
    );
    const accountId = account!.id;
    const [order] = await withActor(db, { userId: 'ann' }, (tx) =>
      tx
        .insert(standingOrders)
        .values({ accountId, userId: 'ann', amountPence: 1, frequency: 'monthly', startDate: '2026-01-01' })
        .returning({ id: standingOrders.id }),
    );
    const entry = { accountId, userId: 'ann', date: '2026-04-01' };
    const insert = (
      values: Omit<typeof transactions.$inferInsert, 'accountId' | 'userId' | 'date'> & { date?: string },
    ) => refusal(withActor(db, { userId: 'ann' }, (tx) => tx.insert(transactions).values({ ...entry, ...values })));
    const sign = '23514 transactions_sign_matches_type';
    const occurrence = '23514 transactions_order_has_occurrence';
    expect(await insert({ type: 'withdrawal', amountPence: 1 })).toBe(sign);
    expect(await insert({ type: 'fee', amountPence: 1 })).toBe(sign);
    expect(await insert({ type: 'deposit', amountPence: -1 })).toBe(sign);
    expect(await insert({ type: 'interest', amountPence: -1 })).toBe(sign);
    expect(await insert({ type: 'opening_balance', amountPence: -1 })).toBe(sign);
    expect(await insert({ type: 'deposit', amountPence: 1, standingOrderId: order!.id })).toBe(occurrence);
    // Both broken: the occurrence rule is named, as PostgreSQL checked the constraints by name.
    expect(await insert({ type: 'deposit', amountPence: -1, standingOrderId: order!.id })).toBe(occurrence);
    // The edges pass: nothing either way, a balance update of either sign, an occurrence without an
    // order. The statements on days of their own before the entries, so the balance below does
    // not hang on the order of rows written in one millisecond (PGlite's clock).
    for (const [type, amountPence] of [
      ['withdrawal', 0],
      ['fee', 0],
      ['deposit', 0],
      ['interest', 0],
    ] as const)
      expect(await insert({ type, amountPence })).toBe('no error');
    for (const [type, amountPence, date] of [
      ['opening_balance', 0, '2026-03-01'],
      ['balance_update', -5, '2026-03-02'],
      ['balance_update', 5, '2026-03-03'],
    ] as const)
      expect(await insert({ type, amountPence, date })).toBe('no error');
    expect(await insert({ type: 'deposit', amountPence: 1, occurrenceDate: '2026-04-01' })).toBe('no error');
    expect(
      await insert({ type: 'deposit', amountPence: 1, standingOrderId: order!.id, occurrenceDate: '2026-04-01' }),
    ).toBe('no error');

    // An update is held to the same rules.
    const [deposit] = await withActor(db, { userId: 'ann' }, (tx) =>
      tx
        .insert(transactions)
        .values({ ...entry, type: 'deposit', amountPence: 700 })
        .returning({ id: transactions.id }),
    );
    const update = (values: Partial<typeof transactions.$inferInsert>) =>
      refusal(
        withActor(db, { userId: 'ann' }, (tx) =>
          tx.update(transactions).set(values).where(eq(transactions.id, deposit!.id)),
        ),
      );
    expect(await update({ amountPence: -700 })).toBe(sign);
    expect(await update({ type: 'withdrawal' })).toBe(sign);
    expect(await update({ standingOrderId: order!.id })).toBe(occurrence);
    expect(await update({ type: 'withdrawal', amountPence: -700 })).toBe('no error');
    // The refused writes changed nothing: the last balance update (5), then the entries of the days after it.
    expect(await balanceOf(accountId)).toBe(5 + 1 + 1 - 700);
  });

  it('pays one standing-order occurrence once, and keeps the payment if the order is deleted', async () => {
    const { db } = owner.database;
    const [order] = await withActor(db, { userId: 'ann' }, (tx) =>
      tx
        .insert(standingOrders)
        .values({
          accountId: annAccount,
          userId: 'ann',
          amountPence: 5_000,
          frequency: 'monthly',
          startDate: '2026-01-01',
        })
        .returning(),
    );
    const payment = {
      accountId: annAccount,
      userId: 'ann',
      amountPence: 5_000,
      date: '2026-01-01',
      type: 'deposit' as const,
      standingOrderId: order!.id,
      occurrenceDate: '2026-01-01',
    };
    await withActor(db, { userId: 'ann' }, (tx) => tx.insert(transactions).values(payment));
    expect(await rejection(withActor(db, { userId: 'ann' }, (tx) => tx.insert(transactions).values(payment)))).toBe(
      '23505',
    );
    await withActor(db, { userId: 'ann' }, (tx) => tx.delete(standingOrders).where(eq(standingOrders.id, order!.id)));
    const kept = await db.select().from(transactions).where(eq(transactions.occurrenceDate, '2026-01-01'));
    expect(kept).toHaveLength(1);
    expect(kept[0]?.standingOrderId).toBeNull();
    expect(await balanceOf(annAccount)).toBe(await sumOf(annAccount));
  });

  it('refuses an entry naming no account or no standing order', async () => {
    const { db } = owner.database;
    const entry = { userId: 'ann', amountPence: 1, date: '2026-01-01', type: 'deposit' as const };
    const missing = '00000000-0000-4000-8000-000000000000';
    const insert = (values: typeof transactions.$inferInsert) =>
      rejection(withActor(db, { userId: 'ann' }, (tx) => tx.insert(transactions).values(values)));
    expect(await insert({ ...entry, accountId: missing })).toBe('23503');
    expect(
      await insert({ ...entry, accountId: annAccount, standingOrderId: missing, occurrenceDate: '2026-01-01' }),
    ).toBe('23503');
    // Bob's order, on Bob's account, cannot pay into Ann's.
    const [bobsOrder] = await withActor(db, { userId: 'bob' }, (tx) =>
      tx
        .insert(standingOrders)
        .values({ accountId: bobAccount, userId: 'bob', amountPence: 1, frequency: 'monthly', startDate: '2026-01-01' })
        .returning({ id: standingOrders.id }),
    );
    expect(
      await rejection(
        withActor(db, { userId: 'bob' }, (tx) =>
          tx.insert(transactions).values({
            ...entry,
            userId: 'bob',
            accountId: bobAccount,
            standingOrderId: bobsOrder!.id,
            occurrenceDate: '2026-01-01',
          }),
        ),
      ),
    ).toBe('no error');
    const [annsOther] = (await withActor(db, { userId: 'ann' }, (tx) =>
      tx.insert(accounts).values({ userId: 'ann', name: 'Other', accountNumber: '5' }).returning({ id: accounts.id }),
    )) as [{ id: string }];
    expect(
      await insert({ ...entry, accountId: annsOther.id, standingOrderId: bobsOrder!.id, occurrenceDate: '2026-01-02' }),
    ).toBe('23503');
  });

  it('removes a saver’s entries with the saver, through their accounts', async () => {
    const { db } = owner.database;
    await db.insert(user).values({ id: 'cat', name: 'cat', email: 'cat@example.com' });
    const [{ id: catAccount }] = (await withActor(db, { userId: 'cat' }, (tx) =>
      tx
        .insert(accounts)
        .values({ userId: 'cat', name: 'Cat saver', accountNumber: '3' })
        .returning({ id: accounts.id }),
    )) as [{ id: string }];
    await withActor(db, { userId: 'cat' }, (tx) =>
      tx
        .insert(transactions)
        .values({ accountId: catAccount, userId: 'cat', amountPence: 700, date: '2026-01-01', type: 'deposit' }),
    );
    await db.delete(user).where(eq(user.id, 'cat'));
    expect(await db.select().from(transactions).where(eq(transactions.userId, 'cat'))).toHaveLength(0);
  });

  it('deletes an account with its transactions and standing orders', async () => {
    const { db } = owner.database;
    await withActor(db, { userId: 'ann' }, (tx) => tx.delete(accounts).where(eq(accounts.id, annAccount)));
    expect(await db.select().from(transactions).where(eq(transactions.accountId, annAccount))).toHaveLength(0);
    expect(await db.select().from(standingOrders).where(eq(standingOrders.accountId, annAccount))).toHaveLength(0);
  });
});
