/**
 * Smart Pig's recommendations from the saver's own accounts (002 §3–§5, §9; issue 16), planned in
 * this order on one working state, so each sees the room the earlier ones used:
 *
 * 1. **protection** (when `keepFullFSCSCover` is on): for each licence with money over its limit
 *    (after any temporary high balance cover), move the excess out of accounts there (easy access
 *    first, then notice, then fixed terms at maturity; sole before joint; lowest rate first) into the best accounts at
 *    other licences with at least £100 of room, never more than the room; what no account can take
 *    goes to a new account with another banking group. Always high priority: money is at risk.
 * 2. **rate_optimization**: for each account that may be drawn on now or after notice (lowest rate
 *    first), move money to an account paying more than 0.1 percentage point more, at a licence
 *    with at least £100 of room (or at the same licence, where the saver's total does not change),
 *    when a year's extra interest is over £20. With `useISAFirst`, ISAs come first while allowance
 *    is left; otherwise the highest rate first.
 * 3. **diversification**: when the saver's money is with fewer than 3 banking groups.
 *
 * Every destination obeys the preferences (no teaser rates, notice and fixed terms within the
 * saver's maximums); current accounts and pensions are never destinations; joint money moves only
 * between accounts with as many holders; ISA money only into ISAs. Sorted by priority, then gain.
 */
import type { Bps } from '../accounts/interest-rate.ts';
import type { CalendarDate } from '../dates/calendar-date.ts';
import type { DepositLimitOverride } from '../protection/limits.ts';
import { DIVERSIFIED_INSTITUTIONS } from '../protection/thresholds.ts';
import type { Pence } from '../protection/types.ts';
import {
  DEFAULT_ISA_ALLOWANCE_PENCE,
  HIGH_PRIORITY_GAIN_PENCE,
  MEDIUM_PRIORITY_GAIN_PENCE,
  MIN_RATE_UPLIFT_BPS,
  MIN_ROOM_PENCE,
  MIN_YEARLY_GAIN_PENCE,
} from './constants.ts';
import {
  applyMove,
  buildPortfolio,
  canPair,
  type CapacityLimit,
  capacityFor,
  destinationBar,
  type Holding,
  isIsa,
  type Portfolio,
  type SourceAccess,
  movableSharePence,
  recommendationAccount,
  sourceAccess,
  transferKind,
  wholeMonthsUntil,
} from './portfolio.ts';
import {
  capacityReasonText,
  diversificationTexts,
  explanationText,
  type MovePlan,
  risksText,
  stepsText,
  timeframeText,
} from './texts.ts';
import { metricsFromReport } from './metrics.ts';
import type {
  Recommendation,
  RecommendationPriority,
  RecommendationType,
  SmartPigAccount,
  SmartPigMetrics,
  SmartPigPreferences,
} from './types.ts';

export type RecommendationOptions = {
  /** ISA allowance left this tax year (pence); the spec's default is the full £20,000. */
  isaAllowanceLeftPence?: Pence;
  /** The admin's override of today's deposit limit (`app_settings.fscs_protection`). */
  override?: DepositLimitOverride;
};

/** Priority from a year's gain (002 §9): high above £200, medium above £100, otherwise low. */
export function priorityForGain(gainPence: Pence): RecommendationPriority {
  if (gainPence > HIGH_PRIORITY_GAIN_PENCE) return 'high';
  if (gainPence > MEDIUM_PRIORITY_GAIN_PENCE) return 'medium';
  return 'low';
}

/** A year's extra interest on `amountPence` moved from `fromBps` to `toBps`, rounded toward zero. */
export function yearlyGainPence(amountPence: Pence, fromBps: Bps, toBps: Bps): Pence {
  // `|| 0`: a loss smaller than a penny is 0, never -0.
  return Math.trunc((amountPence * (toBps - fromBps)) / 10_000) || 0;
}

/**
 * When `account`'s current rate stops holding: the end of a running fixed term or of an
 * introductory rate, whichever comes first; null when nothing recorded ends it.
 */
