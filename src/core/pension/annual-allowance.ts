/**
 * The pension annual allowance for one tax year, exact in pence and explained in words
 * (docs/domain.md, "Pension annual allowance"):
 * - the annual allowance, tapered when threshold income and adjusted income are both over their
 *   figures: £1 off for every £2 of adjusted income over the adjusted-income figure (a part of a
 *   pound is not taken off), never below the minimum;
 * - the money purchase annual allowance (MPAA) once the person has flexibly accessed a pension:
 *   money purchase savings after that day over the MPAA are over the allowance whatever else is
 *   left, carry-forward cannot add to the MPAA, and the rest of the savings are tested against
 *   the alternative annual allowance (the allowance less the MPAA), where carry-forward can help;
 *   the test that gives the larger excess is the one that applies;
 * - carry-forward: unused allowance of the three previous tax years in which the person was a
 *   member of a registered pension scheme, used after this year's allowance, earliest year first.
 * All figures come from the dated tables in pension-figures.ts. Earlier years are worked through
 * in order, so a year's unused allowance is what is left after later years drew on it.
 */
import { formatLimit, joinWithAnd } from '../checker/text.ts';
import type { CalendarDate } from '../dates/calendar-date.ts';
import { isInTaxYear, type TaxYear, taxYearStarting } from '../dates/tax-year.ts';
import { formatPence } from '../money/format.ts';
import { formatShortDate } from '../standing-orders/text.ts';
import { EARLIEST_PENSION_TAX_YEAR, type PensionFigures, pensionFiguresFor } from './pension-figures.ts';

/** Money purchase (defined contribution: what is paid in, by anyone) or defined benefit (the growth in promised benefits). */
export type PensionInputKind = 'money_purchase' | 'defined_benefit';

/** A pension input amount: a gross contribution (the saver's with tax relief, plus the employer's) or DB growth. */
export type PensionInput = { date: CalendarDate; amountPence: number; kind: PensionInputKind };

/** What is known of the person in one tax year. */
export type PensionYearFacts = {
  startYear: number;
  /** A member of a registered pension scheme at some time in the year (carry-forward needs it). */
  wasMember: boolean;
  /** Null when not given: the taper is then not applied, and the words say so. */
  thresholdIncomePence: number | null;
  adjustedIncomePence: number | null;
};

export type PensionAllowanceInput = {
  taxYear: TaxYear;
  /** The day the person first flexibly accessed a pension (this starts the MPAA); null if never. */
  flexibleAccessDate: CalendarDate | null;
  /** Pension inputs of any date; each counts in its own tax year. */
  inputs: readonly PensionInput[];
  /**
   * This tax year and earlier ones. An earlier year not given is unknown: nothing is carried
   * forward from it. This year, if not given, is taken as a year of membership with no incomes.
   */
  years: readonly PensionYearFacts[];
};

export type TaperResult = {
  status: 'applies' | 'does-not-apply' | 'unknown';
  standardAllowancePence: number;
  reductionPence: number;
  allowancePence: number;
  words: string;
};

export type MpaaResult = {
  /** `not-triggered`: no flexible access by the year's end; `applies`: in force for some or all of the year. */
  status: 'not-triggered' | 'applies';
  triggeredOn: CalendarDate | null;
  limitPence: number;
  /** Money purchase inputs after the flexible access day, in the year. */
  moneyPurchaseAfterPence: number;
  /** Money purchase inputs over the MPAA (0 when within it). */
  overPence: number;
  words: string;
};

export type CarryForwardYear = {
  taxYear: TaxYear;
  status: 'member' | 'not-member' | 'unknown';
  /** That year's annual allowance (tapered where its incomes say so); 0 when unknown. */
  allowancePence: number;
  inputPence: number;
  /** Unused at that year's end. */
  unusedPence: number;
  /** What this tax year can still draw on (after years between drew on it). */
  availablePence: number;
  /** Drawn on by this tax year. */
  usedNowPence: number;
  words: string;
};

