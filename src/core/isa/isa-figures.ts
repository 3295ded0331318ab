/**
 * The ISA figures the law sets, by date: the same rows as data/reference/isa_pension_figures.csv
 * (a test keeps the two equal). Rules never write a figure down: they ask for the figures of a
 * tax year (`isaFiguresFor`) or of a date (`lisaWithdrawalChargePercentOn`).
 */
import type { CalendarDate } from '../dates/calendar-date.ts';
import {
  type AppliedFigure,
  appliedFigure,
  type DatedFigure,
  figureOn,
  findFigureOn,
} from '../dates/effective-dated.ts';
import type { TaxYear } from '../dates/tax-year.ts';

const NEWSLETTER_19 = 'HMRC "Tax-free savings newsletter 19" (27 Nov 2025)';

/** Overall adult ISA subscription limit per tax year, pence. */
export const ISA_ALLOWANCE: readonly DatedFigure[] = [
  { effectiveFrom: '2017-04-06', value: 20_000_00, source: `HMRC ISA subscription limits; ${NEWSLETTER_19}` },
];

/** Cash ISA subscription limit for savers under the exempt age, pence (none before 6 April 2027). */
export const CASH_ISA_CAP_UNDER_AGE: readonly DatedFigure[] = [
  { effectiveFrom: '2027-04-06', value: 12_000_00, source: NEWSLETTER_19 },
];

/** The age from which the cash ISA cap does not apply. */
export const CASH_ISA_CAP_EXEMPT_AGE: readonly DatedFigure[] = [
  { effectiveFrom: '2027-04-06', value: 65, source: NEWSLETTER_19 },
];

/** Lifetime ISA subscription limit per tax year, pence, within the overall limit. */
export const LISA_LIMIT: readonly DatedFigure[] = [
  { effectiveFrom: '2017-04-06', value: 4_000_00, source: 'gov.uk Lifetime ISA page' },
];

/** Government bonus on Lifetime ISA subscriptions, percent. */
export const LISA_BONUS_PERCENT: readonly DatedFigure[] = [
  { effectiveFrom: '2017-04-06', value: 25, source: 'gov.uk Lifetime ISA page' },
];

/** Charge on an unauthorised Lifetime ISA withdrawal, percent of the amount withdrawn, by withdrawal date. */
export const LISA_WITHDRAWAL_CHARGE_PERCENT: readonly DatedFigure[] = [
  { effectiveFrom: '2017-04-06', value: 25, source: 'gov.uk Lifetime ISA page' },
  { effectiveFrom: '2020-03-06', value: 20, source: 'HM Treasury coronavirus measure' },
  { effectiveFrom: '2021-04-06', value: 25, source: 'gov.uk Lifetime ISA page' },
];

/** Junior ISA subscription limit per child per tax year, pence, separate from the adult limit. */
export const JISA_LIMIT: readonly DatedFigure[] = [
  { effectiveFrom: '2017-04-06', value: 4_128_00, source: 'HMRC ISA subscription limits 2017/18' },
  { effectiveFrom: '2018-04-06', value: 4_260_00, source: 'HMRC ISA subscription limits 2018/19' },
  { effectiveFrom: '2019-04-06', value: 4_368_00, source: 'HMRC ISA subscription limits 2019/20' },
  { effectiveFrom: '2020-04-06', value: 9_000_00, source: NEWSLETTER_19 },
];

/** The first tax year the tables answer for: 2017/18, when the Lifetime ISA began. */
export const EARLIEST_ISA_TAX_YEAR = 2017;

export type { AppliedFigure };

export type IsaFigures = {
  allowancePence: AppliedFigure;
  lisaLimitPence: AppliedFigure;
  lisaBonusPercent: AppliedFigure;
  jisaLimitPence: AppliedFigure;
  /** Null before 6 April 2027: no separate cash limit. */
  cashCap: { limitPence: AppliedFigure; exemptAge: AppliedFigure } | null;
};

const applied = appliedFigure;

/**
 * The ISA figures for a tax year (those in force on its 6 April: subscription limits are set per
 * tax year). Throws RangeError before 2017/18.
 */
export function isaFiguresFor(taxYear: TaxYear): IsaFigures {
  const on = taxYear.firstDay;
  const capLimit = findFigureOn(CASH_ISA_CAP_UNDER_AGE, on);
  const capAge = findFigureOn(CASH_ISA_CAP_EXEMPT_AGE, on);
  return {
    allowancePence: applied(figureOn(ISA_ALLOWANCE, on, 'ISA allowance')),
    lisaLimitPence: applied(figureOn(LISA_LIMIT, on, 'Lifetime ISA limit')),
    lisaBonusPercent: applied(figureOn(LISA_BONUS_PERCENT, on, 'Lifetime ISA bonus')),
    jisaLimitPence: applied(figureOn(JISA_LIMIT, on, 'Junior ISA limit')),
    cashCap: capLimit && capAge ? { limitPence: applied(capLimit), exemptAge: applied(capAge) } : null,
  };
}

/** The Lifetime ISA withdrawal charge in force on `date`, percent. */
export function lisaWithdrawalChargePercentOn(date: CalendarDate): AppliedFigure {
  return applied(figureOn(LISA_WITHDRAWAL_CHARGE_PERCENT, date, 'Lifetime ISA withdrawal charge'));
}
