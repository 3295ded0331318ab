/**
 * The Protection Hub's alerts (002 §9): a licence at 85% or more of its limit, a projected breach
 * above 90%, money over the limit. Each is dismissible for 7 days or until its figures change:
 * its signature is made of the figures, so a dismissal stored with an old signature no longer
 * hides it. All amounts in pence.
 */
import { formatLimit, joinWithAnd } from '../checker/text.ts';
import { formatPence } from '../money/format.ts';
import type { AppliedLimit } from './limits.ts';
import {
  ALERT_DISMISSAL_DAYS,
  ALERT_PERCENT,
  type AlertLevel,
  limitUsedPercent,
  PROJECTED_BREACH_PERCENT,
} from './thresholds.ts';
import type { Pence } from './types.ts';

export type RaisedAlertLevel = Exclude<AlertLevel, 'none'>;

/** What an alert is worked out from: one licence's figures. */
export type AlertSource = {
  key: string;
  name: string;
  brands: readonly string[];
  totalPence: Pence;
  coveredPence: Pence;
  atRiskPence: Pence;
  /** Covered as temporary high balances, outside the standard limit (the alert leaves it out). */
  temporaryHighBalanceCoveredPence: Pence;
  limit: AppliedLimit;
  alertLevel: AlertLevel;
};

export type ProtectionAlert = {
  /** The licence's key: one alert per licence at a time. */
  id: string;
  level: RaisedAlertLevel;
  title: string;
  message: string;
  /** The figures the alert was raised on; a dismissal hides the alert only while they stay the same. */
  signature: string;
};

/** How bad each level is, most first: the order alerts are listed in. */
export const ALERT_SEVERITY: Readonly<Record<AlertLevel, number>> = {
  'over-limit': 3,
  'projected-breach': 2,
  approaching: 1,
  none: 0,
};

function percentText(percent: number | null): string {
  return percent === null ? '' : `${percent}%`;
}

/**
 * The projected breach's figure: the real one, rounded; 'just over 90%' when rounding would show
 * the threshold itself (90.04% is above 90%, yet rounds to 90.0%).
 */
export function breachFigure(percent: number | null): string {
  if (percent === null) return `above ${PROJECTED_BREACH_PERCENT}%`;
  return percent <= PROJECTED_BREACH_PERCENT ? `just over ${PROJECTED_BREACH_PERCENT}%` : `${percent}%`;
}

function where(source: AlertSource): string {
  return source.brands.length >= 2 ? `${source.name} (${joinWithAnd(source.brands)})` : source.name;
}

/** The money the standard limit measures, in words, with covered temporary high balances left out. */
function measuredText(source: AlertSource, measuredPence: Pence): string {
  const held = `You have ${formatPence(measuredPence)} with ${where(source)}`;
  if (source.temporaryHighBalanceCoveredPence === 0) return held;
  return `Leaving out the ${formatPence(source.temporaryHighBalanceCoveredPence)} covered as a temporary high balance, you have ${formatPence(measuredPence)} with ${where(source)}`;
}

function alertOf(source: AlertSource, level: RaisedAlertLevel): ProtectionAlert {
  const limit = formatLimit(source.limit.amountPence);
  const measuredPence = source.totalPence - source.temporaryHighBalanceCoveredPence;
  const usedPercent = limitUsedPercent(measuredPence, source.limit.amountPence);
  const percent = percentText(usedPercent);
  const roomPence = Math.max(0, source.limit.amountPence - measuredPence);
  const signature = [level, source.totalPence, source.coveredPence, source.limit.amountPence].join(':');
  switch (level) {
    case 'over-limit':
      return {
        id: source.key,
        level,
        title: `${formatPence(source.atRiskPence)} over the limit at ${source.name}`,
        message: `${measuredText(source, measuredPence)}, and the limit is ${limit} per person. ${formatPence(source.atRiskPence)} is not protected: moving it to a bank with a different licence would protect it.`,
        signature,
      };
    case 'projected-breach':
      return {
        id: source.key,
        level,
        title: `${source.name} is at ${breachFigure(usedPercent)} of its limit: a projected breach`,
        message: `${measuredText(source, measuredPence)}: ${breachFigure(usedPercent)} of the ${limit} limit. Interest or one more deposit could take it over: ${formatPence(roomPence)} more and money here is at risk.`,
        signature,
      };
    case 'approaching':
      return {
        id: source.key,
        level,
        title: `${source.name} is at ${percent || `${ALERT_PERCENT}% or more`} of its limit: close to it`,
        message: `${measuredText(source, measuredPence)}: ${percent} of the ${limit} limit. There is ${formatPence(roomPence)} of room left before money here is at risk.`,
        signature,
      };
  }
}

/** One alert per licence whose level is raised, the most serious first (then the most at risk). */
export function licenceAlerts(sources: readonly AlertSource[]): ProtectionAlert[] {
  return sources
    .filter((source) => source.alertLevel !== 'none')
    .sort(
      (a, b) =>
        ALERT_SEVERITY[b.alertLevel] - ALERT_SEVERITY[a.alertLevel] ||
        b.atRiskPence - a.atRiskPence ||
        b.totalPence - a.totalPence,
    )
    .map((source) => alertOf(source, source.alertLevel as RaisedAlertLevel));
}

/** A saver's dismissal of an alert, as stored. */
export type AlertDismissal = { alertId: string; signature: string; dismissedAt: Date };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Until when `alert` stays hidden at `now`: 7 days after it was dismissed, as long as its figures
 * are those it was dismissed with; null when it shows.
 */
export function dismissedUntil(alert: ProtectionAlert, dismissal: AlertDismissal | undefined, now: Date): Date | null {
  if (!dismissal || dismissal.alertId !== alert.id || dismissal.signature !== alert.signature) return null;
  const until = new Date(dismissal.dismissedAt.getTime() + ALERT_DISMISSAL_DAYS * DAY_MS);
  return until > now ? until : null;
}
