/**
 * A condition that compares a bare column with itself (`"user_id" = "user_id"`): both names
 * resolve to the same column of the nearest table that has one, so it holds for every row. Drizzle
 * writes a column of a one-table select without its table, so a subquery written as
 * `${inner.userId} = ${outer.userId}` comes out this way and reads every row of the inner table
 * (the add's read-back once did, ADR 0084). The node project's setup refuses such a statement.
 */
const SELF_COMPARISON = /(?<![\w".])"(\w+)"\s*=\s*"\1"(?![\w".])/;

/** The first self-comparison in `text`, or null. */
export function selfComparisonIn(text: string): string | null {
  return SELF_COMPARISON.exec(text)?.[0] ?? null;
}