export type PensionAllowanceResult = {
  taxYear: TaxYear;
  figures: PensionFigures;
  taper: TaperResult;
  /** This year's annual allowance after the taper, pence. */
  annualAllowancePence: number;
  mpaa: MpaaResult;
  inputPence: number;
  moneyPurchasePence: number;
  definedBenefitPence: number;
  carryForward: { years: CarryForwardYear[]; availablePence: number; usedPence: number; words: string };
  /** Which test decides the excess: the standard one, or the MPAA's alternative one. */
  test: 'standard' | 'alternative';
  /** Savings over what the allowances allow: the amount the annual allowance charge is worked on, pence. */
  excessPence: number;
  /** More that can be saved this year without an excess (allowance + carry-forward − savings), pence. */
  remainingPence: number;
  /** Once the MPAA applies: more that can go into money purchase pensions without an excess; else null. */
  moneyPurchaseRemainingPence: number | null;
  explanation: string[];
};

const money = (pence: number) => formatPence(pence);

function checkInput(input: PensionInput): void {
  if (!Number.isSafeInteger(input.amountPence) || input.amountPence < 0) {
    throw new RangeError(`Pension inputs are whole pence, not negative: ${input.amountPence}`);
  }
}

/**
 * The annual allowance after the taper, in pence. The taper applies only when threshold income
 * and adjusted income are both over their figures; it takes £1 off for every £2 (the tabled
 * rate) of adjusted income over the figure, a part of a pound not taken off, down to the minimum.
 */
export function taperedAllowance(
  figures: PensionFigures,
  thresholdIncomePence: number | null,
  adjustedIncomePence: number | null,
): TaperResult {
  const standard = figures.annualAllowancePence.value;
  const threshold = figures.taperThresholdIncomePence.value;
  const adjustedLimit = figures.taperAdjustedIncomePence.value;
  const minimum = figures.taperMinimumAllowancePence.value;
  const perPound = figures.taperIncomePerPound.value;
  const rule = `The allowance is tapered when threshold income is over ${formatLimit(threshold)} and adjusted income over ${formatLimit(adjustedLimit)}.`;
  const none = (status: TaperResult['status'], words: string): TaperResult => ({
    status,
    standardAllowancePence: standard,
    reductionPence: 0,
    allowancePence: standard,
    words,
  });
  if (thresholdIncomePence === null && adjustedIncomePence === null) {
    return none('unknown', `No income is given, so the full ${formatLimit(standard)} is taken. ${rule}`);
  }
  // One income given: it alone can rule the taper out; over its figure, the taper may apply
  // (as the cash ISA cap may, without a date of birth), and the words say which income decides.
  if (thresholdIncomePence !== null && thresholdIncomePence <= threshold) {
    return none(
      'does-not-apply',
      `Threshold income of ${money(thresholdIncomePence)} is not over ${formatLimit(threshold)}, so the allowance is not tapered: ${formatLimit(standard)}.`,
    );
  }
  if (adjustedIncomePence !== null && adjustedIncomePence <= adjustedLimit) {
    return none(
      'does-not-apply',
      `Adjusted income of ${money(adjustedIncomePence)} is not over ${formatLimit(adjustedLimit)}, so the allowance is not tapered: ${formatLimit(standard)}.`,
    );
  }
  if (thresholdIncomePence === null) {
    return none(
      'unknown',
      `Adjusted income of ${money(adjustedIncomePence!)} is over ${formatLimit(adjustedLimit)}, so the taper may apply: it does when threshold income is over ${formatLimit(threshold)}. Add your threshold income to know; until then the full ${formatLimit(standard)} is taken.`,
    );
  }
  if (adjustedIncomePence === null) {
    return none(
      'unknown',
      `Threshold income of ${money(thresholdIncomePence)} is over ${formatLimit(threshold)}, so the taper may apply: it does when adjusted income is over ${formatLimit(adjustedLimit)}. Add your adjusted income to know; until then the full ${formatLimit(standard)} is taken.`,
    );
  }
  const over = adjustedIncomePence - adjustedLimit;
  // £1 off per whole `perPound` pounds over: pence over ÷ (100 × perPound), rounded down, in pounds.
  const reductionPence = Math.floor(over / (100 * perPound)) * 100;
  const allowancePence = Math.max(minimum, standard - reductionPence);
  const atMinimum = standard - reductionPence <= minimum;
  return {
    status: 'applies',
    standardAllowancePence: standard,
    reductionPence: standard - allowancePence,
    allowancePence,
    words: `Adjusted income of ${money(adjustedIncomePence)} is ${money(over)} over ${formatLimit(adjustedLimit)}, and threshold income is over ${formatLimit(threshold)}, so the allowance is tapered by £1 for every £${perPound}${
      reductionPence === 0
        ? `, but that is less than £${perPound} over, so nothing comes off: ${formatLimit(standard)}.`
        : atMinimum
          ? `, down to the minimum of ${formatLimit(minimum)}.`
          : `: ${formatLimit(reductionPence)} off ${formatLimit(standard)} leaves ${formatLimit(allowancePence)}.`
    }`,
  };
}

