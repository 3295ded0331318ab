/**
 * `npm run bench:deposit-instructions`: what adding one transaction costs PostgreSQL, counted in
 * instructions by valgrind's callgrind instead of timed, so the figure is the same run to run on
 * a busy or drifting machine (issue 26: fifty deposits arriving together make the mixed bench's
 * tail, and its timings drift by ±20% from one hour to the next on these machines).
 *
 * The mixed bench's data (50 savers, 20 accounts each with 60 transactions; DATABASE_URL is
 * required) is copied into a throwaway PostgreSQL cluster of the same server version. Then one
 * backend in single-user mode runs under callgrind, twice, each time on a fresh copy of the
 * cluster. Both runs add deposits the way the server does: each in its own transaction, as
 * app_user with the saver's id set, through a prepared insert. The first run adds 2 per saver,
 * the second 2 + BENCH_DEPOSITS (4). The difference between them, divided by the extra deposits,
 * leaves out start-up, the first plans and catalogue reads: it is what a deposit costs once the
 * backend is warm, triggers and commit included.
 *
 * Overrides: BENCH_CONNECTIONS (50 savers), BENCH_DEPOSITS (4 per saver measured),
 * BENCH_PG_BIN (PostgreSQL's programs; found from the server's version otherwise),
 * BENCH_CALLGRIND_OUT=<folder> (keep both callgrind files, for callgrind_annotate),
 * BENCH_SQL_FIRST=<file> (SQL run on the copy before counting, as its owner: to count a change to
 * a trigger or a constraint before writing its migration).
 * Needs valgrind. Exit code: 0 with the figure printed; 1 when it could not be measured.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Cleanup } from './lib/cleanup.ts';
import { prepareDatabase, runBenchmark } from './lib/harness.ts';
import { type Saver, seedMixedSavers } from './lib/mixed-savers.ts';
import { withClient } from './lib/postgres.ts';
import { int } from './lib/report.ts';
import { ensureServerBundle } from './lib/server.ts';
import { loadSettings } from './lib/settings.ts';

const WARM_ROUNDS = 2;
const MEASURED_ROUNDS = Number(process.env.BENCH_DEPOSITS ?? 4);
const ACCOUNTS = 20;

/** Runs a PostgreSQL program as the owner of the throwaway cluster (never root: the server refuses); what it said. */
function asClusterOwner(bin: string, args: string[], input?: string) {
  const command = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const result = spawnSync(command[0] as string, command[1] as string[], {
    input,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.status !== 0)
    throw new Error(`${path.basename(bin)} ${args.join(' ')} failed (${result.status}): ${result.stderr.slice(-2000)}`);
  return `${result.stdout}${result.stderr}`;
}

/** PostgreSQL's own programs for the server's major version. */
async function postgresBin(databaseUrl: string): Promise<string> {
  if (process.env.BENCH_PG_BIN) return process.env.BENCH_PG_BIN;
  const major = await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ v: string }>('show server_version_num');
    return Math.floor(Number(rows[0]!.v) / 10_000);
  });
  const debian = `/usr/lib/postgresql/${major}/bin`;
  if (fs.existsSync(path.join(debian, 'postgres'))) return debian;
  return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
}

/** A stopped throwaway cluster holding a copy of the seeded database, named "bench". */
function clusterWithCopyOf(bin: string, databaseUrl: string, folder: string): string {
  const cluster = path.join(folder, 'cluster');
  const dump = path.join(folder, 'seeded.dump');
  execFileSync(path.join(bin, 'pg_dump'), ['-Fc', '--no-owner', '-f', dump, databaseUrl]);
  fs.chmodSync(dump, 0o644);
  asClusterOwner(path.join(bin, 'initdb'), ['-D', cluster, '-A', 'trust', '-U', 'postgres']);
  const serverOptions = `-c listen_addresses='' -c unix_socket_directories=${folder} -p 5499`;
  // Stopped below; stopped by the cleanup too, should the run be interrupted while it is up.
  cleanup.add(`stop the throwaway cluster in ${folder}`, () => {
    if (fs.existsSync(path.join(cluster, 'postmaster.pid')))
      asClusterOwner(path.join(bin, 'pg_ctl'), ['-D', cluster, '-m', 'immediate', 'stop']);
  });
  asClusterOwner(path.join(bin, 'pg_ctl'), [
    '-D',
    cluster,
    '-o',
    serverOptions,
    '-w',
    '-l',
    path.join(folder, 'log'),
    'start',
  ]);
  try {
    // Its socket is in the private folder, so the port only names the socket file.
    const at = ['-h', folder, '-p', '5499', '-U', 'postgres'];
    const psql = (sql: string, db = 'postgres') =>
      asClusterOwner(path.join(bin, 'psql'), [...at, '-d', db, '-qAt', '-v', 'ON_ERROR_STOP=1', '-c', sql]);
    psql('create role app_user nologin');
    psql('create database bench');
    asClusterOwner(path.join(bin, 'pg_restore'), [...at, '-d', 'bench', '--no-owner', dump]);
    // BENCH_SQL_FIRST: a change to try (a trigger rewritten, a constraint dropped) without a migration.
    const tryFirst = process.env.BENCH_SQL_FIRST;
    if (tryFirst)
      asClusterOwner(
        path.join(bin, 'psql'),
        [...at, '-d', 'bench', '-q', '-v', 'ON_ERROR_STOP=1'],
        fs.readFileSync(tryFirst, 'utf8'),
      );
    psql('analyze', 'bench');
  } finally {
    asClusterOwner(path.join(bin, 'pg_ctl'), ['-D', cluster, '-w', 'stop']);
  }
  return cluster;
}

