/**
 * The database keeps the balance by the rule of src/core/balance/balance-rule.ts (migration 0014,
 * ADR 0022): for any entries, the stored balance, `recalculate_account_balance` and each listed
 * row's standing and adjustment (an account's pages and the all-transactions list) equal core's.
 * Then the two claims the triggers rest on: a writer that queued for the account's lock
 * recomputes from what the writer before it committed; and the migration recomputed the balances
 * an older database already had.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entriesArb, type GeneratedEntry } from '../../core/balance/balance-arbitraries.ts';
import {
  balanceOf,
  balanceOnDay,
  entryStanding,
  isBalanceStatement,
  latestStatement,
  statementAdjustment,
} from '../../core/balance/balance-rule.ts';
import { openDatabase } from '../db/client.ts';
import { migrationsFolder } from '../db/migrate.ts';
import { rowsOf, withActor } from '../db/rls.ts';
import { accounts, transactions, user } from '../db/schema/index.ts';
import {
  createTestDatabase,
  createThrowawayPostgres,
  dropThrowawayPostgres,
  quietLogger,
  testDatabaseKinds,
} from '../test/databases.ts';
import { itOnPostgres } from '../test/postgres-only.ts';
import { listAccountTransactionsPage, overviewPage, recalculateBalance } from '../transactions/queries.ts';

/** "Today" for the balance on a day: before, within and after the generated entries' dates. */
const dayArb = fc.constantFrom(
  '2025-12-31',
  '2026-01-01',
  '2026-01-02',
  '2026-01-03',
  '2026-01-05',
  '2026-01-06',
  '2026-02-01',
);

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

