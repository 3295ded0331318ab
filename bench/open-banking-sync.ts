/**
 * `npm run bench:open-banking`: one app instance's unattended Open Banking sync (issue 32) over
 * 1,000 consents, against the local fake provider (src/server/open-banking/test/fake-provider.ts)
 * enforcing a rate limit. The scheduler job queues a sync per consent and one job runner works
 * through them as an instance does: refresh when due, balance and transactions (paginated) per
 * linked account, import without duplicates, the bank's balance as a statement.
 *
 * Each consent is a first sync (90 days: three 31-day windows, the most TrueLayer serves at once,
 * pages of 3 here so paging is exercised, and the balance), which is the work the provider's rate
 * limit bounds: the time can be no less than the floor, the requests ÷ the provider's limit.
 *
 * PASS: every consent synced once, every transaction imported once and every balance the bank's, no
 * request refused for the rate limit (the client's own pace keeps under it), and the time within
 * 1.2 × the floor + 10 s. The bench also says how many requests a sync needs for this data and
 * whether it made more.
 *
 * It creates a throwaway database on the DATABASE_URL server (dropped afterwards), migrates it,
 * loads the reference data and seeds one saver per consent with one linked account.
 *
 * Overrides: BENCH_CONSENTS (1000), BENCH_PROVIDER_LIMIT (requests/s the fake allows, 100),
 * BENCH_PACE (requests/s the client sends, 95), BENCH_WORKERS (jobs run at once, 8).
 * Exit code: 0 PASS; 1 the run failed or its result is wrong; 2 FAIL (too slow or rate limited).
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { rowsOf } from '../src/server/db/rls.ts';
import { createJobRunner } from '../src/server/jobs/runner.ts';
import { createLogger } from '../src/server/logger.ts';
import {
  FIRST_SYNC_DAYS,
  SCHEDULE_JOB,
  SYNC_JOB,
  openBankingFor,
  scheduleOpenBankingSync,
  sealTokens,
} from '../src/server/open-banking/service.ts';
import { startFakeProvider } from '../src/server/open-banking/test/fake-provider.ts';
import { WINDOW_DAYS } from '../src/server/open-banking/truelayer.ts';
import { loadReferenceDataIntoDatabase } from '../src/server/reference/loader.ts';
import { Cleanup, runBench } from './lib/cleanup.ts';
import { createThrowawayDatabase } from './lib/postgres.ts';
import { int, printTable, writeResults } from './lib/report.ts';
import { loadSettings, SettingsError } from './lib/settings.ts';

const CONSENTS = Number(process.env.BENCH_CONSENTS ?? 1000);
const LIMIT = Number(process.env.BENCH_PROVIDER_LIMIT ?? 100);
/**
 * 95 of the 100 the provider allows: the client never sends more than its pace in any second (its
 * pacer counts as the provider does), and the 5 left over are for requests the provider counts a
 * little later than they were sent (here the fake shares the bench's one busy process).
 */
const PACE = Number(process.env.BENCH_PACE ?? 95);
/** Jobs one instance runs at once (its runner's rounds side by side); the provider pace is shared. */
const WORKERS = Number(process.env.BENCH_WORKERS ?? 8);
const TRANSACTIONS = 5;
const PAGE_SIZE = 3;
const DAY_MS = 86_400_000;
/** Days ago of each seeded transaction: one in the middle window, four (two pages) in the newest. */
const AGES = Array.from({ length: TRANSACTIONS }, (_, i) => 2 + i * 7);

/** The requests one first sync needs for the seeded data: the balance, then each window's pages (an empty one is one page). */
function requestsPerSync(): number {
  let pages = 0;
  for (let start = FIRST_SYNC_DAYS; start > 0; start -= WINDOW_DAYS) {
    const inWindow = AGES.filter((age) => age < start && age >= Math.max(0, start - WINDOW_DAYS)).length;
    pages += Math.max(1, Math.ceil(inWindow / PAGE_SIZE));
  }
  return 1 + pages;
}

const cleanup = new Cleanup();
const quiet = createLogger('silent');