export function rateEndsOn(account: SmartPigAccount, date: CalendarDate): CalendarDate | null {
  const ends = [account.fixedTerm?.endsOn ?? null, account.introductoryRateEndsOn].filter(
    (end): end is CalendarDate => end !== null && end > date,
  );
  return ends.sort()[0] ?? null;
}

/**
 * A year's extra interest from moving `amountPence` from `from` to `to` on `date`, rounded toward
 * zero: the destination's rate counts only for the whole months it holds (a bond maturing in five
 * months earns five months of its rate), then the rate after it that the saver recorded, or none;
 * the source's rate is what the money would have earned the whole year.
 */
export function moveGainPence(
  date: CalendarDate,
  amountPence: Pence,
  from: SmartPigAccount,
  to: SmartPigAccount,
): Pence {
  const ends = rateEndsOn(to, date);
  const months = ends === null ? 12 : Math.min(12, wholeMonthsUntil(date, ends));
  const destinationBpsMonths = to.interestRateBps * months + (to.rateAfterBps ?? 0) * (12 - months);
  const difference = destinationBpsMonths - from.interestRateBps * 12;
  // BigInt: £1bn × 12 × 100% in basis points is past a double's exact integers; it truncates toward zero.
  return Number((BigInt(amountPence) * BigInt(difference)) / 120_000n);
}

/** Whether a destination's rate is more than 0.1 percentage point above the source's (002 §5). */
export function beatsRate(fromBps: Bps, toBps: Bps): boolean {
  return toBps > fromBps + MIN_RATE_UPLIFT_BPS;
}

const ACCESS_ORDER: Readonly<Record<SourceAccess['kind'], number>> = { now: 0, notice: 1, 'at-maturity': 2 };

type Candidate = {
  to: Holding;
  capacityPence: Pence;
  roomPence: Pence | null;
  limitedBy: CapacityLimit | null;
};

/** Accounts that may take `from`'s money now, best first; `rateAbove` keeps only those paying more. */
function candidates(
  portfolio: Portfolio,
  preferences: SmartPigPreferences,
  from: Holding,
  options: { otherLicenceOnly: boolean; rateAbove: Bps | null },
): Candidate[] {
  const list: Candidate[] = [];
  for (const to of portfolio.holdings) {
    if (!canPair(portfolio, from, to) || destinationBar(to, preferences, portfolio.date) !== null) continue;
    if (options.otherLicenceOnly && to.licence === from.licence) continue;
    if (options.rateAbove !== null && !beatsRate(options.rateAbove, to.account.interestRateBps)) continue;
    const capacity = capacityFor(portfolio, from, to);
    if (capacity.roomPence !== null && capacity.roomPence < MIN_ROOM_PENCE) continue;
    if (capacity.capacityPence <= 0) continue;
    list.push({ to, ...capacity });
  }
  const isaFirst = preferences.useISAFirst && !isIsa(from);
  return list.sort(
    (a, b) =>
      (isaFirst ? Number(isIsa(b.to)) - Number(isIsa(a.to)) : 0) ||
      b.to.account.interestRateBps - a.to.account.interestRateBps ||
      (b.roomPence ?? Number.POSITIVE_INFINITY) - (a.roomPence ?? Number.POSITIVE_INFINITY) ||
      a.to.index - b.to.index,
  );
}

/**
 * A recommendation being planned, with the plan its texts come from and, for protection, the
 * saver's money it brings under cover (protection cards are ranked by it).
 */
type Draft = Omit<Recommendation, 'id' | 'priority'> & {
  sequence: number;
  plan: MovePlan | null;
  coveredPence: Pence;
};