/** Single-user input: the prepared insert, then `rounds` deposits per saver, each its own transaction. */
function depositsScript(savers: Saver[], rounds: number): string {
  // -j: a statement ends at a semicolon followed by an empty line.
  const statements = [
    'set role app_user',
    `prepare add_one(uuid, uuid, text, bigint, date, text) as insert into transactions
       (id, account_id, user_id, amount_pence, date, type, notes) values ($1, $2, $3, $4, $5, 'deposit', $6) returning *`,
  ];
  const day = new Date().toISOString().slice(0, 10);
  let n = 0;
  for (let round = 0; round < rounds; round++) {
    for (const saver of savers) {
      n += 1;
      const account = saver.accountIds[n % saver.accountIds.length]!;
      statements.push(
        'begin',
        `select set_config('app.user_id', '${saver.userId}', true)`,
        `execute add_one(md5('deposit ${n}')::uuid, '${account}', '${saver.userId}', ${100 + (n % 900)}, '${day}', 'Deposit ${n}')`,
        'commit',
      );
    }
  }
  return statements.map((s) => `${s};\n\n`).join('');
}

/** Instructions one single-user backend executes for `rounds` deposits per saver, on a fresh copy. */
function instructionsFor(bin: string, cluster: string, savers: Saver[], rounds: number, keep?: string): number {
  const copy = `${cluster}-${rounds}`;
  asClusterOwner('cp', ['-a', cluster, copy]);
  const out = path.join(path.dirname(cluster), `callgrind-${rounds}.out`);
  try {
    // A single-user backend reports a failed statement and goes on, exiting 0: a deposit refused
    // would leave a figure too low to be true, so any error fails the count.
    const said = asClusterOwner(
      'valgrind',
      [
        '--tool=callgrind',
        `--callgrind-out-file=${out}`,
        path.join(bin, 'postgres'),
        '--single',
        '-j',
        '-D',
        copy,
        'bench',
      ],
      depositsScript(savers, rounds),
    );
    const failed = /(?:ERROR|FATAL|PANIC): .*$/m.exec(said);
    if (failed) throw new Error(`a statement failed under callgrind: ${failed[0]}`);
    const totals = fs.readFileSync(out, 'utf8').match(/^totals: (\d+)/m);
    if (!totals) throw new Error(`no totals in ${out}`);
    if (keep) fs.copyFileSync(out, path.join(keep, path.basename(out)));
    return Number(totals[1]);
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
}

const cleanup = new Cleanup();
runBenchmark(async () => {
  const settings = loadSettings(process.env, { connections: 50, postgresOnly: true });
  if (spawnSync('valgrind', ['--version']).status !== 0) {
    console.error('valgrind is needed: apt-get install valgrind');
    return 1;
  }
  try {
    ensureServerBundle(settings.repoRoot);
    console.log(`SavvyPig deposit instruction count (PostgreSQL under callgrind) — Node ${process.version}`);
    const options = await prepareDatabase('postgres', settings, cleanup);
    const savers = await seedMixedSavers(options, cleanup, settings.connections, ACCOUNTS);
    const bin = await postgresBin(options.databaseUrl!);
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-bench-callgrind-'));
    cleanup.add(`remove ${folder}`, () => fs.rmSync(folder, { recursive: true, force: true }));
    if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', folder]);
    const cluster = clusterWithCopyOf(bin, options.databaseUrl!, folder);
    const keep = process.env.BENCH_CALLGRIND_OUT;
    if (keep) fs.mkdirSync(keep, { recursive: true });
    const warm = instructionsFor(bin, cluster, savers, WARM_ROUNDS, keep);
    const measured = instructionsFor(bin, cluster, savers, WARM_ROUNDS + MEASURED_ROUNDS, keep);
    const deposits = savers.length * MEASURED_ROUNDS;
    const perDeposit = (measured - warm) / deposits;
    console.log(
      `${savers.length} savers, ${ACCOUNTS} accounts each with 60 transactions; ${WARM_ROUNDS} deposits each to warm, then ${MEASURED_ROUNDS} measured`,
    );
    console.log(
      `a deposit costs PostgreSQL ${int(perDeposit)} instructions (${int(measured)} − ${int(warm)} over ${int(deposits)} deposits, callgrind)`,
    );
    return 0;
  } finally {
    await cleanup.runAll();
  }
}, cleanup);
