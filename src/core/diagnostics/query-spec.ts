/**
 * The debug console's query builder (docs/decisions/0066): the browser never sends SQL, only a
 * table, columns, filters, an order and a limit, each checked here against a fixed allow-list. The
 * server turns an accepted spec into parameterised SQL from these identifiers alone.
 */

export type ColumnType = 'text' | 'integer' | 'boolean' | 'timestamp' | 'uuid';

export type AllowedTable = {
  label: string;
  /** Runs as app_user with the admin flag (the table is granted to it), or as the server for its own tables. */
  reader: 'app-role' | 'server';
  columns: Readonly<Record<string, ColumnType>>;
  /** The order when none is asked for. */
  defaultOrder: string;
};

/** Reference data and the server's job queue without its payloads: nothing about a user. */
export const QUERY_TABLES: Readonly<Record<string, AllowedTable>> = {
  banking_groups: {
    label: 'Banking groups',
    reader: 'app-role',
    columns: {
      id: 'uuid',
      group_name: 'text',
      group_frn: 'text',
      type: 'text',
      fscs_protected: 'boolean',
      is_active: 'boolean',
      updated_at: 'timestamp',
    },
    defaultOrder: 'group_name',
  },
  bank_references: {
    label: 'Banks',
    reader: 'app-role',
    columns: {
      id: 'uuid',
      bank_name: 'text',
      bank_frn: 'text',
      bank_group_frn: 'text',
      banking_group_name: 'text',
      type: 'text',
      fscs_protected: 'boolean',
      is_active: 'boolean',
    },
    defaultOrder: 'bank_name',
  },
  account_types: {
    label: 'Account types',
    reader: 'app-role',
    columns: {
      id: 'uuid',
      name: 'text',
      description: 'text',
      sort_order: 'integer',
      is_active: 'boolean',
      created_at: 'timestamp',
    },
    defaultOrder: 'sort_order',
  },
  jobs: {
    label: 'Jobs (no payloads)',
    reader: 'server',
    columns: {
      id: 'integer',
      name: 'text',
      status: 'text',
      attempts: 'integer',
      max_attempts: 'integer',
      run_at: 'timestamp',
      created_at: 'timestamp',
      finished_at: 'timestamp',
    },
    defaultOrder: 'id',
  },
  row_counts: {
    label: 'Rows per table',
    reader: 'server',
    columns: { table_name: 'text', row_count: 'integer' },
    defaultOrder: 'table_name',
  },
};

/** The tables whose rows `row_counts` counts (a count says nothing about anyone). */
export const COUNTED_TABLES = [
  'user',
  'session',
  'profiles',
  'accounts',
  'transactions',
  'standing_orders',
  'subscriptions',
  'consent_audit_log',
  'contact_inquiries',
  'support_tickets',
  'banking_groups',
  'bank_references',
  'account_types',
  'jobs',
  'admin_audit_log',
] as const;

export const QUERY_OPS = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'contains', 'is_null', 'is_not_null'] as const;
export type QueryOp = (typeof QUERY_OPS)[number];
export const QUERY_LIMIT_MAX = 100;

export type QueryFilter = { column: string; op: QueryOp; value: string | number | boolean | null };
export type QuerySpec = {
  table: string;
  columns: string[];
  filters: QueryFilter[];
  order: { column: string; direction: 'asc' | 'desc' };
  limit: number;
};

export type QueryInput = {
  table: string;
  columns?: string[] | undefined;
  filters?: { column: string; op: string; value?: unknown }[] | undefined;
  order?: { column: string; direction?: 'asc' | 'desc' | undefined } | undefined;
  limit?: number | undefined;
};

const own = <T>(record: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The value as its column's type, or null when it is not one. */
function typedValue(
  type: ColumnType,
  op: QueryOp,
  value: unknown,
): { ok: true; value: QueryFilter['value'] } | { ok: false } {
  if (op === 'is_null' || op === 'is_not_null') return { ok: true, value: null };
  if (op === 'contains')
    return type === 'text' && typeof value === 'string' && value.length <= 200 ? { ok: true, value } : { ok: false };
  switch (type) {
    case 'text':
      return typeof value === 'string' && value.length <= 200 ? { ok: true, value } : { ok: false };
    case 'integer': {
      const n = typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : value;
      return typeof n === 'number' && Number.isSafeInteger(n) ? { ok: true, value: n } : { ok: false };
    }
    case 'boolean':
      if (value === true || value === 'true') return { ok: true, value: true };
      if (value === false || value === 'false') return { ok: true, value: false };
      return { ok: false };
    case 'uuid':
      return typeof value === 'string' && UUID.test(value) && (op === 'eq' || op === 'neq')
        ? { ok: true, value }
        : { ok: false };
    case 'timestamp':
      return typeof value === 'string' &&
        /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) &&
        !Number.isNaN(Date.parse(value))
        ? { ok: true, value }
        : { ok: false };
  }
}

/** The input checked against the allow-list: an accepted spec, or why not (400 with it). */
export function checkQuery(input: QueryInput): { ok: true; spec: QuerySpec } | { ok: false; message: string } {
  const table = own(QUERY_TABLES, input.table);
  if (!table)
    return { ok: false, message: `Table ${JSON.stringify(input.table)} is not one the query builder may read` };
  const known = (column: string) => own(table.columns, column);
  const columns = input.columns?.length ? input.columns : Object.keys(table.columns);
  for (const column of columns)
    if (!known(column))
      return { ok: false, message: `Column ${JSON.stringify(column)} is not one of ${input.table}'s readable columns` };
  const filters: QueryFilter[] = [];
  for (const filter of input.filters ?? []) {
    const type = known(filter.column);
    if (!type)
      return {
        ok: false,
        message: `Column ${JSON.stringify(filter.column)} is not one of ${input.table}'s readable columns`,
      };
    const op = (QUERY_OPS as readonly string[]).includes(filter.op) ? (filter.op as QueryOp) : null;
    if (!op)
      return { ok: false, message: `Operator ${JSON.stringify(filter.op)} is not one of ${QUERY_OPS.join(', ')}` };
    const value = typedValue(type, op, filter.value);
    if (!value.ok) return { ok: false, message: `The value for ${filter.column} (${op}) is not a valid ${type}` };
    filters.push({ column: filter.column, op, value: value.value });
  }
  const orderColumn = input.order?.column ?? table.defaultOrder;
  if (!known(orderColumn))
    return {
      ok: false,
      message: `Column ${JSON.stringify(orderColumn)} is not one of ${input.table}'s readable columns`,
    };
  const limit = input.limit ?? 10;
  if (!Number.isInteger(limit) || limit < 1 || limit > QUERY_LIMIT_MAX)
    return { ok: false, message: `Limit must be between 1 and ${QUERY_LIMIT_MAX}` };
  return {
    ok: true,
    spec: {
      table: input.table,
      columns: [...new Set(columns)],
      filters,
      order: { column: orderColumn, direction: input.order?.direction === 'desc' ? 'desc' : 'asc' },
      limit,
    },
  };
}