function planFor(
  portfolio: Portfolio,
  type: MovePlan['type'],
  from: Holding,
  access: SourceAccess,
  candidate: Candidate | null,
  sharePence: Pence,
  limitedBy: CapacityLimit | null,
): MovePlan {
  const to = candidate?.to ?? null;
  const isIsaTransfer = to !== null && isIsa(from) && isIsa(to);
  const otherLicence = to !== null && to.licence !== from.licence;
  return {
    date: portfolio.date,
    type,
    from,
    to,
    access,
    amountPence: sharePence * from.holders,
    transfer: transferKind(from, to),
    isIsaTransfer,
    usesIsaAllowance: to !== null && isIsa(to) && !isIsa(from),
    roomBeforePence: candidate?.roomPence ?? null,
    limitedBy,
    isaAllowanceBeforePence: portfolio.isaAllowanceLeftPence,
    isaAllowanceTodayPence: portfolio.isaAllowanceTodayPence,
    keptForOthersPence: otherLicence ? to.licence!.arrivingPence : 0,
    termsRoomBeforePence:
      to?.account.depositRoomPence == null ? null : Math.max(0, to.account.depositRoomPence - to.arrivingPence),
    // Today's money there plus this move alone: true whichever other recommendations the saver follows.
    destinationTotalAfterPence: otherLicence ? to.licence!.totalPence + sharePence : null,
    // Today's excess, not what other suggestions here leave of it: every card is true on its own.
    overLimitPence: from.licence!.uncoveredTodayPence,
    limitPence: from.licence!.limitPence,
    alsoForRate: false,
  };
}

function draftOf(plan: MovePlan, sequence: number, coveredPence: Pence): Draft {
  const { from, to } = plan;
  const gain = to ? moveGainPence(plan.date, plan.amountPence, from.account, to.account) : 0;
  return {
    sequence,
    plan,
    coveredPence,
    type: plan.type,
    fromAccount: recommendationAccount(from),
    toAccount: to ? recommendationAccount(to) : null,
    amountPence: plan.amountPence,
    currentRateBps: from.account.interestRateBps,
    newRateBps: to ? to.account.interestRateBps : null,
    projectedGainPence: gain,
    explanation: explanationText(plan),
    risks: risksText(plan),
    timeframe: timeframeText(plan),
    transfer: plan.transfer,
    availableCapacityPence: to ? (plan.roomBeforePence ?? null) : null,
    capacityLimited: plan.limitedBy !== null,
    capacityReason: capacityReasonText(plan),
    steps: stepsText(plan),
  };
}

function protectionDrafts(portfolio: Portfolio, preferences: SmartPigPreferences, drafts: Draft[]): void {
  const overLimit = portfolio.licences
    .filter((l) => l.uncoveredPence > 0)
    .sort((a, b) => b.uncoveredPence - a.uncoveredPence || (a.key < b.key ? -1 : 1));
  for (const licence of overLimit) {
    const sources = portfolio.holdings
      .filter((h) => h.licence === licence)
      .map((h) => ({ h, access: sourceAccess(h, portfolio.date) }))
      .filter((s): s is { h: Holding; access: SourceAccess } => s.access !== null)
      .sort(
        (a, b) =>
          ACCESS_ORDER[a.access.kind] - ACCESS_ORDER[b.access.kind] ||
          // Sole money first: it moves freely, where joint money needs every holder.
          a.h.holders - b.h.holders ||
          Number(a.h.account.category === 'current') - Number(b.h.account.category === 'current') ||
          a.h.account.interestRateBps - b.h.account.interestRateBps ||
          a.h.index - b.h.index,
      );
    for (const { h: from, access } of sources) {
      let want = Math.min(licence.uncoveredPence, movableSharePence(from));
      while (want > 0) {
        const best = candidates(portfolio, preferences, from, { otherLicenceOnly: true, rateAbove: null })[0];
        if (!best) break;
        const share = Math.min(want, best.capacityPence);
        const limitedBy = share < want ? best.limitedBy : null;
        drafts.push(
          draftOf(planFor(portfolio, 'protection', from, access, best, share, limitedBy), drafts.length, share),
        );
        applyMove(portfolio, from, best.to, share);
        want -= share;
      }
      if (want > 0) {
        // No account the saver holds can take the rest: a new account with another banking group.
        drafts.push(draftOf(planFor(portfolio, 'protection', from, access, null, want, null), drafts.length, want));
        applyMove(portfolio, from, null, want);
      }
      if (licence.uncoveredPence <= 0) break;
    }
  }
}

