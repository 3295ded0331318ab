/**
 * Throwaway PostgreSQL databases on the TEST_DATABASE_URL server, for tests and the journeys'
 * runner. Only `pg` is imported (lazily): a journey's test process, which makes and drops its
 * server's database, does not load the database layer (drizzle-orm, PGlite) to do it.
 */
import { randomBytes } from 'node:crypto';

const THROWAWAY_NAME = /^t_[0-9a-f]{12}$/;

/**
 * Runs `statement` on a connection of its own to `baseUrl`, again every 100 ms (up to 50 tries)
 * while the server refuses it with SQLSTATE `waitFor`: a session that has just closed can still be
 * exiting on the server.
 */
async function runWaitingOn(baseUrl: string, statement: string, waitFor: string): Promise<void> {
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: baseUrl });
  // A connection lost mid-call fails the call; unheard, its 'error' event would end the test run.
  admin.on('error', () => undefined);
  await admin.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(statement);
        return;
      } catch (err) {
        if ((err as { code?: string }).code !== waitFor || attempt >= 50) throw err;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    await admin.end();
  }
}

/**
 * `create database t_<random>` on the TEST_DATABASE_URL server (parallel suites never share one),
 * empty, or a copy of the database `template` (one that createThrowawayPostgres made).
 */
export async function createThrowawayPostgres(
  baseUrl = process.env.TEST_DATABASE_URL!,
  template?: string,
): Promise<string> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  if (template !== undefined && !THROWAWAY_NAME.test(template)) throw new Error(`Refusing to copy ${template}`);
  // The template's last connection (global-setup's, just closed) can still be exiting on the
  // server, and a template with a session on it cannot be copied (SQLSTATE 55006): wait for it.
  await runWaitingOn(
    baseUrl,
    template ? `create database ${name} template ${template}` : `create database ${name}`,
    '55006',
  );
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropThrowawayPostgres(url: string, baseUrl = process.env.TEST_DATABASE_URL!): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!THROWAWAY_NAME.test(name)) throw new Error(`Refusing to drop ${name}`);
  // A superuser session that a test has just closed can still be exiting on the server, and
  // `with (force)` may not end a superuser's backend: wait for it to go (SQLSTATE 42501).
  await runWaitingOn(baseUrl, `drop database if exists ${name} with (force)`, '42501');
}
