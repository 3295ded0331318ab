/**
 * ISA alerts (001 §9 "Alerts and horizons"), worked out from the ISA records, the allowance and
 * today's date:
 * - maturity within 30 days: critical at 7 days or fewer, warning at 14 or fewer, else info;
 * - a transfer in progress from 80% of its SLA days (default 30), critical once overdue;
 * - allowance use from 75% (info), warning from 85%, critical from 95% and over the limit;
 * - flexible ISA money not yet put back, within 60 days of the tax year's end: critical at 14
 *   days or fewer, warning at 30 or fewer, else info.
 * The spec gives no texts for these alerts: the words here are ours (docs/domain.md). Each alert
 * has a signature made of its figures, so a dismissal (ADR 0025) lapses when they change.
 */
import { formatLimit } from '../checker/text.ts';
import type { CalendarDate } from '../dates/calendar-date.ts';
import { addDays, daysBetween } from '../dates/day-count.ts';
import { isInTaxYear } from '../dates/tax-year.ts';
import { formatPence } from '../money/format.ts';
import { formatShortDate } from '../standing-orders/text.ts';
import type { IsaAllowanceResult, IsaLimitUsage } from './allowance.ts';

/** The spec's thresholds for ISA alerts (product rules, not law: 001 §9). */
export const ISA_ALERT_RULES = {
  maturityWithinDays: 30,
  maturityCriticalDays: 7,
  maturityWarningDays: 14,
  transferDefaultSlaDays: 30,
  transferFromPercentOfSla: 80,
  contributionInfoPercent: 75,
  contributionWarningPercent: 85,
  contributionCriticalPercent: 95,
  flexibleWithinDays: 60,
  flexibleCriticalDays: 14,
  flexibleWarningDays: 30,
} as const;

/** The spec's levels: critical, warn (here `warning`) and info. */
export type IsaAlertLevel = 'critical' | 'warning' | 'info';
export type IsaAlertKind = 'maturity' | 'transfer' | 'contribution' | 'flexible-replacement';

export type IsaAlert = {
  /** Stable per thing alerted about: one alert per account and kind, or per limit. */
  id: string;
  kind: IsaAlertKind;
  level: IsaAlertLevel;
  /** The ISA it is about; null for an allowance across ISAs. */
  accountId: string | null;
  title: string;
  message: string;
  /** The figures it was raised on; a dismissal hides it only while they stay the same. */
  signature: string;
};

/** One ISA's record as the alerts read it (the spec's isa_accounts fields). */
export type IsaAlertAccount = {
  id: string;
  name: string;
  maturityDate: CalendarDate | null;
  /** The spec's transfer_status; only 'in_progress' raises alerts. */
  transferStatus: string | null;
  /** The calendar date (Europe/London) the transfer started. */
  transferStartedOn: CalendarDate | null;
  /** The spec's transfer_expected_sla_days; null for the default. */
  transferExpectedSlaDays: number | null;
};

export type IsaAlertInput = {
  today: CalendarDate;
  accounts: readonly IsaAlertAccount[];
  /** The allowance for the tax year `today` is in; null to skip allowance and flexible alerts. */
  allowance: IsaAllowanceResult | null;
};

const SEVERITY: Readonly<Record<IsaAlertLevel, number>> = { critical: 3, warning: 2, info: 1 };

function daysText(days: number): string {
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  return `in ${days} days`;
}

function byDays(days: number, criticalDays: number, warningDays: number): IsaAlertLevel {
  if (days <= criticalDays) return 'critical';
  return days <= warningDays ? 'warning' : 'info';
}

/** Maturity within 30 days (today included), or null. */
export function maturityAlert(account: IsaAlertAccount, today: CalendarDate): IsaAlert | null {
  if (!account.maturityDate) return null;
  const days = daysBetween(today, account.maturityDate);
  const rules = ISA_ALERT_RULES;
  if (days < 0 || days > rules.maturityWithinDays) return null;
  const level = byDays(days, rules.maturityCriticalDays, rules.maturityWarningDays);
  return {
    id: `isa-maturity:${account.id}`,
    kind: 'maturity',
    level,
    accountId: account.id,
    title: `${account.name} matures ${daysText(days)}`,
    message: `${account.name} matures on ${formatShortDate(account.maturityDate)}. Decide where the money goes before then: to keep it tax-free, move it by an ISA transfer rather than taking it out.`,
    signature: `maturity:${level}:${account.maturityDate}`,
  };
}

/** A transfer in progress from 80% of its SLA days, critical once past them; else null. */
export function transferAlert(account: IsaAlertAccount, today: CalendarDate): IsaAlert | null {
  if (account.transferStatus !== 'in_progress' || !account.transferStartedOn) return null;
  const rules = ISA_ALERT_RULES;
  const slaDays = account.transferExpectedSlaDays ?? rules.transferDefaultSlaDays;
  const elapsed = daysBetween(account.transferStartedOn, today);
  // Whole-number comparison: elapsed/sla ≥ 80% without a fraction.
  if (elapsed * 100 < rules.transferFromPercentOfSla * slaDays) return null;
  const dueOn = addDays(account.transferStartedOn, slaDays);
  const started = `The transfer into ${account.name} started on ${formatShortDate(account.transferStartedOn)}`;
  if (elapsed > slaDays) {
    return {
      id: `isa-transfer:${account.id}`,
      kind: 'transfer',
      level: 'critical',
      accountId: account.id,
      title: `ISA transfer into ${account.name} is overdue`,
      message: `${started}, ${elapsed} days ago, and should have taken no more than ${slaDays} days (by ${formatShortDate(dueOn)}). Contact the provider you are transferring to.`,
      signature: `transfer:critical:${account.transferStartedOn}:${slaDays}`,
    };
  }
  return {
    id: `isa-transfer:${account.id}`,
    kind: 'transfer',
    level: 'warning',
    accountId: account.id,
    title: `ISA transfer into ${account.name} is due by ${formatShortDate(dueOn)}`,
    message: `${started}, ${elapsed} days ago; it should be complete within ${slaDays} days, by ${formatShortDate(dueOn)}. If the money has not arrived by then, contact the provider you are transferring to.`,
    signature: `transfer:warning:${account.transferStartedOn}:${slaDays}`,
  };
}

