/**
 * Fixtures of the account-area benchmarks (bench/account-detail.ts, bench/accounts-list.ts, …): a
 * signed-in user made through the API, and accounts and transactions written straight into the
 * throwaway PostgreSQL database (thousands of rows in one statement each; the balance triggers
 * still keep every balance the sum of its transactions).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { signIn, signUp } from './account.ts';
import { Cleanup } from './cleanup.ts';
import {
  databaseVersion,
  measureEndpoints,
  prepareDatabase,
  profileArgs,
  runBenchmark,
  startTracked,
} from './harness.ts';
import { checkEndpoint, type Endpoint, type EndpointId } from './load.ts';
import { int, ms, printHeader, warnIfDisturbed, writeResults } from './report.ts';
import { ensureServerBundle, type RunningServer, type ServerOptions } from './server.ts';
import { withClient } from './postgres.ts';
import { loadSettings } from './settings.ts';
import { startStatementCounter, statementsPerRequest } from './statement-count.ts';

export type BenchUser = { cookie: string; userId: string };

/** A new user, signed in; its id read back from GET /api/me. */
export async function signedInUser(server: RunningServer): Promise<BenchUser> {
  const account = await signUp(server.baseUrl, server.origin);
  const cookie = await signIn(server.baseUrl, server.origin, account);
  const res = await fetch(`${server.baseUrl}/api/me`, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`GET /api/me answered ${res.status}`);
  const { user } = (await res.json()) as { user: { id: string } };
  return { cookie, userId: user.id };
}

export type SeedAccount = {
  name: string;
  accountType?: string;
  bankId?: string | null;
  bank?: string | null;
  isPlatformAccount?: boolean;
  platformBankReferenceId?: string | null;
};

/** Inserts accounts for the user, in order (so creation order is the list order); returns their ids. */
export async function insertAccounts(client: pg.Client, userId: string, list: SeedAccount[]): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, a] of list.entries()) {
    const { rows } = await client.query<{ id: string }>(
      `insert into accounts (user_id, name, account_number, account_type, bank, bank_id, is_platform_account, platform_bank_reference_id, interest_rate_bps, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, now() - make_interval(secs => $10)) returning id`,
      [
        userId,
        a.name,
        String(10_000_000 + i),
        a.accountType ?? 'Savings',
        a.bank ?? null,
        a.bankId ?? null,
        a.isPlatformAccount ?? false,
        a.platformBankReferenceId ?? null,
        100 + i * 7,
        list.length - i,
      ],
    );
    ids.push(rows[0]!.id);
  }
  return ids;
}

/**
 * `count` transactions spread evenly over the `years` before today: an opening balance on the
 * first day, then deposits (60%), withdrawals (30%), fees (5%) and interest (5%) of varied
 * amounts, with notes. Deterministic, so every run measures the same account.
 */
export async function insertTransactions(
  client: pg.Client,
  userId: string,
  accountId: string,
  count: number,
  years = 5,
): Promise<void> {
  const days = Math.round(years * 365.25);
  await client.query(
    `insert into transactions (account_id, user_id, amount_pence, date, type, notes)
     select $1::uuid, $2::text, 5000000::bigint, current_date - $4::int, 'opening_balance', 'Opening balance'
     union all
     select $1::uuid, $2::text,
       case when g % 20 = 0 then (g * 104729) % 5000 + 1
            when g % 20 = 1 then -((g * 104729) % 1500 + 100)
            when g % 20 < 8 then -((g * 104729) % 20000 + 100)
            else (g * 104729) % 30000 + 100 end,
       current_date - (g::bigint * $4::int / $3::int)::int,
       case when g % 20 = 0 then 'interest' when g % 20 = 1 then 'fee' when g % 20 < 8 then 'withdrawal' else 'deposit' end,
       'Payment ' || g
     from generate_series(1, $3::int - 1) g`,
    [accountId, userId, count, days],
  );
}

/** The ids of active banks and building societies (not platforms), by name: real licences for the fixtures. */
export async function someBankIds(client: pg.Client, count: number): Promise<Array<{ id: string; bankName: string }>> {
  const { rows } = await client.query<{ id: string; bank_name: string }>(
    `select id, bank_name from bank_references where is_active and type <> 'platform' order by bank_name limit $1`,
    [count],
  );
  return rows.map((r) => ({ id: r.id, bankName: r.bank_name }));
}

