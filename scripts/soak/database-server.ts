/**
 * The PostgreSQL server the restart soak restarts: a throwaway Debian cluster of its own on a free
 * port (never the cluster other work is using), or another server named by SOAK_DATABASE_URL with
 * SOAK_RESTART_COMMAND to restart it.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';
import { freePort } from '../../bench/lib/server.ts';

export type DatabaseServer = {
  /** A login for the app: not a superuser, a member of app_user, allowed to create databases. */
  url: string;
  description: string;
  /** Restarts the server in immediate mode; resolves once it accepts connections again. */
  restart: () => Promise<void>;
  /** Removes what was made for the soak (the throwaway cluster); a no-op for a server given. */
  remove: () => void;
};

const CLUSTER = 'savvypig_soak';
// Debian's layout, as .ci/run reads it: one folder per installed major version.
const POSTGRES_VERSIONS = '/usr/lib/postgresql';

export function databaseServerFromEnv(env: NodeJS.ProcessEnv): DatabaseServer | undefined {
  const url = env.SOAK_DATABASE_URL;
  const command = env.SOAK_RESTART_COMMAND;
  if (!url && !command) return undefined;
  if (!url || !command) throw new Error('Set both SOAK_DATABASE_URL and SOAK_RESTART_COMMAND, or neither');
  const { hostname } = new URL(url);
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(hostname))
    throw new Error(`SOAK_DATABASE_URL must be on loopback, not ${hostname}`);
  return {
    url,
    description: `${hostname}:${new URL(url).port || 5432}, restarted by SOAK_RESTART_COMMAND`,
    restart: () => runInBackground('sh', ['-c', command]),
    remove: () => undefined,
  };
}

/** pg_createcluster on a free port (listening on localhost only, the default) with trust auth, started, with the roles .ci/run makes. */
export async function createThrowawayCluster(): Promise<DatabaseServer> {
  const version = newestInstalledVersion();
  const existing = clusterStatus(version);
  if (existing === 'online')
    throw new Error(
      `Cluster ${version}/${CLUSTER} is running: another soak is in progress, or stop it with pg_dropcluster --stop ${version} ${CLUSTER}`,
    );
  if (existing === 'down') run('pg_dropcluster', [version, CLUSTER]);

  const port = await freePort();
  run('pg_createcluster', ['--quiet', '-p', String(port), version, CLUSTER, '--', '--auth=trust']);
  const remove = () => run('pg_dropcluster', ['--stop', version, CLUSTER]);
  try {
    run('pg_ctlcluster', ['--skip-systemctl-redirect', version, CLUSTER, 'start']);
    await createRoles(`postgres://postgres@127.0.0.1:${port}/postgres`);
  } catch (err) {
    remove();
    throw err;
  }
  return {
    url: `postgres://savvypig:savvypig@127.0.0.1:${port}/savvypig`,
    description: `throwaway cluster ${version}/${CLUSTER} on 127.0.0.1:${port}`,
    restart: () =>
      runInBackground('pg_ctlcluster', ['--skip-systemctl-redirect', '-m', 'immediate', version, CLUSTER, 'restart']),
    remove,
  };
}

function newestInstalledVersion(): string {
  const versions = fs.existsSync(POSTGRES_VERSIONS)
    ? fs.readdirSync(POSTGRES_VERSIONS).filter((v) => /^\d+$/.test(v))
    : [];
  const newest = versions.sort((a, b) => Number(a) - Number(b)).at(-1);
  if (!newest)
    throw new Error(
      'No PostgreSQL server installed (Debian layout); or set SOAK_DATABASE_URL and SOAK_RESTART_COMMAND',
    );
  return newest;
}

function clusterStatus(version: string): 'online' | 'down' | undefined {
  const listing = spawnSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' }).stdout ?? '';
  const row = listing
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .find(([v, name]) => v === version && name === CLUSTER);
  if (!row) return undefined;
  return row[3]?.startsWith('online') ? 'online' : 'down';
}

async function createRoles(superuserUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: superuserUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query(`CREATE ROLE savvypig LOGIN PASSWORD 'savvypig' CREATEDB`);
    await client.query('CREATE ROLE app_user NOLOGIN');
    await client.query('GRANT app_user TO savvypig');
    await client.query('CREATE DATABASE savvypig OWNER savvypig');
  } finally {
    await client.end();
  }
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error)
    throw new Error(
      `${command}: ${result.error.message} (run the soak as root or the postgres user, on Debian's postgresql-common)`,
    );
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} exited ${result.status}:\n${result.stdout}${result.stderr}`);
}

/** As `run`, without blocking the event loop: the writers keep writing while the server restarts. */
function runInBackground(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${output}`)),
    );
  });
}