describe.each(testDatabaseKinds())('the balance rule in the database on %s', (kind) => {
  let owner: TestDatabase;
  let accountId: string;
  const userId = 'rule-saver';

  const storedBalance = async (id: string) => {
    const [row] = await owner.database.db
      .select({ balance: accounts.balancePence })
      .from(accounts)
      .where(eq(accounts.id, id));
    return Number(row?.balance);
  };

  beforeAll(async () => {
    owner = await createTestDatabase(kind);
    const { db } = owner.database;
    await db.insert(user).values({ id: userId, name: 'Saver', email: 'rule-saver@example.com' });
    [{ id: accountId }] = (await withActor(db, { userId }, (tx) =>
      tx.insert(accounts).values({ userId, name: 'Rule saver', accountNumber: '1234' }).returning({ id: accounts.id }),
    )) as [{ id: string }];
  }, 60_000);
  afterAll(async () => {
    await owner?.drop();
  });

  it('keeps the balance, the recalculation and each listed row’s standing as core says, for any entries', async () => {
    const { db } = owner.database;
    await fc.assert(
      fc.asyncProperty(entriesArb(), fc.boolean(), dayArb, async (entries: GeneratedEntry[], oneByOne, today) => {
        await withActor(db, { userId }, (tx) => tx.delete(transactions).where(eq(transactions.accountId, accountId)));
        const rows = entries.map((e) => ({
          id: e.id,
          accountId,
          userId,
          date: e.date,
          type: e.type,
          amountPence: e.amountPence,
          createdAt: new Date(e.recordedAt),
        }));
        // In one statement, or one statement each (the trigger's every path: many rows and one).
        if (oneByOne)
          for (const row of rows) await withActor(db, { userId }, (tx) => tx.insert(transactions).values(row));
        else if (rows.length > 0) await withActor(db, { userId }, (tx) => tx.insert(transactions).values(rows));

        const expected = balanceOf(entries);
        expect(await storedBalance(accountId)).toBe(expected);
        expect(await withActor(db, { userId }, (tx) => recalculateBalance(tx, accountId))).toBe(expected);
        // What every screen shows as money today (ADR 0044): entries dated after today are scheduled.
        const [onDay] = rowsOf<{ balance: string | number }>(
          await withActor(db, { userId }, (tx) =>
            tx.execute(sql`select account_balance_on(id, balance_pence, ${today}::date) as balance
              from accounts where id = ${accountId}`),
          ),
        );
        expect(Number(onDay?.balance), `today ${today}`).toBe(balanceOnDay(entries, today));

        const latest = latestStatement(entries);
        const byId = new Map(entries.map((e) => [e.id, e]));
        const page = await withActor(db, { userId }, (tx) =>
          listAccountTransactionsPage(tx, { userId, accountId, limit: 100 }),
        );
        const overview = await withActor(db, { userId }, (tx) =>
          overviewPage(tx, userId, { filter: { accountId }, sort: 'amount-desc', page: 1, pageSize: 100 }),
        );
        expect(page.items).toHaveLength(entries.length);
        expect(overview.items).toHaveLength(entries.length);
        for (const item of [...page.items, ...overview.items]) {
          const e = byId.get(item.id)!;
          expect(item.standing, `${e.type} ${e.date}`).toBe(entryStanding(e, latest));
          expect(item.latestStatementType).toBe(latest?.type ?? null);
          expect(item.adjustmentPence).toBe(isBalanceStatement(e.type) ? statementAdjustment(entries, e) : null);
        }
      }),
      { numRuns: kind === 'postgres' ? 30 : 40 },
    );
  }, 120_000);

  it('keeps the rule’s balance through inserts in any chunks, across two accounts in one statement (migration 0052 adds what an insert without a statement counts)', async () => {
    const { db } = owner.database;
    const [{ id: otherId }] = (await withActor(db, { userId }, (tx) =>
      tx
        .insert(accounts)
        .values({ userId, name: 'Rule saver two', accountNumber: '5678' })
        .returning({ id: accounts.id }),
    )) as [{ id: string }];
    const entriesOfBoth = fc
      .tuple(entriesArb(16), entriesArb(16))
      .map(([first, second]) => [
        ...first.map((e) => ({ ...e, accountId })),
        ...second.map((e) => ({ ...e, accountId: otherId })),
      ]);
    await fc.assert(
      fc.asyncProperty(
        entriesOfBoth,
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 12 }),
        async (entries, chunkSizes) => {
          await withActor(db, { userId }, (tx) => tx.delete(transactions).where(eq(transactions.userId, userId)));
          // Shuffled by id (random uuids), so both accounts' entries mix within a chunk.
          const order = [...entries].sort((a, b) => a.id.localeCompare(b.id));
          const inserted: typeof order = [];
          for (let at = 0, chunk = 0; at < order.length; chunk++) {
            const size = chunkSizes[chunk % chunkSizes.length]!;
            const rows = order.slice(at, at + size);
            at += size;
            await withActor(db, { userId }, (tx) =>
              tx.insert(transactions).values(
                rows.map((e) => ({
                  id: e.id,
                  accountId: e.accountId,
                  userId,
                  date: e.date,
                  type: e.type,
                  amountPence: e.amountPence,
                  createdAt: new Date(e.recordedAt),
                })),
              ),
            );
            inserted.push(...rows);
            for (const id of [accountId, otherId]) {
              const own = inserted.filter((e) => e.accountId === id);
              expect(await storedBalance(id), `after ${inserted.length} entries`).toBe(balanceOf(own));
            }
          }
        },
      ),
      { numRuns: kind === 'postgres' ? 25 : 30 },
    );
    await withActor(db, { userId }, (tx) => tx.delete(accounts).where(eq(accounts.id, otherId)));
  }, 120_000);

  it('adds to a balance a recalculation set, without reading the ledger again', async () => {
    // The trigger trusts the stored balance: an insert without a statement moves it by what the
    // rule counts. Drift (only a repair sets a balance) therefore stays visible to the
    // diagnostics' check instead of being hidden by the next deposit.
    const { db } = owner.database;
    await withActor(db, { userId }, (tx) => tx.delete(transactions).where(eq(transactions.accountId, accountId)));
    const deposit = (date: string, pence: number) =>
      withActor(db, { userId }, (tx) =>
        tx.insert(transactions).values({ accountId, userId, date, type: 'deposit', amountPence: pence }),
      );
    await withActor(db, { userId }, (tx) =>
      tx
        .insert(transactions)
        .values({ accountId, userId, date: '2026-06-01', type: 'opening_balance', amountPence: 1_000_00 }),
    );
    await deposit('2026-06-02', 25_00);
    expect(await storedBalance(accountId)).toBe(1_025_00);
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.balance_recalculation', 'on', true)`);
      await tx.execute(sql`update accounts set balance_pence = balance_pence + 7 where id = ${accountId}`);
    });
    await deposit('2026-06-03', 10_00);
    expect(await storedBalance(accountId)).toBe(1_035_07);
    // Before the statement: the rule does not count it, so the balance stays.
    await deposit('2026-05-01', 99_00);
    expect(await storedBalance(accountId)).toBe(1_035_07);
    expect(await withActor(db, { userId }, (tx) => recalculateBalance(tx, accountId))).toBe(1_035_00);
  });

  it('recomputes when an entry moves across the statement’s date, changes type or is deleted', async () => {
    const { db } = owner.database;
    await withActor(db, { userId }, (tx) => tx.delete(transactions).where(eq(transactions.accountId, accountId)));
    const [opening, deposit] = await withActor(db, { userId }, (tx) =>
      tx
        .insert(transactions)
        .values([
          { accountId, userId, date: '2026-06-01', type: 'opening_balance', amountPence: 1_000_00 },
          { accountId, userId, date: '2026-05-01', type: 'deposit', amountPence: 50_00 },
        ])
        .returning({ id: transactions.id }),
    );
    expect(await storedBalance(accountId)).toBe(1_000_00);
    await withActor(db, { userId }, (tx) =>
      tx.update(transactions).set({ date: '2026-06-02' }).where(eq(transactions.id, deposit!.id)),
    );
    expect(await storedBalance(accountId)).toBe(1_050_00);
    await withActor(db, { userId }, (tx) =>
      tx.update(transactions).set({ type: 'deposit' }).where(eq(transactions.id, opening!.id)),
    );
    expect(await storedBalance(accountId)).toBe(1_050_00);
    await withActor(db, { userId }, (tx) =>
      tx
        .update(transactions)
        .set({ type: 'balance_update', amountPence: -20_00 })
        .where(eq(transactions.id, opening!.id)),
    );
    expect(await storedBalance(accountId)).toBe(30_00);
    await withActor(db, { userId }, (tx) => tx.delete(transactions).where(eq(transactions.id, opening!.id)));
    expect(await storedBalance(accountId)).toBe(50_00);
  });

  it('refuses a negative starting balance but takes a negative balance update', async () => {
    const { db } = owner.database;
    const insert = (type: 'opening_balance' | 'balance_update') =>
      withActor(db, { userId }, (tx) =>
        tx.insert(transactions).values({ accountId, userId, date: '2026-07-01', type, amountPence: -1 }),
      );
    await expect(insert('opening_balance')).rejects.toMatchObject({ cause: { code: '23514' } });
    await insert('balance_update');
    expect(await storedBalance(accountId)).toBe(-1);
  });

  itOnPostgres(kind)(
    'recomputes after the lock from what the writer it waited for committed (READ COMMITTED, a fresh snapshot)',
    async () => {
      const url = owner.url!;
      const first = new pg.Client({ connectionString: url });
      const second = new pg.Client({ connectionString: url });
      await first.connect();
      await second.connect();
      try {
        await first.query('delete from transactions where account_id = $1', [accountId]);
        const insert = (client: pg.Client, rows: [string, string, number][]) =>
          client.query(
            `insert into transactions (account_id, user_id, date, type, amount_pence) values ${rows
              .map((_, i) => `($1, $2, $${3 * i + 3}, $${3 * i + 4}, $${3 * i + 5})`)
              .join(', ')}`,
            [accountId, userId, ...rows.flat()],
          );
        // The first writer states £1,000 on 1 June and holds the account's lock, uncommitted.
        await first.query('begin');
        await insert(first, [['2026-06-01', 'opening_balance', 1_000_00]]);
        // The second, in one statement begun before the first commits, adds an old £7 and £5 on
        // 2 June: it queues for the lock. Its statement's snapshot has no £1,000 in it.
        await second.query('begin');
        const secondInsert = insert(second, [
          ['2026-05-01', 'deposit', 7_00],
          ['2026-06-02', 'deposit', 5_00],
        ]);
        for (let i = 0; ; i++) {
          const { rows } = await first.query(
            "select count(*)::int as n from pg_stat_activity where pid = $1 and wait_event_type = 'Lock'",
            [(second as unknown as { processID: number }).processID],
          );
          if (rows[0].n === 1) break;
          if (i > 200) throw new Error('the second writer never waited for the lock');
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        await first.query('commit');
        await secondInsert;
        await second.query('commit');
        // The second's statement began before the first committed; its recompute still saw the £1,000.
        expect(await storedBalance(accountId)).toBe(1_005_00);
      } finally {
        await first.end();
        await second.end();
      }
    },
  );
});

