/**
 * What the Pension Details card shows beyond the stored record, worked out in one pure function
 * so the card and anything else that lists pension alerts (notifications) say the same: this
 * tax year's annual allowance and what is left across all the saver's pensions (core's
 * pensionAllowance), the access age and why, each transfer's status as shown, and the alerts.
 * docs/decisions/0034-pension-records.md.
 */
import type { CalendarDate } from '../dates/calendar-date.ts';
import { addDays } from '../dates/day-count.ts';
import { taxYearOf, taxYearStarting } from '../dates/tax-year.ts';
import type { CoverageTag, SchemeType, WarnUserLevel } from '../reference-data/spec-mapping.ts';
import { type AccessAge, defaultAccessAge } from './access-age.ts';
import { type PensionAlert, effectiveTransferStatus, pensionAlerts } from './alerts.ts';
import {
  type PensionAllowanceResult,
  type PensionInput,
  type PensionYearFacts,
  pensionAllowance,
} from './annual-allowance.ts';
import { EARLIEST_PENSION_TAX_YEAR } from './pension-figures.ts';
import { FLEXIBLE_ACCESS_EVENTS, type DrawdownEventType } from './pension-record.ts';
import { PENSION_FORM_RULES, type PensionTransferStatus, SCHEME_TYPE_DETAILS } from './scheme-types.ts';

/** One pension account's contributions for one tax year (gross, pence). */
export type PensionContributionFacts = {
  accountId: string;
  /** The tax year's start year: 2026 for 2026/27. */
  taxYear: number;
  employeePence: number;
  employerPence: number;
  /** The scheme type of the account's record: a defined benefit scheme's input is its growth. */
  schemeType: SchemeType | null;
};

export type PensionSummaryInput = {
  today: CalendarDate;
  dateOfBirth: CalendarDate | null;
  account: {
    id: string;
    schemeType: SchemeType;
    transferSlaDays: number;
  };
  provider: {
    name: string;
    frn: string | null;
    regulator: string;
    coverageTag: CoverageTag | null;
    confidenceScore: number;
    warnUserLevel: WarnUserLevel;
    userMessage: string | null;
  } | null;
  /** The highest incomes any of the saver's pension records gives for this tax year (incomes are the person's). */
  thresholdIncomePence: number | null;
  adjustedIncomePence: number | null;
  /** Flexible access days: each record's own date and every drawdown event of the saver's pensions. */
  flexibleAccess: readonly { date: CalendarDate | null; eventType?: DrawdownEventType }[];
  /** Every contribution of every pension the saver holds: the allowance is the person's. */
  contributions: readonly PensionContributionFacts[];
  transfers: readonly { id: string; status: PensionTransferStatus; startedOn: CalendarDate }[];
};

export type PensionSummary = {
  allowance: PensionAllowanceResult;
  flexibleAccessDate: CalendarDate | null;
  accessAge: AccessAge;
  transfers: { id: string; shownStatus: PensionTransferStatus; expectedBy: CalendarDate }[];
  lowConfidence: boolean;
  alerts: PensionAlert[];
};

/** The earliest flexible access day (a PCLS alone is not flexible access). */
export function flexibleAccessDateOf(
  events: readonly { date: CalendarDate | null; eventType?: DrawdownEventType }[],
): CalendarDate | null {
  const days = events
    .filter((e) => e.date !== null && (e.eventType === undefined || FLEXIBLE_ACCESS_EVENTS.includes(e.eventType)))
    .map((e) => e.date!)
    .sort();
  return days[0] ?? null;
}

/**
 * Contributions as pension inputs. A tax year's total is dated on its last day: with the MPAA
 * starting in that year, all of it counts as after flexible access, so what is left is never
 * overstated.
 */
function inputsOf(contributions: readonly PensionContributionFacts[], thisYear: number): PensionInput[] {
  return contributions
    .filter((c) => c.taxYear >= EARLIEST_PENSION_TAX_YEAR && c.taxYear <= thisYear)
    .map((c) => ({
      date: taxYearStarting(c.taxYear).lastDay,
      amountPence: c.employeePence + c.employerPence,
      kind: c.schemeType && SCHEME_TYPE_DETAILS[c.schemeType].isDefinedBenefit ? 'defined_benefit' : 'money_purchase',
    }));
}

/** A provider authorised by the FCA (an insurer, a platform) should have an FRN; a master trust has none. */
const expectsFrn = (regulator: string) => /\bFCA\b/.test(regulator);

export function pensionSummary(input: PensionSummaryInput): PensionSummary {
  const { today } = input;
  const taxYear = taxYearOf(today);
  const flexibleAccessDate = flexibleAccessDateOf(input.flexibleAccess);
  // A year with a contribution recorded was a year of membership; this year always counts.
  const memberYears = new Set(input.contributions.map((c) => c.taxYear));
  const years: PensionYearFacts[] = [];
  for (let y = Math.max(EARLIEST_PENSION_TAX_YEAR, taxYear.startYear - 3); y < taxYear.startYear; y++) {
    if (memberYears.has(y))
      years.push({ startYear: y, wasMember: true, thresholdIncomePence: null, adjustedIncomePence: null });
  }
  years.push({
    startYear: taxYear.startYear,
    wasMember: true,
    thresholdIncomePence: input.thresholdIncomePence,
    adjustedIncomePence: input.adjustedIncomePence,
  });
  const allowance = pensionAllowance({
    taxYear,
    flexibleAccessDate,
    inputs: inputsOf(input.contributions, taxYear.startYear),
    years,
  });
  const sla = input.account.transferSlaDays;
  const transfers = input.transfers.map((t) => ({
    id: t.id,
    shownStatus: effectiveTransferStatus(t, today, sla),
    expectedBy: addDays(t.startedOn, sla),
  }));
  const provider = input.provider;
  const alerts = pensionAlerts({
    today,
    account: { id: input.account.id, schemeType: input.account.schemeType, transferSlaDays: sla },
    provider: provider && {
      name: provider.name,
      frn: provider.frn,
      expectsFrn: expectsFrn(provider.regulator),
      coverageTag: provider.coverageTag,
      confidenceScore: provider.confidenceScore,
      warnUserLevel: provider.warnUserLevel,
      userMessage: provider.userMessage,
    },
    flexibleAccessDate,
    taper: allowance.taper,
    transfers: input.transfers,
  });
  return {
    allowance,
    flexibleAccessDate,
    accessAge: defaultAccessAge(input.account.schemeType, { today, dateOfBirth: input.dateOfBirth }),
    transfers,
    lowConfidence: provider !== null && provider.confidenceScore < PENSION_FORM_RULES.confidenceWarningBelow,
    alerts,
  };
}
