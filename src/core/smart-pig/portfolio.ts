/**
 * The working state recommendations are planned on: each account's balance and licence, each
 * licence's money (the saver's share) and limit, from one run of the protection engine. Planned
 * moves are recorded on it one by one, so later recommendations see the room earlier ones used.
 *
 * A saver may follow any of the recommendations, in any order, or only some: each must be safe on
 * its own. So money planned to leave a licence never makes room there for another recommendation
 * (room is the limit less today's money less every planned arrival), and money planned to arrive
 * in an account is never planned to leave it again (only today's balance less planned departures
 * can move). Then no choice of recommendations pushes a licence over its limit, and none lowers the
 * money protected.
 *
 * Every move is counted in the saver's share: moving `s` pence of the saver's money out of (or into)
 * an account held by N people moves N × s of the account's balance, which changes each holder's
 * share by exactly `s` (the engine's share is the balance over N, rounded up).
 */
import type { CalendarDate } from '../dates/calendar-date.ts';
import { calculateExposure, type ExposureReport } from '../protection/exposure.ts';
import type { DepositLimitOverride } from '../protection/limits.ts';
import { addMonths, isTemporaryHighBalanceActive } from '../protection/thb.ts';
import type { Pence } from '../protection/types.ts';
import { NOTICE_DAYS_RANGE } from './constants.ts';
import type { RecommendationAccount, SmartPigAccount, SmartPigPreferences } from './types.ts';

/** One licence's deposits (the saver's share), against the deposit limit in force. */
export type LicenceState = {
  key: string;
  name: string;
  brandNames: string[];
  limitPence: Pence;
  /** The saver's money here today, temporary high balances included. */
  totalPence: Pence;
  /** The saver's money planned to arrive here so far. */
  arrivingPence: Pence;
  /** Over the limit (after any temporary high balance cover) and not yet planned to leave. */
  uncoveredPence: Pence;
  /** Over the limit today, whatever is planned: what a card says, true on its own. */
  uncoveredTodayPence: Pence;
};

export type Holding = {
  account: SmartPigAccount;
  /** Position in the saver's order: ties are broken by it. */
  index: number;
  /** Null when the money is not an FSCS deposit with a known licence: Smart Pig leaves it alone. */
  licence: LicenceState | null;
  /** The whole account's balance today. */
  balancePence: Pence;
  /** The whole account's money planned to leave so far. */
  leavingPence: Pence;
  /** The whole account's money planned to arrive so far. */
  arrivingPence: Pence;
  holders: number;
};

export type Portfolio = {
  date: CalendarDate;
  report: ExposureReport;
  limitPence: Pence;
  licences: LicenceState[];
  holdings: Holding[];
  /** ISA allowance left this tax year after the moves planned so far. */
  isaAllowanceLeftPence: Pence;
  /** ISA allowance left this tax year before any move. */
  isaAllowanceTodayPence: Pence;
};

/** Builds the working state from the saver's accounts on `date` (UK), with any admin override. */
export function buildPortfolio(
  accounts: readonly SmartPigAccount[],
  date: CalendarDate,
  isaAllowanceLeftPence: Pence,
  override?: DepositLimitOverride,
): Portfolio {
  const report = calculateExposure(
    accounts.map((a) => a.input),
    date,
    override,
  );
  const byKey = new Map<string, LicenceState>();
  for (const exposure of report.institutions) {
    if (exposure.scheme !== 'deposit') continue;
    byKey.set(exposure.key, {
      key: exposure.key,
      name: exposure.name,
      brandNames: exposure.brandNames,
      limitPence: exposure.limit.amountPence,
      totalPence: exposure.totalPence,
      arrivingPence: 0,
      uncoveredPence: exposure.uncoveredPence,
      uncoveredTodayPence: exposure.uncoveredPence,
    });
  }
  const holdings = accounts.map((account, index): Holding => {
    const protection = report.accounts[index]!;
    const key =
      protection.status === 'covered-in-full' || protection.status === 'partly-covered' ? protection.exposureKey : null;
    return {
      account,
      index,
      licence: key === null ? null : (byKey.get(key) ?? null),
      balancePence: account.input.balancePence,
      leavingPence: 0,
      arrivingPence: 0,
      holders: account.input.holders,
    };
  });
  return {
    date,
    report,
    limitPence: report.limits.deposit.amountPence,
    licences: [...byKey.values()],
    holdings,
    isaAllowanceLeftPence: Math.max(0, isaAllowanceLeftPence),
    isaAllowanceTodayPence: Math.max(0, isaAllowanceLeftPence),
  };
}