describe.each(testDatabaseKinds())('migration 0014 on a database that had balances on %s', (kind) => {
  it('recomputes every balance by the rule', async () => {
    // Migrations 0000–0010 from a copy of the folder, the rows, then the rest from the real one.
    const earlier = fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-migrations-'));
    fs.cpSync(migrationsFolder(), earlier, { recursive: true });
    const journalFile = path.join(earlier, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((e) => e.tag < '0014');
    fs.writeFileSync(journalFile, JSON.stringify(journal));

    const url = kind === 'postgres' ? await createThrowawayPostgres() : undefined;
    const database = await openDatabase(
      url ? { databaseUrl: url, poolMax: 2, logger: quietLogger } : { pgliteDir: 'memory://', logger: quietLogger },
    );
    const { db } = database;
    const run = async (folder: string) => {
      const { migrate } = await import(
        kind === 'postgres' ? 'drizzle-orm/node-postgres/migrator' : 'drizzle-orm/pglite/migrator'
      );
      await migrate(db as never, { migrationsFolder: folder });
    };
    try {
      await db.execute(sql`do $$ begin
        if not exists (select from pg_roles where rolname = 'app_user') then create role app_user nologin; end if;
      end $$`);
      await run(earlier);
      await db.execute(sql`insert into "user" (id, name, email) values ('old', 'Old', 'old@example.com')`);
      const [{ id }] = rowsOf<{ id: string }>(
        await db.execute(
          sql`insert into accounts (user_id, name, account_number) values ('old', 'Old saver', '1') returning id`,
        ),
      ) as [{ id: string }];
      await db.execute(sql`insert into transactions (account_id, user_id, date, type, amount_pence) values
        (${id}, 'old', '2026-11-27', 'opening_balance', 2500000),
        (${id}, 'old', '2026-10-28', 'deposit', 30000),
        (${id}, 'old', '2026-11-28', 'deposit', 1000)`);
      const balance = async () =>
        Number(
          rowsOf<{ b: string }>(await db.execute(sql`select balance_pence as b from accounts where id = ${id}`))[0]!.b,
        );
      expect(await balance()).toBe(2_531_000);
      await run(migrationsFolder());
      expect(await balance()).toBe(2_501_000);
    } finally {
      await database.close();
      if (url) await dropThrowawayPostgres(url);
      fs.rmSync(earlier, { recursive: true, force: true });
    }
  }, 120_000);
});
