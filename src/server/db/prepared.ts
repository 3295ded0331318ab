import type { Tx } from './client.ts';

/**
 * Builds a drizzle prepared query once per database connection (the request transaction's
 * `tx` is one object per pooled connection) instead of once per request: hot routes then
 * skip drizzle's query building, and PostgreSQL its parsing and planning.
 */
export function preparedPerConnection<Q>(build: (tx: Tx) => Q): (tx: Tx) => Q {
  const cache = new WeakMap<object, Q>();
  return (tx) => {
    let query = cache.get(tx);
    if (!query) {
      query = build(tx);
      cache.set(tx, query);
    }
    return query;
  };
}
