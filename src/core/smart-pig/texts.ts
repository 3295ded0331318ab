/**
 * What Smart Pig says about each recommendation: the explanation, risks, timeframe, capacity
 * reason and the See Steps dialog's steps. The spec gives the transfer kinds and "External
 * transfers take 1-2 business days" (002 §4, §9), used verbatim; the rest is ours, in the Hub's
 * plain style. Every set of steps ends by saying the product never moves money (002 §1).
 */
import { formatLimit, formatLongDate, joinWithAnd } from '../checker/text.ts';
import { formatRate } from '../accounts/interest-rate.ts';
import type { CalendarDate } from '../dates/calendar-date.ts';
import { formatPence } from '../money/format.ts';
import type { Pence } from '../protection/types.ts';
import { ALERT_PERCENT, DIVERSIFIED_INSTITUTIONS, limitUsedPercent } from '../protection/thresholds.ts';
import { SMART_PIG_TEXTS } from './constants.ts';
import type { CapacityLimit, Holding, SourceAccess } from './portfolio.ts';
import type { RecommendationType, TransferKind } from './types.ts';

/** The last step of every recommendation: the product shows options, the saver moves the money. */
export const NEVER_MOVES_MONEY = 'SavvyPig never moves money: you make this transfer yourself, with your bank.';
/** How long a transfer within one banking group takes (ours: the spec gives only the external time). */
export const INTERNAL_TIMEFRAME = 'Usually the same day';
/** A cash ISA transfer: HMRC's ISA rules give the providers up to 15 business days. */
export const ISA_TRANSFER_TIMEFRAME = 'Up to 15 business days (an ISA transfer)';

/** One planned move, as the texts need it. Amounts in pence: `amountPence` is the whole account's. */
export type MovePlan = {
  /** Today (UK). */
  date: CalendarDate;
  type: Exclude<RecommendationType, 'diversification'>;
  from: Holding;
  /** Null: a new account with another banking group. */
  to: Holding | null;
  access: SourceAccess;
  amountPence: Pence;
  transfer: TransferKind;
  isIsaTransfer: boolean;
  usesIsaAllowance: boolean;
  /** Room at the destination's licence before the move (null: same licence, or no destination). */
  roomBeforePence: Pence | null;
  limitedBy: CapacityLimit | null;
  /** The ISA allowance left before the move, when it limited the amount. */
  isaAllowanceBeforePence: Pence;
  /** The ISA allowance left this tax year before any suggested move. */
  isaAllowanceTodayPence: Pence;
  /** Room at the destination's licence that other suggested moves take (the saver's pence). */
  keptForOthersPence: Pence;
  /** What the destination's own terms still let in before this move (whole account); null: no limit. */
  termsRoomBeforePence: Pence | null;
  /** The saver's money at the destination's licence after this move alone (today's money plus it). */
  destinationTotalAfterPence: Pence | null;
  /** True when the move also carries money for a better rate (one card per move). */
  alsoForRate: boolean;
  /** For protection: the saver's money over the limit at the source's licence before the move. */
  overLimitPence: Pence;
  limitPence: Pence;
};

function bankOf(holding: Holding): string {
  return holding.account.bankName ?? holding.licence!.name;
}

function shortDate(date: CalendarDate): string {
  return formatLongDate(date);
}

function transferTime(plan: MovePlan): string {
  if (plan.isIsaTransfer) return ISA_TRANSFER_TIMEFRAME;
  return plan.transfer === 'internal' ? INTERNAL_TIMEFRAME : SMART_PIG_TEXTS.externalTimeframe;
}

/** How long the move takes, with any notice or fixed term first. */
export function timeframeText(plan: MovePlan): string {
  const time = transferTime(plan);
  const then = time.charAt(0).toLowerCase() + time.slice(1);
  if (plan.access.kind === 'at-maturity')
    return `When the fixed term ends on ${shortDate(plan.access.endsOn)}, then ${then}`;
  if (plan.access.kind === 'notice') {
    const notice = plan.access.days === null ? 'The notice the account needs' : `${plan.access.days} days' notice`;
    return `${notice}, then ${then}`;
  }
  return plan.to === null ? `Once the new account is open, ${then}` : time;
}

export function explanationText(plan: MovePlan): string {
  const { from, to } = plan;
  const amount = formatPence(plan.amountPence);
  const limit = formatLimit(plan.limitPence);
  const toLabel = to
    ? `${to.account.name} (${bankOf(to)})`
    : plan.amountPence > plan.limitPence
      ? `new accounts with other banking groups, no more than ${limit} at each`
      : 'a new account with another banking group';
  const after =
    to && plan.destinationTotalAfterPence !== null && to.licence !== from.licence
      ? ` Your money at ${to.licence!.name} would then be ${formatPence(plan.destinationTotalAfterPence)}, within its ${limit} limit.`
      : '';
  if (plan.type === 'protection') {
    const rate =
      plan.alsoForRate && to
        ? ` ${to.account.name} also pays more: ${formatRate(to.account.interestRateBps)} rather than ${formatRate(from.account.interestRateBps)}.`
        : '';
    const covers = plan.amountPence / from.holders < plan.overLimitPence ? 'that much of it' : 'it';
    return `${formatPence(plan.overLimitPence)} of your money at ${from.licence!.name} is over the ${limit} limit, so the FSCS would not protect it. Moving ${amount} from ${from.account.name} to ${toLabel} brings ${covers} under cover.${rate}${after}`;
  }
  return `${to!.account.name} pays ${formatRate(to!.account.interestRateBps)}, more than the ${formatRate(from.account.interestRateBps)} on ${from.account.name}. Moving ${amount} there earns more interest each year.${after}`;
}

