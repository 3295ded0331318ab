/**
 * The allowance and the ISA alerts from the allowance statement's rows (`readIsaAllowanceRows`):
 * shared by `GET /api/isa/allowance`, the notifications and Smart Pig (what may still go into cash
 * ISAs), so all state the same figures. Core decides which accounts are ISAs and how each
 * movement counts.
 */
import { accountTypeCategory } from '../../core/accounts/account-type-category.ts';
import type { CalendarDate } from '../../core/dates/calendar-date.ts';
import type { TaxYear } from '../../core/dates/tax-year.ts';
import { type IsaAlert, isaAlerts } from '../../core/isa/alerts.ts';
import { type IsaAllowanceResult, isaAllowance } from '../../core/isa/allowance.ts';
import { isaAccountInput } from '../../core/isa/isa-record.ts';
import type { IsaAllowanceRow } from './queries.ts';

/**
 * The ISA-typed accounts among the rows, and the allowance they use in `taxYear` on `today` (UK):
 * deposits dated after it are scheduled and use none yet (ADR 0044).
 */
export function isaAllowanceOf(
  rows: { accounts: IsaAllowanceRow[]; dateOfBirth: CalendarDate | null },
  taxYear: TaxYear,
  today: CalendarDate,
): { isas: IsaAllowanceRow[]; allowance: IsaAllowanceResult } {
  const isas = rows.accounts.filter((row) => accountTypeCategory(row.accountType) === 'isa');
  const allowance = isaAllowance({
    taxYear,
    today,
    dateOfBirth: rows.dateOfBirth,
    accounts: isas.map((row) =>
      isaAccountInput({
        ...row,
        record:
          row.isaType && row.fundingType && row.isFlexible !== null
            ? {
                isaType: row.isaType,
                fundingType: row.fundingType,
                isFlexible: row.isFlexible,
                jisaChildName: row.jisaChildName,
              }
            : null,
      }),
    ),
  });
  return { isas, allowance };
}

/** The ISA alerts on `today`; allowance alerts only with the current tax year's allowance. */
export function isaAlertsOf(
  isas: readonly IsaAllowanceRow[],
  allowance: IsaAllowanceResult | null,
  today: CalendarDate,
): IsaAlert[] {
  return isaAlerts({
    today,
    accounts: isas.map((row) => ({
      id: row.id,
      name: row.name,
      maturityDate: row.maturityDate,
      transferStatus: row.transferStatus,
      transferStartedOn: row.transferStartedOn,
      transferExpectedSlaDays: row.transferExpectedSlaDays,
    })),
    allowance,
  });
}
