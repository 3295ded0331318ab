import { Column, getTableName, is, SQL, StringChunk, Table } from 'drizzle-orm';

/**
 * In a one-table select (and an insert's or update's `returning`), drizzle writes each column a
 * field names directly without its table: `${accounts.userId}` comes out as a bare "user_id". Inside
 * a subquery a bare name is looked up in the subquery's own tables first, so a column of another
 * table (the outer row's) can silently name the subquery's column: the add's read-back once said
 * `where "user_id" = "user_id"` and read every user's row (ADR 0084).
 *
 * For a field, the first column it names directly inside a subquery of its own text (from a
 * `select` to the bracket that closes it) that belongs to none of the tables the field names as
 * `${table}`, as `table.column` ("accounts.user_id"), or null. A column outside the subquery, or of
 * the subquery's own table, gives null. Write the outer column with its table instead
 * (`${accounts}.user_id`): a `${table}` or a nested `sql` keeps its names.
 */
export function outerColumnBesideSubquery(field: unknown): string | null {
  const query = is(field, SQL.Aliased) ? field.sql : is(field, SQL) ? field : null;
  if (!query) return null;
  const chunks = query.queryChunks;
  const innerTables = new Set(chunks.filter((c) => is(c, Table)));
  let depth = 0;
  // The bracket depth at which each open subquery's `select` stands.
  const open: number[] = [];
  for (const chunk of chunks) {
    if (is(chunk, StringChunk)) {
      for (const token of chunk.value.join('').matchAll(/\(|\)|\bselect\b/gi)) {
        if (token[0] === '(') depth += 1;
        else if (token[0] === ')') {
          depth -= 1;
          while (open.length > 0 && open.at(-1)! > depth) open.pop();
        } else open.push(depth);
      }
    } else if (is(chunk, Column) && open.length > 0 && !innerTables.has(chunk.table)) {
      return `${getTableName(chunk.table)}.${chunk.name}`;
    }
  }
  return null;
}
