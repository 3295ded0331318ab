// Exactly-once standing-order payments across app instances: two server processes on one
// PostgreSQL database, 'Process Now' pressed on both at once for every account, and the scheduled
// job run (claimed by one of the processes from the shared queue) at the same moment.
//
// "The same moment" is made certain rather than hoped for: the test holds every account's row
// lock, fires all the calls and enqueues the job, waits until the job is claimed and every one of
// them is queued on those locks in PostgreSQL, then lets go. They all race from there.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { occurrenceDates } from '../../core/standing-orders/schedule.ts';
import { createThrowawayPostgres, dropThrowawayPostgres } from '../test/databases.ts';
import {
  CURRENT_SERVER_ENTRY,
  signUpOverHttp,
  startServerProcess,
  type ServerProcess,
} from '../test/server-process.ts';
import { STANDING_ORDERS_JOB } from './jobs.ts';
import { insertPlainAccounts } from '../test/plain-accounts.ts';

const ACCOUNTS = 6;
const DAY = 86_400_000;
const daysAgo = (today: string, days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - days * DAY).toISOString().slice(0, 10);

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('standing orders across two app processes', () => {
  let url: string;
  let client: pg.Client;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    url = await createThrowawayPostgres();
    for (let i = 0; i < 2; i++) {
      servers.push(
        await startServerProcess(CURRENT_SERVER_ENTRY, {
          DATABASE_URL: url,
          // The job's own report of how many payments it added is read from the log.
          LOG_LEVEL: 'info',
        }),
      );
    }
    client = new pg.Client({ connectionString: url });
    await client.connect();
  }, 120_000);

  afterAll(async () => {
    await client?.end();
    for (const s of servers) await s.stop();
    if (url) await dropThrowawayPostgres(url);
  }, 30_000);

  it('pays every occurrence exactly once, counts only what each run inserted, and keeps balance == sum', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const cookie = await signUpOverHttp(a.base, { email: 'two-processes@example.com', password: 'a good password' });
    const me = (await (await fetch(`${a.base}/api/me`, { headers: { cookie } })).json()) as { user: { id: string } };
    const today = calendarDateInLondon(new Date());

    // The accounts API belongs to another part of issue 5: the accounts go straight into the table.
    const accountIds = await insertPlainAccounts(client, me.user.id, ACCOUNTS);
    // Per account: a daily order 120 days overdue (three runs' worth under the 50 cap), a weekly
    // one with a first payment of its own, and a monthly one on the 28th; made through both servers.
    const orders = [
      { amountPence: 101, frequency: 'daily', startDate: daysAgo(today, 119) },
      { amountPence: 2_500, frequency: 'weekly', startDate: daysAgo(today, 200), firstPaymentAmountPence: 10_000 },
      { amountPence: 12_345, frequency: 'monthly', startDate: daysAgo(today, 400), paymentDay: 28 },
    ];
    const headers = (base: string) => ({ 'content-type': 'application/json', origin: base, cookie });
    for (const [i, accountId] of accountIds.entries()) {
      const base = i % 2 === 0 ? a.base : b.base;
      for (const body of orders) {
        const res = await fetch(`${base}/api/accounts/${accountId}/standing-orders`, {
          method: 'POST',
          headers: headers(base),
          body: JSON.stringify(body),
        });
        expect(res.status).toBe(201);
      }
    }
    const expected = orders.map((o) =>
      occurrenceDates(
        { endDate: null, maxPayments: null, paymentDay: null, firstPaymentAmountPence: null, ...o } as never,
        { today },
      ),
    );
    const expectedPerAccount = expected.reduce((n, dates) => n + dates.length, 0);
    const expectedPencePerAccount = expected.reduce((n, dates, i) => {
      const o = orders[i]!;
      return (
        n +
        dates.length * o.amountPence +
        (dates.length > 0 && o.firstPaymentAmountPence ? o.firstPaymentAmountPence - o.amountPence : 0)
      );
    }, 0);

    const processNow = async (base: string, accountId: string) => {
      const res = await fetch(`${base}/api/accounts/${accountId}/standing-orders/process`, {
        method: 'POST',
        headers: headers(base),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { processed: number; warnings: string[] };
    };

    // Hold every account's lock, then line everyone up behind it.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('begin');
    await holder.query('select id from accounts where id = any($1::uuid[]) order by id for update', [accountIds]);
    // One call per account on each server: with the job that makes three runs, the daily order's
    // 120 overdue payments need all three (50 + 50 + 20), whichever order they take the lock in.
    const calls = accountIds.flatMap((id) => [processNow(a.base, id), processNow(b.base, id)]);
    await client.query(`insert into jobs (name, key, payload) values ($1, 'two-processes-test', '{}'::jsonb)`, [
      STANDING_ORDERS_JOB,
    ]);
    const database = new URL(url).pathname.slice(1);
    await expect
      .poll(
        async () => {
          const { rows } = await client.query<{ waiting: number }>(
            `select count(*)::int as waiting from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`,
            [database],
          );
          return rows[0]!.waiting;
        },
        { timeout: 20_000, interval: 50 },
      )
      .toBe(calls.length + 1);
    const { rows: running } = await client.query<{ status: string }>(
      `select status from jobs where key = 'two-processes-test'`,
    );
    expect(running[0]?.status).toBe('running');
    await holder.query('commit');
    await holder.end();

    const firstWave = await Promise.all(calls);
    await expect
      .poll(
        async () =>
          (await client.query<{ status: string }>(`select status from jobs where key = 'two-processes-test'`)).rows[0]
            ?.status,
        { timeout: 20_000 },
      )
      .toBe('done');

    // Whatever the cap left over: more rounds on both servers at once until nothing is due.
    const later: { processed: number; warnings: string[] }[] = [];
    for (let round = 0; round < 5; round++) {
      const results = await Promise.all(accountIds.flatMap((id) => [processNow(a.base, id), processNow(b.base, id)]));
      later.push(...results);
      if (results.every((r) => r.processed === 0)) break;
    }

    const jobLines = servers
      .flatMap((s) => s.output().split('\n'))
      .filter((line) => line.includes('"standing orders processed"'))
      .map((line) => JSON.parse(line) as { payments: number });
    const jobProcessed = jobLines.reduce((n, l) => n + l.payments, 0);
    const httpProcessed = [...firstWave, ...later].reduce((n, r) => n + r.processed, 0);

    const { rows: perAccount } = await client.query<{
      id: string;
      balance: string;
      sum: string;
      payments: number;
      distinct_occurrences: number;
    }>(
      `select a.id, a.balance_pence::text as balance, coalesce(sum(t.amount_pence), 0)::text as sum, count(t.id)::int as payments,
         count(distinct (t.standing_order_id, t.occurrence_date))::int as distinct_occurrences
       from accounts a left join transactions t on t.account_id = a.id
       where a.id = any($1::uuid[]) group by a.id`,
      [accountIds],
    );
    expect(perAccount).toHaveLength(ACCOUNTS);
    for (const row of perAccount) {
      expect(row.payments).toBe(expectedPerAccount);
      expect(row.distinct_occurrences).toBe(expectedPerAccount);
      expect(Number(row.sum)).toBe(expectedPencePerAccount);
      expect(Number(row.balance)).toBe(Number(row.sum));
    }
    // Each run counted only the rows it inserted: together, exactly the rows there are.
    expect(httpProcessed + jobProcessed).toBe(ACCOUNTS * expectedPerAccount);
    // The job really had work at that moment (at least the last 20 of each daily order), and so did the calls.
    expect(jobProcessed).toBeGreaterThanOrEqual(ACCOUNTS * 20);
    expect(httpProcessed).toBeGreaterThan(0);
    expect(calendarDateInLondon(new Date()), 'the day changed during the test; run it again').toBe(today);
  }, 120_000);
});
