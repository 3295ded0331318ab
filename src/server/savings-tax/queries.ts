/**
 * What the savings tax estimate reads (issue 29), whatever the user holds, in one statement: the
 * band from the user's settings, and each live account's type, balance, rate and holders with the
 * interest its transactions paid from 6 April to today (the account-and-date index answers each).
 */
import { sql } from 'drizzle-orm';
import type { TaxBand } from '../../core/calculators/savings-tax.ts';
import type { EstimateAccount } from '../../core/calculators/tax-year-estimate.ts';
import type { CalendarDate } from '../../core/dates/calendar-date.ts';
import type { Tx } from '../db/client.ts';
import { rowsOf } from '../db/rls.ts';

type Row = { band: TaxBand | null; accounts: EstimateAccount[] | null };

export async function readSavingsTaxRows(
  tx: Tx,
  userId: string,
  from: CalendarDate,
  today: CalendarDate,
): Promise<{ band: TaxBand | null; accounts: EstimateAccount[] }> {
  const [row] = rowsOf<Row>(
    await tx.execute(sql`select
      (select s.savings_tax_band from user_settings s where s.user_id = ${userId}) as band,
      (select json_agg(json_build_object(
          'accountType', a.account_type, 'balancePence', a.balance_pence, 'interestRateBps', a.interest_rate_bps,
          'holders', a.holders,
          'interestThisYearPence', coalesce((select sum(t.amount_pence) from transactions t
            where t.account_id = a.id and t.user_id = ${userId} and t.type = 'interest'
              and t.date >= ${from} and t.date <= ${today}), 0)))
        from accounts a where a.user_id = ${userId} and a.archived_at is null) as accounts`),
  );
  return {
    band: row?.band ?? null,
    accounts: (row?.accounts ?? []).map((a) => ({
      ...a,
      balancePence: Number(a.balancePence),
      interestThisYearPence: Number(a.interestThisYearPence),
    })),
  };
}