export function risksText(plan: MovePlan): string[] {
  const { from, to } = plan;
  const risks: string[] = [];
  if (to === null) {
    risks.push(
      `Brands of one banking group share one limit: choose a bank that is not part of ${joinWithAnd([from.licence!.name, ...otherNames(from)])}, or your money may still not be covered.`,
    );
  } else {
    const a = to.account;
    risks.push(`Rates can change: ${bankOf(to)} may lower the rate on ${a.name} after you move.`);
    if (a.hasIntroductoryRate) {
      risks.push(
        `${a.name} pays an introductory rate${a.introductoryRateEndsOn ? ` until ${shortDate(a.introductoryRateEndsOn)}` : ''}: it drops when the offer ends.`,
      );
    }
    if (a.noticeDays === null) risks.push(`Money in ${a.name} needs notice to withdraw.`);
    else if (a.noticeDays > 0) risks.push(`Money in ${a.name} needs ${a.noticeDays} days' notice to withdraw.`);
    if (a.fixedTerm?.endsOn && a.fixedTerm.endsOn > plan.date) {
      risks.push(
        `Money in ${a.name} is fixed until ${shortDate(a.fixedTerm.endsOn)}: taking it out earlier may cost a penalty, if it is allowed at all.`,
      );
    }
    const percent =
      plan.destinationTotalAfterPence !== null && to.licence !== from.licence
        ? limitUsedPercent(plan.destinationTotalAfterPence, plan.limitPence)
        : null;
    if (percent !== null && percent >= ALERT_PERCENT) {
      risks.push(
        `Your money at ${to.licence!.name} would reach ${percent}% of the ${formatLimit(plan.limitPence)} limit: interest paid there counts towards it too.`,
      );
    }
    if (plan.isIsaTransfer)
      risks.push(
        'Withdrawing the money yourself instead of asking for an ISA transfer would lose its tax-free status.',
      );
    if (plan.usesIsaAllowance)
      risks.push(`Paying in ${formatPence(plan.amountPence)} uses that much of your ISA allowance for this tax year.`);
  }
  if (from.holders > 1)
    risks.push(`${from.account.name} is a joint account: every holder may need to agree to the move.`);
  if (plan.type === 'protection' && plan.access.kind !== 'now')
    risks.push('Until the money moves, the amount over the limit stays unprotected.');
  return risks;
}

function otherNames(holding: Holding): string[] {
  return holding.licence!.brandNames.filter((b) => b !== holding.licence!.name);
}

/** Why the amount is less than the saver could move, or null when nothing cut it. */
export function capacityReasonText(plan: MovePlan): string | null {
  if (plan.to === null || plan.limitedBy === null) return null;
  const amount = formatPence(plan.amountPence);
  if (plan.limitedBy === 'terms') {
    return `The terms of ${plan.to.account.name} let in only ${formatPence(plan.termsRoomBeforePence ?? 0)} more, so only ${amount} can move there.`;
  }
  // Today's figures, and what other suggestions here take of them: true whichever the saver follows.
  if (plan.limitedBy === 'isa-allowance') {
    const others = plan.isaAllowanceTodayPence - plan.isaAllowanceBeforePence;
    const kept = others > 0 ? `; ${formatPence(others)} of it goes into the other ISA payments suggested here` : '';
    return `You have ${formatPence(plan.isaAllowanceTodayPence)} of ISA allowance left this tax year${kept}, so only ${amount} can go into ${plan.to.account.name}.`;
  }
  const kept =
    plan.keptForOthersPence > 0
      ? `; ${formatPence(plan.keptForOthersPence)} of it is kept for the other moves suggested here`
      : '';
  return `${plan.to.licence!.name} has room for ${formatPence((plan.roomBeforePence ?? 0) + plan.keptForOthersPence)} more of your money before the ${formatLimit(plan.limitPence)} limit${kept}, so only ${amount} can move there.`;
}

function accessStep(plan: MovePlan): string {
  const { from } = plan;
  const amount = formatPence(plan.amountPence);
  switch (plan.access.kind) {
    case 'at-maturity':
      return `Before ${shortDate(plan.access.endsOn)}, tell ${bankOf(from)} to pay ${amount} out of ${from.account.name} when its fixed term ends, rather than renew it.`;
    case 'notice':
      return plan.access.days === null
        ? `Give ${bankOf(from)} notice that you will withdraw ${amount} from ${from.account.name}.`
        : `Give ${bankOf(from)} ${plan.access.days} days' notice that you will withdraw ${amount} from ${from.account.name}.`;
    case 'now':
      return `Sign in to ${bankOf(from)} and check that ${from.account.name} has ${amount} available to withdraw.`;
  }
}

