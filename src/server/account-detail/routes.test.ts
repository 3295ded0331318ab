import { and, eq, type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthWindow } from '../../core/account-summary/months.ts';
import { balanceOnDay } from '../../core/balance/balance-rule.ts';
import { accountSummary, groupTransactions, type SummaryTransaction } from '../../core/account-summary/summary.ts';
import { transactionArb } from '../../core/account-summary/summary-arbitraries.ts';
import { withActor } from '../db/rls.ts';
import { type AccountList, AccountListItemSchema } from '../accounts/account-json.ts';
import { accounts, appSettings, bankReferences, transactions } from '../db/schema/index.ts';
import { bankReferenceId } from '../reference/rows.ts';
import { decodeCursor } from '../transactions/cursor.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, grantAdmin, signUpAndSignIn, type TestServer } from '../test/server.ts';
import type { AccountDetail } from './routes.ts';
import { readAccountDetail } from './queries.ts';
import { itOnPostgres } from '../test/postgres-only.ts';
import { statementsSent } from '../test/statements-sent.ts';

const HALIFAX = bankReferenceId('frn-169628/Halifax');
const BANK_OF_SCOTLAND = bankReferenceId('frn-169628/Bank of Scotland');
const LLOYDS = bankReferenceId('frn-119278/Lloyds Bank');
// Pinned: Saturday 21 November 2026, midday in London. The window runs December 2025 – November 2026.
const NOW = new Date('2026-11-21T12:00:00Z');

type User = { cookie: string; userId: string };
type NewTransaction = { date: string; type: SummaryTransaction['type']; amountPence: number; notes?: string };