function rateDrafts(portfolio: Portfolio, preferences: SmartPigPreferences, drafts: Draft[]): void {
  const sources = portfolio.holdings
    .map((h) => ({ h, access: sourceAccess(h, portfolio.date) }))
    .filter(
      (s): s is { h: Holding; access: SourceAccess } =>
        s.access !== null &&
        s.access.kind !== 'at-maturity' &&
        s.h.account.category !== 'current' &&
        s.h.account.category !== 'pension',
    )
    .sort(
      (a, b) =>
        a.h.account.interestRateBps - b.h.account.interestRateBps ||
        movableSharePence(b.h) - movableSharePence(a.h) ||
        a.h.index - b.h.index,
    );
  for (const { h: from, access } of sources) {
    // Each pass empties the source or fills a destination (its room or the ISA allowance), so the
    // loop ends; the bound is a guard.
    for (let pass = 0; pass <= portfolio.holdings.length; pass++) {
      const movable = movableSharePence(from);
      if (movable <= 0) break;
      const fromRate = from.account.interestRateBps;
      const chosen = candidates(portfolio, preferences, from, { otherLicenceOnly: false, rateAbove: fromRate }).find(
        (c) =>
          moveGainPence(portfolio.date, Math.min(movable, c.capacityPence) * from.holders, from.account, c.to.account) >
          MIN_YEARLY_GAIN_PENCE,
      );
      if (!chosen) break;
      const share = Math.min(movable, chosen.capacityPence);
      const limitedBy = share < movable ? chosen.limitedBy : null;
      const plan = planFor(portfolio, 'rate_optimization', from, access, chosen, share, limitedBy);
      // One card per move: more money on a protection card's move is added to that card.
      const same = drafts.findIndex((d) => d.type === 'protection' && d.plan?.from === from && d.plan.to === chosen.to);
      if (same >= 0) {
        const card = drafts[same]!;
        const protection = card.plan!;
        const merged: MovePlan = {
          ...protection,
          amountPence: protection.amountPence + plan.amountPence,
          limitedBy,
          destinationTotalAfterPence:
            protection.destinationTotalAfterPence === null ? null : protection.destinationTotalAfterPence + share,
          alsoForRate: true,
        };
        drafts[same] = draftOf(merged, card.sequence, card.coveredPence);
      } else {
        drafts.push(draftOf(plan, drafts.length, 0));
      }
      applyMove(portfolio, from, chosen.to, share);
    }
  }
}

function diversificationDraft(portfolio: Portfolio, drafts: Draft[]): void {
  const groupCount = portfolio.report.institutionCount;
  if (groupCount >= DIVERSIFIED_INSTITUTIONS) return;
  const withMoney = portfolio.report.institutions.filter((l) => l.scheme === 'deposit' && l.totalPence > 0);
  if (withMoney.length === 0) return;
  const totalPence = withMoney.reduce((sum, l) => sum + l.totalPence, 0);
  const biggest = [...withMoney].sort((a, b) => b.totalPence - a.totalPence || (a.key < b.key ? -1 : 1))[0]!;
  // What the biggest licence holds above an even split across three groups, from its largest
  // account the saver can draw on (sole money first), as things stand today.
  const from =
    portfolio.holdings
      .filter((h) => h.licence?.key === biggest.key)
      .map((h) => ({ h, access: sourceAccess(h, portfolio.date) }))
      .filter((s) => s.access !== null && s.access.kind !== 'at-maturity')
      .sort(
        (a, b) => a.h.holders - b.h.holders || movableSharePence(b.h) - movableSharePence(a.h) || a.h.index - b.h.index,
      )[0]?.h ?? null;
  const spreadShare = Math.max(0, biggest.totalPence - Math.floor(totalPence / DIVERSIFIED_INSTITUTIONS));
  const sharePence = from ? Math.min(spreadShare, movableSharePence(from)) : spreadShare;
  const amountPence = sharePence * (from?.holders ?? 1);
  const texts = diversificationTexts({
    groupCount,
    licenceNames: withMoney.map((l) => l.name),
    from,
    amountPence,
  });
  drafts.push({
    sequence: drafts.length,
    plan: null,
    coveredPence: 0,
    type: 'diversification',
    fromAccount: from ? recommendationAccount(from) : null,
    toAccount: null,
    amountPence,
    currentRateBps: from ? from.account.interestRateBps : null,
    newRateBps: null,
    projectedGainPence: 0,
    ...texts,
    transfer: null,
    availableCapacityPence: null,
    capacityLimited: false,
    capacityReason: null,
  });
}