type YearWork = {
  taxYear: TaxYear;
  status: CarryForwardYear['status'];
  figures: PensionFigures | null;
  taper: TaperResult | null;
  allowancePence: number;
  inputPence: number;
  moneyPurchasePence: number;
  moneyPurchaseAfterPence: number;
  mpaaApplies: boolean;
  /** Unused allowance at the year's end, reduced as later years draw on it. */
  leftPence: number;
};

function yearWork(
  startYear: number,
  facts: PensionYearFacts | undefined,
  input: PensionAllowanceInput,
  isThisYear: boolean,
): YearWork {
  const taxYear = taxYearStarting(startYear);
  const inYear = input.inputs.filter((i) => isInTaxYear(i.date, taxYear));
  for (const i of inYear) checkInput(i);
  const inputPence = inYear.reduce((sum, i) => sum + i.amountPence, 0);
  const moneyPurchase = inYear.filter((i) => i.kind === 'money_purchase');
  const access = input.flexibleAccessDate;
  const mpaaApplies = access !== null && access <= taxYear.lastDay;
  // The MPAA covers money purchase savings from the day after flexible access.
  const after = mpaaApplies ? moneyPurchase.filter((i) => i.date > access) : [];
  const known = startYear >= EARLIEST_PENSION_TAX_YEAR && (facts !== undefined || isThisYear);
  const figures = startYear >= EARLIEST_PENSION_TAX_YEAR ? pensionFiguresFor(taxYear) : null;
  const taper =
    figures && known
      ? taperedAllowance(figures, facts?.thresholdIncomePence ?? null, facts?.adjustedIncomePence ?? null)
      : null;
  const status: CarryForwardYear['status'] = !known ? 'unknown' : (facts?.wasMember ?? true) ? 'member' : 'not-member';
  return {
    taxYear,
    status,
    figures,
    taper,
    allowancePence: taper?.allowancePence ?? 0,
    inputPence,
    moneyPurchasePence: moneyPurchase.reduce((sum, i) => sum + i.amountPence, 0),
    moneyPurchaseAfterPence: after.reduce((sum, i) => sum + i.amountPence, 0),
    mpaaApplies,
    leftPence: 0,
  };
}

type Tested = {
  test: 'standard' | 'alternative';
  excessPence: number;
  carryForwardNeededPence: number;
  unusedPence: number;
};

/** The standard and (under the MPAA) alternative tests for one year, given the carry-forward it can draw on. */
function testYear(year: YearWork, carryForwardPence: number): Tested {
  const allowance = year.allowancePence;
  const needStandard = Math.max(0, year.inputPence - allowance);
  const standard: Tested = {
    test: 'standard',
    excessPence: Math.max(0, needStandard - carryForwardPence),
    carryForwardNeededPence: Math.min(needStandard, carryForwardPence),
    unusedPence: Math.max(0, allowance - year.inputPence),
  };
  const mpaa = year.figures?.moneyPurchaseAnnualAllowancePence.value ?? 0;
  if (!year.mpaaApplies || year.moneyPurchaseAfterPence <= mpaa) return standard;
  const alternativeAllowance = Math.max(0, allowance - mpaa);
  const otherPence = year.inputPence - year.moneyPurchaseAfterPence;
  const needAlternative = Math.max(0, otherPence - alternativeAllowance);
  const alternative: Tested = {
    test: 'alternative',
    excessPence: year.moneyPurchaseAfterPence - mpaa + Math.max(0, needAlternative - carryForwardPence),
    carryForwardNeededPence: Math.min(needAlternative, carryForwardPence),
    unusedPence: Math.max(0, alternativeAllowance - otherPence),
  };
  // The alternative test applies when it gives the larger excess.
  return alternative.excessPence > standard.excessPence ? alternative : standard;
}