/**
 * The heavy pages' fixture: the signed-in user with `accounts` accounts spread over the first
 * `bankCount` banks (every `platformEvery`th through a platform that places the money with one of
 * them), each with a year of 60 transactions, and a second user with one account, so that the
 * statements a request sends are counted with many accounts and with one (they must be equal).
 */
export async function seedManyAccounts(
  { client, user, newUser }: { client: pg.Client; user: BenchUser; newUser: () => Promise<BenchUser> },
  options: { path: string; accounts: number; bankCount: number; types: readonly string[]; platformEvery?: number },
): Promise<{ path: string; work: string; countPaths: CountedRequest[] }> {
  const banks = await someBankIds(client, options.bankCount);
  if (banks.length === 0) throw new Error('The server has no banks: the reference data (data/reference/) did not load');
  const list: SeedAccount[] = Array.from({ length: options.accounts }, (_, i) => {
    const bank = banks[i % banks.length]!;
    const accountType = options.types[i % options.types.length];
    return options.platformEvery && i % options.platformEvery === options.platformEvery - 1
      ? {
          name: `Platform saver ${i + 1}`,
          bank: 'Raisin',
          isPlatformAccount: true,
          platformBankReferenceId: bank.id,
          accountType,
        }
      : { name: `Account ${i + 1}`, bank: bank.bankName, bankId: bank.id, accountType };
  });
  const ids = await insertAccounts(client, user.userId, list);
  for (const id of ids) await insertTransactions(client, user.userId, id, 60, 1);
  const single = await newUser();
  await insertAccounts(client, single.userId, [
    { name: 'Only account', bank: banks[0]!.bankName, bankId: banks[0]!.id },
  ]);
  return {
    path: options.path,
    work: `a user with ${options.accounts} accounts`,
    countPaths: [
      { path: options.path, what: `${options.accounts} accounts` },
      { path: options.path, what: '1 account', cookie: single.cookie },
    ],
  };
}

/** What one account-area benchmark measures: the request, its fixture and what its answer must show. */
export type CountedRequest = { path: string; what: string; cookie?: string };

export type AccountAreaBench = {
  title: string;
  /** bench/results/<fileName> */
  fileName: string;
  endpointId: EndpointId;
  label: string;
  /**
   * Writes the fixture for the signed-in user (`newUser` signs up another); returns the path to
   * measure and the requests to count statements on (the user's own unless `cookie` says otherwise).
   */
  seed: (fixture: {
    client: pg.Client;
    user: BenchUser;
    newUser: () => Promise<BenchUser>;
  }) => Promise<{ path: string; work: string; countPaths: CountedRequest[] }>;
  /** Checks one answer before the load (a 200 of the wrong shape is worthless); returns a line describing it. */
  describe: (body: unknown) => string;
  /** Runs after the load on the measured server, before it stops (more figures to print). */
  afterLoad?: (fixture: { client: pg.Client; user: BenchUser; baseUrl: string }) => Promise<void>;
};

/** Issue 5: "p99 ≤ 50 ms at 20 connections on PostgreSQL, with a constant number of queries per request". */
export const ACCOUNT_AREA_TARGET = { p99Ms: 50, connections: 20 } as const;

/**
 * Starts the production bundle on a throwaway PostgreSQL database, seeds the fixture, counts the
 * statements per request through a second server behind a counting proxy, then measures the
 * first server at 20 connections and prints PASS or FAIL against the p99 target.
 * Exit code: 0 PASS, 1 invalid figures or a failed run, 2 FAIL.
 */
