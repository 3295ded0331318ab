/**
 * `npm run bench:standing-orders`: the automatic standing-order run (the queue's
 * `standing-orders:process` job, claimed and run by the job runner as an app instance runs it)
 * over 10,000 monthly standing orders that each owe a year of payments: 120,000 deposits, against
 * issue 5's target of under 10 s on PostgreSQL. See docs/performance.md.
 *
 * It creates a throwaway database on the DATABASE_URL server (dropped afterwards), migrates it,
 * seeds 2,500 users with 2 accounts each and 2 orders per account (half paying on the start
 * date's day, half on a payment day), then times one run of the job, checks every payment is there
 * once and every balance equals its sum, and times a second run that finds nothing due.
 *
 * Overrides: BENCH_ORDERS (10000; a multiple of 4), BENCH_TARGET_S (10).
 * Exit code: 0 PASS; 1 the run failed or its result is wrong; 2 FAIL (too slow).
 */
import { sql } from 'drizzle-orm';
import { calendarDateInLondon } from '../src/core/dates/calendar-date.ts';
import { openDatabase, type Database } from '../src/server/db/client.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { rowsOf } from '../src/server/db/rls.ts';
import { createJobRunner } from '../src/server/jobs/runner.ts';
import { createLogger } from '../src/server/logger.ts';
import { scheduleStandingOrderProcessing, STANDING_ORDERS_JOB } from '../src/server/standing-orders/jobs.ts';
import { ACCOUNTS_PER_BATCH } from '../src/server/standing-orders/processing.ts';
import { Cleanup, runBench } from './lib/cleanup.ts';
import { timeJobRound } from './lib/cpu.ts';
import { createThrowawayDatabase } from './lib/postgres.ts';
import { int, printTable, writeResults } from './lib/report.ts';
import { loadSettings, SettingsError } from './lib/settings.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const TARGET_S = Number(process.env.BENCH_TARGET_S ?? 10);
const PAYMENTS_PER_ORDER = 12;

const cleanup = new Cleanup();
const quiet = createLogger('silent');

/**
 * Users u0…, two accounts each, two monthly orders per account. Each order starts between 11
 * months and 11 months + 27 days before today, so it owes exactly 12 payments (the 12th on or
 * before today, the 13th after it); odd orders pay on a payment day equal to the start's day.
 */
async function seed(database: Database, today: string): Promise<void> {
  const users = ORDERS / 4;
  await database.db.execute(sql`
    insert into "user" (id, name, email) select 'u' || i, 'Saver ' || i, 'saver' || i || '@example.com' from generate_series(1, ${users}) i`);
  await database.db.execute(sql`
    insert into accounts (user_id, name, account_number)
    select 'u' || i, 'Saver ' || i || '-' || j, '0000' || j from generate_series(1, ${users}) i, generate_series(1, 2) j`);
  await database.db.execute(sql`
    insert into standing_orders (account_id, user_id, amount_pence, frequency, start_date, payment_day)
    select a.id, a.user_id, 1000 + k * 250, 'monthly', s.start_date,
      case when k = 2 and extract(day from s.start_date) <= 28 then extract(day from s.start_date)::smallint end
    from accounts a, generate_series(1, 2) k,
      lateral (select (${today}::date - interval '11 months' - ((abs(hashtext(a.id::text || k)) % 28) * interval '1 day'))::date as start_date) s`);
  await database.db.execute(sql`analyze`);
}

type Check = {
  payments: number;
  orders: number;
  wrongBalances: number;
  duplicateOccurrences: number;
  totalPence: number;
};

async function check(database: Database): Promise<Check> {
  const [row] = rowsOf<Check>(
    await database.db.execute(sql`
      select
        (select count(*)::int from transactions where standing_order_id is not null) as "payments",
        (select count(*)::int from standing_orders) as "orders",
        (select count(*)::int from accounts a where a.balance_pence <> (select coalesce(sum(amount_pence), 0) from transactions t where t.account_id = a.id)) as "wrongBalances",
        (select count(*)::int from (select 1 from transactions group by standing_order_id, occurrence_date having count(*) > 1) d) as "duplicateOccurrences",
        (select coalesce(sum(balance_pence), 0)::float8 from accounts) as "totalPence"`),
  );
  return row!;
}