/** Draws `pence` from the given years, earliest first; returns what each gave. */
function drawCarryForward(years: readonly YearWork[], pence: number): number[] {
  let need = pence;
  return years.map((year) => {
    const used = Math.min(need, year.leftPence);
    year.leftPence -= used;
    need -= used;
    return used;
  });
}

function carryForwardWords(year: YearWork, availablePence: number, usedNowPence: number): string {
  const label = year.taxYear.label;
  if (year.status === 'unknown') return `${label}: not known, so nothing is carried forward from it.`;
  if (year.status === 'not-member')
    return `${label}: not a member of a pension scheme, so nothing is carried forward from it.`;
  const used = usedNowPence > 0 ? `; ${money(usedNowPence)} of it is used this year` : '';
  return `${label}: ${money(availablePence)} unused (allowance ${formatLimit(year.allowancePence)}, savings ${money(year.inputPence)})${used}.`;
}

/**
 * The annual allowance for `input.taxYear`: taper, MPAA, carry-forward, excess and what is left,
 * in pence, with words. Throws RangeError before 2016/17 or for an input that is not whole,
 * non-negative pence.
 */
export function pensionAllowance(input: PensionAllowanceInput): PensionAllowanceResult {
  const { taxYear } = input;
  if (taxYear.startYear < EARLIEST_PENSION_TAX_YEAR) {
    throw new RangeError(`Pension figures start in ${EARLIEST_PENSION_TAX_YEAR}: ${taxYear.label}`);
  }
  const figures = pensionFiguresFor(taxYear);
  const lookBack = figures.carryForwardYears.value;
  const facts = new Map(input.years.map((y) => [y.startYear, y]));
  const given = input.years.map((y) => y.startYear).filter((y) => y < taxYear.startYear);
  const first = Math.min(taxYear.startYear - lookBack, ...given);

  // Work every year from the earliest known one up to this one, so each year's carry-forward is
  // what is left after the years between drew on it.
  const work: YearWork[] = [];
  let current: { year: YearWork; tested: Tested; draws: number[]; window: YearWork[] } | null = null;
  for (let start = first; start <= taxYear.startYear; start++) {
    const isThisYear = start === taxYear.startYear;
    const year = yearWork(start, facts.get(start), input, isThisYear);
    const window = work.slice(-lookBack);
    if (year.status !== 'unknown') {
      const available = window.reduce((sum, y) => sum + y.leftPence, 0);
      const tested = testYear(year, available);
      const draws = drawCarryForward(window, tested.carryForwardNeededPence);
      year.leftPence = year.status === 'member' ? tested.unusedPence : 0;
      if (isThisYear) current = { year, tested, draws, window };
    }
    work.push(year);
  }
  const { year, tested, draws, window } = current!;
  const availableBefore = window.map((y, i) => y.leftPence + draws[i]!);
  const carryForwardPence = availableBefore.reduce((sum, p) => sum + p, 0);
  const carryYears: CarryForwardYear[] = window.map((y, i) => ({
    taxYear: y.taxYear,
    status: y.status,
    allowancePence: y.allowancePence,
    inputPence: y.inputPence,
    unusedPence: y.status === 'member' ? testYear(y, 0).unusedPence : 0,
    availablePence: availableBefore[i]!,
    usedNowPence: draws[i]!,
    words: carryForwardWords(y, availableBefore[i]!, draws[i]!),
  }));
  const usedNow = draws.reduce((sum, p) => sum + p, 0);

  const mpaaLimit = figures.moneyPurchaseAnnualAllowancePence.value;
  const mpaaOver = year.mpaaApplies ? Math.max(0, year.moneyPurchaseAfterPence - mpaaLimit) : 0;
  const mpaa: MpaaResult = year.mpaaApplies
    ? {
        status: 'applies',
        triggeredOn: input.flexibleAccessDate,
        limitPence: mpaaLimit,
        moneyPurchaseAfterPence: year.moneyPurchaseAfterPence,
        overPence: mpaaOver,
        words: `You flexibly accessed a pension on ${formatShortDate(input.flexibleAccessDate!)}, so money purchase savings after that day are limited to ${formatLimit(mpaaLimit)} a year (the money purchase annual allowance), and carry-forward cannot add to it. ${
          mpaaOver > 0
            ? `${money(year.moneyPurchaseAfterPence)} went in, ${money(mpaaOver)} over it.`
            : `${money(year.moneyPurchaseAfterPence)} has gone in since, within it.`
        }`,
      }
    : {
        status: 'not-triggered',
        triggeredOn: null,
        limitPence: mpaaLimit,
        moneyPurchaseAfterPence: 0,
        overPence: 0,
        words: `You have not flexibly accessed a pension, so the ${formatLimit(mpaaLimit)} money purchase annual allowance does not apply.`,
      };

  const allowance = year.allowancePence;
  const remainingPence = Math.max(0, allowance + carryForwardPence - year.inputPence);
  const moneyPurchaseRemainingPence = year.mpaaApplies
    ? Math.max(0, Math.min(mpaaLimit - year.moneyPurchaseAfterPence, remainingPence))
    : null;
  const cfWords =
    carryForwardPence === 0
      ? `Nothing is carried forward from ${joinWithAnd(window.map((y) => y.taxYear.label))}.`
      : `${money(carryForwardPence)} of unused allowance is carried forward from ${joinWithAnd(
          carryYears.filter((y) => y.availablePence > 0).map((y) => y.taxYear.label),
        )}, used after this year's allowance, earliest year first${usedNow > 0 ? `: ${money(usedNow)} of it is used` : ''}.`;

  const excess = tested.excessPence;
  const explanation = [
    `Your pension annual allowance for ${taxYear.label} (${formatShortDate(taxYear.firstDay)} to ${formatShortDate(taxYear.lastDay)}) is ${formatLimit(allowance)}.`,
    year.taper!.words,
    `You have saved ${money(year.inputPence)} into pensions this tax year${
      year.moneyPurchasePence > 0 && year.moneyPurchasePence < year.inputPence
        ? ` (${money(year.moneyPurchasePence)} money purchase, ${money(year.inputPence - year.moneyPurchasePence)} defined benefit)`
        : ''
    }.`,
    cfWords,
    ...carryYears.map((y) => y.words),
    ...(year.mpaaApplies ? [mpaa.words] : []),
    excess > 0
      ? `${money(excess)} is over what your allowances allow: the annual allowance charge is worked out on it at your income tax rate.`
      : `${money(remainingPence)} more can be saved this tax year without a charge${
          moneyPurchaseRemainingPence !== null
            ? `, of which at most ${money(moneyPurchaseRemainingPence)} into money purchase pensions`
            : ''
        }.`,
  ];

  return {
    taxYear,
    figures,
    taper: year.taper!,
    annualAllowancePence: allowance,
    mpaa,
    inputPence: year.inputPence,
    moneyPurchasePence: year.moneyPurchasePence,
    definedBenefitPence: year.inputPence - year.moneyPurchasePence,
    carryForward: { years: carryYears, availablePence: carryForwardPence, usedPence: usedNow, words: cfWords },
    test: tested.test,
    excessPence: excess,
    remainingPence: excess > 0 ? 0 : remainingPence,
    moneyPurchaseRemainingPence: excess > 0 ? 0 : moneyPurchaseRemainingPence,
    explanation,
  };
}
