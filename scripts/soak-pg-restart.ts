/**
 * PostgreSQL restart soak (issue 12): two app instances (the production bundle) on one database,
 * 16 writers adding transactions through them, and five immediate restarts of the real server.
 * Passes when, after every restart, both instances are alive, both answer /api/health/db within
 * 5 s of the database accepting connections again and a write is acknowledged within 5 s; and,
 * over the whole run, every answer was a 201 or a 503 with Retry-After (no 500, no other status,
 * no dropped connection) and every acknowledged write is in the database.
 *
 * It restarts a PostgreSQL server, so it is a script, not part of `npm test`. By default it makes
 * a throwaway cluster of its own (scripts/soak/database-server.ts) and removes it at the end.
 *
 *   npm run soak:pg-restart
 *   SOAK_DATABASE_URL=postgres://user:pass@127.0.0.1:5433/db SOAK_RESTART_COMMAND='…' npm run soak:pg-restart
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { insertAccounts, signedInUser } from '../bench/lib/account-area.ts';
import { Cleanup } from '../bench/lib/cleanup.ts';
import { createThrowawayDatabase, withClient } from '../bench/lib/postgres.ts';
import { ensureServerBundle, startServer, type RunningServer } from '../bench/lib/server.ts';
import {
  checkAcknowledgedWrites,
  startWriters,
  UNAVAILABLE,
  type Writers,
} from '../src/server/test/transaction-writers.ts';
import { createThrowawayCluster, databaseServerFromEnv } from './soak/database-server.ts';
import { printSummary, type RestartResult } from './soak/summary.ts';

const INSTANCES = 2;
const WRITERS = 16;
const ACCOUNTS = 4;
const RESTARTS = 5;
const POOL = 8;
const WITHIN_MS = 5_000;
const STEADY_MS = 3_000;
const WARM_UP_WRITES = 200;
// How long to keep looking before calling an instance unhealthy for good (the pass mark is WITHIN_MS).
const GIVE_UP_MS = 30_000;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main(cleanup: Cleanup): Promise<number> {
  ensureServerBundle(repoRoot);
  const server = databaseServerFromEnv(process.env) ?? (await createThrowawayCluster());
  cleanup.add('remove the soak database server', server.remove);
  const database = await createThrowawayDatabase(server.url);
  cleanup.add(`drop database ${database.name}`, database.drop);
  console.log(`PostgreSQL: ${server.description}; database ${database.name}`);

  const secret = randomBytes(36).toString('base64url');
  const instances: RunningServer[] = [];
  for (let i = 0; i < INSTANCES; i++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-soak-'));
    cleanup.add(`remove ${dataDir}`, () => fs.rmSync(dataDir, { recursive: true, force: true }));
    // The job runner runs too: its connections are lost in the restarts like the requests'.
    const instance = await startServer({
      repoRoot,
      dataDir,
      secret,
      poolMax: POOL,
      databaseUrl: database.url,
      env: { JOBS_ENABLED: 'true' },
    });
    cleanup.add(`stop server ${instance.pid}`, instance.stop);
    instances.push(instance);
  }

  const user = await signedInUser(instances[0]!);
  const accountIds = await withClient(database.url, (client) =>
    insertAccounts(
      client,
      user.userId,
      Array.from({ length: ACCOUNTS }, (_, i) => ({ name: `Soak saver ${i + 1}` })),
    ),
  );
  const writers = startWriters(
    Array.from({ length: WRITERS }, (_, i) => {
      const instance = instances[i % INSTANCES]!;
      return {
        base: instance.baseUrl,
        origin: instance.origin,
        cookie: user.cookie,
        accountId: accountIds[i % ACCOUNTS]!,
      };
    }),
  );
  cleanup.add('stop the writers', writers.stop);
  console.log(
    `${INSTANCES} instances (pool of ${POOL} each), ${WRITERS} writers on ${ACCOUNTS} accounts; ${RESTARTS} immediate restarts`,
  );

  await waitFor(() => writers.acknowledgedCount() >= WARM_UP_WRITES, GIVE_UP_MS);
  const restarts: RestartResult[] = [];
  for (let n = 1; n <= RESTARTS; n++) {
    const result = await restartOnce(n, server.restart, instances, writers);
    restarts.push(result);
    if (!result.alive.some(Boolean)) break;
    await sleep(STEADY_MS);
  }
  await writers.stop();

  const checks = await withClient(database.url, (client) =>
    checkAcknowledgedWrites((text, values) => client.query(text, values), writers.tally),
  );
  const aliveAtEnd = instances.map((instance) => instance.exitStatus() === null);
  for (const [i, instance] of instances.entries()) {
    if (!aliveAtEnd[i])
      console.error(
        `instance ${i + 1} exited (${instance.exitStatus()}); its last output:\n${instance.recentOutput()}`,
      );
  }
  return printSummary({ restarts, tally: writers.tally, checks, aliveAtEnd, withinMs: WITHIN_MS }) ? 0 : 1;
}

/** One immediate restart, then how long until each instance and the writers are served again. */
async function restartOnce(
  n: number,
  restart: () => Promise<void>,
  instances: RunningServer[],
  writers: Writers,
): Promise<RestartResult> {
  const before = { unavailable: writers.tally.outcomes.get(UNAVAILABLE) ?? 0, failures: writers.tally.failures };
  const inFlight = writers.inFlight();
  const restartStarted = Date.now();
  await restart();
  const databaseBack = Date.now();
  const [healthyMs, firstWriteMs] = await Promise.all([
    Promise.all(instances.map((instance) => msUntil(() => answersHealthy(instance), databaseBack))),
    msUntil(async () => writers.tally.lastAcknowledgedAt > databaseBack, databaseBack),
  ]);
  const result: RestartResult = {
    n,
    inFlight,
    restartMs: databaseBack - restartStarted,
    healthyMs,
    firstWriteMs,
    alive: instances.map((instance) => instance.exitStatus() === null),
    unavailable: (writers.tally.outcomes.get(UNAVAILABLE) ?? 0) - before.unavailable,
    failures: writers.tally.failures - before.failures,
  };
  const healthy = healthyMs.map((v) => (v === null ? 'never' : `${v} ms`)).join(' / ');
  console.log(
    `restart ${n}: ${inFlight} requests in flight, server back in ${result.restartMs} ms, healthy after ${healthy}`,
  );
  return result;
}

async function answersHealthy(instance: RunningServer): Promise<boolean> {
  try {
    const res = await fetch(`${instance.baseUrl}/api/health/db`, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/** Milliseconds from `since` until `condition` holds (polled every 50 ms), or null after GIVE_UP_MS. */
async function msUntil(condition: () => Promise<boolean>, since: number): Promise<number | null> {
  while (Date.now() - since < GIVE_UP_MS) {
    if (await condition()) return Date.now() - since;
    await sleep(50);
  }
  return null;
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Not ready within ${timeoutMs} ms`);
    await sleep(50);
  }
}

function run(): void {
  const cleanup = new Cleanup();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: cleaning up`);
      void cleanup.runAll().finally(() => process.exit(128 + (signal === 'SIGINT' ? 2 : 15)));
    });
  }
  main(cleanup)
    .then(
      (code) => {
        process.exitCode = code;
      },
      (err: unknown) => {
        console.error(err);
        process.exitCode = 1;
      },
    )
    .finally(() => cleanup.runAll());
}

run();
