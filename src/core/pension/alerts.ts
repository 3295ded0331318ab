/**
 * Pension alerts from the spec's catalogue (001 §8) that are pure rules. Titles are the spec's
 * texts verbatim, figures filled in from the dated tables (today 'MPAA triggered - Future
 * contributions limited to £10,000 per year'); the messages are ours. 'Provider Alert' shows
 * the provider's own message. Each has a signature for dismissals (ADR 0025).
 */
import { formatLimit } from '../checker/text.ts';
import type { CalendarDate } from '../dates/calendar-date.ts';
import { addDays } from '../dates/day-count.ts';
import { taxYearOf } from '../dates/tax-year.ts';
import { limitsOn } from '../protection/limits.ts';
import type { CoverageTag, SchemeType, WarnUserLevel } from '../reference-data/spec-mapping.ts';
import { formatShortDate } from '../standing-orders/text.ts';
import type { TaperResult } from './annual-allowance.ts';
import { pensionFiguresFor } from './pension-figures.ts';
import { PENSION_FORM_RULES, type PensionTransferStatus } from './scheme-types.ts';

export type PensionAlertLevel = 'critical' | 'warning' | 'info';
export type PensionAlertKind =
  | 'mpaa'
  | 'taper'
  | 'transfer-overdue'
  | 'low-confidence'
  | 'missing-frn'
  | 'sipp-platform'
  | 'provider';

export type PensionAlert = {
  id: string;
  kind: PensionAlertKind;
  level: PensionAlertLevel;
  title: string;
  message: string;
  signature: string;
};

export type PensionTransferRecord = {
  id: string;
  status: PensionTransferStatus;
  /** The calendar date (Europe/London) it started; null when not started. */
  startedOn: CalendarDate | null;
};

export type PensionAlertInput = {
  today: CalendarDate;
  account: {
    id: string;
    schemeType: SchemeType | null;
    /** The spec's transfer_sla_days; null for the default (10). */
    transferSlaDays: number | null;
  };
  provider: {
    name: string;
    frn: string | null;
    /** Whether the provider is FCA-authorised, so should have an FRN (a master trust has none). */
    expectsFrn: boolean;
    coverageTag: CoverageTag | null;
    confidenceScore: number;
    warnUserLevel: WarnUserLevel;
    userMessage: string | null;
  } | null;
  flexibleAccessDate: CalendarDate | null;
  /** This tax year's taper, from pensionAllowance; null when not worked out. */
  taper: TaperResult | null;
  transfers: readonly PensionTransferRecord[];
};

/** A transfer's status as shown: an in-progress transfer past its SLA days is overdue. */
export function effectiveTransferStatus(
  transfer: PensionTransferRecord,
  today: CalendarDate,
  slaDays: number = PENSION_FORM_RULES.transferSlaDays,
): PensionTransferStatus {
  if (transfer.status !== 'in_progress' || !transfer.startedOn) return transfer.status;
  return today > addDays(transfer.startedOn, slaDays) ? 'overdue' : 'in_progress';
}

const PROVIDER_LEVEL: Partial<Record<WarnUserLevel, PensionAlertLevel>> = { critical: 'critical', high: 'warning' };

/** Every pension alert for one pension account today, the most serious first. */
export function pensionAlerts(input: PensionAlertInput): PensionAlert[] {
  const { today, account, provider } = input;
  const alerts: PensionAlert[] = [];
  const id = (kind: string) => `pension-${kind}:${account.id}`;

  const overdue = input.transfers.filter(
    (t) =>
      effectiveTransferStatus(t, today, account.transferSlaDays ?? PENSION_FORM_RULES.transferSlaDays) === 'overdue',
  );
  if (overdue.length > 0) {
    const started = overdue
      .map((t) => t.startedOn)
      .filter((d): d is string => d !== null)
      .sort()[0];
    alerts.push({
      id: id('transfer'),
      kind: 'transfer-overdue',
      level: 'critical',
      title: 'Pension transfer is overdue - contact your provider',
      message: started
        ? `The transfer started on ${formatShortDate(started)} has taken longer than the ${account.transferSlaDays ?? PENSION_FORM_RULES.transferSlaDays} days expected.`
        : 'The transfer is marked overdue.',
      signature: overdue.map((t) => t.id).join(','),
    });
  }

  if (input.flexibleAccessDate && input.flexibleAccessDate <= today) {
    const mpaa = pensionFiguresFor(taxYearOf(today)).moneyPurchaseAnnualAllowancePence.value;
    alerts.push({
      id: id('mpaa'),
      kind: 'mpaa',
      level: 'warning',
      title: `MPAA triggered - Future contributions limited to ${formatLimit(mpaa)} per year`,
      message: `You flexibly accessed a pension on ${formatShortDate(input.flexibleAccessDate)}. Money purchase contributions after that day are limited to ${formatLimit(mpaa)} a tax year, and unused allowance from earlier years cannot add to it.`,
      signature: `${input.flexibleAccessDate}:${mpaa}`,
    });
  }

  if (input.taper?.status === 'applies') {
    alerts.push({
      id: id('taper'),
      kind: 'taper',
      level: 'warning',
      title: 'Tapered Annual Allowance applies due to high income',
      message: input.taper.words,
      signature: String(input.taper.allowancePence),
    });
  }

  if (provider) {
    if (provider.confidenceScore < PENSION_FORM_RULES.confidenceWarningBelow) {
      alerts.push({
        id: id('confidence'),
        kind: 'low-confidence',
        level: 'warning',
        title: 'Data Confidence Low',
        message: `What we hold about ${provider.name} has a confidence score of ${provider.confidenceScore} out of 100: check its protection with the provider.`,
        signature: String(provider.confidenceScore),
      });
    }
    if (provider.expectsFrn && !provider.frn) {
      alerts.push({
        id: id('frn'),
        kind: 'missing-frn',
        level: 'info',
        title: 'Missing FRN',
        message: `We have no FCA firm reference number (FRN) for ${provider.name}: check it on the FCA Register to confirm which firm holds your pension.`,
        signature: provider.name,
      });
    }
    if (provider.coverageTag === 'sipp_platform_85k' || account.schemeType === 'sipp') {
      const limit = limitsOn(today).investment.amountPence;
      alerts.push({
        id: id('sipp'),
        kind: 'sipp-platform',
        level: 'info',
        title: 'SIPP/Platform Notice',
        message: `If ${provider.name} failed, the FSCS investment limit of ${formatLimit(limit)} per person per firm applies. The investments themselves can fall in value: that is not covered.`,
        signature: String(limit),
      });
    }
    const level = PROVIDER_LEVEL[provider.warnUserLevel];
    if (level && provider.userMessage) {
      alerts.push({
        id: id('provider'),
        kind: 'provider',
        level,
        title: 'Provider Alert',
        message: provider.userMessage,
        signature: `${provider.warnUserLevel}:${provider.userMessage}`,
      });
    }
  }

  const severity = { critical: 3, warning: 2, info: 1 } as const;
  return alerts.sort((a, b) => severity[b.level] - severity[a.level]);
}
