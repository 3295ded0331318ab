/**
 * Runs a query builder spec (core/diagnostics/query-spec.ts) read-only: SQL built only from the
 * allow-list's identifiers, every value a parameter, in a READ ONLY transaction with a statement
 * timeout; as app_user with the admin flag for tables granted to it (row-level security and grants
 * still bind), as the server for its own tables (jobs without payloads, row counts).
 */
import { type SQL, sql } from 'drizzle-orm';
import { COUNTED_TABLES, type QueryFilter, QUERY_TABLES, type QuerySpec } from '../../core/diagnostics/query-spec.ts';
import type { AppDb } from '../db/client.ts';
import { actAs, rowsOf } from '../db/rls.ts';
import { quoteIdent } from './checks.ts';

const CASTS = { text: 'text', integer: 'bigint', boolean: 'boolean', timestamp: 'timestamptz', uuid: 'uuid' } as const;
const COMPARISONS = { eq: '=', neq: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' } as const;

function condition(spec: QuerySpec, filter: QueryFilter): SQL {
  const column = sql.raw(`t.${quoteIdent(filter.column)}`);
  const type = QUERY_TABLES[spec.table]!.columns[filter.column]!;
  switch (filter.op) {
    case 'is_null':
      return sql`${column} is null`;
    case 'is_not_null':
      return sql`${column} is not null`;
    case 'contains': {
      const escaped = String(filter.value).replace(/[\\%_]/g, (c) => `\\${c}`);
      return sql`${column} ilike ${`%${escaped}%`}`;
    }
    default:
      return sql`${column} ${sql.raw(COMPARISONS[filter.op])} ${filter.value}::${sql.raw(CASTS[type])}`;
  }
}

async function source(db: AppDb, table: string): Promise<SQL> {
  if (table !== 'row_counts') return sql.raw(quoteIdent(table));
  const present = rowsOf<{ name: string }>(
    await db.execute(
      sql`select n as name from unnest(${sql.raw(`array[${COUNTED_TABLES.map((t) => `'${t}'`).join(',')}]`)}::text[]) n where to_regclass('public.' || quote_ident(n)) is not null`,
    ),
  ).map((r) => r.name);
  const parts = present.map(
    (name) => `select '${name}'::text as table_name, (select count(*) from ${quoteIdent(name)})::bigint as row_count`,
  );
  return sql.raw(`(${parts.join(' union all ')})`);
}

export type QueryAnswer = { columns: string[]; rows: Record<string, unknown>[]; durationMs: number };

export async function runQuery(db: AppDb, adminUserId: string, spec: QuerySpec): Promise<QueryAnswer> {
  const table = QUERY_TABLES[spec.table]!;
  const started = performance.now();
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set transaction read only`);
    await tx.execute(sql`set local statement_timeout = '5s'`);
    if (table.reader === 'app-role') await actAs(tx, { userId: adminUserId, isAdmin: true });
    const columns = sql.raw(spec.columns.map((c) => `t.${quoteIdent(c)}`).join(', '));
    const where =
      spec.filters.length > 0
        ? sql` where ${sql.join(
            spec.filters.map((f) => condition(spec, f)),
            sql` and `,
          )}`
        : sql``;
    const order = sql.raw(`t.${quoteIdent(spec.order.column)} ${spec.order.direction} nulls last`);
    return rowsOf<Record<string, unknown>>(
      await tx.execute(
        sql`select ${columns} from ${await source(tx as unknown as AppDb, spec.table)} t${where} order by ${order} limit ${spec.limit}`,
      ),
    );
  });
  return {
    columns: spec.columns,
    rows: rows.map((row) =>
      Object.fromEntries(
        spec.columns.map((c) => {
          const value = row[c];
          return [c, value instanceof Date ? value.toISOString() : typeof value === 'bigint' ? Number(value) : value];
        }),
      ),
    ),
    durationMs: Math.round(performance.now() - started),
  };
}
