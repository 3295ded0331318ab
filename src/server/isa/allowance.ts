/**
 * The ISA allowance of a tax year from the rows `readIsaAllowanceRows` reads: what the ISA
 * allowance route shows and what Smart Pig may still move into cash ISAs. Core decides which
 * accounts are ISAs and how each movement counts.
 */
import { accountTypeCategory } from '../../core/accounts/account-type-category.ts';
import type { CalendarDate } from '../../core/dates/calendar-date.ts';
import type { TaxYear } from '../../core/dates/tax-year.ts';
import { type IsaAllowanceResult, isaAllowance } from '../../core/isa/allowance.ts';
import { isaAccountInput } from '../../core/isa/isa-record.ts';
import type { IsaAllowanceRow } from './queries.ts';

/** The rows' ISA-typed accounts (core's reading of the account type). */
export function isaRowsOf(rows: readonly IsaAllowanceRow[]): IsaAllowanceRow[] {
  return rows.filter((row) => accountTypeCategory(row.accountType) === 'isa');
}

export function allowanceOfRows(
  taxYear: TaxYear,
  isas: readonly IsaAllowanceRow[],
  dateOfBirth: CalendarDate | null,
): IsaAllowanceResult {
  return isaAllowance({
    taxYear,
    dateOfBirth,
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
}
