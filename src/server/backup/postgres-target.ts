import type { Readable } from 'node:stream';
import { openDatabase } from '../db/client.ts';
import { ensureAppUserRole } from '../db/migrate.ts';
import type { Logger } from '../logger.ts';
import { latestMigrationOf, type RunSql, sqlOf } from './migration-mark.ts';
import { runPgTool } from './pg-tools.ts';
import { RestoreRefused, type RestoreTarget } from './restore-target.ts';

/** Tables, views, sequences and schemas of anyone's making; a new database has none. */
async function userObjects(run: RunSql): Promise<number> {
  const { rows } = await run(`
    select (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname <> 'information_schema' and n.nspname not like 'pg\\_%')
         + (select count(*) from pg_namespace
            where nspname not in ('public', 'information_schema') and nspname not like 'pg\\_%') as "count"`);
  return Number(rows[0]?.count);
}

/** The database DATABASE_URL names, restored by pg_restore in one transaction (all or nothing). */
export function postgresTarget(url: string, logger: Logger): RestoreTarget {
  const { hostname, port, pathname } = new URL(url);
  const withDatabase = async <T>(
    work: (run: RunSql, database: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>,
  ) => {
    const database = await openDatabase({ databaseUrl: url, poolMax: 1, logger });
    try {
      return await work(sqlOf(database), database);
    } finally {
      await database.close();
    }
  };
  return {
    description: `the database ${pathname.slice(1)} on ${hostname}:${port || 5432}`,
    isEmpty: () => withDatabase(async (run) => (await userObjects(run)) === 0),
    clear: () =>
      withDatabase(async (run) => {
        await run('drop owned by current_user');
        const left = await userObjects(run);
        if (left > 0)
          throw new RestoreRefused(
            `${left} objects of other roles are still in the database after dropping this login's own; drop them, or restore into a new database`,
          );
        return 'dropped every object this login owned in the database';
      }),
    async restore(copy: Readable) {
      // The dump grants to app_user (the role every request switches to); it must exist first.
      await withDatabase((_run, database) => ensureAppUserRole(database));
      // Owned by this login, as if its migrations had made them; privileges (app_user's) kept.
      await runPgTool('pg_restore', url, ['--no-owner', '--single-transaction', '--exit-on-error'], copy).done;
      return withDatabase((run) => latestMigrationOf(run));
    },
  };
}
