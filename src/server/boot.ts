import fs from 'node:fs';
import path from 'node:path';
import { createAuth } from './auth/auth.ts';
import { offsetFileClock, systemClock, type Clock } from './clock.ts';
import { resolveAuthSecret } from './auth/secret.ts';
import type { Config } from './config.ts';
import { openDatabase, POOL_WAIT_MS, type Database } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import type { Deps } from './http/context.ts';
import { createJobRunner } from './jobs/runner.ts';
import { scheduleThrottleCleanup } from './http/throttle.ts';
import { scheduleStandingOrderProcessing } from './standing-orders/jobs.ts';
import { scheduleNotificationDigest, scheduleTrialEndingMail } from './notifications/jobs.ts';
import { scheduleNewsRefresh } from './news/jobs.ts';
import { scheduleOpenBankingSync } from './open-banking/service.ts';
import { createCrm } from './crm/crm.ts';
import { scheduleCrmSync } from './crm/jobs.ts';
import { scheduleEmbeddedMaintenance } from './db/embedded-maintenance.ts';
import type { Logger } from './logger.ts';
import { createMailer } from './mail/mailer.ts';
import { openLocalMailbox } from './dev/local-mailbox.ts';
import { createRealtimeHub } from './realtime/hub.ts';
import { createApp } from './app.ts';
import { createFileStorage } from './storage/create-storage.ts';
import { loadReferenceDataIntoDatabase } from './reference/loader.ts';
import { createBillingProvider } from './billing/create-provider.ts';
import { createMetrics } from './metrics/metrics.ts';
import { registerSystemProbe } from './metrics/system-health.ts';
import { readTurns } from './http/read-turns.ts';

export const APP_VERSION = '0.1.0';

export type Booted = { deps: Deps; app: ReturnType<typeof createApp>; shutdown: () => Promise<void> };

export type BootOptions = {
  config: Config;
  logger: Logger;
  /** Use this database instead of opening one from the config (tests). */
  database?: Database;
  startJobs?: boolean;
  serveSpa?: boolean;
  /** Defaults to the real time (or the test offset file from the config). */
  clock?: Clock;
};

/** Opens and migrates the database and wires every dependency; shared by the server, scripts and tests. */
export async function boot({
  config,
  logger,
  database: given,
  startJobs,
  serveSpa,
  clock: givenClock,
}: BootOptions): Promise<Booted> {
  const dataDir = path.resolve(config.DATA_DIR);
  const database =
    given ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      pgliteDir: path.join(dataDir, 'pglite'),
      poolMax: config.DB_POOL_MAX,
      logger,
    }));
  if (!given) {
    if (!config.DATABASE_URL) fs.mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
    fs.mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
    await migrate(database);
  }
  // Unchanged files cost one query; tests start from a database that already has them.
  await loadReferenceDataIntoDatabase(database, logger);
  const secret = await resolveAuthSecret(database.db, config.BETTER_AUTH_SECRET);
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    mailDir: path.join(dataDir, 'mail'),
    logger,
  });
  const clock =
    givenClock ?? (config.TEST_CLOCK_OFFSET_FILE ? offsetFileClock(config.TEST_CLOCK_OFFSET_FILE) : systemClock);
  const crm = createCrm(config, database.db, logger);
  const auth = createAuth({ config, database, mailer, logger, secret, clock, crm });
  const hub = createRealtimeHub(database, logger);
  await hub.start();
  const metrics = createMetrics();
  const jobs = createJobRunner(database, logger, { metrics });
  registerSystemProbe(jobs);
  const deps: Deps = {
    config,
    database,
    logger,
    mailer,
    auth,
    secret,
    hub,
    jobs,
    clock,
    startedAt: Date.now(),
    version: APP_VERSION,
    storage: createFileStorage(config),
    mailbox: openLocalMailbox(config.mailboxEnabled, mailer.mailDir),
    billing: createBillingProvider(config, { secret, logger }),
    crm,
    metrics,
    // A read waits for its turn as long as a request waits for a pooled connection.
    readTurns: readTurns(config.readsAtOnce, { maxWaitMs: POOL_WAIT_MS }),
  };
  const app = createApp(deps, { databaseVersion: await database.serverVersion(), serveSpa });
  await scheduleThrottleCleanup(jobs);
  await scheduleStandingOrderProcessing(jobs, { clock, logger });
  await scheduleNotificationDigest(jobs, {
    database,
    mailer,
    secret,
    publicUrl: config.publicUrl,
    clock,
    logger,
  });
  await scheduleTrialEndingMail(jobs, { database, mailer, publicUrl: config.publicUrl, clock, logger });
  await scheduleNewsRefresh(jobs, { config, clock, logger });
  await scheduleOpenBankingSync(jobs, { config, clock, logger });
  await scheduleCrmSync(jobs, deps.crm);
  await scheduleEmbeddedMaintenance(jobs, database, logger);
  if (startJobs ?? config.JOBS_ENABLED) jobs.start();
  metrics.startSampling(config.METRICS_SAMPLE_SECONDS * 1000);
  return {
    deps,
    app,
    async shutdown() {
      metrics.stop();
      await jobs.stop();
      await hub.stop();
      await mailer.flush();
      if (!given) await database.close();
    },
  };
}
