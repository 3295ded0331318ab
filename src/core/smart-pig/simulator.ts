/**
 * The what-if simulator: "if I add £X to account Y", before anything is saved. It works out the
 * protection picture (the Hub's, with its badge and alerts) as it is and with the money added, the
 * exposure per licence before and after, and how much more interest a year the money would earn
 * at the account's rate. The spec: the amount must be present and greater than 0, otherwise
 * nothing happens (002 §5); the result says why, and the page does nothing.
 */
import { MAX_ACCOUNT_MONEY_PENCE } from '../accounts/account-schema.ts';
import type { Bps } from '../accounts/interest-rate.ts';
import type { CalendarDate } from '../dates/calendar-date.ts';
import type { AppliedLimit, DepositLimitOverride } from '../protection/limits.ts';
import { type LicenceGroup, type ProtectionPicture, protectionPicture } from '../protection/picture.ts';
import type { AlertLevel, ProtectionBadge } from '../protection/thresholds.ts';
import type { Pence } from '../protection/types.ts';
import type { SmartPigAccount } from './types.ts';

export type SimulatedDeposit = { accountId: string; amountPence: Pence };

/** Why nothing was simulated. */
export type SimulationRefusal = 'amount-not-positive' | 'amount-too-large' | 'account-not-found';

/** Our words for a refusal (the spec shows none: nothing happens), for a route or page that wants them. */
export const SIMULATION_MESSAGES: Readonly<Record<SimulationRefusal, string>> = {
  'amount-not-positive': 'Enter an amount of more than £0',
  'amount-too-large': 'Enter an amount of £1,000,000,000 or less',
  'account-not-found': 'Choose one of your accounts',
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
};

export type SimulationResult = {
  ok: true;
  accountId: string;
  amountPence: Pence;
  before: ProtectionPicture;
  after: ProtectionPicture;
  /** Every licence, the one receiving the money first. */
  licences: LicenceChange[];
  badgeBefore: ProtectionBadge;
  badgeAfter: ProtectionBadge;
  rateBps: Bps;
  /** A year's interest on the account's whole balance, at its rate, rounded down (pence). */
  yearlyInterestBeforePence: Pence;
  yearlyInterestAfterPence: Pence;
  interestChangePence: Pence;
};

/** A year's simple interest on `balancePence` at `rateBps`, rounded down; nothing on an overdrawn balance. */
export function yearlyInterestPence(balancePence: Pence, rateBps: Bps): Pence {
  return balancePence > 0 ? Math.floor((balancePence * rateBps) / 10_000) : 0;
}

function change(before: LicenceGroup | undefined, after: LicenceGroup, receives: boolean): LicenceChange {
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
  };
}

/**
 * What adding `deposit.amountPence` (whole pence, more than 0) to one of `accounts` would do on
 * `date` (UK), with any admin override of the deposit limit. Pure: nothing is saved.
 */
export function simulateDeposit(
  accounts: readonly SmartPigAccount[],
  deposit: SimulatedDeposit,
  date: CalendarDate,
  override?: DepositLimitOverride,
): SimulationResult | { ok: false; reason: SimulationRefusal } {
  const { accountId, amountPence } = deposit;
  if (!Number.isSafeInteger(amountPence) || amountPence <= 0) return { ok: false, reason: 'amount-not-positive' };
  if (amountPence > MAX_ACCOUNT_MONEY_PENCE) return { ok: false, reason: 'amount-too-large' };
  const target = accounts.find((a) => a.input.id === accountId);
  if (!target) return { ok: false, reason: 'account-not-found' };
  const before = protectionPicture(accounts, date, override);
  const after = protectionPicture(
    accounts.map((a) =>
      a === target ? { ...a, input: { ...a.input, balancePence: a.input.balancePence + amountPence } } : a,
    ),
    date,
    override,
  );
  const beforeByKey = new Map(before.groups.map((g) => [g.key, g]));
  const licences = after.groups
    .map((group) =>
      change(
        beforeByKey.get(group.key),
        group,
        group.accounts.some((a) => a.id === accountId),
      ),
    )
    .sort((a, b) => Number(b.receivesDeposit) - Number(a.receivesDeposit));
  const rateBps = target.interestRateBps;
  const yearlyInterestBeforePence = yearlyInterestPence(target.input.balancePence, rateBps);
  const yearlyInterestAfterPence = yearlyInterestPence(target.input.balancePence + amountPence, rateBps);
  return {
    ok: true,
    accountId,
    amountPence,
    before,
    after,
    licences,
    badgeBefore: before.badge,
    badgeAfter: after.badge,
    rateBps,
    yearlyInterestBeforePence,
    yearlyInterestAfterPence,
    interestChangePence: yearlyInterestAfterPence - yearlyInterestBeforePence,
  };
}
