import { PgDialect } from 'drizzle-orm/pg-core';
import { outerColumnBesideSubquery } from './outer-columns.ts';

// Every one-table select (and `returning`) drizzle builds, on either engine, is checked before it
// is sent: a field whose subquery could capture a column drizzle writes without its table fails
// the test that built it (outer-columns.ts, ADR 0084). Files share a module graph (the `node`
// project runs unisolated): wrap the dialect once.

/** `PgDialect.buildSelection`, private in drizzle's types: how every select list is written. */
type BuildSelection = (
  fields: ReadonlyArray<{ path: string[]; field: unknown }>,
  options?: { isSingleTable?: boolean },
) => unknown;
const dialect = PgDialect.prototype as unknown as { buildSelection: BuildSelection; __outerColumnGuard?: true };
if (!dialect.__outerColumnGuard) {
  const build = dialect.buildSelection;
  dialect.buildSelection = function (this: PgDialect, fields, options) {
    if (options?.isSingleTable) {
      for (const { field, path } of fields) {
        const outer = outerColumnBesideSubquery(field);
        if (outer)
          throw new Error(
            `The field "${path.join('.')}" names ${outer} beside a subquery in a one-table select, where drizzle writes it without its table: write it as \${table}.column`,
          );
      }
    }
    return build.call(this, fields, options);
  };
  dialect.__outerColumnGuard = true;
}
