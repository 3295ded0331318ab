import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../core/dashboard/coming-up.ts';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { withActor } from '../db/rls.ts';
import { transactions } from '../db/schema/index.ts';
import { bankIdNamed } from '../test/accounts-api.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { selectsSentBy } from '../test/tables-read.ts';
import { freshAnswers } from '../test/fresh-answers.ts';
import type { DashboardJson } from './routes.ts';

// After this server's own add of entries, the dashboard takes the extras kept before it with the
// entries merged in (kept-extras.ts, ADR 0071) instead of reading them again. Held, with the
// list and the Hub, after each add to routers that keep nothing.
type Saver = { cookie: string; userId: string };
type Entry = { type: string; amountPence: number; date: string; notes?: string };

describe.each(testDatabaseKinds())('the dashboard carried through adds on %s', (kind) => {
  let server: TestServer;
  let fresh: ReturnType<typeof freshAnswers>;
  let saver: Saver;
  let today = '';
  const ids: Record<string, string> = {};

  const get = async (path: string, afresh = false) => {
    const res = afresh ? await fresh(path, saver.cookie) : await server.request(path, { cookie: saver.cookie });
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
    return (await res.json()) as unknown;
  };
  const add = async (account: string, entries: Entry[]) => {
    const res = await server.request(`/api/accounts/${ids[account]}/transactions`, {
      method: 'POST',
      cookie: saver.cookie,
      json: { transactions: entries },
    });
    expect(res.status, await res.clone().text()).toBe(201);
  };
  /** The dashboard, the Hub and the list as sent, each held to the truth; how many times the dashboard read its extras. */
  const allTrue = async () => {
    let dashboard: unknown;
    const reads = await selectsSentBy(async () => {
      dashboard = await get('/api/dashboard');
    });
    expect(dashboard).toEqual(await get('/api/dashboard', true));
    expect(await get('/api/protection')).toEqual(await get('/api/protection', true));
    expect(await get('/api/accounts')).toEqual(await get('/api/accounts', true));
    // The accounts and dismissals are read (or taken from the list or the Hub: kept-rows.ts), and the
    // balance line when an entry not dated today moves it (line-cache.ts); the extras are not.
    return { dashboard: dashboard as DashboardJson, reads: reads.filter((r) => /recent_entries/.test(r.text)).length };
  };

  beforeAll(async () => {
    server = await createTestServer(kind);
    fresh = freshAnswers(server.deps);
    today = calendarDateInLondon(server.clock.now());
    saver = await signUpAndSignIn(server, { email: 'carried-dashboard@example.com' });
    for (const [name, bank, pence] of [
      ['halifax', 'Halifax', 84_000_00],
      ['bos', 'Bank of Scotland', 500_00],
      ['nationwide', 'Nationwide Building Society', 20_000_00],
    ] as const) {
      const res = await server.request('/api/accounts', {
        method: 'POST',
        cookie: saver.cookie,
        json: {
          name: `${bank} saver`,
          accountNumber: '12345678',
          bankId: await bankIdNamed(server, bank),
          startingBalancePence: pence,
          startingBalanceDate: addDays(today, -60),
        },
      });
      expect(res.status).toBe(201);
      ids[name] = ((await res.json()) as { account: { id: string } }).account.id;
    }
    // Twelve older entries, so the dashboard's newest ten are a window that adds move.
    await add(
      'nationwide',
      Array.from({ length: 12 }, (_, i) => ({
        type: 'interest',
        amountPence: 1_00 + i,
        date: addDays(today, -20 - i),
      })),
    );
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('sends the truth after every add, without reading the extras again', async () => {
    await allTrue();
    const adds: [string, Entry[]][] = [
      // Over the Halifax licence's limit, with its sister brand.
      ['bos', [{ type: 'deposit', amountPence: 1_500_00, date: today, notes: 'Top-up' }]],
      // Dated in the future (scheduled), and in the past behind every entry shown.
      ['nationwide', [{ type: 'deposit', amountPence: 10_00, date: addDays(today, 5) }]],
      ['halifax', [{ type: 'withdrawal', amountPence: 20_00, date: addDays(today, -400) }]],
      // Several at once, one of them the same day as shown ones.
      [
        'halifax',
        [
          { type: 'fee', amountPence: 3_00, date: addDays(today, -20) },
          { type: 'interest', amountPence: 4_00, date: addDays(today, -1), notes: 'Monthly' },
        ],
      ],
    ];
    for (const [account, entries] of adds) {
      await add(account, entries);
      const { reads } = await allTrue();
      // node-postgres's statements are seen; PGlite's run in its worker.
      if (kind === 'postgres') expect(reads, `statements the dashboard sent after an add to ${account}`).toBe(0);
    }
    // Three adds with nothing asked between them: carried through all three steps.
    await add('bos', [{ type: 'deposit', amountPence: 1_00, date: today }]);
    await add('nationwide', [{ type: 'deposit', amountPence: 2_00, date: today }]);
    await add('halifax', [{ type: 'deposit', amountPence: 3_00, date: addDays(today, -2) }]);
    const { dashboard, reads } = await allTrue();
    if (kind === 'postgres') expect(reads).toBe(0);
    expect(dashboard.recentTransactions.map((t) => t.amountPence).slice(0, 3)).toEqual([10_00, 2_00, 1_00]);
    // More entries at once than the dashboard shows: ten today and one the day before, which the
    // newest ten leave out but the balance line counts.
    await add('nationwide', [
      ...Array.from({ length: 10 }, (_, i) => ({ type: 'deposit', amountPence: 1_00 + i, date: today })),
      { type: 'deposit', amountPence: 500_00, date: addDays(today, -1) },
    ]);
    const { dashboard: after } = await allTrue();
    expect(after.recentTransactions.some((t) => t.amountPence === 500_00)).toBe(false);
  });

  it('stays true with adds and dashboards in flight together, round after round', async () => {
    for (let round = 0; round < 5; round++) {
      await allTrue();
      await Promise.all(
        ['halifax', 'bos', 'nationwide'].flatMap((account, i) => [
          add(account, [{ type: 'deposit', amountPence: 1_00 + round * 10 + i, date: addDays(today, -i) }]),
          get('/api/dashboard'),
        ]),
      );
      await allTrue();
    }
  });

  it('reads again when another server wrote in between, even if this one added since', async () => {
    await allTrue();
    // Another server's entry (straight to the database), the newest of all; then this server's add.
    await withActor(server.deps.database.db, { userId: saver.userId }, (tx) =>
      tx.insert(transactions).values({
        accountId: ids.bos!,
        userId: saver.userId,
        date: addDays(today, 30),
        type: 'deposit',
        amountPence: 77_00,
        notes: 'Elsewhere',
      }),
    );
    await add('nationwide', [{ type: 'deposit', amountPence: 5_00, date: today }]);
    const { dashboard } = await allTrue();
    expect(dashboard.recentTransactions[0]).toMatchObject({ amountPence: 77_00, notes: 'Elsewhere' });
  });

  it('moves the kept balance line by every entry an add dated today, however many it sent', async () => {
    saver = await signUpAndSignIn(server, { email: 'carried-line@example.com' });
    const res = await server.request('/api/accounts', {
      method: 'POST',
      cookie: saver.cookie,
      json: {
        name: 'Line saver',
        accountNumber: '12345678',
        bankId: await bankIdNamed(server, 'Halifax'),
        startingBalancePence: 1_000_00,
        startingBalanceDate: addDays(today, -60),
      },
    });
    ids.line = ((await res.json()) as { account: { id: string } }).account.id;
    await allTrue();
    // Eleven entries dated today: more than the dashboard lists, all in today's point.
    await add(
      'line',
      Array.from({ length: 11 }, (_, i) => ({ type: 'deposit', amountPence: 1_00 + i, date: today })),
    );
    const { dashboard } = await allTrue();
    expect(dashboard.balanceLine.points.at(-1)?.balancePence).toBe(1_000_00 + 11 * 1_00 + 55);
  });
});
