import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { standingOrderNotes } from '../../core/transactions/standing-order-marker.ts';
import { accounts, transactions } from '../db/schema/index.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { itOnPostgres } from '../test/postgres-only.ts';
import { eventsHeard } from '../test/events-heard.ts';
import { statementNamesSent, statementsSent, unpreparedSent } from '../test/statements-sent.ts';
import { createTestServer, grantAdmin, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { createTestAccount, insertStoredTransaction } from './account-fixture.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';

type User = { cookie: string; userId: string };
type Tx = {
  id: string;
  accountId: string;
  amountPence: number;
  date: string;
  type: string;
  notes: string | null;
  standingOrderId: string | null;
  createdAt: string;
};
type ErrorBody = { error: { code: string; message: string } };

describe.each(testDatabaseKinds())('the transactions API on %s', (kind) => {
  let server: TestServer;
  let ann: User;
  let bob: User;
  let admin: User;

  beforeAll(async () => {
    server = await createTestServer(kind);
    ann = await signUpAndSignIn(server, { email: 'ann.tx@example.com' });
    bob = await signUpAndSignIn(server, { email: 'bob.tx@example.com' });
    admin = await signUpAndSignIn(server, { email: 'root.tx@example.com' });
    await grantAdmin(server, admin.userId);
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.deps.database.db;
  const balanceOf = async (id: string) => {
    const [row] = await db().select({ balance: accounts.balancePence }).from(accounts).where(eq(accounts.id, id));
    return row?.balance;
  };
  const sumOf = async (id: string) => {
    const [row] = await db()
      .select({ sum: sql<string>`coalesce(sum(${transactions.amountPence}), 0)` })
      .from(transactions)
      .where(eq(transactions.accountId, id));
    return Number(row?.sum);
  };
  const countOf = async (id: string) =>
    (await db().select({ id: transactions.id }).from(transactions).where(eq(transactions.accountId, id))).length;

  const add = (accountId: string, rows: unknown[], user: User = ann) =>
    server.request(`/api/accounts/${accountId}/transactions`, {
      method: 'POST',
      cookie: user.cookie,
      json: { transactions: rows },
    });
  const row = (type: string, amountPence: unknown, date = '2026-03-14', notes: string | null = null) => ({
    type,
    amountPence,
    date,
    notes,
  });
  const message = async (res: Response) => ((await res.json()) as ErrorBody).error.message;

  describe('adding', () => {
    let account: string;
    beforeEach(async () => {
      account = await createTestAccount(db(), ann.userId);
    });

    /**
     * What `seen` makes of a second add of £2 (the first, of £1, prepares the connection's
     * statements and makes the session known), its event for the other instances included.
     */
    const secondAddSeenBy = async <T>(
      seen: (run: () => Promise<unknown>) => Promise<T>,
      read: (res: Response) => Promise<void> = async () => undefined,
    ): Promise<T> => {
      await add(account, [row('deposit', 1_00)]);
      await server.deps.hub.eventsSent();
      return seen(async () => {
        const res = await add(account, [row('deposit', 2_00)]);
        expect(res.status).toBe(201);
        await read(res);
        await server.deps.hub.eventsSent();
      });
    };

    itOnPostgres(kind)(
      'adds a transaction in one socket write once the session is known: BEGIN, the opening, the statements and COMMIT together',
      async () => {
        let balance = 0;
        const sent = await secondAddSeenBy(statementsSent, async (res) => {
          balance = ((await res.json()) as { balancePence: number }).balancePence;
        });
        expect(balance).toBe(3_00);
        // BEGIN, the opening, the switch to app_user with the actor check (one statement), the
        // account check, the insert, the balance and COMMIT (the first add made the session
        // known) in one write; then its event for the other instances, in a statement and a write
        // of its own.
        expect(sent).toEqual({ statements: 8, writes: 2 });
      },
    );

    itOnPostgres(kind)(
      'sends its event after COMMIT, outside its transaction, so adding commits never wait for each other (ADR 0078)',
      async () => {
        const sent = await secondAddSeenBy(statementNamesSent);
        const commit = sent.findIndex((s) => /^commit$/i.test(s));
        const notifies = sent.flatMap((s, i) => (/notify|publish/i.test(s) ? [i] : []));
        expect(commit).toBeGreaterThan(0);
        expect(notifies).toEqual([sent.indexOf('publish_committed_events')]);
        expect(notifies[0]).toBeGreaterThan(commit);
      },
    );

    itOnPostgres(kind)(
      'adds one transaction with prepared statements only: none is parsed and planned again',
      async () => {
        expect(await secondAddSeenBy(unpreparedSent)).toEqual([]);
      },
    );

    it('writes and tells nothing when the insert fails in the database, with its balance read sent after it', async () => {
      // A failure no validation foresees (a trigger refusing the row), after the account check passed.
      await db().execute(
        sql.raw(`create function refuse_probe() returns trigger language plpgsql as $$
          begin if exists (select 1 from new_rows where notes = 'refuse me') then raise exception 'refused'; end if; return null; end $$`),
      );
      await db().execute(
        sql.raw(
          'create trigger refuse_probe after insert on transactions referencing new table as new_rows for each statement execute function refuse_probe()',
        ),
      );
      const { names: told, stop: unsubscribe } = eventsHeard(server.deps.hub, ann.userId);
      try {
        const before = { count: await countOf(account), balance: await balanceOf(account) };
        const failed = await add(account, [row('deposit', 5_00, '2026-03-14', 'refuse me')]);
        expect(failed.status).toBe(500);
        expect({ count: await countOf(account), balance: await balanceOf(account) }).toEqual(before);
        await server.deps.hub.eventsSent();
        expect(told).toEqual([]);
        // The connection went back to the pool usable.
        const next = await add(account, [row('deposit', 1_00)]);
        expect(next.status).toBe(201);
        expect(((await next.json()) as { balancePence: number }).balancePence).toBe(before.balance! + 1_00);
        expect(told).toEqual(['account.changed']);
      } finally {
        unsubscribe();
        await db().execute(sql.raw('drop trigger refuse_probe on transactions'));
        await db().execute(sql.raw('drop function refuse_probe()'));
      }
    });

    it('adds one transaction and answers with it and the new balance', async () => {
      const res = await add(account, [row('deposit', 12_550, '2026-03-14', '  Birthday  ')]);
      expect(res.status).toBe(201);
      const body = (await res.json()) as { items: Tx[]; balancePence: number };
      expect(body.balancePence).toBe(12_550);
      expect(body.items).toEqual([
        {
          id: expect.any(String),
          accountId: account,
          amountPence: 12_550,
          date: '2026-03-14',
          type: 'deposit',
          notes: 'Birthday',
          standingOrderId: null,
          createdAt: expect.any(String),
        },
      ]);
    });

    it('stores withdrawals and fees negative, the rest positive, unknown types as deposits, and keeps the balance the sum', async () => {
      const res = await add(account, [
        row('opening_balance', 100_000, '2026-01-01'),
        row('withdrawal', 2_500),
        row('fee', 300),
        row('interest', 45),
        row('cashback', 500),
      ]);
      expect(res.status).toBe(201);
      const { items, balancePence } = (await res.json()) as { items: Tx[]; balancePence: number };
      expect(items.map((t) => [t.type, t.amountPence])).toEqual([
        ['opening_balance', 100_000],
        ['withdrawal', -2_500],
        ['fee', -300],
        ['interest', 45],
        ['deposit', 500],
      ]);
      expect(balancePence).toBe(97_745);
      expect(await balanceOf(account)).toBe(97_745);
      expect(await sumOf(account)).toBe(97_745);
    });

    it.each([
      ['a negative single amount', [row('deposit', -1)], 'Transaction amounts must be greater than 0'],
      ['a single zero deposit', [row('deposit', 0)], 'Transaction amounts must be greater than 0'],
      ['a single negative opening balance', [row('opening_balance', -1)], 'Opening balance cannot be negative'],
      ['a single amount that is not a number', [row('withdrawal', 'ten')], 'Please enter a valid amount'],
      ['a single missing amount', [{ type: 'deposit', date: '2026-03-14' }], 'Please enter a valid amount'],
      ['a single fraction of a penny', [row('deposit', 1.5)], 'Please enter a valid amount'],
      [
        'one amount of several not a number',
        [row('deposit', 100), row('deposit', '5')],
        'Please enter valid amounts for all transactions',
      ],
      [
        'a negative opening balance among several',
        [row('opening_balance', -100), row('deposit', 0)],
        'Opening balance cannot be negative',
      ],
      [
        'a zero deposit among several',
        [row('opening_balance', 0), row('deposit', 0)],
        'Transaction amounts must be greater than 0',
      ],
      [
        'a negative withdrawal among several',
        [row('withdrawal', -5), row('deposit', 5)],
        'Transaction amounts must be greater than 0',
      ],
      ['a date that is not a date', [row('deposit', 100, '2026-02-30')], 'Please enter a valid date'],
      ['an en-GB date', [row('deposit', 100, '14/03/2026')], 'Please enter a valid date'],
      [
        'notes over 500 characters',
        [row('deposit', 100, '2026-03-14', 'x'.repeat(501))],
        'Notes must be 500 characters or fewer',
      ],
      ['no transactions', [], 'Add at least one transaction'],
    ])('refuses %s with the message, and writes nothing', async (_, rows, text) => {
      await add(account, [row('deposit', 1_000)]);
      const res = await add(account, rows);
      expect(res.status).toBe(400);
      expect(await message(res)).toBe(text);
      expect(await countOf(account)).toBe(1);
      expect(await balanceOf(account)).toBe(1_000);
    });

    it('refuses a body without a transactions list and more than 100 at once', async () => {
      const none = await server.request(`/api/accounts/${account}/transactions`, {
        method: 'POST',
        cookie: ann.cookie,
        json: {},
      });
      expect(none.status).toBe(400);
      expect(await message(none)).toBe('Add at least one transaction');
      const many = await add(
        account,
        Array.from({ length: 101 }, () => row('deposit', 1)),
      );
      expect(many.status).toBe(400);
      expect(await message(many)).toBe('Add at most 100 transactions at a time');
    });

    it('accepts a single opening balance of £0 (the one amount rule, docs/decisions/0024)', async () => {
      expect((await add(account, [row('opening_balance', 0)])).status).toBe(201);
    });

    it('refuses a second opening balance with a clear message, and the balance and entries stay (issue 24)', async () => {
      expect((await add(account, [row('opening_balance', 25_000_00, '2026-01-01')])).status).toBe(201);
      expect((await add(account, [row('deposit', 100, '2026-02-01')])).status).toBe(201);
      const again = await add(account, [row('deposit', 500), row('opening_balance', 30_000_00, '2026-03-01')]);
      expect(again.status).toBe(400);
      expect(await message(again)).toBe(
        'This account already has an opening balance. To say what it holds now, use Update balance; to correct the starting balance, edit it.',
      );
      expect(await balanceOf(account)).toBe(25_000_00 + 100);
      expect(await countOf(account)).toBe(2);
    });

    it('refuses two opening balances sent together (issue 24)', async () => {
      const res = await add(account, [row('opening_balance', 100, '2026-01-01'), row('opening_balance', 200)]);
      expect(res.status).toBe(400);
      expect(await message(res)).toBe('An account has one opening balance: add the others as deposits');
      expect(await countOf(account)).toBe(0);
    });

    it('lets no one add to an account that is not theirs, an admin included', async () => {
      // An opening balance is counted in a transaction of its own first (transactionOf): refused alike.
      for (const user of [bob, admin])
        for (const rows of [[row('deposit', 100)], [row('opening_balance', 100, '2026-01-01')]]) {
          const res = await add(account, rows, user);
          expect(res.status).toBe(404);
          expect(await message(res)).toBe('Account not found');
        }
      expect((await add('not-a-uuid', [row('deposit', 100)])).status).toBe(404);
      expect((await add('00000000-0000-4000-8000-000000000000', [row('deposit', 100)])).status).toBe(404);
      expect(await countOf(account)).toBe(0);
    });

    it('adds nothing to an archived account: the check sent with the insert rolls it back', async () => {
      await db().update(accounts).set({ archivedAt: new Date() }).where(eq(accounts.id, account));
      const [before] = await db()
        .select({ balance: accounts.balancePence })
        .from(accounts)
        .where(eq(accounts.id, account));
      for (const rows of [
        [row('deposit', 100)],
        [row('deposit', 100), row('withdrawal', 50)],
        [row('opening_balance', 100, '2026-01-01')],
      ]) {
        const res = await add(account, rows);
        expect(res.status).toBe(404);
        expect(await message(res)).toBe('Account not found');
      }
      expect(await countOf(account)).toBe(0);
      const [after] = await db()
        .select({ balance: accounts.balancePence })
        .from(accounts)
        .where(eq(accounts.id, account));
      expect(after).toEqual(before);
    });

    it('tells the owner’s open tabs, naming the account', async () => {
      const received: unknown[] = [];
      const unsubscribe = server.deps.hub.subscribe({
        userId: ann.userId,
        isAdmin: false,
        send: (event, data) => received.push({ event, data }),
        close: () => undefined,
      });
      try {
        await add(account, [row('deposit', 100)]);
        await expect.poll(() => JSON.stringify(received), { timeout: 3_000 }).toContain(`"accountIds":["${account}"]`);
        expect(JSON.stringify(received)).toContain('"account.changed"');
      } finally {
        unsubscribe();
      }
    });
  });

  describe('listing one account, newest first', () => {
    let account: string;
    beforeAll(async () => {
      account = await createTestAccount(db(), ann.userId, 'Paged');
      const dates = ['2026-01-05', '2026-01-05', '2026-01-05', '2026-02-01', '2025-12-31', '2026-03-01', '2026-02-01'];
      await add(
        account,
        dates.map((d, i) => row('deposit', (i + 1) * 100, d)),
      );
    });

    const list = (query = '', user: User = ann) =>
      server.request(`/api/accounts/${account}/transactions${query}`, { cookie: user.cookie });

    it('pages through every transaction once, by date then id, with a cursor of the last row', async () => {
      const seen: Tx[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res = await list(`?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.status).toBe(200);
        const page = (await res.json()) as { items: Tx[]; nextCursor: string | null };
        expect(page.items.length).toBeLessThanOrEqual(3);
        if (page.nextCursor) {
          const last = page.items[page.items.length - 1]!;
          expect(decodeCursor(page.nextCursor)).toEqual({ date: last.date, id: last.id });
        }
        seen.push(...page.items);
        cursor = page.nextCursor;
        pages++;
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen).toHaveLength(7);
      expect(new Set(seen.map((t) => t.id)).size).toBe(7);
      const expected = [...seen].sort((a, b) =>
        a.date === b.date ? (a.id < b.id ? 1 : -1) : a.date < b.date ? 1 : -1,
      );
      expect(seen.map((t) => t.id)).toEqual(expected.map((t) => t.id));
    });

    it('gives 50 at a time by default and no next page when all fit', async () => {
      const page = (await (await list()).json()) as { items: Tx[]; nextCursor: string | null };
      expect(page.items).toHaveLength(7);
      expect(page.nextCursor).toBeNull();
      expect(page.items[0]!.date).toBe('2026-03-01');
    });

    it('lists the transactions of one day newest added first', async () => {
      const sameDay = await createTestAccount(db(), ann.userId, 'Same day');
      for (const notes of ['first', 'second', 'third']) await add(sameDay, [row('deposit', 100, '2026-05-05', notes)]);
      await add(sameDay, [row('deposit', 100, '2026-05-05', 'fourth'), row('deposit', 100, '2026-05-05', 'fifth')]);
      const page = (await (
        await server.request(`/api/accounts/${sameDay}/transactions`, { cookie: ann.cookie })
      ).json()) as { items: Tx[] };
      expect(page.items.map((t) => t.notes)).toEqual(['fifth', 'fourth', 'third', 'second', 'first']);
    });

    it('refuses a cursor it did not make and a page size out of range', async () => {
      for (const bad of [
        'nonsense!',
        encodeURIComponent(Buffer.from('2026-01-01|x').toString('base64url')),
        'MjAyNi0wMS0wMQ',
      ]) {
        const res = await list(`?cursor=${bad}`);
        expect(res.status).toBe(400);
        expect(await message(res)).toBe('That page link is not valid');
      }
      expect((await list('?limit=0')).status).toBe(400);
      expect((await list('?limit=101')).status).toBe(400);
      const ok = encodeCursor({ date: '2026-01-05', id: 'ffffffff-ffff-4fff-bfff-ffffffffffff' });
      expect((await list(`?cursor=${ok}`)).status).toBe(200);
    });

    it("answers 404 for someone else's account, an admin's request included", async () => {
      for (const user of [bob, admin]) {
        const res = await list('', user);
        expect(res.status).toBe(404);
        expect(await message(res)).toBe('Account not found');
      }
    });
  });

  describe('editing and deleting', () => {
    let account: string;
    let tx: Tx;
    beforeEach(async () => {
      account = await createTestAccount(db(), ann.userId, 'Edits');
      const res = await add(account, [row('deposit', 10_000, '2026-01-01', 'Wages')]);
      tx = ((await res.json()) as { items: Tx[] }).items[0]!;
    });
    const patch = (id: string, json: unknown, user: User = ann) =>
      server.request(`/api/transactions/${id}`, { method: 'PATCH', cookie: user.cookie, json });
    const remove = (id: string, user: User = ann) =>
      server.request(`/api/transactions/${id}`, { method: 'DELETE', cookie: user.cookie });

    it('changes type, amount, date and notes, re-signing the amount, and the balance follows', async () => {
      const res = await patch(tx.id, { type: 'withdrawal', amountPence: 2_500, date: '2026-02-02', notes: 'Cash' });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { transaction: Tx; balancePence: number };
      expect(body.transaction).toMatchObject({
        id: tx.id,
        type: 'withdrawal',
        amountPence: -2_500,
        date: '2026-02-02',
        notes: 'Cash',
      });
      expect(body.balancePence).toBe(-2_500);
      expect(await balanceOf(account)).toBe(await sumOf(account));
      const typeOnly = (await (await patch(tx.id, { type: 'interest' })).json()) as {
        transaction: Tx;
        balancePence: number;
      };
      expect(typeOnly.transaction.amountPence).toBe(2_500);
      expect(typeOnly.balancePence).toBe(2_500);
    });

    it('refuses turning an entry into a second opening balance, and lets the one opening balance be edited (issue 24)', async () => {
      const opening = (
        (await (await add(account, [row('opening_balance', 5_000, '2025-12-01')])).json()) as {
          items: Tx[];
        }
      ).items[0]!;
      const res = await patch(tx.id, { type: 'opening_balance' });
      expect(res.status).toBe(400);
      expect(await message(res)).toContain('already has an opening balance');
      const [stored] = await db().select().from(transactions).where(eq(transactions.id, tx.id));
      expect(stored?.type).toBe('deposit');
      expect((await patch(opening.id, { amountPence: 6_000 })).status).toBe(200);
    });

    it.each([
      [{ amountPence: -1 }, 'Transaction amounts must be greater than 0'],
      [{ amountPence: 0 }, 'Transaction amounts must be greater than 0'],
      [{ amountPence: 'abc' }, 'Please enter a valid transaction amount'],
      [{ amountPence: null }, 'Please enter a valid transaction amount'],
      [{ date: 'yesterday' }, 'Please enter a valid date'],
      [{}, 'Nothing to update'],
      [{ balancePence: 5 }, 'Unrecognized key: "balancePence"'],
    ])('refuses %j with a message and changes nothing', async (json, text) => {
      const res = await patch(tx.id, json);
      expect(res.status).toBe(400);
      if (!text.startsWith('Unrecognized')) expect(await message(res)).toBe(text);
      expect(await balanceOf(account)).toBe(10_000);
    });

    it("keeps a standing order's marker when the notes are edited, and never shows it", async () => {
      const orderId = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
      const id = await insertStoredTransaction(db(), {
        userId: ann.userId,
        accountId: account,
        amountPence: 5_000,
        date: '2026-01-10',
        type: 'deposit',
        notes: standingOrderNotes('Standing order', orderId),
      });
      const res = await patch(id, { notes: 'Monthly saving' });
      expect(((await res.json()) as { transaction: Tx }).transaction.notes).toBe('Monthly saving');
      const [stored] = await db()
        .select({ notes: transactions.notes })
        .from(transactions)
        .where(eq(transactions.id, id));
      expect(stored?.notes).toBe(`Monthly saving [standing-order:${orderId}]`);
      const page = (await (
        await server.request(`/api/accounts/${account}/transactions`, { cookie: ann.cookie })
      ).json()) as { items: Tx[] };
      expect(page.items.find((t) => t.id === id)?.notes).toBe('Monthly saving');
      // An amount change leaves the stored notes alone.
      await patch(id, { amountPence: 6_000 });
      const [again] = await db()
        .select({ notes: transactions.notes })
        .from(transactions)
        .where(eq(transactions.id, id));
      expect(again?.notes).toBe(`Monthly saving [standing-order:${orderId}]`);
    });

    it('deletes, and the balance follows', async () => {
      await add(account, [row('deposit', 500)]);
      const res = await remove(tx.id);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ id: tx.id, accountId: account, balancePence: 500 });
      expect(await balanceOf(account)).toBe(500);
      expect((await remove(tx.id)).status).toBe(404);
    });

    it('answers 404 to anyone else editing or deleting, an admin included, and changes nothing', async () => {
      for (const user of [bob, admin]) {
        const p = await patch(tx.id, { amountPence: 1 }, user);
        expect(p.status).toBe(404);
        expect(await message(p)).toBe('Transaction not found');
        expect((await remove(tx.id, user)).status).toBe(404);
      }
      expect((await patch('nope', { amountPence: 1 })).status).toBe(404);
      expect((await remove('nope')).status).toBe(404);
      expect(await balanceOf(account)).toBe(10_000);
      expect(await countOf(account)).toBe(1);
    });

    it('refuses anonymous callers', async () => {
      expect((await server.request(`/api/transactions/${tx.id}`, { method: 'DELETE' })).status).toBe(401);
      expect((await server.request(`/api/accounts/${account}/transactions`)).status).toBe(401);
    });
  });

  describe('recalculating the balance', () => {
    it('answers with the sum of the transactions, to the owner only', async () => {
      const account = await createTestAccount(db(), ann.userId, 'Recalc');
      await add(account, [row('opening_balance', 1_000), row('fee', 250)]);
      const res = await server.request(`/api/accounts/${account}/balance/recalculate`, {
        method: 'POST',
        cookie: ann.cookie,
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ balancePence: 750 });
      for (const user of [bob, admin]) {
        const other = await server.request(`/api/accounts/${account}/balance/recalculate`, {
          method: 'POST',
          cookie: user.cookie,
        });
        expect(other.status).toBe(404);
      }
    });
  });

  describe('the overview and its CSV export', () => {
    let carol: User;
    let saver: string;
    let isa: string;
    beforeAll(async () => {
      carol = await signUpAndSignIn(server, { email: 'carol.tx@example.com' });
      saver = await createTestAccount(db(), carol.userId, 'Easy Saver');
      isa = await createTestAccount(db(), carol.userId, '=Cash ISA');
      await add(
        saver,
        [
          row('opening_balance', 100_000, '2026-01-01', 'Moved from old bank'),
          row('deposit', 2_000, '2026-01-15', 'Birthday from GRAN'),
          row('withdrawal', 5_000, '2026-02-01', 'Holiday, Spain'),
          row('interest', 123, '2026-02-28'),
          row('fee', 200, '2026-03-01', '=cmd|calc'),
        ],
        carol,
      );
      await add(
        isa,
        [row('deposit', 20_000, '2026-01-20', 'Tax year top-up'), row('interest', 77, '2026-02-28')],
        carol,
      );
      await insertStoredTransaction(db(), {
        userId: carol.userId,
        accountId: isa,
        amountPence: 1_000,
        date: '2026-03-05',
        type: 'deposit',
        notes: standingOrderNotes('Standing order', 'abcdef12-3456-4789-8abc-def123456789'),
      });
      // Someone else's transactions never show.
      const bobAccount = await createTestAccount(db(), bob.userId, 'Bob');
      await add(bobAccount, [row('deposit', 999_999, '2026-01-15', 'Birthday')], bob);
    });

    type Overview = {
      items: (Tx & { accountName: string })[];
      total: number;
      page: number;
      pageSize: number;
      totals: Record<string, number>;
    };
    const overview = async (query = '', user: User = carol) => {
      const res = await server.request(`/api/transactions${query}`, { cookie: user.cookie });
      expect(res.status).toBe(200);
      return (await res.json()) as Overview;
    };

    it("lists every one of the user's transactions across accounts, newest first, with account names and totals", async () => {
      const all = await overview();
      expect(all.total).toBe(8);
      expect(all.page).toBe(1);
      expect(all.pageSize).toBe(25);
      expect(all.items.map((t) => t.date)).toEqual([
        '2026-03-05',
        '2026-03-01',
        '2026-02-28',
        '2026-02-28',
        '2026-02-01',
        '2026-01-20',
        '2026-01-15',
        '2026-01-01',
      ]);
      expect(all.items[0]).toMatchObject({ accountName: '=Cash ISA', notes: 'Standing order', amountPence: 1_000 });
      expect(all.totals).toEqual({
        depositsPence: 123_000,
        withdrawalsPence: 5_000,
        interestPence: 200,
        feesPence: 200,
        netPence: 118_000,
      });
    });

    it('filters by account, type and date range, with totals for the filter', async () => {
      const one = await overview(`?accountId=${isa}`);
      expect(one.total).toBe(3);
      expect(one.totals.netPence).toBe(21_077);
      const interest = await overview('?type=interest');
      expect(interest.items.map((t) => t.amountPence).sort((a, b) => b - a)).toEqual([123, 77]);
      expect(interest.totals).toEqual({
        depositsPence: 0,
        withdrawalsPence: 0,
        interestPence: 200,
        feesPence: 0,
        netPence: 200,
      });
      const feb = await overview('?from=2026-02-01&to=2026-02-28');
      expect(feb.total).toBe(3);
      expect(feb.totals.netPence).toBe(-5_000 + 123 + 77);
      const none = await overview(`?accountId=${saver}&type=interest&from=2026-03-01`);
      expect(none).toMatchObject({
        items: [],
        total: 0,
        totals: { depositsPence: 0, withdrawalsPence: 0, interestPence: 0, feesPence: 0, netPence: 0 },
      });
    });

    it('searches the notes as shown, ignoring case, never the standing-order marker', async () => {
      expect((await overview('?q=birthday')).items.map((t) => t.notes)).toEqual(['Birthday from GRAN']);
      expect((await overview('?q=GRAN')).total).toBe(1);
      expect((await overview('?q=standing-order')).total).toBe(0);
      expect((await overview('?q=abcdef12')).total).toBe(0);
      expect((await overview('?q=standing order')).total).toBe(1);
      expect((await overview('?q=%25')).total).toBe(0);
    });

    it('sorts by amount either way and pages on the server, totals staying those of the whole filter', async () => {
      const asc = await overview('?sort=amount-asc');
      expect(asc.items.map((t) => t.amountPence)).toEqual([-5_000, -200, 77, 123, 1_000, 2_000, 20_000, 100_000]);
      const desc = await overview('?sort=amount-desc&pageSize=3&page=2');
      expect(desc.items.map((t) => t.amountPence)).toEqual([1_000, 123, 77]);
      expect(desc.total).toBe(8);
      expect(desc.totals.netPence).toBe(118_000);
      expect((await overview('?sort=date-asc')).items[0]!.date).toBe('2026-01-01');
      expect((await overview('?page=9')).items).toEqual([]);
    });

    it.each([
      ['?accountId=nope', 'Choose an account from the list'],
      ['?type=bonus', 'Choose a transaction type from the list'],
      ['?from=01/02/2026', 'The start date must be a date (yyyy-MM-dd)'],
      ['?from=2026-03-01&to=2026-02-01', 'The start date must be on or before the end date'],
      ['?sort=sideways', 'Sort must be one of date-desc, date-asc, amount-desc, amount-asc'],
      ['?pageSize=500', 'Page size must be between 1 and 100'],
      ['?page=0', 'Page must be 1 or more'],
    ])('refuses %s with a message', async (query, text) => {
      const res = await server.request(`/api/transactions${query}`, { cookie: carol.cookie });
      expect(res.status).toBe(400);
      expect(await message(res)).toBe(text);
    });

    it.each([
      ['/api/transactions?from=0000-01-01', 'The start date must be a date (yyyy-MM-dd)'],
      ['/api/transactions?to=0000-01-01', 'The end date must be a date (yyyy-MM-dd)'],
      ['/api/transactions/export.csv?from=0000-01-01', 'The start date must be a date (yyyy-MM-dd)'],
      ['/api/transactions/export.csv?to=0000-01-01', 'The end date must be a date (yyyy-MM-dd)'],
    ])('refuses year 0000, which PostgreSQL cannot hold, in %s with a message (not a 500)', async (path, text) => {
      const res = await server.request(path, { cookie: carol.cookie });
      expect(res.status).toBe(400);
      expect(await message(res)).toBe(text);
    });

    it("shows another user's account filter as empty, not as theirs", async () => {
      expect((await overview(`?accountId=${saver}`, bob)).total).toBe(0);
      expect((await overview('', admin)).total).toBe(0);
    });

    it('exports the current filter as CSV with a header, ISO dates, pounds and formula-safe text', async () => {
      const res = await server.request(`/api/transactions/export.csv?accountId=${saver}&sort=date-asc`, {
        cookie: carol.cookie,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toMatch(
        /^attachment; filename="savvypig-transactions-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder().decode(bytes);
      expect(text).toBe(
        'Date,Account,Type,Amount (GBP),Notes\r\n' +
          '2026-01-01,Easy Saver,Opening Balance,1000.00,Moved from old bank\r\n' +
          '2026-01-15,Easy Saver,Deposit,20.00,Birthday from GRAN\r\n' +
          '2026-02-01,Easy Saver,Withdrawal,-50.00,"Holiday, Spain"\r\n' +
          '2026-02-28,Easy Saver,Interest,1.23,\r\n' +
          "2026-03-01,Easy Saver,Fee,-2.00,'=cmd|calc\r\n",
      );
      const isaCsv = await (
        await server.request(`/api/transactions/export.csv?accountId=${isa}`, { cookie: carol.cookie })
      ).text();
      expect(isaCsv.split('\r\n')[1]).toBe("2026-03-05,'=Cash ISA,Deposit,10.00,Standing order");
      const bobs = await (await server.request('/api/transactions/export.csv', { cookie: bob.cookie })).text();
      expect(bobs).not.toContain('Easy Saver');
      expect((await server.request('/api/transactions/export.csv?type=nope', { cookie: carol.cookie })).status).toBe(
        400,
      );
      expect((await server.request('/api/transactions/export.csv')).status).toBe(401);
    });
  });
});
