// An account's first and latest entry dates (migration 0056), kept by the balance trigger: after
// any inserts, date changes and deletions, across two accounts, they are the first and latest
// dates of the account's own entries (null with none); nobody sets them; and the lists' balance
// today reads the latest instead of probing the account's entries.
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../db/client.ts';
import { rowsOf, withActor } from '../db/rls.ts';
import { accounts, transactions, user } from '../db/schema/index.ts';
import { createTestDatabase, testDatabaseKinds } from '../test/databases.ts';
import { sqlState } from '../test/sql-errors.ts';
import { rowsReadFrom } from '../test/rows-read.ts';
import { listUserAccounts } from '../accounts/queries.ts';

const DAYS = ['2026-01-01', '2026-01-02', '2026-02-10', '2026-03-31', '2026-12-24', '2027-01-01'];
const TYPES = ['deposit', 'withdrawal', 'opening_balance', 'balance_update', 'interest'] as const;

type Op =
  | { kind: 'insert'; rows: Array<{ second: boolean; day: number; type: number }> }
  | { kind: 'move'; pick: number; day: number }
  | { kind: 'delete'; pick: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    rows: fc.array(
      fc.record({
        second: fc.boolean(),
        day: fc.nat(DAYS.length - 1),
        type: fc.nat(TYPES.length - 1),
      }),
      { minLength: 1, maxLength: 4 },
    ),
  }),
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), day: fc.nat(DAYS.length - 1) }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
);

/** A signed amount its type allows. */
const amountFor = (type: (typeof TYPES)[number]) => (type === 'withdrawal' ? -500 : 500);

