/**
 * The public checker's answer: the engine's exposure for the visitor's rows, arranged per licence
 * and per bank outside the FSCS, with the plain-English sentences the page shows and reads out.
 */
import type { CalendarDate } from '../dates/calendar-date.ts';
import { calculateExposure, type ExposureReport, type InstitutionExposure } from '../protection/exposure.ts';
import { type OutsideText, outsideText, sharedLimitReason, temporaryHighBalanceText } from '../protection/explain.ts';
import { breachFigure } from '../protection/alerts.ts';
import { limitsOn, type DepositLimitOverride, type LimitsOnDate } from '../protection/limits.ts';
import {
  ALERT_PERCENT,
  DIVERSIFIED_INSTITUTIONS,
  limitUsedPercent,
  PROJECTED_BREACH_PERCENT,
} from '../protection/thresholds.ts';
import type { Pence, ProtectionCategory } from '../protection/types.ts';
import { checkerAccountInputs, rowIndexOf, type CheckerBank, type ResolvedRow } from './accounts.ts';
import { formatPence } from '../money/format.ts';
import { formatLimit, formatLongDate, joinWithAnd } from './text.ts';

/** One licence (PRA-authorised firm) the visitor has money with. */
export type LicenceResult = {
  exposure: InstitutionExposure;
  /** The visitor's rows counted here, in the order they added them. */
  rowIndexes: number[];
  /** Whether any of those rows is a joint account (figures are the visitor's share). */
  hasJoint: boolean;
  /** Which of the visitor's brands share this licence and why; null for a lone brand of the same name. */
  sharing: string | null;
  /** Extra cover for temporary high balances and when it ends; null when there is none. */
  temporaryHighBalance: string | null;
  /** The plain-English sentence for this licence. */
  summary: string;
};

/** Money at one bank that the FSCS deposit limit does not cover (NS&I, offshore, unverified). */
export type OutsideResult = {
  bank: CheckerBank;
  category: ProtectionCategory;
  /** Government backed (NS&I) is safe money, never uncovered. */
  isGovernmentBacked: boolean;
  rowIndexes: number[];
  /** The visitor's money there (their share of joint accounts), in pence. */
  sharePence: Pence;
  /** A short label for the status: 'Backed by HM Treasury', 'Not FSCS protected'... */
  status: string;
  /** Why, in one or two sentences. */
  reason: string;
  summary: string;
};

export type CheckResult = {
  report: ExposureReport;
  licences: LicenceResult[];
  outside: OutsideResult[];
  /** Whether the money is spread over 3 or more banking licences, in words; null with no licence. */
  diversification: string | null;
  /** 'Today's limit' sentence, saying so when an admin override replaced the law's figure. */
  limit: string;
  /** The whole answer in sentences: one per licence and outside bank, then the totals. */
  summary: string[];
};

const JOINT_SHARE = ', counting only your share of joint accounts';

export const EMPTY_SUMMARY =
  'Add the money you hold with each bank or building society to see how much of it is protected.';

function limitSentence(limits: LimitsOnDate): string {
  const { deposit, date } = limits;
  const perPerson = `${formatLimit(deposit.amountPence)} per person per licence`;
  if (!deposit.isOverride) return `${perPerson}, in force since ${formatLongDate(deposit.effectiveFrom)}.`;
  const law = limitsOn(date).deposit;
  // The same words as everywhere else the limit is shown (web/protection/deposit-limit.tsx).
  return `${perPerson}: a limit set by SavvyPig in place of the legal ${formatLimit(law.amountPence)}, in force since ${formatLongDate(law.effectiveFrom)}.`;
}

function subjectOf(licence: InstitutionExposure, brands: readonly string[]): string {
  if (brands.length >= 2) return `${licence.name} (${joinWithAnd(brands)} share one licence)`;
  const [brand] = brands;
  return brand && brand !== licence.name ? `${brand}, a brand of ${licence.name}` : licence.name;
}

/**
 * What is protected at a licence, and how close to its limit it is: 85% to 90% is close to the
 * limit, above 90% a projected breach (the signed-in screens' thresholds and words).
 */
function coverSentence(exposure: InstitutionExposure): string {
  const { coveredPence: covered, uncoveredPence: uncovered } = exposure;
  if (uncovered > 0) {
    if (covered === 0) return 'None of it is protected.';
    return `${formatPence(covered)} of it is protected; ${formatPence(uncovered)} is not.`;
  }
  // Covered temporary high balances sit outside the standard limit: the level measures the rest.
  const used = limitUsedPercent(
    exposure.totalPence - exposure.temporaryHighBalanceCoveredPence,
    exposure.limit.amountPence,
  );
  if (exposure.alertLevel === 'projected-breach')
    return `All of it is protected, but it is ${breachFigure(used)} of the limit: a projected breach, as interest or one more deposit could take it over.`;
  if (exposure.alertLevel === 'approaching')
    return `All of it is protected, but it is close to the limit: ${used}% of it (${ALERT_PERCENT}% to ${PROJECTED_BREACH_PERCENT}%).`;
  return 'All of it is protected.';
}