export function runAccountAreaBench(bench: AccountAreaBench): void {
  const cleanup = new Cleanup();
  runBenchmark(async () => {
    const settings = loadSettings(process.env, { connections: ACCOUNT_AREA_TARGET.connections, postgresOnly: true });
    if (settings.databases.includes('pglite'))
      console.log('PGlite is not measured: the fixture is written through PostgreSQL (the target is for PostgreSQL).');
    ensureServerBundle(settings.repoRoot);
    printHeader(settings, bench.title);
    try {
      const options = await prepareDatabase('postgres', settings, cleanup);
      const server = await startTracked({ ...options, nodeArgs: profileArgs('postgres', settings) }, cleanup);
      const serverVersion = await databaseVersion(server);
      const user = await signedInUser(server);
      const fixture = await withClient(options.databaseUrl!, async (client) => {
        const seeded = await bench.seed({ client, user, newUser: () => signedInUser(server) });
        // Fresh statistics, as autovacuum would soon have them: plans as in a live database.
        await client.query('analyze');
        return seeded;
      });
      const headers = { cookie: user.cookie };

      const counts = await countStatements(options, cleanup, fixture.countPaths, user.cookie);
      const [body] = await checkEndpoint(server.baseUrl, {
        id: bench.endpointId,
        label: bench.label,
        path: fixture.path,
        work: fixture.work,
        headers,
      });
      console.log(`${bench.describe(JSON.parse(body!))}; answer ${(Buffer.byteLength(body!) / 1024).toFixed(1)} KB`);
      for (const c of counts) console.log(`statements per request, ${c.what}: ${c.perRequest}`);

      const endpoint: Endpoint = {
        id: bench.endpointId,
        label: bench.label,
        path: fixture.path,
        work: fixture.work,
        headers,
      };
      const [result] = await measureEndpoints('postgres', server, [endpoint], settings);
      if (bench.afterLoad) {
        const afterLoad = bench.afterLoad;
        await withClient(options.databaseUrl!, (client) => afterLoad({ client, user, baseUrl: server.baseUrl }));
      }
      await server.stop();
      warnIfDisturbed(result!.runs);

      const p99s = result!.runs.map((r) => r.p99Ms);
      const statements = counts.map((c) => c.perRequest);
      console.log(
        `\nSummary (median of ${settings.runs} runs of ${settings.durationS} s, ${settings.connections} connections, ${fixture.work})`,
      );
      console.log(
        `postgres ${bench.label}: ${int(result!.median.reqPerSec)} req/s p50 ${ms(result!.median.p50Ms)} p99 ${ms(result!.median.p99Ms)} ` +
          `(runs' p99 ${ms(Math.min(...p99s))}–${ms(Math.max(...p99s))}); statements per request ${statements.join(' / ')}`,
      );
      const file = writeResults(settings, bench.fileName, {
        target: ACCOUNT_AREA_TARGET,
        serverVersion,
        statementsPerRequest: counts,
        result,
      });
      console.log(`results written to ${path.relative(process.cwd(), file)}`);

      if (result!.failures > 0) {
        console.error(
          `INVALID: ${result!.failures} responses were not 200 (or failed, or timed out), so these figures mean nothing`,
        );
        return 1;
      }
      const constant = statements.every((n) => n === statements[0] && Number.isInteger(n));
      if (!constant)
        console.log(
          `FAIL: the statements per request differ with the data (${statements.join(' / ')}): not a constant number of queries`,
        );
      const met = result!.median.p99Ms <= ACCOUNT_AREA_TARGET.p99Ms;
      const note =
        settings.connections === ACCOUNT_AREA_TARGET.connections
          ? ''
          : ` (the target is stated at ${ACCOUNT_AREA_TARGET.connections} connections; this run used ${settings.connections})`;
      console.log(
        `${met ? 'PASS' : 'FAIL'}: ${bench.label} p99 ${ms(result!.median.p99Ms)} ${met ? '≤' : '>'} ${ACCOUNT_AREA_TARGET.p99Ms} ms at ${settings.connections} connections ` +
          `on PostgreSQL ${serverVersion}, ${statements[0]} statements per request${note}`,
      );
      return met && constant ? 0 : 2;
    } finally {
      await cleanup.runAll();
    }
  }, cleanup);
}

/** A second server on the same database, its connection counted; stopped before the load runs. */
async function countStatements(options: ServerOptions, cleanup: Cleanup, requests: CountedRequest[], cookie: string) {
  const counter = await startStatementCounter(options.databaseUrl!);
  cleanup.add('stop the statement counter', counter.stop);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-bench-count-'));
  cleanup.add(`remove ${dataDir}`, () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const counted = await startTracked({ ...options, dataDir, databaseUrl: counter.url }, cleanup);
  const counts: Array<{ what: string; perRequest: number }> = [];
  for (const r of requests) {
    counts.push({
      what: r.what,
      perRequest: await statementsPerRequest(counted.baseUrl, counter, r.path, { cookie: r.cookie ?? cookie }),
    });
  }
  await counted.stop();
  return counts;
}
