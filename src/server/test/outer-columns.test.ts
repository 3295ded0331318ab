import { sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { accounts, promoCodes, promoRedemptions, userDataVersions } from '../db/schema/index.ts';
import { outerColumnBesideSubquery } from './outer-columns.ts';

describe('a column drizzle writes without its table, beside a subquery', () => {
  it('is found when it belongs to none of the subquery’s tables', () => {
    const readBack = sql`(select ${userDataVersions.version} from ${userDataVersions} where ${userDataVersions.userId} = ${accounts.userId})`;
    expect(outerColumnBesideSubquery(readBack)).toBe('accounts.user_id');
    const aliased = sql`exists (select 1 from ${promoRedemptions} r where r.promo_code_id = ${promoCodes.id})`;
    expect(outerColumnBesideSubquery(aliased.as('used'))).toBe('promo_codes.id');
    const written = sql`(select max(t.date) from transactions t where t.account_id = ${accounts.id})`;
    expect(outerColumnBesideSubquery(written)).toBe('accounts.id');
  });

  it('is not found without a subquery, for the subquery’s own columns, or when written with its table', () => {
    expect(outerColumnBesideSubquery(sql`${accounts.ledgerVersion}::text`)).toBeNull();
    expect(outerColumnBesideSubquery(sql`case when ${accounts.latestEntryDate} is null then 0 end`)).toBeNull();
    expect(
      outerColumnBesideSubquery(sql`(select count(*) from ${accounts} where ${accounts.userId} = ${'ann'})`),
    ).toBeNull();
    expect(
      outerColumnBesideSubquery(
        sql`(select v.version from ${userDataVersions} v where v.user_id = ${accounts}.user_id)`,
      ),
    ).toBeNull();
    expect(outerColumnBesideSubquery(accounts.id)).toBeNull();
    // Outside the subquery's brackets, before or after it, the bare name is the outer row's.
    expect(
      outerColumnBesideSubquery(
        sql`(${accounts.latestEntryDate} is not null or exists (select 1 from ${userDataVersions} v where v.version > 1)) and ${accounts.id} is not null`,
      ),
    ).toBeNull();
    // `from` inside a function's arguments is no subquery.
    expect(outerColumnBesideSubquery(sql`ceil(extract(epoch from min(${accounts.createdAt}) - now()))`)).toBeNull();
  });

  it('fails the one-table select that holds it (the node project’s setup), and not one with a join', () => {
    const readBack = sql`(select ${userDataVersions.version} from ${userDataVersions} where ${userDataVersions.userId} = ${accounts.userId})`;
    const oneTable = () => new QueryBuilder().select({ version: readBack }).from(accounts).toSQL();
    expect(oneTable).toThrow(/names accounts\.user_id beside a subquery in a one-table select/);
    // With a join, drizzle writes every column with its table: nothing to capture.
    const joined = () =>
      new QueryBuilder().select({ version: readBack }).from(accounts).leftJoin(userDataVersions, sql`true`).toSQL();
    expect(joined().sql).toContain('"accounts"."user_id"');
  });
});