/** 'Your money is with 3 banking licences: diversified.', as the signed-in screens count them. */
function diversificationSentence(report: ExposureReport): string | null {
  const count = report.institutionCount;
  if (count === 0) return null;
  const licences = `${count} ${count === 1 ? 'banking licence' : 'banking licences'}`;
  return report.isDiversified
    ? `Your money is with ${licences}: diversified.`
    : `Your money is with ${licences}. Spread over ${DIVERSIFIED_INSTITUTIONS} or more, it is diversified.`;
}

const COUNTS_AS_UNPROTECTED = 'The checker counts it as not protected.';

function outsideResults(rows: readonly ResolvedRow[], report: ExposureReport): OutsideResult[] {
  const byBank = new Map<string, OutsideResult & { text: OutsideText }>();
  for (const account of report.accounts) {
    if (account.status !== 'not-fscs') continue;
    const rowIndex = rowIndexOf(account.accountId);
    const bank = rows[rowIndex]!.bank;
    let result = byBank.get(bank.id);
    if (!result) {
      const text = outsideText(account.reason);
      const reason = `${text.why(bank)} ${text.verdict ?? COUNTS_AS_UNPROTECTED}`;
      const isGovernmentBacked = account.bucket === 'government-backed';
      result = {
        bank,
        category: account.reason,
        isGovernmentBacked,
        rowIndexes: [],
        sharePence: 0,
        status: text.status,
        reason,
        summary: '',
        text,
      };
      byBank.set(bank.id, result);
    }
    result.rowIndexes.push(rowIndex);
    result.sharePence += account.sharePence;
  }
  return [...byBank.values()].map(({ text: _text, ...result }) => {
    const share = result.rowIndexes.some((i) => rows[i]!.holders > 1) ? JOINT_SHARE : '';
    return {
      ...result,
      summary: `You have ${formatPence(result.sharePence)} with ${result.bank.bankName}${share}. ${result.reason}`,
    };
  });
}

function totalsSentence(report: ExposureReport): string {
  const { totalPence, protectedPence, unprotectedPence, governmentBackedPence } = report.totals;
  if (unprotectedPence === 0 && governmentBackedPence === 0)
    return `In total you have ${formatPence(totalPence)}, and all of it is protected.`;
  const parts: string[] = [];
  if (protectedPence > 0) parts.push(`${formatPence(protectedPence)} is protected by the FSCS`);
  if (governmentBackedPence > 0) parts.push(`${formatPence(governmentBackedPence)} is backed by HM Treasury`);
  if (unprotectedPence > 0) parts.push(`${formatPence(unprotectedPence)} is not protected`);
  return `In total you have ${formatPence(totalPence)}: ${joinWithAnd(parts)}.`;
}

/**
 * The checker's answer for `rows` on `date` (the server's today), with the admin override of
 * today's deposit limit when one is set. All amounts in pence; pure, so it runs in the browser.
 */
export function checkSavings(
  rows: readonly ResolvedRow[],
  options: { date: CalendarDate; override?: DepositLimitOverride | null },
): CheckResult {
  const override = options.override ?? undefined;
  const accounts = checkerAccountInputs(rows);
  const report = calculateExposure(accounts, options.date, override);
  const protectionById = new Map(report.accounts.map((a) => [a.accountId, a]));

  const licences: LicenceResult[] = report.institutions.map((exposure) => {
    const rowIndexes = exposure.accountIds.map(rowIndexOf).sort((a, b) => a - b);
    const hasJoint = rowIndexes.some((i) => rows[i]!.holders > 1);
    // Brands in the order the visitor added them: 'Halifax and Bank of Scotland'.
    const brands = [...new Set(rowIndexes.map((i) => rows[i]!.bank.bankName))];
    const revertsOn = exposure.temporaryHighBalanceRevertsOn;
    const afterRevert = revertsOn
      ? calculateExposure(
          accounts.filter((a) => exposure.accountIds.includes(a.id)),
          revertsOn,
          override,
        ).institutions[0]
      : undefined;
    const own = exposure.accountIds.map((id) => protectionById.get(id)!);
    const temporaryHighBalance = temporaryHighBalanceText(exposure, own, afterRevert, options.date);
    const share = hasJoint ? JOINT_SHARE : '';
    const summary = [
      `You have ${formatPence(exposure.totalPence)} with ${subjectOf(exposure, brands)}${share}.`,
      coverSentence(exposure),
      ...(temporaryHighBalance ? [temporaryHighBalance] : []),
    ].join(' ');
    return {
      exposure,
      rowIndexes,
      hasJoint,
      sharing: sharedLimitReason(exposure, brands),
      temporaryHighBalance,
      summary,
    };
  });
  licences.sort((a, b) => a.rowIndexes[0]! - b.rowIndexes[0]!);
  const outside = outsideResults(rows, report);

  const ordered = [...licences, ...outside].sort((a, b) => a.rowIndexes[0]! - b.rowIndexes[0]!);
  const summary = accounts.length === 0 ? [EMPTY_SUMMARY] : [...ordered.map((r) => r.summary), totalsSentence(report)];
  return {
    report,
    licences,
    outside,
    diversification: diversificationSentence(report),
    limit: limitSentence(report.limits),
    summary,
  };
}