async function main(): Promise<number> {
  const settings = loadSettings(process.env, { postgresOnly: true });
  for (const [name, value] of [
    ['BENCH_CONSENTS', CONSENTS],
    ['BENCH_PROVIDER_LIMIT', LIMIT],
    ['BENCH_PACE', PACE],
    ['BENCH_WORKERS', WORKERS],
  ] as const) {
    if (!Number.isInteger(value) || value <= 0) throw new SettingsError(`${name}: expected a positive whole number`);
  }
  if (PACE > LIMIT) throw new SettingsError('BENCH_PACE: must not be above BENCH_PROVIDER_LIMIT');
  console.log(
    `SavvyPig Open Banking sync benchmark — Node ${process.version}; ${int(CONSENTS)} consents, provider limit ${LIMIT} req/s, client pace ${PACE} req/s, ${WORKERS} jobs at once`,
  );
  if (PACE === 95 && LIMIT === 100)
    console.log(
      'Pace 95 of 100: the client never sends more than its pace in any second; the 5 left over cover requests the provider counts a little after they were sent',
    );

  const day = (n: number) => new Date(Date.now() - n * DAY_MS).toISOString();
  const fake = await startFakeProvider({
    rateLimitPerSecond: LIMIT,
    pageSize: PAGE_SIZE,
    accounts: [
      {
        account_id: 'acc-bench',
        display_name: 'Easy Access Saver',
        account_type: 'SAVINGS',
        currency: 'GBP',
        number: '12345678',
        sort_code: '20-00-00',
        balance: 5000,
        transactions: AGES.map((age, i) => ({
          transaction_id: `tx-${i}`,
          timestamp: day(age),
          description: `Transfer ${i}`,
          amount: 100 + i,
        })),
      },
    ],
  });
  cleanup.add('stop the fake provider', () => fake.close());
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: os.tmpdir(), ...fake.serverEnv() });
  const openBanking = openBankingFor(config, { requestsPerSecond: PACE });
  if (!openBanking.enabled) throw new Error('Open Banking did not switch on');

  const throwaway = await createThrowawayDatabase(settings.databaseUrl!);
  cleanup.add('drop the throwaway database', throwaway.drop);
  const database = await openDatabase({ databaseUrl: throwaway.url, poolMax: 4, logger: quiet });
  cleanup.add('close the database', () => database.close());
  await migrate(database);
  await loadReferenceDataIntoDatabase(database, quiet);
  const [bank] = rowsOf<{ id: string; banking_group_id: string }>(
    await database.db.execute(
      sql`select id, banking_group_id from bank_references where bank_name = 'Nationwide Building Society' limit 1`,
    ),
  );
  if (!bank) throw new Error('No Nationwide in the reference data');

  const seedStart = performance.now();
  await database.db.execute(sql`
    insert into "user" (id, name, email) select 'ob' || i, 'Saver ' || i, 'ob' || i || '@example.com' from generate_series(1, ${CONSENTS}) i`);
  await database.db.execute(sql`
    insert into accounts (user_id, name, account_number, bank, bank_id, banking_group_id)
    select 'ob' || i, 'Easy Access', '•••• 5678', 'Nationwide Building Society', ${bank.id}::uuid, ${bank.banking_group_id}
    from generate_series(1, ${CONSENTS}) i`);
  const owned = rowsOf<{ id: string; user_id: string }>(
    await database.db.execute(sql`select id, user_id from accounts`),
  );
  const now = new Date();
  for (let start = 0; start < owned.length; start += 200) {
    const batch = owned.slice(start, start + 200).map((a) => {
      const id = randomUUID();
      const tokens = fake.grantConsent();
      return {
        account: a,
        id,
        sealed: sealTokens(openBanking.settings, id, {
          accessToken: tokens.access_token,
          refreshToken: tokens.refresh_token,
          accessTokenExpiresAt: new Date(now.getTime() + tokens.expires_in * 1000),
        }),
      };
    });
    await database.db.execute(sql`
      insert into open_banking_connections (id, user_id, bank_id, bank_name, provider_institution_id, access_token_enc,
        refresh_token_enc, access_token_expires_at, consent_created_at, consent_expires_at)
      values ${sql.join(
        batch.map(
          (b) =>
            sql`(${b.id}::uuid, ${b.account.user_id}, ${bank.id}::uuid, 'Nationwide Building Society', 'ob-nationwide',
              ${b.sealed.accessTokenEnc}, ${b.sealed.refreshTokenEnc}, ${b.sealed.accessTokenExpiresAt.toISOString()}::timestamptz,
              now(), now() + interval '90 days')`,
        ),
        sql`, `,
      )}`);
    await database.db.execute(sql`
      insert into open_banking_accounts (connection_id, user_id, provider_account_id, display_name, account_number_masked,
        account_type, currency, linked_account_id)
      values ${sql.join(
        batch.map(
          (b) =>
            sql`(${b.id}::uuid, ${b.account.user_id}, 'acc-bench', 'Easy Access Saver', '•••• 5678', 'SAVINGS', 'GBP', ${b.account.id}::uuid)`,
        ),
        sql`, `,
      )}`);
  }
  await database.db.execute(sql`analyze`);
  console.log(
    `Seeded ${int(CONSENTS)} savers, accounts and consents in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );

  const jobs = createJobRunner(database, quiet);
  await scheduleOpenBankingSync(jobs, { config, clock: { now: () => new Date() }, logger: quiet });
  const requestsBefore = fake.stats.requests;
  const started = performance.now();
  await jobs.enqueue({ name: SCHEDULE_JOB, key: `bench-${randomUUID()}` });
  await jobs.runDue(1);
  let ran = 1;
  const worker = async () => {
    for (let round = await jobs.runDue(5); round > 0; round = await jobs.runDue(5)) ran += round;
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  const seconds = (performance.now() - started) / 1000;
  const requests = fake.stats.requests - requestsBefore;

  const [check] = rowsOf<{ synced: number; syncJobs: number; failed: number; imported: number; wrong: number }>(
    await database.db.execute(sql`
      select
        (select count(*)::int from open_banking_connections where last_synced_at is not null and last_sync_error is null) as synced,
        (select count(*)::int from jobs where name = ${SYNC_JOB} and status = 'done') as "syncJobs",
        (select count(*)::int from open_banking_connections where last_sync_error is not null) as failed,
        (select count(*)::int from transactions where provider_transaction_id is not null) as imported,
        (select count(*)::int from accounts where balance_pence <> 500000) as wrong`),
  );
  const correct =
    check!.synced === CONSENTS &&
    check!.syncJobs === CONSENTS &&
    check!.failed === 0 &&
    check!.imported === CONSENTS * TRANSACTIONS &&
    check!.wrong === 0;
  const withinLimit = fake.stats.rateLimited === 0;
  // The provider's limit bounds the run: it can take no less than this.
  const floorSeconds = requests / LIMIT;
  const targetSeconds = 1.2 * floorSeconds + 10;
  const passed = correct && withinLimit && seconds <= targetSeconds;
  const needed = CONSENTS * requestsPerSync();
  printTable(
    ['consents', 'jobs run', 'provider requests', 'refused (429)', 'floor', 'time', 'requests/s'],
    [
      [
        int(CONSENTS),
        int(ran),
        int(requests),
        int(fake.stats.rateLimited),
        `${floorSeconds.toFixed(2)} s`,
        `${seconds.toFixed(2)} s`,
        (requests / seconds).toFixed(1),
      ],
    ],
    [true, true, true, true, true, true, true],
  );
  console.log(
    `Floor: ${int(requests)} requests ÷ ${LIMIT} req/s allowed = ${floorSeconds.toFixed(2)} s (at the client's pace of ${PACE} req/s: ${(requests / PACE).toFixed(2)} s); target 1.2 × floor + 10 s = ${targetSeconds.toFixed(2)} s`,
  );
  console.log(
    `Requests: a first sync of this data needs ${requestsPerSync()} (the balance, ${Math.ceil(FIRST_SYNC_DAYS / WINDOW_DAYS)} windows of ${WINDOW_DAYS} days, pages of ${PAGE_SIZE}): ${int(needed)} in all; made ${int(requests)}${requests > needed ? ` (${int(requests - needed)} more: retries or refreshes)` : ''}`,
  );
  console.log(
    `Check: ${int(check!.synced)} synced by ${int(check!.syncJobs)} sync jobs, ${check!.failed} failed, ${int(check!.imported)} of ${int(CONSENTS * TRANSACTIONS)} transactions imported, ${check!.wrong} balances not the bank's`,
  );
  const file = writeResults(settings, 'open-banking-sync.json', {
    consents: CONSENTS,
    providerLimit: LIMIT,
    pace: PACE,
    seconds,
    requests,
    requestsNeeded: needed,
    rateLimited: fake.stats.rateLimited,
    check,
    floorSeconds,
    targetSeconds,
    verdict: !correct ? 'INVALID' : passed ? 'PASS' : 'FAIL',
  });
  console.log(`Results: ${file}`);
  if (!correct) {
    console.log('INVALID: not every consent synced exactly once with the bank’s balance');
    return 1;
  }
  console.log(
    `${passed ? 'PASS' : 'FAIL'}: ${int(CONSENTS)} consents synced once in ${seconds.toFixed(2)} s (floor ${floorSeconds.toFixed(2)} s, target ≤ ${targetSeconds.toFixed(2)} s), ${fake.stats.rateLimited} requests over the provider's ${LIMIT} req/s`,
  );
  return passed ? 0 : 2;
}

runBench(main, cleanup, (err) => err instanceof SettingsError);
