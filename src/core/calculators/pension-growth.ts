/**
 * The pension calculator (issue 29, Big Pig): a money purchase pension grown to a retirement age
 * with monthly contributions, tax relief at the saver's band, the employer's contributions, this
 * tax year's annual allowance (core's `pensionAllowance`: taper, MPAA) and the tax-free lump sum
 * (25%, up to what is left of the lump sum allowance). Figures come from pension-figures.ts.
 *
 * - **Relief at source**: the saver pays from take-home pay; the scheme adds basic-rate relief
 *   (a net £80 becomes £100 gross); a higher or additional rate taxpayer claims the rest back
 *   through self assessment (it comes back as tax, not into the pension). Someone without
 *   earnings (no band) gets relief on up to £3,600 gross a tax year.
 * - **Net pay** (and salary sacrifice, for the pension alike): the amount typed goes in gross,
 *   taken before tax; the relief is the tax not paid on it, at the saver's rate; none below the
 *   personal allowance.
 * - **Growth**: the pot grows by the yearly growth less the yearly charge, compounded monthly
 *   ((1 + growth) × (1 − charge))^(1/12) a month; each month's contributions go in at its start.
 *   The pot is exact through the months; figures are rounded once, to the penny, where they are
 *   shown (`roundPence`). "In today's money" divides by (1 + inflation)^years.
 */
import type { CalendarDate } from '../dates/calendar-date.ts';
import { figureOn } from '../dates/effective-dated.ts';
import { taxYearOf } from '../dates/tax-year.ts';
import { type PensionAllowanceResult, pensionAllowance } from '../pension/annual-allowance.ts';
import {
  LUMP_SUM_ALLOWANCE,
  normalMinimumPensionAgeOn,
  RELIEF_ADDITIONAL_RATE_PERCENT,
  RELIEF_BASIC_AMOUNT,
  RELIEF_BASIC_RATE_PERCENT,
  RELIEF_HIGHER_RATE_PERCENT,
  TAX_FREE_LUMP_SUM_PERCENT,
} from '../pension/pension-figures.ts';
import { addMonths } from '../protection/thb.ts';

export const TAX_BANDS = ['none', 'basic', 'higher', 'additional'] as const;
export type TaxBand = (typeof TAX_BANDS)[number];
export const TAX_BAND_NAMES: Readonly<Record<TaxBand, string>> = {
  none: 'No income tax',
  basic: 'Basic rate (20%)',
  higher: 'Higher rate (40%)',
  additional: 'Additional rate (45%)',
};
export const RELIEF_METHODS = ['relief_at_source', 'net_pay'] as const;
export type ReliefMethod = (typeof RELIEF_METHODS)[number];
export const RELIEF_METHOD_NAMES: Readonly<Record<ReliefMethod, string>> = {
  relief_at_source: 'Relief at source (you pay from take-home pay)',
  net_pay: 'Net pay or salary sacrifice (taken before tax)',
};

export type PensionGrowthInput = {
  today: CalendarDate;
  currentAge: number;
  retirementAge: number;
  potPence: number;
  /** What the saver pays each month: from take-home pay (relief at source) or from pay before tax (net pay). */
  monthlyPence: number;
  employerMonthlyPence: number;
  reliefMethod: ReliefMethod;
  band: TaxBand;
  /** Yearly growth, yearly charges and inflation, basis points. */
  growthBps: number;
  chargesBps: number;
  inflationBps: number;
  thresholdIncomePence: number | null;
  adjustedIncomePence: number | null;
  flexibleAccessOn: CalendarDate | null;
  /** Tax-free lump sums already taken from any pension (they use the allowance). */
  lumpSumTakenPence: number;
};

export type Relief = {
  /** Each month: what goes in from the saver (gross), the relief inside it, and the higher or additional rate claimed back. */
  grossMonthlyPence: number;
  addedMonthlyPence: number;
  reclaimMonthlyPence: number;
  /** What a month's contribution costs the saver after all relief. */
  costMonthlyPence: number;
  words: string;
};

export type PensionYearRow = {
  age: number;
  contributionsPence: number;
  growthPence: number;
  potPence: number;
};

export type PensionGrowthResult = {
  months: number;
  retirementDate: CalendarDate;
  relief: Relief;
  years: PensionYearRow[];
  potPence: number;
  potTodayMoneyPence: number;
  contributedPence: number;
  allowance: PensionAllowanceResult;
  lumpSum: { taxFreePence: number; allowanceLeftPence: number; cappedByAllowance: boolean; restPence: number };
  minimumAge: { age: number; tooEarly: boolean };
};

/** Pence shown from an exact figure: rounded to the nearest penny, once. */
export function roundPence(pence: number): number {
  return Math.round(pence);
}

const rateOn = (table: Parameters<typeof figureOn>[0], date: CalendarDate, name: string) =>
  figureOn(table, date, name).value as number;