describe.each(testDatabaseKinds())('GET /api/accounts/{id} on %s', (kind) => {
  let server: TestServer;
  let ann: User;
  let bob: User;
  let admin: User;

  const addAccount = async (owner: User, values: Partial<typeof accounts.$inferInsert> = {}) => {
    const [row] = await withActor(server.deps.database.db, { userId: owner.userId }, (tx) =>
      tx
        .insert(accounts)
        .values({ userId: owner.userId, name: 'Easy saver', accountNumber: '12345678', ...values })
        .returning({ id: accounts.id }),
    );
    return row!.id;
  };
  const addTransactions = async (owner: User, accountId: string, rows: NewTransaction[]) => {
    if (rows.length === 0) return;
    await withActor(server.deps.database.db, { userId: owner.userId }, (tx) =>
      tx.insert(transactions).values(rows.map((r) => ({ accountId, userId: owner.userId, ...r }))),
    );
  };
  const detail = async (user: User | null, id: string) =>
    server.request(`/api/accounts/${id}`, user ? { cookie: user.cookie } : {});
  const detailOk = async (user: User, id: string) => {
    const res = await detail(user, id);
    expect(res.status).toBe(200);
    return (await res.json()) as AccountDetail;
  };

  beforeAll(async () => {
    server = await createTestServer(kind);
    ann = await signUpAndSignIn(server, { email: 'ann.detail@example.com' });
    bob = await signUpAndSignIn(server, { email: 'bob.detail@example.com' });
    admin = await signUpAndSignIn(server, { email: 'admin.detail@example.com' });
    await grantAdmin(server, admin.userId, { twoFactor: true });
    server.clock.set(NOW);
  }, 90_000);
  afterAll(async () => {
    await server?.close();
  });

  it('answers with the account, its summary, 12 months, type totals and the newest transactions', async () => {
    const id = await addAccount(ann, {
      name: 'Halifax saver',
      bank: 'Halifax',
      bankId: HALIFAX,
      accountType: 'Savings',
      interestRateBps: 435,
    });
    await addTransactions(ann, id, [
      { date: '2025-06-01', type: 'opening_balance', amountPence: 100_000 },
      { date: '2026-01-31', type: 'interest', amountPence: 300 },
      { date: '2026-02-28', type: 'interest', amountPence: 301 },
      { date: '2026-03-15', type: 'withdrawal', amountPence: -2_500, notes: 'Holiday' },
      { date: '2026-03-16', type: 'fee', amountPence: -100 },
      {
        date: '2026-11-01',
        type: 'deposit',
        amountPence: 5_000,
        notes: 'Standing order [standing-order:6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b]',
      },
    ]);
    const body = await detailOk(ann, id);

    expect(body.account).toMatchObject({
      id,
      name: 'Halifax saver',
      bankId: HALIFAX,
      category: 'savings',
      interestRateBps: 435,
      balancePence: 103_001,
      licence: { bankName: 'Halifax', legalName: 'Bank of Scotland plc', frn: '169628' },
      platformBank: null,
      protection: { status: 'covered-in-full', uncoveredPence: null, reason: null },
    });
    expect(body.summary).toEqual({
      currentBalancePence: 103_001,
      avgMonthlyInterestPence: 301,
      lifetimeInterestPence: 601,
    });
    expect(body.monthly.map((m) => m.month)).toEqual(monthWindow('2026-11-21').months);
    expect(body.monthly[3]).toEqual({
      month: '2026-03',
      depositsPence: 0,
      withdrawalsPence: 2_500,
      interestPence: 0,
      feesPence: 100,
      netPence: -2_600,
    });
    expect(body.monthly[11]).toMatchObject({ month: '2026-11', depositsPence: 5_000, netPence: 5_000 });
    expect(body.typeTotals).toEqual([
      { type: 'deposit', totalPence: 5_000, count: 1 },
      { type: 'withdrawal', totalPence: 2_500, count: 1 },
      { type: 'interest', totalPence: 601, count: 2 },
      { type: 'fee', totalPence: 100, count: 1 },
      { type: 'opening_balance', totalPence: 100_000, count: 1 },
    ]);
    expect(body.transactions.nextCursor).toBeNull();
    expect(body.transactions.items.map((t) => t.date)).toEqual([
      '2026-11-01',
      '2026-03-16',
      '2026-03-15',
      '2026-02-28',
      '2026-01-31',
      '2025-06-01',
    ]);
    // The standing-order marker is bookkeeping, never shown.
    expect(body.transactions.items[0]).toMatchObject({
      type: 'deposit',
      amountPence: 5_000,
      notes: 'Standing order',
      accountId: id,
    });
    expect(body.transactions.items[2]).toMatchObject({
      type: 'withdrawal',
      amountPence: -2_500,
      notes: 'Holiday',
      standingOrderId: null,
    });
  });

  it('pages the newest 50 by date then id, with a cursor naming the last one shown', async () => {
    const id = await addAccount(ann, { name: 'Busy account', accountType: 'Current' });
    // 53 transactions on 3 dates: the order within a date is by id, descending.
    const rows: NewTransaction[] = Array.from({ length: 53 }, (_, i) => ({
      date: `2026-0${(i % 3) + 1}-10`,
      type: 'deposit',
      amountPence: i,
    }));
    await addTransactions(ann, id, rows);
    const body = await detailOk(ann, id);
    const items = body.transactions.items;
    expect(items).toHaveLength(50);
    const keys = items.map((t) => `${t.date}|${t.id}`);
    expect(keys).toEqual([...keys].sort().reverse());
    expect(decodeCursor(body.transactions.nextCursor!)).toEqual({ date: items[49]!.date, id: items[49]!.id });
    expect(body.typeTotals).toEqual([{ type: 'deposit', totalPence: (52 * 53) / 2, count: 53 }]);
  });

  it('holds the transactions list’s own first page, and the list goes on from its cursor', async () => {
    const id = await addAccount(ann, { name: 'Shared first page' });
    const types = ['deposit', 'withdrawal', 'interest', 'fee', 'opening_balance'] as const;
    await addTransactions(
      ann,
      id,
      Array.from({ length: 53 }, (_, i) => ({
        date: `2026-0${(i % 4) + 1}-0${(i % 7) + 1}`,
        type: types[i % 5]!,
        amountPence: types[i % 5] === 'withdrawal' || types[i % 5] === 'fee' ? -i : i,
        notes:
          i % 6 === 0
            ? 'Monthly [standing-order:6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b]'
            : i % 2
              ? `Note ${i}`
              : undefined,
      })),
    );
    const list = async (query = '') => {
      const res = await server.request(`/api/accounts/${id}/transactions${query}`, { cookie: ann.cookie });
      expect(res.status).toBe(200);
      return (await res.json()) as AccountDetail['transactions'];
    };

    const { transactions: firstPage } = await detailOk(ann, id);
    expect(firstPage).toEqual(await list());
    const rest = await list(`?cursor=${firstPage.nextCursor}`);
    expect(rest.nextCursor).toBeNull();
    const ids = [...firstPage.items, ...rest.items].map((t) => t.id);
    expect(ids).toHaveLength(53);
    expect(new Set(ids).size).toBe(53);
  });

  it('answers 404 Account not found for another user’s account, an unknown id and to an admin for someone else’s', async () => {
    const annAccount = await addAccount(ann);
    for (const [user, id] of [
      [bob, annAccount],
      [ann, '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b'],
      [admin, annAccount],
    ] as const) {
      const res = await detail(user, id);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Account not found' } });
    }
  });

  it('answers 404 Account not found for text that is not an account id, as the account’s other routes do, and 401 when signed out', async () => {
    for (const id of ['not-an-id', "1' or '1'='1", '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4']) {
      for (const [method, suffix] of [
        ['GET', ''],
        ['PATCH', ''],
        ['DELETE', ''],
        ['GET', '/transactions'],
      ] as const) {
        const res = await server.request(`/api/accounts/${encodeURIComponent(id)}${suffix}`, {
          method,
          cookie: ann.cookie,
          ...(method === 'PATCH' ? { json: { name: 'Renamed' } } : {}),
        });
        expect(res.status, `${method} ${id}${suffix}`).toBe(404);
        expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Account not found' } });
      }
    }
    const annAccount = await addAccount(ann);
    expect((await detail(null, annAccount)).status).toBe(401);
    // An id is an id in either case.
    expect((await detailOk(ann, annAccount.toUpperCase())).account.id).toBe(annAccount);
  });

  it('works protection out across all the user’s accounts: brands sharing a licence share one limit', async () => {
    const carol = await signUpAndSignIn(server, { email: 'carol.detail@example.com' });
    const halifax = await addAccount(carol, { bank: 'Halifax', bankId: HALIFAX });
    const scotland = await addAccount(carol, { bank: 'Bank of Scotland', bankId: BANK_OF_SCOTLAND });
    const unknown = await addAccount(carol);
    await addTransactions(carol, halifax, [{ date: '2026-01-01', type: 'deposit', amountPence: 100_000_00 }]);
    await addTransactions(carol, scotland, [{ date: '2026-01-01', type: 'deposit', amountPence: 30_000_00 }]);
    await addTransactions(carol, unknown, [{ date: '2026-01-01', type: 'deposit', amountPence: 1_000_00 }]);
    // £130,000 under one licence, £120,000 covered on 21 November 2026: £10,000 over.
    expect((await detailOk(carol, halifax)).account.protection).toEqual({
      status: 'partly-covered',
      uncoveredPence: 10_000_00,
      reason: null,
    });
    expect((await detailOk(carol, scotland)).account.protection).toEqual({
      status: 'partly-covered',
      uncoveredPence: 10_000_00,
      reason: null,
    });
    expect((await detailOk(carol, unknown)).account.protection).toEqual({
      status: 'unknown-bank',
      uncoveredPence: null,
      reason: 'no-bank',
    });

    // An admin's lower deposit limit applies too.
    await withActor(server.deps.database.db, { userId: admin.userId, isAdmin: true }, (tx) =>
      tx.insert(appSettings).values({ key: 'fscs_protection', value: { limit: 125_000 } }),
    );
    try {
      expect((await detailOk(carol, halifax)).account.protection.uncoveredPence).toBe(5_000_00);
    } finally {
      await withActor(server.deps.database.db, { userId: admin.userId, isAdmin: true }, (tx) =>
        tx.delete(appSettings).where(eq(appSettings.key, 'fscs_protection')),
      );
    }
  });

  it('counts a platform account against the bank that holds its deposits', async () => {
    const dave = await signUpAndSignIn(server, { email: 'dave.detail@example.com' });
    const platformOnly = await addAccount(dave, { bank: 'Raisin', isPlatformAccount: true });
    const placed = await addAccount(dave, {
      bank: 'Raisin',
      isPlatformAccount: true,
      platformBankReferenceId: HALIFAX,
    });
    expect((await detailOk(dave, platformOnly)).account).toMatchObject({
      platformBank: null,
      protection: { status: 'unknown-bank' },
    });
    expect((await detailOk(dave, placed)).account).toMatchObject({
      platformBank: { id: HALIFAX, bankName: 'Halifax', legalName: 'Bank of Scotland plc', frn: '169628' },
      protection: { status: 'covered-in-full' },
    });
  });

  it('says exactly what the accounts list says about every kind of account and its protection', async () => {
    const gina = await signUpAndSignIn(server, { email: 'gina.detail@example.com' });
    const referenceId = async (where: SQL) => {
      const [row] = await server.deps.database.db
        .select({ id: bankReferences.id })
        .from(bankReferences)
        .where(and(where, eq(bankReferences.isActive, true)))
        .limit(1);
      if (!row) throw new Error('no such bank in the reference data');
      return row.id;
    };
    const nsAndI = await referenceId(eq(bankReferences.protectionBasis, 'hm_treasury'));
    const crownDependency = await referenceId(eq(bankReferences.isCrownDependency, true));
    const unverified = await referenceId(
      and(eq(bankReferences.protectionBasis, 'unverified'), eq(bankReferences.isCrownDependency, false))!,
    );
    const kinds: [string, Partial<typeof accounts.$inferInsert>, number][] = [
      ['savings', { bank: 'Halifax', bankId: HALIFAX }, 100_000_00],
      [
        'shares',
        { bank: 'Bank of Scotland', bankId: BANK_OF_SCOTLAND, accountType: 'Stocks and Shares ISA' },
        100_000_00,
      ],
      ['ifisa', { accountType: 'Innovative Finance ISA' }, 5_000_00],
      ['sipp', { bank: 'Lloyds Bank', bankId: LLOYDS, accountType: 'SIPP' }, 90_000_00],
      ['ssas', { accountType: 'SSAS' }, 1_000_00],
      ['placed', { bank: 'Raisin', isPlatformAccount: true, platformBankReferenceId: BANK_OF_SCOTLAND }, 30_000_00],
      ['unplaced', { bank: 'Raisin', isPlatformAccount: true }, 1_000_00],
      ['named', { bank: 'A bank we do not know' }, 1_000_00],
      ['none', {}, 1_000_00],
      ['nsAndI', { bank: 'NS&I', bankId: nsAndI }, 1_000_00],
      ['crown', { bank: 'Crown Dependency bank', bankId: crownDependency }, 1_000_00],
      ['unverified', { bank: 'Unverified bank', bankId: unverified }, 1_000_00],
    ];
    const ids = new Map<string, string>();
    for (const [name, values, amountPence] of kinds) {
      const id = await addAccount(gina, { name, ...values });
      await addTransactions(gina, id, [{ date: '2026-01-01', type: 'deposit', amountPence }]);
      ids.set(name, id);
    }
    const res = await server.request('/api/accounts', { cookie: gina.cookie });
    expect(res.status).toBe(200);
    const listed = new Map(((await res.json()) as AccountList).accounts.map((a) => [a.id, a]));
    const shown = new Map<string, AccountDetail['account']>();
    for (const [name, id] of ids) {
      const { account } = await detailOk(gina, id);
      // The list's item is the account's own fields, picked: the same values, protection included.
      expect(listed.get(id)).toEqual(AccountListItemSchema.parse(account));
      expect(Object.keys(listed.get(id)!)).toEqual(Object.keys(AccountListItemSchema.shape));
      shown.set(name, account);
    }
    const protection = (name: string) => shown.get(name)!.protection;
    // Deposits at the licence: £100,000 and £30,000 through the platform; the ISA's £100,000 is invested (£85,000 limit).
    expect(protection('savings')).toEqual({ status: 'partly-covered', uncoveredPence: 10_000_00, reason: null });
    expect(protection('placed')).toEqual({ status: 'partly-covered', uncoveredPence: 10_000_00, reason: null });
    expect(protection('shares')).toEqual({ status: 'partly-covered', uncoveredPence: 15_000_00, reason: null });
    expect(protection('sipp')).toEqual({ status: 'partly-covered', uncoveredPence: 5_000_00, reason: null });
    expect(protection('ifisa')).toEqual({ status: 'not-fscs', uncoveredPence: null, reason: 'ifisa' });
    expect(protection('ssas')).toEqual({ status: 'not-fscs', uncoveredPence: null, reason: 'ssas-trust' });
    expect(protection('unplaced')).toEqual({
      status: 'unknown-bank',
      uncoveredPence: null,
      reason: 'platform-bank-missing',
    });
    expect(protection('named')).toEqual({ status: 'covered-in-full', uncoveredPence: null, reason: null });
    expect(protection('none')).toEqual({ status: 'unknown-bank', uncoveredPence: null, reason: 'no-bank' });
    expect(protection('nsAndI')).toEqual({ status: 'not-fscs', uncoveredPence: null, reason: 'ns-and-i' });
    expect(protection('crown')).toEqual({ status: 'not-fscs', uncoveredPence: null, reason: 'offshore' });
    expect(protection('unverified')).toEqual({ status: 'not-fscs', uncoveredPence: null, reason: 'unverified' });
  });

  it('groups transactions in SQL exactly as the core does (any transactions, months and types)', async () => {
    const erin = await signUpAndSignIn(server, { email: 'erin.detail@example.com' });
    const id = await addAccount(erin);
    const window = monthWindow('2026-11-21');
    await fc.assert(
      fc.asyncProperty(fc.array(transactionArb, { maxLength: 40 }), async (rows) => {
        await withActor(server.deps.database.db, { userId: erin.userId }, (tx) =>
          tx.delete(transactions).where(eq(transactions.accountId, id)),
        );
        await addTransactions(erin, id, rows);
        const body = await detailOk(erin, id);
        // The balance by the rule (ADR 0022) over the rows as stored (with their ids and times), on
        // today: entries dated after it are scheduled, not money today (ADR 0044).
        const balance = balanceOnDay(
          await server.deps.database.db
            .select({
              id: transactions.id,
              date: transactions.date,
              type: transactions.type,
              amountPence: transactions.amountPence,
              recordedAt: sql<string>`${transactions.createdAt}::text`,
            })
            .from(transactions)
            .where(eq(transactions.accountId, id)),
          '2026-11-21',
        );
        const expected = accountSummary(groupTransactions(rows, window), window, balance);
        expect({ summary: body.summary, monthly: body.monthly, typeTotals: body.typeTotals }).toEqual(expected);
        // The groups themselves, not only what they add up to: one per type and window month (or none).
        const read = await withActor(server.deps.database.db, { userId: erin.userId }, (tx) =>
          readAccountDetail(tx, { userId: erin.userId, accountId: id, today: '2026-11-21', window, pageSize: 1 }),
        );
        const byKey = (g: { type: string; month: string | null }) => `${g.type} ${g.month}`;
        const sorted = <G extends { type: string; month: string | null }>(groups: readonly G[]) =>
          [...groups].sort((a, b) => byKey(a).localeCompare(byKey(b)));
        // `+ 0`: a -0 amount sums to -0 in JavaScript and to 0 in SQL; both are no money.
        const plain = (groups: readonly { totalPence: number }[]) =>
          groups.map((g) => ({ ...g, totalPence: Number(g.totalPence) + 0 }));
        expect(plain(sorted(read.groups))).toEqual(plain(sorted(groupTransactions(rows, window))));
      }),
      { numRuns: 15 },
    );
  });

  itOnPostgres(kind)('sends the same few statements however many accounts and transactions there are', async () => {
    const frank = await signUpAndSignIn(server, { email: 'frank.detail@example.com' });
    const statementsFor = (id: string) => statementsSent(() => detailOk(frank, id));
    const empty = await addAccount(frank);
    const small = await statementsFor(empty);
    for (let i = 0; i < 5; i++) await addAccount(frank, { bank: 'Halifax', bankId: HALIFAX });
    const full = await addAccount(frank);
    await addTransactions(
      frank,
      full,
      Array.from({ length: 400 }, (_, i) => ({
        date: `202${i % 6}-0${(i % 9) + 1}-15`,
        type: i % 2 ? 'interest' : 'withdrawal',
        amountPence: i % 2 ? i : -i,
      })),
    );
    // The session opening alone (the key); then, in a transaction of their own, BEGIN, the opening
    // again, the switch to app_user, the three reads and COMMIT in one write.
    expect(small).toEqual({ statements: 8, writes: 2 });
    expect(await statementsFor(full)).toEqual(small);
    // Nothing changed since: the kept page is sent after the session opening alone.
    expect(await statementsFor(full)).toEqual({ statements: 1, writes: 1 });
  });
});
