/**
 * `npm run bench:notification-digest`: the daily e-mail digest (the queue's `notifications:digest`
 * job, claimed and run by the job runner as an app instance runs it) for 10,000 opted-in users,
 * against issue 16's target of under a minute on PostgreSQL. See docs/performance.md.
 *
 * It creates a throwaway database on the DATABASE_URL server (dropped afterwards), migrates it,
 * seeds the users (verified, every kind opted in) with two accounts each, one paying monthly
 * interest with a rate change in 10 days (so every digest has something to say), then times one
 * run of the job writing every e-mail to a local mailbox folder, checks one send record and one
 * e-mail per user, and times a second run that finds nobody due.
 *
 * Overrides: BENCH_USERS (10000), BENCH_TARGET_S (60).
 * Exit code: 0 PASS; 1 the run failed or its result is wrong; 2 FAIL (too slow).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { calendarDateInLondon } from '../src/core/dates/calendar-date.ts';
import { NOTIFICATION_KINDS } from '../src/core/notifications/types.ts';
import { type Database, openDatabase } from '../src/server/db/client.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { rowsOf } from '../src/server/db/rls.ts';
import { createJobRunner } from '../src/server/jobs/runner.ts';
import { createLogger } from '../src/server/logger.ts';
import { createMailer } from '../src/server/mail/mailer.ts';
import { DIGEST_JOB, scheduleNotificationDigest } from '../src/server/notifications/jobs.ts';
import { Cleanup, runBench } from './lib/cleanup.ts';
import { timeJobRound } from './lib/cpu.ts';
import { createThrowawayDatabase } from './lib/postgres.ts';
import { int, printTable, writeResults } from './lib/report.ts';
import { loadSettings, SettingsError } from './lib/settings.ts';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const TARGET_S = Number(process.env.BENCH_TARGET_S ?? 60);

const cleanup = new Cleanup();
const quiet = createLogger('silent');

async function seed(database: Database, today: string): Promise<void> {
  const { db } = database;
  await db.execute(sql`
    insert into "user" (id, name, email, email_confirmed_at)
    select 'u' || lpad(i::text, 6, '0'), 'Saver ' || i, 'saver' || i || '@example.com', now() from generate_series(1, ${USERS}) i`);
  await db.execute(sql`insert into user_settings (user_id) select id from "user"`);
  await db.execute(sql`
    insert into notification_digest_preferences (user_id, kinds)
    select id, ${`{${NOTIFICATION_KINDS.join(',')}}`}::text[] from "user"`);
  await db.execute(sql`
    insert into accounts (user_id, name, account_number, interest_rate_bps, interest_frequency, interest_payment_day, next_rate_change)
    select u.id, 'Saver ' || j, '0000' || j, case when j = 1 then 425 else 0 end, 'Monthly',
      case when j = 1 then 1 + abs(hashtext(u.id)) % 28 end,
      case when j = 1 then ${today}::date + 10 end
    from "user" u, generate_series(1, 2) j`);
  await db.execute(sql`analyze`);
}

type Check = { sends: number; users: number; empty: number };

async function check(database: Database, today: string): Promise<Check> {
  const [row] = rowsOf<Check>(
    await database.db.execute(sql`
      select (select count(*)::int from notification_digest_sends where day = ${today}::date) as "sends",
        (select count(distinct user_id)::int from notification_digest_sends where day = ${today}::date) as "users",
        (select count(*)::int from notification_digest_sends where day = ${today}::date and notification_count = 0) as "empty"`),
  );
  return row!;
}

const mailFiles = (dir: string) =>
  fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')).length : 0;

async function timeRun(database: Database, today: string, mailDir: string, { first }: { first: boolean }) {
  const jobs = createJobRunner(database, quiet);
  const mailer = createMailer({ from: 'SavvyPig <hello@example.com>', mailDir, logger: quiet });
  await scheduleNotificationDigest(jobs, {
    database,
    mailer,
    secret: 'bench-secret-bench-secret-bench-secret',
    publicUrl: 'http://localhost:3000',
    clock: { now: () => new Date(`${today}T12:00:00Z`) },
    logger: quiet,
  });
  return timeJobRound(jobs, DIGEST_JOB, { first });
}

async function main(): Promise<number> {
  const settings = loadSettings(process.env, { postgresOnly: true });
  if (!Number.isInteger(USERS) || USERS <= 0)
    throw new SettingsError(`BENCH_USERS: expected a positive whole number, got "${process.env.BENCH_USERS}"`);
  const today = calendarDateInLondon(new Date());
  console.log(
    `SavvyPig notification digest benchmark — Node ${process.version}; ${int(USERS)} users opted in, today ${today}`,
  );

  const throwaway = await createThrowawayDatabase(settings.databaseUrl!);
  cleanup.add('drop the throwaway database', throwaway.drop);
  const database = await openDatabase({ databaseUrl: throwaway.url, poolMax: 6, logger: quiet });
  cleanup.add('close the database', () => database.close());
  await migrate(database);
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-digest-bench-'));
  cleanup.add('remove the mailbox folder', async () => fs.rmSync(mailDir, { recursive: true, force: true }));
  const version =
    rowsOf<{ v: string }>(await database.db.execute(sql`select current_setting('server_version') as v`))[0]?.v ?? '?';

  const seedStart = performance.now();
  await seed(database, today);
  console.log(
    `Seeded ${int(USERS)} users and ${int(USERS * 2)} accounts in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (PostgreSQL ${version})`,
  );

  const first = await timeRun(database, today, mailDir, { first: true });
  const result = await check(database, today);
  const mails = mailFiles(mailDir);
  const second = await timeRun(database, today, mailDir, { first: false });
  const after = await check(database, today);
  const mailsAfter = mailFiles(mailDir);

  const correct = result.sends === USERS && result.users === USERS && result.empty === 0 && mails === USERS;
  const stillOnce = after.sends === USERS && mailsAfter === USERS;
  printTable(
    ['run', 'jobs', 'digests sent', 'time', 'CPU % of a core: bench / PostgreSQL / other'],
    [
      [
        'first (everyone due)',
        String(first.ran),
        int(mails),
        `${first.seconds.toFixed(2)} s`,
        `${first.cpu.loadGenerator} / ${first.cpu.postgres} / ${first.cpu.other}`,
      ],
      [
        'second (nobody due)',
        String(second.ran),
        int(mailsAfter - mails),
        `${second.seconds.toFixed(2)} s`,
        `${second.cpu.loadGenerator} / ${second.cpu.postgres} / ${second.cpu.other}`,
      ],
    ],
    [false, true, true, true, false],
  );
  const passed = correct && stillOnce && first.seconds < TARGET_S;
  const file = writeResults(settings, 'notification-digest.json', {
    users: USERS,
    serverVersion: version,
    firstRun: { ...first, mails },
    secondRun: { ...second, mails: mailsAfter - mails },
    check: result,
    targetSeconds: TARGET_S,
    verdict: !correct || !stillOnce ? 'INVALID' : passed ? 'PASS' : 'FAIL',
  });
  console.log(`Results: ${file}`);
  if (!correct || !stillOnce) {
    console.log(
      `INVALID: expected one send record and one e-mail per user (${int(USERS)}); got ${int(result.sends)} records, ${int(mails)} e-mails, then ${int(mailsAfter)}`,
    );
    return 1;
  }
  console.log(
    `${passed ? 'PASS' : 'FAIL'}: ${int(USERS)} digests in ${first.seconds.toFixed(2)} s (target under ${TARGET_S} s)`,
  );
  return passed ? 0 : 2;
}

runBench(main, cleanup, (err) => err instanceof SettingsError);
