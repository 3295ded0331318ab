import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../core/dashboard/coming-up.ts';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import type { AccountListRow } from '../accounts/queries.ts';
import { withActor } from '../db/rls.ts';
import { transactions } from '../db/schema/index.ts';
import type { OwnWrite } from '../kept/own-writes.ts';
import { addAccountAt, bankIdNamed } from '../test/accounts-api.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { freshAnswers } from '../test/fresh-answers.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { selectsSentBy } from '../test/tables-read.ts';
import { rowsAfter } from './kept-rows.ts';
import type { ProtectionRows } from './queries.ts';

const row = (id: string, balancePence: number, ledgerVersion: string | number) =>
  ({ item: { id, balancePence }, ledgerVersion }) as unknown as AccountListRow;
const rowsOf = (...accounts: AccountListRow[]): ProtectionRows => ({
  accounts: { rows: accounts, override: null, maxAccounts: null },
  dismissals: [],
});
const add = (accountId: string, balancePence: number, ledgerVersion: string, today = '2026-12-01'): OwnWrite => ({
  accountIds: [accountId],
  entries: [],
  balances: [{ accountId, today, balancePence, ledgerVersion }],
});

describe('protection rows after this server’s adds (rowsAfter)', () => {
  it('writes each add’s balance and ledger version in, in order, into a copy', () => {
    const kept = rowsOf(row('a', 100_00, 3), row('b', 50_00, 7));
    const after = rowsAfter(kept, [add('a', 120_00, '4'), add('b', 40_00, '8'), add('a', 125_00, '5')], '2026-12-01');
    expect(after?.accounts.rows.map((r) => [r.item.id, r.item.balancePence, r.ledgerVersion])).toEqual([
      ['a', 125_00, 5],
      ['b', 40_00, 8],
    ]);
    // The kept rows are shared: left as they were.
    expect(kept.accounts.rows.map((r) => r.item.balancePence)).toEqual([100_00, 50_00]);
  });

  it('leaves a row that is already newer than the add (read after it committed)', () => {
    const after = rowsAfter(rowsOf(row('a', 130_00, '6')), [add('a', 120_00, '5')], '2026-12-01');
    expect(after?.accounts.rows[0]).toMatchObject({ item: { balancePence: 130_00 }, ledgerVersion: '6' });
  });

  it('carries nothing through an add of another day, of an account it lacks, or without balances', () => {
    const kept = rowsOf(row('a', 100_00, '3'));
    expect(rowsAfter(kept, [add('a', 1, '4', '2026-11-30')], '2026-12-01')).toBeUndefined();
    expect(rowsAfter(kept, [add('z', 1, '4')], '2026-12-01')).toBeUndefined();
    expect(rowsAfter(kept, [{ accountIds: ['a'], entries: [] }], '2026-12-01')).toBeUndefined();
  });
});

// The list, the Hub and the dashboard after each of this server's adds: the rows kept before it
// carried with the account's new balance (ADR 0073), held to routers that keep nothing.
describe.each(testDatabaseKinds())('protection rows carried through adds on %s', (kind) => {
  let server: TestServer;
  let fresh: ReturnType<typeof freshAnswers>;
  let saver: { cookie: string; userId: string };
  let today = '';
  const ids: Record<string, string> = {};
  const pages = ['/api/accounts', '/api/protection', '/api/dashboard'] as const;

  const get = async (path: string, afresh = false) => {
    const res = afresh ? await fresh(path, saver.cookie) : await server.request(path, { cookie: saver.cookie });
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
    return (await res.json()) as unknown;
  };
  const addTo = async (account: string, type: string, amountPence: number, date: string) => {
    const res = await server.request(`/api/accounts/${ids[account]}/transactions`, {
      method: 'POST',
      cookie: saver.cookie,
      json: { transactions: [{ type, amountPence, date }] },
    });
    expect(res.status, await res.clone().text()).toBe(201);
  };
  /** The three pages, the first asked first, each held to the truth; how often the accounts statement was sent. */
  const allTrue = async (first: (typeof pages)[number]) => {
    const order = [first, ...pages.filter((p) => p !== first)];
    const sent = await selectsSentBy(async () => {
      for (const path of order) expect(await get(path), path).toEqual(await get(path, true));
    });
    // The fresh routers read it once each; what the kept ones read comes on top.
    return sent.filter((s) => /limit_override/.test(s.text)).length - pages.length;
  };

  beforeAll(async () => {
    server = await createTestServer(kind);
    fresh = freshAnswers(server.deps);
    today = calendarDateInLondon(server.clock.now());
    saver = await signUpAndSignIn(server, { email: `carried-rows.${kind}@example.com` });
    // One licence two ways close to its limit, a building society, NS&I.
    for (const [name, bank, pence] of [
      ['halifax', 'Halifax', 64_000_00],
      ['bos', 'Bank of Scotland', 54_000_00],
      ['nationwide', 'Nationwide Building Society', 20_000_00],
      ['nsi', 'NS&I', 10_000_00],
    ] as const) {
      const account = { name: `${bank} saver`, bankId: await bankIdNamed(server, bank), pence };
      ids[name] = await addAccountAt(server, saver.cookie, account, { startingBalanceDate: addDays(today, -60) });
    }
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('sends the truth after every add, reading the accounts once while nothing else wrote', async () => {
    const first = await allTrue('/api/accounts');
    if (kind === 'postgres') expect(first, 'the first read of the saver’s accounts').toBe(1);
    const adds: [string, string, number, string, (typeof pages)[number]][] = [
      // Over the Halifax licence's limit by its sister brand: the alert appears.
      ['bos', 'deposit', 3_000_00, today, '/api/protection'],
      // Scheduled: today's balance as it was, the ledger moved on.
      ['nationwide', 'deposit', 5_000_00, addDays(today, 10), '/api/dashboard'],
      // Back under the limit, dated long ago.
      ['halifax', 'withdrawal', 2_000_00, addDays(today, -40), '/api/accounts'],
      ['nsi', 'interest', 12_34, today, '/api/protection'],
    ];
    for (const [account, type, pence, date, first] of adds) {
      await addTo(account, type, pence, date);
      const reads = await allTrue(first);
      // node-postgres's statements are seen; PGlite's run in its worker.
      if (kind === 'postgres') expect(reads, `accounts statements after an add to ${account}`).toBe(0);
    }
    // Three adds with nothing asked between them: carried through all three steps.
    await addTo('bos', 'deposit', 1_00, today);
    await addTo('halifax', 'fee', 2_00, today);
    await addTo('bos', 'withdrawal', 3_00, addDays(today, -1));
    const reads = await allTrue('/api/dashboard');
    if (kind === 'postgres') expect(reads).toBe(0);
  });

  it('reads again when another server wrote in between, even if this one added since', async () => {
    await allTrue('/api/accounts');
    await withActor(server.deps.database.db, { userId: saver.userId }, (tx) =>
      tx.insert(transactions).values({
        accountId: ids.halifax!,
        userId: saver.userId,
        date: today,
        type: 'deposit',
        amountPence: 9_000_00,
        notes: 'Elsewhere',
      }),
    );
    await addTo('nationwide', 'deposit', 5_00, today);
    const reads = await allTrue('/api/protection');
    if (kind === 'postgres') expect(reads).toBe(1);
  });
});