/** The tax relief on one month's contribution, pence. */
export function reliefOf(input: Pick<PensionGrowthInput, 'today' | 'monthlyPence' | 'reliefMethod' | 'band'>): Relief {
  const { today, monthlyPence: paid, band } = input;
  const basic = rateOn(RELIEF_BASIC_RATE_PERCENT, today, 'basic rate');
  const marginal =
    band === 'none'
      ? 0
      : band === 'basic'
        ? basic
        : rateOn(band === 'higher' ? RELIEF_HIGHER_RATE_PERCENT : RELIEF_ADDITIONAL_RATE_PERCENT, today, 'rate');
  if (input.reliefMethod === 'net_pay') {
    const relief = roundPence((paid * marginal) / 100);
    return {
      grossMonthlyPence: paid,
      addedMonthlyPence: 0,
      reclaimMonthlyPence: 0,
      costMonthlyPence: paid - relief,
      words:
        band === 'none'
          ? 'Taken from your pay before tax: with no income tax to save, there is no relief.'
          : `Taken from your pay before tax, so you pay no ${marginal}% income tax on it: the relief is in your pay.`,
    };
  }
  // Without earnings, relief is given on up to the basic amount a year: a twelfth of it a month, gross.
  const grossCap = band === 'none' ? rateOn(RELIEF_BASIC_AMOUNT, today, 'basic amount') / 12 : Infinity;
  const relievedNet = Math.min(paid, (grossCap * (100 - basic)) / 100);
  const added = roundPence((relievedNet * basic) / (100 - basic));
  const gross = paid + added;
  const reclaim = roundPence((gross * (marginal - basic)) / 100);
  const extra = marginal > basic ? ` You claim another ${marginal - basic}% back through self assessment.` : '';
  return {
    grossMonthlyPence: gross,
    addedMonthlyPence: added,
    reclaimMonthlyPence: Math.max(0, reclaim),
    costMonthlyPence: paid - Math.max(0, reclaim),
    words: `Your pension adds ${basic}% basic-rate relief to what you pay in.${extra}${
      band === 'none' ? ' Without earnings, relief is on up to £3,600 a year, gross.' : ''
    }`,
  };
}

/** The pension calculator: relief, the pot year by year to retirement, the allowance and the lump sum, pence. */
export function pensionGrowth(input: PensionGrowthInput): PensionGrowthResult {
  const months = Math.max(0, (input.retirementAge - input.currentAge) * 12);
  const retirementDate = addMonths(input.today, months);
  const relief = reliefOf(input);
  const monthlyIn = relief.grossMonthlyPence + input.employerMonthlyPence;
  const factor = ((1 + input.growthBps / 10_000) * (1 - input.chargesBps / 10_000)) ** (1 / 12);

  const years: PensionYearRow[] = [];
  let pot = input.potPence;
  let shownBefore = input.potPence;
  for (let year = 0; year * 12 < months; year++) {
    const inYear = Math.min(12, months - year * 12);
    for (let m = 0; m < inYear; m++) pot = (pot + monthlyIn) * factor;
    const shown = roundPence(pot);
    const contributions = monthlyIn * inYear;
    years.push({
      age: input.currentAge + year + 1,
      contributionsPence: contributions,
      growthPence: shown - shownBefore - contributions,
      potPence: shown,
    });
    shownBefore = shown;
  }
  const potPence = roundPence(pot);
  const yearsAhead = months / 12;

  // This tax year's annual allowance, as if the month's contributions went in on the 6th of each month.
  const taxYear = taxYearOf(input.today);
  const allowance = pensionAllowance({
    taxYear,
    flexibleAccessDate: input.flexibleAccessOn,
    inputs: Array.from({ length: 12 }, (_, k) => ({
      date: addMonths(taxYear.firstDay, k),
      amountPence: monthlyIn,
      kind: 'money_purchase' as const,
    })),
    years: [
      {
        startYear: taxYear.startYear,
        wasMember: true,
        thresholdIncomePence: input.thresholdIncomePence,
        adjustedIncomePence: input.adjustedIncomePence,
      },
    ],
  });

  const lsa = rateOn(LUMP_SUM_ALLOWANCE, retirementDate, 'lump sum allowance');
  const share = rateOn(TAX_FREE_LUMP_SUM_PERCENT, retirementDate, 'tax-free share');
  const allowanceLeftPence = Math.max(0, lsa - input.lumpSumTakenPence);
  const quarter = roundPence((potPence * share) / 100);
  const taxFreePence = Math.min(quarter, allowanceLeftPence);
  const minimum = normalMinimumPensionAgeOn(retirementDate).value;
  return {
    months,
    retirementDate,
    relief,
    years,
    potPence,
    potTodayMoneyPence: roundPence(pot / (1 + input.inflationBps / 10_000) ** yearsAhead),
    contributedPence: monthlyIn * months,
    allowance,
    lumpSum: {
      taxFreePence,
      allowanceLeftPence,
      cappedByAllowance: quarter > allowanceLeftPence,
      restPence: potPence - taxFreePence,
    },
    minimumAge: { age: minimum, tooEarly: input.retirementAge < minimum },
  };
}
