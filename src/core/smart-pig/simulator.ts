/**
 * The what-if simulator: "if I add £X to account Y", before anything is saved. It works out the
 * protection picture (the Hub's, with its badge and alerts) as it is and with the money added, the
 * exposure per licence before and after, and how much more interest a year the money would earn
 * at the account's rate. The spec: the amount must be present and greater than 0, otherwise
 * nothing happens (002 §5); the result says why, and the page does nothing.
 *
 * The money may also be taken from another of the saver's accounts (`fromAccountId`): the page
 * tries a recommendation's move that way, so the saver sees the alert it clears before moving
 * anything.
 *
 * The status shown agrees with the money not protected: the Hub's badge calls 99% protected
 * "fully protected", but while any money is not protected the simulator says "mostly protected"
 * at best. A year's interest is always the whole portfolio's (every account that earns cash
 * interest), before and after, whether the money is new or moved.
 */
import { MAX_ACCOUNT_MONEY_PENCE } from '../accounts/account-schema.ts';
import type { Bps } from '../accounts/interest-rate.ts';
import type { CalendarDate } from '../dates/calendar-date.ts';
import type { AppliedLimit, DepositLimitOverride } from '../protection/limits.ts';
import { type LicenceGroup, type ProtectionPicture, protectionPicture } from '../protection/picture.ts';
import type { AlertLevel, ProtectionBadge } from '../protection/thresholds.ts';
import type { Pence } from '../protection/types.ts';
import type { SmartPigAccount } from './types.ts';

export type SimulatedDeposit = {
  accountId: string;
  amountPence: Pence;
  /** The account the money comes from (a move between the saver's accounts); absent or null: new money. */
  fromAccountId?: string | null;
};

/** Why nothing was simulated. */
export type SimulationRefusal =
  | 'amount-not-positive'
  | 'amount-too-large'
  | 'account-not-found'
  | 'source-not-found'
  | 'same-account'
  | 'amount-over-balance';

/** Our words for a refusal (the spec shows none: nothing happens), for a route or page that wants them. */
export const SIMULATION_MESSAGES: Readonly<Record<SimulationRefusal, string>> = {
  'amount-not-positive': 'Enter an amount of more than £0',
  'amount-too-large': 'Enter an amount of £1,000,000,000 or less',
  'account-not-found': 'Choose one of your accounts',
  'source-not-found': 'Choose one of your accounts to take the money from',
  'same-account': 'Choose a different account to take the money from',
  'amount-over-balance': 'Enter no more than the balance of the account the money comes from',
};

/** One licence before and after the deposit; money is the saver's (their share of joint accounts). */
export type LicenceChange = {
  key: string;
  name: string;
  brands: string[];
  limit: AppliedLimit;
  beforePence: Pence;
  afterPence: Pence;
  atRiskBeforePence: Pence;
  atRiskAfterPence: Pence;
  limitUsedPercentBefore: number | null;
  limitUsedPercentAfter: number | null;
  alertLevelBefore: AlertLevel;
  alertLevelAfter: AlertLevel;
  /** True for the licence the money goes to. */
  receivesDeposit: boolean;
  /** True for the licence the money comes from (a move between the saver's accounts). */
  givesMoney: boolean;
};

export type SimulationResult = {
  ok: true;
  accountId: string;
  fromAccountId: string | null;
  amountPence: Pence;
  before: ProtectionPicture;
  after: ProtectionPicture;
  /** Every licence, the one receiving the money first, then the one it comes from. */
  licences: LicenceChange[];
  badgeBefore: ProtectionBadge;
  badgeAfter: ProtectionBadge;
  /** The receiving account's rate; null when it earns no cash interest (a stocks and shares ISA, a pension). */
  rateBps: Bps | null;
  /** The rate of the account the money comes from; null for new money, or when it earns no cash interest. */
  fromRateBps: Bps | null;
  /**
   * A year's interest on every account that earns cash interest, each whole balance at its rate
   * rounded down (pence), added up: the whole portfolio, before and after.
   */
  yearlyInterestBeforePence: Pence;
  yearlyInterestAfterPence: Pence;
  interestChangePence: Pence;
};

/** A year's simple interest on `balancePence` at `rateBps`, rounded down; nothing on an overdrawn balance. */
export function yearlyInterestPence(balancePence: Pence, rateBps: Bps): Pence {
  return balancePence > 0 ? Math.floor((balancePence * rateBps) / 10_000) : 0;
}