/**
 * Room under the limit at a licence, in the saver's pence, judged on the standard limit alone:
 * the limit less today's money and everything planned to arrive (planned departures give no room
 * back: the saver may not follow them).
 */
export function roomPence(licence: LicenceState): Pence {
  // Money covered as a temporary high balance counts here: that cover ends within six months, and
  // money moved in must still be covered when it does.
  return Math.max(0, licence.limitPence - licence.totalPence - licence.arrivingPence);
}

/**
 * The saver's money that can still leave an account, in pence: today's balance less what is
 * planned to leave, in whole multiples of its holders (money planned to arrive never counts).
 */
export function movableSharePence(holding: Holding): Pence {
  const left = holding.balancePence - holding.leavingPence;
  return left > 0 ? Math.floor(left / holding.holders) : 0;
}

/** When money can leave an account: now, after notice, or when its fixed term ends. */
export type SourceAccess =
  | { kind: 'now' }
  | { kind: 'notice'; days: number | null }
  | { kind: 'at-maturity'; endsOn: CalendarDate };

/**
 * Whether money may be taken out of `holding` and when; null when it may not: no FSCS licence,
 * nothing in it, money credited as an active temporary high balance (left where its cover is), or a
 * fixed term with no recorded end.
 */
export function sourceAccess(holding: Holding, date: CalendarDate): SourceAccess | null {
  const { account } = holding;
  if (holding.licence === null || movableSharePence(holding) <= 0) return null;
  const thb = account.input.temporaryHighBalance;
  if (thb && isTemporaryHighBalanceActive(thb, date)) return null;
  if (account.fixedTerm) {
    if (account.fixedTerm.endsOn === null) return null;
    if (account.fixedTerm.endsOn > date) return { kind: 'at-maturity', endsOn: account.fixedTerm.endsOn };
  }
  if (account.noticeDays === null || account.noticeDays > 0) return { kind: 'notice', days: account.noticeDays };
  return { kind: 'now' };
}

/** Whole months from `date` until `endsOn`, rounded down (0 when it has passed, or is less than a month away). */
export function wholeMonthsUntil(date: CalendarDate, endsOn: CalendarDate): number {
  const months = monthsUntil(date, endsOn);
  return months > 0 && addMonths(date, months) > endsOn ? months - 1 : months;
}

/** Whole months from `date` until `endsOn`, rounded up (0 when it has passed). */
export function monthsUntil(date: CalendarDate, endsOn: CalendarDate): number {
  if (endsOn <= date) return 0;
  const months =
    (Number(endsOn.slice(0, 4)) - Number(date.slice(0, 4))) * 12 +
    (Number(endsOn.slice(5, 7)) - Number(date.slice(5, 7)));
  return addMonths(date, months) >= endsOn ? months : months + 1;
}

/** Why an account cannot take money, or null when it can (before room and rates are looked at). */
export type DestinationBar =
  | 'no-licence'
  | 'account-kind'
  | 'overdrawn'
  | 'takes-no-deposits'
  | 'temporary-high-balance'
  | 'introductory-rate'
  | 'notice-too-long'
  | 'fixed-too-long'
  | 'fixed-end-unknown';

/**
 * Whether the saver's preferences and the account's kind let money move into `holding`. Current
 * accounts and pensions never take savings, nor does an overdrawn account (money paid in clears
 * the overdraft first, which no longer counts as a deposit), one whose own terms let no more in
 * (a running fixed term without a contributions term, or a full one) or one holding an active
 * temporary high balance; an introductory rate only when teaser rates are
 * allowed; notice up to the saver's maximum (an unrecorded notice counts as the slider's 95 days);
 * a running fixed term only when it ends within the saver's maximum months.
 */
export function destinationBar(
  holding: Holding,
  preferences: SmartPigPreferences,
  date: CalendarDate,
): DestinationBar | null {
  const { account } = holding;
  if (holding.licence === null) return 'no-licence';
  if (account.category === 'current' || account.category === 'pension') return 'account-kind';
  if (holding.balancePence < 0) return 'overdrawn';
  if (termsRoomPence(holding) === 0) return 'takes-no-deposits';
  // Money paid in is not from the life event, and mixed in it would blur what the cover is for.
  const thb = account.input.temporaryHighBalance;
  if (thb && isTemporaryHighBalanceActive(thb, date)) return 'temporary-high-balance';
  if (preferences.avoidTeaserRates && account.hasIntroductoryRate) return 'introductory-rate';
  if ((account.noticeDays ?? NOTICE_DAYS_RANGE.max) > preferences.maxNoticeDays) return 'notice-too-long';
  if (account.fixedTerm) {
    const { endsOn } = account.fixedTerm;
    if (endsOn === null) return 'fixed-end-unknown';
    if (monthsUntil(date, endsOn) > preferences.maxFixedMonths) return 'fixed-too-long';
  }
  return null;
}

