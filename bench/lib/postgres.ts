import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type ThrowawayDatabase = { url: string; name: string; drop: () => Promise<void> };

const NAME = /^bench_[0-9a-f]{12}$/;

/** `create database bench_<random>` on the DATABASE_URL server; `drop` removes it even with the pool still connected. */
export async function createThrowawayDatabase(baseUrl: string): Promise<ThrowawayDatabase> {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  await withClient(baseUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      // The name is interpolated into SQL: only ever drop what we created.
      if (!NAME.test(name)) throw new Error(`Refusing to drop ${name}`);
      await withClient(baseUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** Connections the server holds to its database (the pool, plus the LISTEN connection). */
export async function countConnections(baseUrl: string, database: string): Promise<number> {
  return withClient(baseUrl, async (client) => {
    const r = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [
      database,
    ]);
    return r.rows[0]?.n ?? 0;
  });
}

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'savvypig-bench' });
  // A connection lost mid-call (the restart soak restarts the server) fails the call, not the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