/** A year's interest on the whole portfolio: every account that earns cash interest, each rounded down. */
export function portfolioYearlyInterestPence(accounts: readonly SmartPigAccount[]): Pence {
  return accounts.reduce(
    (sum, a) => sum + (a.earnsCashInterest ? yearlyInterestPence(a.input.balancePence, a.interestRateBps) : 0),
    0,
  );
}

/**
 * The status to show beside the money not protected: the picture's badge, except that money not
 * protected is never "fully protected" (the badge's 99% band would say so of £1,000 in £200,000).
 */
export function simulationStatus(picture: ProtectionPicture): ProtectionBadge {
  return picture.badge === 'fully-protected' && picture.totals.atRiskPence > 0 ? 'mostly-protected' : picture.badge;
}

function change(
  before: LicenceGroup | undefined,
  after: LicenceGroup,
  receives: boolean,
  gives: boolean,
): LicenceChange {
  return {
    key: after.key,
    name: after.name,
    brands: after.brands,
    limit: after.limit,
    beforePence: before?.totalPence ?? 0,
    afterPence: after.totalPence,
    atRiskBeforePence: before?.atRiskPence ?? 0,
    atRiskAfterPence: after.atRiskPence,
    limitUsedPercentBefore: before?.limitUsedPercent ?? null,
    limitUsedPercentAfter: after.limitUsedPercent,
    alertLevelBefore: before?.alertLevel ?? 'none',
    alertLevelAfter: after.alertLevel,
    receivesDeposit: receives,
    givesMoney: gives,
  };
}

/**
 * What adding `deposit.amountPence` (whole pence, more than 0) to one of `accounts` would do on
 * `date` (UK), with any admin override of the deposit limit; with `fromAccountId`, taking it from
 * that account. Pure: nothing is saved.
 */
export function simulateDeposit(
  accounts: readonly SmartPigAccount[],
  deposit: SimulatedDeposit,
  date: CalendarDate,
  override?: DepositLimitOverride,
): SimulationResult | { ok: false; reason: SimulationRefusal } {
  const { accountId, amountPence } = deposit;
  const fromAccountId = deposit.fromAccountId ?? null;
  if (!Number.isSafeInteger(amountPence) || amountPence <= 0) return { ok: false, reason: 'amount-not-positive' };
  if (amountPence > MAX_ACCOUNT_MONEY_PENCE) return { ok: false, reason: 'amount-too-large' };
  const target = accounts.find((a) => a.input.id === accountId);
  if (!target) return { ok: false, reason: 'account-not-found' };
  const source = fromAccountId === null ? null : accounts.find((a) => a.input.id === fromAccountId);
  if (source === undefined) return { ok: false, reason: 'source-not-found' };
  if (source === target) return { ok: false, reason: 'same-account' };
  if (source && amountPence > source.input.balancePence) return { ok: false, reason: 'amount-over-balance' };
  const before = protectionPicture(accounts, date, override);
  const moved = (a: SmartPigAccount, change: Pence) => ({
    ...a,
    input: { ...a.input, balancePence: a.input.balancePence + change },
  });
  const afterAccounts = accounts.map((a) =>
    a === target ? moved(a, amountPence) : a === source ? moved(a, -amountPence) : a,
  );
  const after = protectionPicture(afterAccounts, date, override);
  const beforeByKey = new Map(before.groups.map((g) => [g.key, g]));
  const rank = (l: LicenceChange) => (l.receivesDeposit ? 0 : l.givesMoney ? 1 : 2);
  const licences = after.groups
    .map((group) =>
      change(
        beforeByKey.get(group.key),
        group,
        group.accounts.some((a) => a.id === accountId),
        fromAccountId !== null && group.accounts.some((a) => a.id === fromAccountId),
      ),
    )
    .sort((a, b) => rank(a) - rank(b));
  const rateBps = target.earnsCashInterest ? target.interestRateBps : null;
  const yearlyInterestBeforePence = portfolioYearlyInterestPence(accounts);
  const yearlyInterestAfterPence = portfolioYearlyInterestPence(afterAccounts);
  return {
    ok: true,
    accountId,
    fromAccountId,
    amountPence,
    before,
    after,
    licences,
    badgeBefore: simulationStatus(before),
    badgeAfter: simulationStatus(after),
    rateBps,
    fromRateBps: source?.earnsCashInterest ? source.interestRateBps : null,
    yearlyInterestBeforePence,
    yearlyInterestAfterPence,
    interestChangePence: yearlyInterestAfterPence - yearlyInterestBeforePence,
  };
}