async function timeRun(database: Database, today: string, { first }: { first: boolean }) {
  const jobs = createJobRunner(database, quiet);
  await scheduleStandingOrderProcessing(jobs, { clock: { now: () => new Date(`${today}T12:00:00Z`) }, logger: quiet });
  return timeJobRound(jobs, STANDING_ORDERS_JOB, { first });
}

async function main(): Promise<number> {
  const settings = loadSettings(process.env, { postgresOnly: true });
  if (!Number.isInteger(ORDERS) || ORDERS <= 0 || ORDERS % 4 !== 0)
    throw new SettingsError(`BENCH_ORDERS: expected a positive multiple of 4, got "${process.env.BENCH_ORDERS}"`);
  const today = calendarDateInLondon(new Date());
  console.log(
    `SavvyPig standing orders benchmark — Node ${process.version}; ${int(ORDERS)} monthly orders × ${PAYMENTS_PER_ORDER} payments due, today ${today}`,
  );

  const throwaway = await createThrowawayDatabase(settings.databaseUrl!);
  cleanup.add('drop the throwaway database', throwaway.drop);
  const database = await openDatabase({ databaseUrl: throwaway.url, poolMax: 4, logger: quiet });
  cleanup.add('close the database', () => database.close());
  await migrate(database);
  const version =
    rowsOf<{ v: string }>(await database.db.execute(sql`select current_setting('server_version') as v`))[0]?.v ?? '?';

  const seedStart = performance.now();
  await seed(database, today);
  console.log(
    `Seeded ${int(ORDERS / 4)} users, ${int(ORDERS / 2)} accounts, ${int(ORDERS)} orders in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (PostgreSQL ${version})`,
  );

  const first = await timeRun(database, today, { first: true });
  const result = await check(database);
  const second = await timeRun(database, today, { first: false });
  const after = await check(database);

  const expected = ORDERS * PAYMENTS_PER_ORDER;
  const correct =
    result.payments === expected &&
    result.wrongBalances === 0 &&
    result.duplicateOccurrences === 0 &&
    after.payments === expected &&
    after.totalPence === result.totalPence;
  printTable(
    ['run', 'jobs', 'payments added', 'time', 'CPU % of a core: bench / PostgreSQL / other'],
    [
      [
        'first (a year due)',
        String(first.ran),
        int(result.payments),
        `${first.seconds.toFixed(2)} s`,
        `${first.cpu.loadGenerator} / ${first.cpu.postgres} / ${first.cpu.other}`,
      ],
      [
        'second (nothing due)',
        String(second.ran),
        int(after.payments - result.payments),
        `${second.seconds.toFixed(2)} s`,
        `${second.cpu.loadGenerator} / ${second.cpu.postgres} / ${second.cpu.other}`,
      ],
    ],
    [false, true, true, true, false],
  );
  console.log(
    `Check: ${int(result.payments)} of ${int(expected)} payments, ${result.duplicateOccurrences} occurrences paid twice, ` +
      `${result.wrongBalances} balances not equal to their sums; ${ACCOUNTS_PER_BATCH} accounts per batch`,
  );
  const passed = correct && first.seconds < TARGET_S;
  const file = writeResults(settings, 'standing-orders.json', {
    orders: ORDERS,
    expectedPayments: expected,
    serverVersion: version,
    firstRun: { ...first, payments: result.payments },
    secondRun: { ...second, payments: after.payments - result.payments },
    check: result,
    targetSeconds: TARGET_S,
    verdict: !correct ? 'INVALID' : passed ? 'PASS' : 'FAIL',
  });
  console.log(`Results: ${file}`);
  if (!correct) {
    console.log('INVALID: the run did not leave exactly one payment per occurrence with balances equal to their sums');
    return 1;
  }
  console.log(
    `${passed ? 'PASS' : 'FAIL'}: ${int(expected)} deposits in ${first.seconds.toFixed(2)} s (target under ${TARGET_S} s)`,
  );
  return passed ? 0 : 2;
}

runBench(main, cleanup, (err) => err instanceof SettingsError);
