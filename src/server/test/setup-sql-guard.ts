import { PgDialect } from 'drizzle-orm/pg-core';
import { selfComparisonIn } from './self-comparison.ts';

// Every statement drizzle builds, on either engine, is checked before it is sent: one that
// compares a bare column with itself fails the test that built it (self-comparison.ts). Files
// share a module graph (the `node` project runs unisolated): wrap the dialect once.
const dialect = PgDialect.prototype as PgDialect & { __selfComparisonGuard?: true };
if (!dialect.__selfComparisonGuard) {
  const build = dialect.sqlToQuery;
  dialect.sqlToQuery = function (this: PgDialect, ...args: Parameters<PgDialect['sqlToQuery']>) {
    const query = build.apply(this, args);
    const found = selfComparisonIn(query.sql);
    if (found) throw new Error(`A statement compares a column with itself (${found}): qualify it\n${query.sql}`);
    return query;
  };
  dialect.__selfComparisonGuard = true;
}
