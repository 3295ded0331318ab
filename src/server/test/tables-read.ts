/**
 * Which tables a request's statements read, found by EXPLAINing each one on PostgreSQL, and
 * which tables bump the data versions kept answers are keyed by (docs/decisions/0039): a test
 * holds the first to the second, so a statement that starts reading a new table without its
 * triggers fails a test instead of serving a stale answer.
 */
import pg from 'pg';
import { isSessionOpeningName } from '../auth/session.ts';
import { rowsOf } from '../db/rls.ts';

type Sent = { text: string; values: unknown[] };

/** The SELECT statements `run` sends through node-postgres (the session opening left out). */
export async function selectsSentBy(run: () => Promise<unknown>): Promise<Sent[]> {
  const query = pg.Client.prototype.query;
  const sent: Sent[] = [];
  const spy = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as { name?: string; text?: string; values?: unknown[] } | string;
    const values = Array.isArray(args[1]) ? (args[1] as unknown[]) : undefined;
    // The session opening reads the session, its user and the versions, not the handler's data.
    if (typeof config === 'object' && config.text && !isSessionOpeningName(config.name))
      sent.push({ text: config.text, values: values ?? config.values ?? [] });
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  };
  pg.Client.prototype.query = spy as typeof query;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = query;
  }
  // A statement that sets the actor (withActor's, or an opening's) is not the handler's read either.
  return sent.filter((s) => !/set_config\('app\.user_id'/.test(s.text) && /^\s*select/i.test(s.text));
}

/** Every table the statements' plans read (the version tables themselves left out). */
export async function tablesReadBy(databaseUrl: string, statements: Sent[]): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const relations = new Set<string>();
  try {
    for (const { text, values } of statements) {
      await client.query(`prepare read_under_test as ${text}`);
      const literal = (v: unknown) => (v === null ? 'null' : `'${String(v).replaceAll("'", "''")}'`);
      const plan = await client.query(
        `explain (format json, costs false) execute read_under_test${values.length ? `(${values.map(literal).join(', ')})` : ''}`,
      );
      await client.query('deallocate read_under_test');
      const walk = (node: unknown): void => {
        if (Array.isArray(node)) node.forEach(walk);
        else if (node && typeof node === 'object') {
          for (const [k, v] of Object.entries(node)) {
            if (k === 'Relation Name') relations.add(String(v));
            else walk(v);
          }
        }
      };
      walk(plan.rows[0]['QUERY PLAN']);
    }
    relations.delete('user_data_versions');
    relations.delete('reference_data_version');
    return relations;
  } finally {
    await client.end();
  }
}

/**
 * Tables no request writes, each with the table whose triggers alone write it (ADR 0079): every
 * write to one is part of a statement on its source, which bumps the version itself. Such a
 * table counts as bumping only while derivedOnlyFrom holds.
 */
export const DERIVED_TABLES: Readonly<Record<string, string>> = { account_monthly_totals: 'transactions' };

/** The tables whose writes bump a user's data version or the reference data's. */
export async function tablesWithVersionTriggers(databaseUrl: string): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const triggered = rowsOf<{ table: string }>(
      await client.query(`select distinct c.relname as table from pg_trigger t
          join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
          where p.proname in ('bump_user_data_versions', 'bump_user_data_version_of_row', 'bump_reference_data_version',
            'bump_profile_data_versions')`),
    );
    const covered = new Set(triggered.map((t) => t.table));
    for (const [table, source] of Object.entries(DERIVED_TABLES)) {
      if (covered.has(source) && (await derivedOnlyFrom(client, table, source)).length === 0) covered.add(table);
    }
    return covered;
  } finally {
    await client.end();
  }
}

/**
 * What could write `table` other than the triggers of `source` (empty: nothing): app_user's
 * write privileges on it, and every function naming it that is not only a trigger on `source`.
 * Cascades from a deleted parent are statements on the parent, which bumps the version itself.
 */
export async function derivedOnlyFrom(client: pg.Client, table: string, source: string): Promise<string[]> {
  const { rows } = await client.query<{ writer: string }>(
    `select 'app_user may ' || lower(privilege) as writer
       from unnest(array['INSERT', 'UPDATE', 'DELETE', 'TRUNCATE']) as privilege
      where has_table_privilege('app_user', $1::regclass, privilege)
     union all
     select 'function ' || p.proname from pg_proc p
      where p.pronamespace = 'public'::regnamespace and p.prosrc ~* ('\\m' || $1 || '\\M')
        and not exists (select 1 from pg_trigger t where t.tgfoid = p.oid and t.tgrelid = $2::regclass)
     union all
     select 'function ' || p.proname || ' as a trigger on ' || t.tgrelid::regclass from pg_proc p
       join pg_trigger t on t.tgfoid = p.oid
      where p.pronamespace = 'public'::regnamespace and p.prosrc ~* ('\\m' || $1 || '\\M')
        and t.tgrelid <> $2::regclass
     order by 1`,
    [table, source],
  );
  return rows.map((r) => r.writer);
}

/** The tables the statements read, and those of them whose writes bump no version (should be none). */
export async function versionCoverage(databaseUrl: string, statements: Sent[]) {
  const read = await tablesReadBy(databaseUrl, statements);
  const covered = await tablesWithVersionTriggers(databaseUrl);
  return { read, uncovered: [...read].filter((table) => !covered.has(table)) };
}
