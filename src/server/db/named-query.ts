import { fillPlaceholders, is, Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';

/**
 * A named prepared statement: `query` may hold `sql.placeholder`s, filled from `values`. One name,
 * one text (PostgreSQL prepares it once per connection under the name), so the text is built
 * once per name and only the values change.
 */
export type NamedQuery = { name: string; query: SQL; values?: Record<string, unknown>; together?: Together };

/**
 * How a statement that runs alone may go as one with others of its `kind` waiting beside it
 * (db/together.ts): `combine` makes one statement of their `part`s, whose every row names in
 * `together_index` (1-based, in the order of the parts) whose it is.
 */
export type Together = { kind: string; part: unknown; combine: (parts: readonly unknown[]) => NamedQuery };

/** Compiled text and its parameters as a drizzle SQL again, for PGlite (one connection: nothing to prepare). */
export function boundSql(text: string, params: unknown[]): SQL {
  return sql.join(
    // One parameter each, an array too (`sql` would spread an array into a list).
    text.split(/\$(\d+)/).map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${sql.param(params[Number(part) - 1])}`)),
  );
}

/**
 * The statement's text and its parameters with the placeholders filled. The text is compiled once
 * per name when every parameter is a placeholder (a value written into `query` would otherwise be
 * kept from the first call).
 */
export function compiledWith(
  dialect: PgDialect,
  cache: Map<string, { sql: string; params: unknown[] }>,
  { name, query, values }: NamedQuery,
) {
  let compiled = cache.get(name);
  if (!compiled) {
    compiled = dialect.sqlToQuery(query);
    if (compiled.params.every((param) => is(param, Placeholder))) cache.set(name, compiled);
  }
  return { text: compiled.sql, params: fillPlaceholders(compiled.params, values ?? {}) };
}