/** The See Steps dialog for a move between two accounts, or to a new account. */
export function stepsText(plan: MovePlan): string[] {
  const { from, to } = plan;
  const amount = formatPence(plan.amountPence);
  const steps: string[] = [];
  if (to === null) {
    steps.push(accessStep(plan));
    const limit = formatLimit(plan.limitPence);
    steps.push(
      plan.amountPence > plan.limitPence
        ? `Open savings accounts with banks outside ${from.licence!.name}, keeping no more than ${limit} with any one banking group. Check each bank's licence with the FSCS protection checker first: brands of one banking group share one limit.`
        : `Open a savings account with a bank outside ${from.licence!.name}. Check its banking licence with the FSCS protection checker first: brands of one banking group share one limit.`,
    );
    steps.push(
      `Send ${amount} from ${from.account.name} to the new account${plan.amountPence > plan.limitPence ? 's' : ''}. ${SMART_PIG_TEXTS.externalTimeframe} is usual.`,
    );
    steps.push(
      'Add the new account to SavvyPig and update the balance of both, so your protection picture stays right.',
    );
    steps.push(NEVER_MOVES_MONEY);
    return steps;
  }
  const fixedEnd = to.account.fixedTerm?.endsOn;
  if (fixedEnd && fixedEnd > plan.date) {
    steps.push(
      `Check with ${bankOf(to)} that ${to.account.name} still accepts deposits: many fixed-term accounts take money only when they are opened. Its fixed term ends on ${shortDate(fixedEnd)}.`,
    );
  }
  if (plan.isIsaTransfer) {
    if (plan.access.kind !== 'now') steps.push(accessStep(plan));
    steps.push(
      `Ask ${bankOf(to)} for an ISA transfer of ${amount} from your ISA ${from.account.name} at ${bankOf(from)} into ${to.account.name}. Do not withdraw the money yourself: it would lose its tax-free status.`,
    );
    steps.push(`${bankOf(to)} arranges the transfer with ${bankOf(from)}; it can take up to 15 business days.`);
  } else {
    steps.push(accessStep(plan));
    const kind =
      plan.transfer === 'internal'
        ? `Both are with ${bankOf(from)}, so this is an internal transfer.`
        : to.licence === from.licence
          ? `${bankOf(to)} and ${bankOf(from)} are separate brands of ${from.licence!.name}, so this is an external payment: it usually takes ${SMART_PIG_TEXTS.externalTimeframe}.`
          : `This is an external transfer to another banking group: it usually takes ${SMART_PIG_TEXTS.externalTimeframe}.`;
    steps.push(`Send ${amount} from ${from.account.name} to ${to.account.name} at ${bankOf(to)}. ${kind}`);
    if (plan.usesIsaAllowance)
      steps.push(`Paying into ${to.account.name} uses ${amount} of your ISA allowance for this tax year.`);
  }
  steps.push(
    'When the money arrives, update both balances in SavvyPig so your protection picture and these recommendations stay right.',
  );
  steps.push(NEVER_MOVES_MONEY);
  return steps;
}

/** The diversification recommendation's texts. */
export function diversificationTexts(args: {
  groupCount: number;
  licenceNames: string[];
  from: Holding | null;
  amountPence: Pence;
}): { explanation: string; risks: string[]; steps: string[]; timeframe: string } {
  const { groupCount, licenceNames, from } = args;
  const more = DIVERSIFIED_INSTITUTIONS - groupCount;
  const amount = formatPence(args.amountPence);
  const groups = `${groupCount} banking group${groupCount === 1 ? '' : 's'}`;
  const explanation = `Your savings are with ${groups}. Spreading them across at least ${DIVERSIFIED_INSTITUTIONS} banking groups means no single bank's failure holds up most of your money, and leaves room under each group's limit.`;
  const steps = [
    `Choose a savings account with ${more === 1 ? 'a bank' : `${more} banks`} outside ${joinWithAnd(licenceNames)}. Check each bank's licence with the FSCS protection checker first: brands of one banking group share one limit.`,
    'Open the account with the new bank.',
    from
      ? `Move up to ${amount} from ${from.account.name} into the new account${more === 1 ? '' : 's'}.`
      : `Move up to ${amount} into the new account${more === 1 ? '' : 's'}.`,
    'Add the new account to SavvyPig, so your protection picture stays right.',
    NEVER_MOVES_MONEY,
  ];
  return {
    explanation,
    risks: ['A new account may pay less interest than the one the money leaves: compare rates before you move.'],
    steps,
    timeframe: `Once the new account is open, ${SMART_PIG_TEXTS.externalTimeframe}`,
  };
}