const PRIORITY_ORDER: Readonly<Record<RecommendationPriority, number>> = { high: 0, medium: 1, low: 2 };
const TYPE_ORDER: Readonly<Record<RecommendationType, number>> = {
  protection: 0,
  rate_optimization: 1,
  diversification: 2,
};

/**
 * Ids, priorities and order: protection is always high, ranked by the money it brings under cover;
 * rate moves take the spec's gain bands (002 §9), ranked by gain. No card depends on another
 * (each is true and safe on its own: ADR 0029), so none has to follow another.
 */
function finish(drafts: readonly Draft[]): Recommendation[] {
  const counts: Record<RecommendationType, number> = { protection: 0, rate_optimization: 0, diversification: 0 };
  return [...drafts]
    .sort((a, b) => a.sequence - b.sequence)
    .map(({ sequence, plan: _plan, coveredPence, ...draft }) => ({
      id: `${draft.type}-${++counts[draft.type]}`,
      priority: draft.type === 'protection' ? 'high' : priorityForGain(draft.projectedGainPence),
      ...draft,
      sequence,
      coveredPence,
    }))
    .sort(
      (a, b) =>
        PRIORITY_ORDER[a.priority] - PRIORITY_ORDER[b.priority] ||
        TYPE_ORDER[a.type] - TYPE_ORDER[b.type] ||
        b.coveredPence - a.coveredPence ||
        b.projectedGainPence - a.projectedGainPence ||
        a.sequence - b.sequence,
    )
    .map(({ sequence: _sequence, coveredPence: _covered, ...recommendation }) => recommendation as Recommendation);
}

/** Plans every recommendation on a fresh working state (it is changed as moves are planned). */
export function planRecommendations(portfolio: Portfolio, preferences: SmartPigPreferences): Recommendation[] {
  const drafts: Draft[] = [];
  // Diversification describes the money as it is today, so it is worked out before any move.
  diversificationDraft(portfolio, drafts);
  if (preferences.keepFullFSCSCover) protectionDrafts(portfolio, preferences, drafts);
  rateDrafts(portfolio, preferences, drafts);
  return finish(drafts);
}

/** Recommendations and metric cards together, from one run of the protection engine. */
export function analyseSmartPig(
  accounts: readonly SmartPigAccount[],
  preferences: SmartPigPreferences,
  date: CalendarDate,
  options: RecommendationOptions = {},
): { recommendations: Recommendation[]; metrics: SmartPigMetrics } {
  const portfolio = buildPortfolio(
    accounts,
    date,
    options.isaAllowanceLeftPence ?? DEFAULT_ISA_ALLOWANCE_PENCE,
    options.override,
  );
  const recommendations = planRecommendations(portfolio, preferences);
  return { recommendations, metrics: metricsFromReport(accounts, portfolio.report, recommendations) };
}

/**
 * The saver's recommendations on `date` (UK), best first. Pure: money in pence, rates in basis
 * points; the limit is the deposit limit in force on `date`, or the admin's override.
 */
export function generateRecommendations(
  accounts: readonly SmartPigAccount[],
  preferences: SmartPigPreferences,
  date: CalendarDate,
  options: RecommendationOptions = {},
): Recommendation[] {
  const portfolio = buildPortfolio(
    accounts,
    date,
    options.isaAllowanceLeftPence ?? DEFAULT_ISA_ALLOWANCE_PENCE,
    options.override,
  );
  return planRecommendations(portfolio, preferences);
}