describe.each(testDatabaseKinds())('an account’s entry dates on %s', (kind) => {
  let owner: Awaited<ReturnType<typeof createTestDatabase>>;
  const userId = 'dated-saver';
  let first = '';
  let second = '';

  const as = <T>(work: (tx: Tx) => Promise<T>) => withActor(owner.database.db, { userId }, work);
  type Span = { first: string | null; latest: string | null };
  const storedSpan = async (id: string) =>
    rowsOf<Span>(
      await owner.database.db.execute(
        sql`select first_entry_date::text as first, latest_entry_date::text as latest from accounts where id = ${id}`,
      ),
    )[0]!;

  beforeAll(async () => {
    owner = await createTestDatabase(kind);
    await owner.database.db.insert(user).values({ id: userId, name: 'Saver', email: 'dated@example.com' });
    const open = async (name: string) => {
      const [row] = await as((tx) =>
        tx.insert(accounts).values({ userId, name, accountNumber: '1' }).returning({ id: accounts.id }),
      );
      return row!.id;
    };
    first = await open('First');
    second = await open('Second');
  }, 60_000);
  afterAll(async () => {
    await owner?.drop();
  });

  it('are the first and latest dates of the account’s own entries after any inserts, date changes and deletions', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 10 }), async (ops) => {
        await as((tx) => tx.delete(transactions).where(eq(transactions.userId, userId)));
        for (const op of ops) {
          const held = await as((tx) =>
            tx.select({ id: transactions.id }).from(transactions).where(eq(transactions.userId, userId)),
          );
          if (op.kind === 'insert') {
            await as((tx) =>
              tx.insert(transactions).values(
                op.rows.map((r) => ({
                  accountId: r.second ? second : first,
                  userId,
                  date: DAYS[r.day]!,
                  type: TYPES[r.type]!,
                  amountPence: amountFor(TYPES[r.type]!),
                })),
              ),
            );
          } else if (held.length > 0) {
            const target = held[op.pick % held.length]!.id;
            await as((tx) =>
              op.kind === 'move'
                ? tx.update(transactions).set({ date: DAYS[op.day]! }).where(eq(transactions.id, target))
                : tx.delete(transactions).where(eq(transactions.id, target)),
            );
          }
          for (const id of [first, second]) {
            const [expected] = rowsOf<Span>(
              await owner.database.db.execute(
                sql`select min(date)::text as first, max(date)::text as latest from transactions where account_id = ${id}`,
              ),
            );
            expect(await storedSpan(id), `after ${op.kind}`).toEqual(expected);
          }
        }
      }),
      { numRuns: kind === 'postgres' ? 25 : 20 },
    );
  }, 120_000);

  it('cannot be set by anyone but a recalculation, which takes them again from the entries', async () => {
    await as((tx) => tx.delete(transactions).where(eq(transactions.userId, userId)));
    await as((tx) =>
      tx.insert(transactions).values({ accountId: first, userId, date: '2026-03-01', type: 'deposit', amountPence: 1 }),
    );
    for (const column of ['first_entry_date', 'latest_entry_date']) {
      const refused = await as((tx) =>
        tx.execute(sql`update accounts set ${sql.identifier(column)} = '2020-01-01' where id = ${first}`),
      ).then(
        () => 'no error',
        (err: unknown) => sqlState(err),
      );
      expect(refused, column).toBe('42501');
    }
    // A new account starts without one, whatever the insert names.
    const [third] = await as(async (tx) =>
      rowsOf<Span>(
        await tx.execute(sql`insert into accounts (user_id, name, account_number, first_entry_date, latest_entry_date)
          values (${userId}, 'Third', '3', '2020-01-01', '2030-01-01')
          returning first_entry_date::text as first, latest_entry_date::text as latest`),
      ),
    );
    expect(third).toEqual({ first: null, latest: null });
    // A repair (the diagnostics' fix) sets them from the entries, as it sets the balance.
    await owner.database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.balance_recalculation', 'on', true)`);
      await tx.execute(sql`update accounts set first_entry_date = null, latest_entry_date = null where id = ${first}`);
    });
    await as((tx) => tx.execute(sql`select recalculate_account_balance(${first}::uuid)`));
    expect(await storedSpan(first)).toEqual({ first: '2026-03-01', latest: '2026-03-01' });
  });

  it('decides the balance today: an entry dated after today is left out until its day', async () => {
    await as((tx) => tx.delete(transactions).where(eq(transactions.userId, userId)));
    await as((tx) =>
      tx.insert(transactions).values([
        { accountId: first, userId, date: '2026-03-01', type: 'opening_balance', amountPence: 100_00 },
        { accountId: first, userId, date: '2026-12-24', type: 'deposit', amountPence: 25_00 },
      ]),
    );
    const balanceOn = async (today: string) =>
      (await as((tx) => listUserAccounts(tx, userId, today as never))).rows.find((r) => r.item.id === first)?.item
        .balancePence;
    expect(await balanceOn('2026-11-30')).toBe(100_00);
    expect(await balanceOn('2026-12-24')).toBe(125_00);
  });

  it('lets the accounts list read no entry to know there is none after today, with one saver’s statistics', async () => {
    // One saver's database, analysed (a self-hosted instance): the kept plan of the old probe
    // scanned the whole table for each account. Now the list reads no entry at all.
    await as((tx) => tx.delete(transactions).where(eq(transactions.userId, userId)));
    await owner.database.db.execute(sql`insert into transactions (account_id, user_id, date, type, amount_pence)
      select a.id, a.user_id, date '2024-01-01' + g, 'deposit', g from accounts a, generate_series(1, 300) g
       where a.user_id = ${userId}`);
    await owner.database.db.execute(sql`analyze`);
    const read = await as(async (tx) => {
      const entriesRead = () => rowsReadFrom(tx, 'transactions');
      for (let run = 0; run < 7; run++) await listUserAccounts(tx, userId, '2026-11-30' as never);
      const before = await entriesRead();
      const { rows } = await listUserAccounts(tx, userId, '2026-11-30' as never);
      expect(rows.length).toBeGreaterThanOrEqual(2);
      return (await entriesRead()) - before;
    });
    expect(read).toBe(0);
  });
});
