import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { Tx } from './client.ts';

/**
 * Marks a client whose transactions are one object each (PGlite's worker transactions,
 * pglite.ts): a query built for one of them is rebound to the next (`preparedPerConnection`).
 */
export const ONE_CLIENT_PER_TRANSACTION = Symbol('one client per transaction');

/** The driver client under a drizzle transaction (its session's), and whether it is PGlite's kind. */
function clientOf(tx: Tx): { client: object | undefined; perTransaction: boolean } {
  const client = (tx as unknown as { session?: { client?: Record<symbol, unknown> } }).session?.client;
  return { client, perTransaction: client?.[ONE_CLIENT_PER_TRANSACTION] === true };
}

/**
 * Builds a drizzle prepared query once per database connection (the request transaction's
 * `tx` is one object per pooled connection) instead of once per request: hot routes then
 * skip drizzle's query building, and PostgreSQL its parsing and planning. On PGlite, where each
 * transaction has a client of its own, the query is built once and rebound to each transaction's
 * client (drizzle's prepared queries run on `this.client`; prepared.test.ts holds that).
 */
export function preparedPerConnection<Q>(build: (tx: Tx) => Q): (tx: Tx) => Q {
  const cache = new WeakMap<object, Q>();
  let template: Q | undefined;
  return (tx) => {
    let query = cache.get(tx);
    if (!query) {
      const { client, perTransaction } = clientOf(tx);
      if (perTransaction && template) {
        query = Object.create(template as object, { client: { value: client } }) as Q;
      } else {
        query = build(tx);
        if (perTransaction) template = query;
      }
      cache.set(tx, query);
    }
    return query;
  };
}

type Corkable = { cork?(): void; uncork?(): void };

/** The node-postgres connection's socket under a request transaction, if any (PGlite has none). */
function socketOf(tx: Tx): Corkable | undefined {
  return (tx as unknown as { $client?: { connection?: { stream?: Corkable } } }).$client?.connection?.stream;
}

/**
 * Runs `send`, which must hand all its statements to the driver before it first awaits (a
 * prepared statement's `execute` does), with the connection's socket corked: on PostgreSQL
 * node-postgres pipelines them and they go out in one socket write (a write costs more than a
 * small query on a small VM; docs/performance.md). On PGlite it just runs `send`.
 */
export function sentTogether<T>(tx: Tx, send: () => T): T {
  const socket = socketOf(tx);
  socket?.cork?.();
  try {
    return send();
  } finally {
    socket?.uncork?.();
  }
}

/**
 * A prepared query's rows as the driver gives them (objects keyed by the selected columns'
 * names, values parsed by the driver), without drizzle's per-field mapping: for hot reads of
 * many rows whose columns are all named (`sql\`…\`.as(name)`) and mapped by hand. drizzle's
 * node-postgres and PGlite prepared queries both have `all()`; its types do not say so.
 */
export function rawRows<Row>(prepared: unknown, values: Record<string, unknown>): Promise<Row[]> {
  return (prepared as { all(values: Record<string, unknown>): Promise<Row[]> }).all(values);
}

/** A column, or an expression, under a name of its own, for reads whose rows are taken raw (`rawRows`). */
export const named = (value: AnyColumn | SQL, alias: string) => sql`${value}`.as(alias);

/**
 * One row to select from, for a prepared statement whose answer is expressions alone (drizzle's
 * select needs a FROM): a check, a NOTIFY, figures from sub-selects.
 */
export const ONE_ROW = sql`(values (1)) as one (x)`;