/** What the account's own terms still let in (whole account, pence), after the arrivals planned so far; null: no limit. */
export function termsRoomPence(holding: Holding): Pence | null {
  const room = holding.account.depositRoomPence;
  return room === null ? null : Math.max(0, room - holding.arrivingPence);
}

/**
 * Internal only between two accounts of one brand at one licence (two Halifax accounts); two
 * brands of one licence (Halifax and Bank of Scotland) are separate banks to the saver: external.
 */
export function transferKind(from: Holding, to: Holding | null): 'internal' | 'external' {
  if (to === null || to.licence !== from.licence) return 'external';
  const brand = from.account.brandKey;
  return brand !== null && brand === to.account.brandKey ? 'internal' : 'external';
}

export function isIsa(holding: Holding): boolean {
  return holding.account.category === 'isa';
}

/**
 * Whether money may go from `from` to `to` at all: not the same account; held by the same number
 * of people (the saver's share moves whole, and joint money is never mixed with sole money: it
 * belongs to every holder); ISA money only into another ISA (by transfer, or it loses its tax-free
 * status); into an ISA from elsewhere only while allowance is left.
 */
export function canPair(portfolio: Portfolio, from: Holding, to: Holding): boolean {
  if (from === to || from.holders !== to.holders) return false;
  if (isIsa(from)) return isIsa(to);
  return !isIsa(to) || portfolio.isaAllowanceLeftPence > 0;
}

export type CapacityLimit = 'room' | 'isa-allowance' | 'terms';

/**
 * The most of the saver's money `to` can take from `from`, in pence, and what limits it: the room
 * at its licence (unlimited within one licence, where the saver's total there does not change),
 * the ISA allowance left when money enters an ISA from elsewhere, and what the account's own
 * terms still let in.
 */
export function capacityFor(
  portfolio: Portfolio,
  from: Holding,
  to: Holding,
): { capacityPence: Pence; roomPence: Pence | null; limitedBy: CapacityLimit | null } {
  const sameLicence = from.licence === to.licence;
  const room = sameLicence ? null : roomPence(to.licence!);
  const terms = termsRoomPence(to);
  const limits: [CapacityLimit, Pence | null][] = [
    ['room', room],
    ['isa-allowance', isIsa(to) && !isIsa(from) ? Math.floor(portfolio.isaAllowanceLeftPence / to.holders) : null],
    ['terms', terms === null ? null : Math.floor(terms / to.holders)],
  ];
  let best: [CapacityLimit, Pence] | null = null;
  for (const [limit, pence] of limits) if (pence !== null && (best === null || pence < best[1])) best = [limit, pence];
  if (best === null) return { capacityPence: Number.POSITIVE_INFINITY, roomPence: null, limitedBy: null };
  return { capacityPence: best[1], roomPence: room, limitedBy: best[0] };
}

/**
 * Records a planned move of `sharePence` of the saver's money from `from` to `to` (null: a new
 * account elsewhere, outside the state).
 */
export function applyMove(portfolio: Portfolio, from: Holding, to: Holding | null, sharePence: Pence): void {
  from.leavingPence += sharePence * from.holders;
  const source = from.licence!;
  // Money over the limit is the first to count as leaving: the rest of the licence stays covered.
  source.uncoveredPence = Math.max(0, source.uncoveredPence - sharePence);
  if (to === null) return;
  to.arrivingPence += sharePence * to.holders;
  if (isIsa(to) && !isIsa(from)) portfolio.isaAllowanceLeftPence -= sharePence * to.holders;
  // Within one licence the saver's total there does not change.
  if (to.licence !== source) to.licence!.arrivingPence += sharePence;
}

/** How a recommendation names an account. */
export function recommendationAccount(holding: Holding): RecommendationAccount {
  return {
    id: holding.account.input.id,
    name: holding.account.name,
    bankName: holding.account.bankName,
    licenceKey: holding.licence!.key,
    licenceName: holding.licence!.name,
    holders: holding.holders,
  };
}