/** How much of a limit is used, in whole percent rounded down (so 99.99% reads 99%, never 100%). */
export function usedPercent(usedPence: number, limitPence: number): number {
  if (limitPence <= 0) return usedPence > 0 ? 100 : 0;
  return Math.floor((usedPence * 100) / limitPence);
}

function contributionLevel(usage: IsaLimitUsage): IsaAlertLevel | null {
  const rules = ISA_ALERT_RULES;
  // Whole-number comparisons: used/limit ≥ p% is used × 100 ≥ p × limit.
  const atLeast = (percent: number) => usage.usedPence * 100 >= percent * usage.limitPence;
  if (usage.overPence > 0 || atLeast(rules.contributionCriticalPercent)) return 'critical';
  if (atLeast(rules.contributionWarningPercent)) return 'warning';
  if (atLeast(rules.contributionInfoPercent)) return 'info';
  return null;
}

function contributionAlert(
  usage: IsaLimitUsage,
  what: string,
  allowance: IsaAllowanceResult,
  condition: string,
): IsaAlert | null {
  const level = contributionLevel(usage);
  if (!level) return null;
  const percent = usedPercent(usage.usedPence, usage.limitPence);
  const limit = formatLimit(usage.limitPence);
  const used = `${condition}You have paid ${formatPence(usage.usedPence)} into ${what} in ${allowance.taxYear.label}`;
  const over = allowance.overSubscriptions.find((o) => o.key === usage.key);
  return {
    id: `isa-contribution:${usage.key}`,
    kind: 'contribution',
    level,
    accountId: null,
    title:
      usage.overPence > 0
        ? `Over the ${limit} limit for ${what}`
        : `${percent}% of the ${limit} limit for ${what} used`,
    message:
      usage.overPence > 0 && over
        ? over.words
        : `${used}: ${percent}% of the ${limit} limit. ${usage.remainingPence === 0 ? 'Nothing is left' : `${formatPence(usage.remainingPence)} is left`} until ${formatShortDate(allowance.taxYear.lastDay)}.`,
    signature: `contribution:${level}:${usage.usedPence}:${usage.limitPence}`,
  };
}

/** Allowance-use alerts for every limit: adult allowance, Lifetime ISA, cash cap, each child. */
export function contributionAlerts(allowance: IsaAllowanceResult): IsaAlert[] {
  const maybeCash = allowance.cashCap.status === 'may-apply' ? 'If the cash ISA limit applies to you: ' : '';
  return [
    contributionAlert(allowance.overall, 'your ISAs', allowance, ''),
    contributionAlert(allowance.lisa, 'Lifetime ISAs', allowance, ''),
    allowance.cash ? contributionAlert(allowance.cash, 'cash ISAs', allowance, maybeCash) : null,
    ...allowance.juniors.map((child) => contributionAlert(child, `${child.childName}'s Junior ISAs`, allowance, '')),
  ].filter((alert): alert is IsaAlert => alert !== null);
}

/** Flexible ISA money not yet put back, within 60 days of 5 April; one alert per ISA. */
export function flexibleReplacementAlerts(allowance: IsaAllowanceResult, today: CalendarDate): IsaAlert[] {
  const { taxYear } = allowance;
  if (!isInTaxYear(today, taxYear)) return [];
  const rules = ISA_ALERT_RULES;
  const days = daysBetween(today, taxYear.lastDay);
  if (days > rules.flexibleWithinDays) return [];
  const level = byDays(days, rules.flexibleCriticalDays, rules.flexibleWarningDays);
  return allowance.accounts
    .filter((account) => account.replaceablePence > 0)
    .map((account) => ({
      id: `isa-flexible:${account.accountId}`,
      kind: 'flexible-replacement' as const,
      level,
      accountId: account.accountId,
      title: `Put back ${formatPence(account.replaceablePence)} into ${account.name} by ${formatShortDate(taxYear.lastDay)}`,
      message: `You took ${formatPence(account.replaceablePence)} out of ${account.name}, a flexible ISA, in ${taxYear.label} and have not put it back. Paid back in by ${formatShortDate(taxYear.lastDay)} (${daysText(days)}), it uses none of your allowance; after that it would count as new money.`,
      signature: `flexible:${level}:${account.replaceablePence}:${taxYear.label}`,
    }));
}

/** Every ISA alert for today, the most serious first (then maturity, transfer, contribution, flexible). */
export function isaAlerts(input: IsaAlertInput): IsaAlert[] {
  const alerts = [
    ...input.accounts.map((account) => maturityAlert(account, input.today)),
    ...input.accounts.map((account) => transferAlert(account, input.today)),
    ...(input.allowance ? contributionAlerts(input.allowance) : []),
    ...(input.allowance ? flexibleReplacementAlerts(input.allowance, input.today) : []),
  ].filter((alert): alert is IsaAlert => alert !== null);
  // A stable sort keeps the kinds in the order above within one level.
  return alerts.sort((a, b) => SEVERITY[b.level] - SEVERITY[a.level]);
}
