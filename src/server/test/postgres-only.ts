import { it } from 'vitest';

/**
 * `it` on PostgreSQL, nothing on PGlite: for tests of the wire (statements and socket writes
 * through node-postgres) that PGlite, in process, has none of. The test is not defined for
 * PGlite rather than skipped, so a skipped test in the run always means something.
 */
export function itOnPostgres(kind: string): typeof it {
  return kind === 'postgres' ? it : ((() => undefined) as unknown as typeof it);
}
