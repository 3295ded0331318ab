/**
 * JSON objects built by PostgreSQL, for hot reads that send rows straight on as API JSON: one
 * `json` column per row, parsed once by the driver, instead of drizzle mapping every column of
 * every row (docs/performance.md, "Account page and accounts list"). Keys come out in the order
 * given, so the API's JSON keeps its key order.
 */
import { type AnyColumn, is, type SQL, sql } from 'drizzle-orm';
import { PgTimestamp } from 'drizzle-orm/pg-core';

/**
 * A column as its JSON value: as the API writes it. A `timestamp with time zone` becomes what
 * `Date.prototype.toISOString` gives for it (UTC, milliseconds, 'Z'); bigint, integer, boolean,
 * text, uuid, date ('yyyy-MM-dd') and jsonb columns are already what the API sends.
 */
export function jsonValue(value: AnyColumn | SQL): SQL {
  if (is(value, PgTimestamp)) {
    if (!value.withTimezone) throw new Error(`jsonValue: ${value.name} is a timestamp without time zone`);
    return sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  }
  return sql`${value}`;
}

/**
 * A JSON object of the entries, keys in their order (letters and digits): `to_json` of a one-row
 * subquery whose columns are named by the keys. Cheaper for PostgreSQL than `json_build_object`
 * (which looks up every argument's type on every call), and the text is compact.
 */
export function jsonObject(entries: Record<string, AnyColumn | SQL>): SQL {
  const columns = Object.entries(entries).map(([key, value]) => {
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(key)) throw new Error(`jsonObject: bad key ${key}`);
    return sql`${jsonValue(value)} as ${sql.raw(`"${key}"`)}`;
  });
  return sql`(select to_json(json_row) from (select ${sql.join(columns, sql`, `)}) as json_row)`;
}
