import { QueryBuilder } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, userDataVersions } from '../db/schema/index.ts';
import { selfComparisonIn } from './self-comparison.ts';

describe('a condition comparing a bare column with itself', () => {
  it('is found where both sides are the same bare name', () => {
    expect(selfComparisonIn('select (select 1 from t where "user_id" = "user_id")')).toBe('"user_id" = "user_id"');
    expect(selfComparisonIn('where "id"="id" and x')).toBe('"id"="id"');
  });

  it('is not found where a side is qualified or the names differ', () => {
    expect(selfComparisonIn('where v.user_id = "accounts".user_id')).toBeNull();
    expect(selfComparisonIn('where "accounts"."user_id" = "user_id"')).toBeNull();
    expect(selfComparisonIn('where "user_id" = "accounts"."user_id"')).toBeNull();
    expect(selfComparisonIn('where "user_id" = "user_id_2"')).toBeNull();
    expect(selfComparisonIn('where "a"."id" = "b"."id"')).toBeNull();
  });

  it('is what drizzle writes for an outer column in a one-table select, and the setup refuses it', () => {
    const build = () =>
      new QueryBuilder()
        .select({
          version: sql`(select ${userDataVersions.version} from ${userDataVersions} where ${userDataVersions.userId} = ${accounts.userId})`,
        })
        .from(accounts)
        .toSQL();
    // The node project's setup (setup-sql-guard.ts) wraps the dialect: building it throws.
    expect(build).toThrow(/compares a column with itself \("user_id" = "user_id"\)/);
  });
});
