/**
 * The ISA allowance across every ISA the user holds, at every provider, in one tax year: how much
 * of each limit is used, what is left, where it went, and whether any limit was broken, each
 * figure exact in pence and explained in words (docs/domain.md, "ISA allowance").
 *
 * Limits (from the dated table in isa-figures.ts, never written here):
 * - one overall adult limit across Cash, Stocks and Shares, Innovative Finance and Lifetime ISAs;
 * - within it, a Lifetime ISA limit;
 * - within it, from 2027/28, a cash ISA limit for savers under the exempt age;
 * - a Junior ISA limit per child, separate from the adult limit.
 * Only new money uses allowance: transfers in never do, and on a flexible ISA money put back
 * after a withdrawal in the same tax year does not (flexible-ledger.ts).
 */
import { formatLimit, joinWithAnd } from '../checker/text.ts';
import type { CalendarDate } from '../dates/calendar-date.ts';
import { ageOn, birthdayAt } from '../dates/day-count.ts';
import type { TaxYear } from '../dates/tax-year.ts';
import { formatPence } from '../money/format.ts';
import { formatShortDate } from '../standing-orders/text.ts';
import { entriesDue } from '../transactions/scheduled.ts';
import { accountYear, type CountedSubscription, type IsaAccountYear } from './flexible-ledger.ts';
import { EARLIEST_ISA_TAX_YEAR, type IsaFigures, isaFiguresFor } from './isa-figures.ts';
import { ADULT_ISA_TYPES, type AdultIsaType, type IsaAccountInput, ISA_TYPE_NAMES } from './isa-types.ts';

export type IsaAllowanceInput = {
  taxYear: TaxYear;
  /** From the profile; null when the user has not given it (the cash cap then may apply). */
  dateOfBirth: CalendarDate | null;
  /** Every ISA the user holds, Junior ISAs they manage included. Movements of any date: only the tax year's count. */
  accounts: readonly IsaAccountInput[];
  /**
   * The UK today: movements dated after it are scheduled and use no allowance until their date
   * (ADR 0044). Omitted: every movement of the tax year counts.
   */
  today?: CalendarDate;
};

/**
 * Whether the cash ISA cap applies to this saver this tax year.
 * - `not-in-force`: before 2027/28 there is no separate cash limit.
 * - `applies`: under the exempt age for the whole tax year.
 * - `exempt`: the exempt age or over on the tax year's first day.
 * - `may-apply`: no date of birth, or the saver reaches the exempt age during the tax year (the
 *   final regulations on how age is tested are not published: docs/domain.md).
 */
export type CashCapStatus =
  | { status: 'not-in-force'; words: string }
  | { status: 'applies'; limitPence: number; exemptAge: number; words: string }
  | { status: 'exempt'; limitPence: number; exemptAge: number; words: string }
  | {
      status: 'may-apply';
      reason: 'unknown-date-of-birth' | 'reaches-exempt-age-during-year';
      limitPence: number;
      exemptAge: number;
      /** When the saver reaches the exempt age, for `reaches-exempt-age-during-year`. */
      reachesExemptAgeOn: CalendarDate | null;
      words: string;
    };

/** The key of a limit: the adult allowance, the Lifetime ISA limit, the cash cap, or one child's Junior ISA limit. */
export type IsaLimitKey = 'overall' | 'lisa' | 'cash-cap' | `jisa:${string}`;

/** One limit's use in the tax year, in pence, each figure with its words. */
export type IsaLimitUsage = {
  key: IsaLimitKey;
  limitPence: number;
  usedPence: number;
  /** What can still be paid in as new money under this limit (never below 0). */
  remainingPence: number;
  /** New money paid in over the limit (0 when within it). */
  overPence: number;
  /** The payment that first took the total over the limit, or null. */
  crossedBy: CountedSubscription | null;
  words: { limit: string; used: string; remaining: string };
};

/** A limit broken, said in words. `possible` when it depends on the cash cap that may apply. */
export type IsaOverSubscription = {
  key: IsaLimitKey;
  overPence: number;
  certainty: 'certain' | 'possible';
  crossedBy: CountedSubscription;
  words: string;
};

/** Per adult ISA type: what went in, and the most that can still go in as new money. */
export type IsaTypeUsage = {
  isaType: AdultIsaType;
  subscribedPence: number;
  replacedPence: number;
  replaceablePence: number;
  transferredInPence: number;
  /** New money that can still go into this type this tax year: the least of the limits that apply to it. */
  roomPence: number;
  words: string;
};

export type JuniorIsaUsage = IsaLimitUsage & { childKey: string; childName: string; accountIds: string[] };

export type IsaAllowanceResult = {
  taxYear: TaxYear;
  figures: IsaFigures;
  cashCap: CashCapStatus;
  /** The overall adult allowance. */
  overall: IsaLimitUsage;
  lisa: IsaLimitUsage & { bonusPence: number; bonusWords: string };
  /** Null unless the cash cap applies or may apply. */
  cash: IsaLimitUsage | null;
  byType: Record<AdultIsaType, IsaTypeUsage>;
  juniors: JuniorIsaUsage[];
  /** Every account's year through the ledger, in the order given. */
  accounts: (IsaAccountYear & { name: string; words: string })[];
  /** Money taken out of flexible ISAs that can still be put back by 5 April, pence. */
  replaceablePence: number;
  replaceableWords: string | null;
  overSubscriptions: IsaOverSubscription[];
  /** The whole picture in sentences, in reading order. */
  explanation: string[];
};

const money = (pence: number) => formatPence(pence);

function cashCapStatus(taxYear: TaxYear, figures: IsaFigures, dateOfBirth: CalendarDate | null): CashCapStatus {
  if (!figures.cashCap) {
    return {
      status: 'not-in-force',
      words: `In ${taxYear.label} all of the allowance can go into cash ISAs: there is no separate cash limit.`,
    };
  }
  const limitPence = figures.cashCap.limitPence.value;
  const exemptAge = figures.cashCap.exemptAge.value;
  const cap = `${formatLimit(limitPence)} a year`;
  const from = formatShortDate(figures.cashCap.limitPence.effectiveFrom);
  if (dateOfBirth === null) {
    return {
      status: 'may-apply',
      reason: 'unknown-date-of-birth',
      limitPence,
      exemptAge,
      reachesExemptAgeOn: null,
      words: `From ${from} savers under ${exemptAge} can pay at most ${cap} into cash ISAs. Your date of birth is not in your profile, so the cash limit may apply to you: add it to know.`,
    };
  }
  const age = ageOn(dateOfBirth, taxYear.firstDay);
  if (age >= exemptAge) {
    return {
      status: 'exempt',
      limitPence,
      exemptAge,
      words: `You are ${exemptAge} or over on ${formatShortDate(taxYear.firstDay)}, so the ${cap} cash ISA limit for savers under ${exemptAge} does not apply to you: all of the allowance can go into cash ISAs.`,
    };
  }
  const reachesOn = birthdayAt(dateOfBirth, exemptAge);
  if (reachesOn <= taxYear.lastDay) {
    return {
      status: 'may-apply',
      reason: 'reaches-exempt-age-during-year',
      limitPence,
      exemptAge,
      reachesExemptAgeOn: reachesOn,
      words: `You turn ${exemptAge} on ${formatShortDate(reachesOn)}, during ${taxYear.label}. How age is tested for the ${cap} cash ISA limit is not yet set in regulations, so the limit may apply to cash you pay in this tax year.`,
    };
  }
  return {
    status: 'applies',
    limitPence,
    exemptAge,
    words: `You are under ${exemptAge} for all of ${taxYear.label}, so at most ${cap} of your allowance can go into cash ISAs; the rest can go into other ISAs.`,
  };
}

/** Where money went, in words: '£10,000.00 into Nationwide Cash ISA and £5,000.00 into Vanguard ISA'. */
function intoAccounts(parts: { name: string; pence: number }[]): string {
  return joinWithAnd(parts.filter((p) => p.pence > 0).map((p) => `${money(p.pence)} into ${p.name}`));
}

/** Walks the subscriptions in date order and finds the one that first took their total over `limitPence`. */
function crossing(subscriptions: readonly CountedSubscription[], limitPence: number): CountedSubscription | null {
  let total = 0;
  for (const subscription of subscriptions) {
    total += subscription.amountPence;
    if (total > limitPence) return subscription;
  }
  return null;
}

function byDate(a: CountedSubscription, b: CountedSubscription): number {
  return (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) || a.order - b.order;
}

type LimitWords = { what: string; limitWords: string; nameOf: (accountId: string) => string; lastDay: CalendarDate };

function limitUsage(
  key: IsaLimitKey,
  limitPence: number,
  years: readonly (IsaAccountYear & { name: string })[],
  words: LimitWords,
): IsaLimitUsage {
  const subscriptions = years.flatMap((y) => y.subscriptions).sort(byDate);
  const usedPence = years.reduce((sum, y) => sum + y.subscribedPence, 0);
  const overPence = Math.max(0, usedPence - limitPence);
  const remainingPence = Math.max(0, limitPence - usedPence);
  const where = intoAccounts(years.map((y) => ({ name: y.name, pence: y.subscribedPence })));
  const used =
    usedPence === 0
      ? `You have paid no new money into ${words.what} yet.`
      : `You have used ${money(usedPence)} of ${words.what}: ${where}.`;
  const remaining =
    overPence > 0
      ? `Nothing is left: ${money(overPence)} has been paid in over the ${formatLimit(limitPence)} limit.`
      : remainingPence === 0
        ? `Nothing is left: the ${formatLimit(limitPence)} limit is used in full.`
        : `${money(remainingPence)} is left to pay in by ${formatShortDate(words.lastDay)}.`;
  return {
    key,
    limitPence,
    usedPence,
    remainingPence,
    overPence,
    crossedBy: crossing(subscriptions, limitPence),
    words: { limit: words.limitWords, used, remaining },
  };
}

function overWords(usage: IsaLimitUsage, what: string, nameOf: (id: string) => string, condition: string): string {
  const by = usage.crossedBy!;
  return `${condition ? `${condition}, you` : 'You'} have paid ${money(usage.usedPence)} into ${what}, ${money(usage.overPence)} over the ${formatLimit(usage.limitPence)} limit. The payment of ${money(by.amountPence)} into ${nameOf(by.accountId)} on ${formatShortDate(by.date)} took it over: tell that ISA's provider, as money over the limit cannot stay in an ISA.`;
}

/** Lifetime ISA bonus on `subscribedPence` (up to the limit), rounded half up to the penny. */
export function lisaBonusPence(subscribedPence: number, limitPence: number, bonusPercent: number): number {
  const eligible = Math.min(Math.max(0, subscribedPence), limitPence);
  // Whole-number maths: pence × percent is exact, and adding 50 before dividing by 100 rounds half up.
  return Math.floor((eligible * bonusPercent + 50) / 100);
}

function junior(
  accounts: readonly (IsaAccountYear & { name: string; input: IsaAccountInput })[],
  figures: IsaFigures,
  taxYear: TaxYear,
  nameOf: (id: string) => string,
): JuniorIsaUsage[] {
  const groups = new Map<string, (IsaAccountYear & { name: string; input: IsaAccountInput })[]>();
  for (const account of accounts) {
    if (account.input.isaType !== 'jisa') continue;
    // A Junior ISA without a child named counts as its own child: it cannot be added to another's.
    const key = account.input.childId ? `child:${account.input.childId}` : `account:${account.input.id}`;
    groups.set(key, [...(groups.get(key) ?? []), account]);
  }
  const limitPence = figures.jisaLimitPence.value;
  return [...groups.entries()].map(([childKey, group]) => {
    const named = group.find((a) => a.input.childName)?.input.childName;
    const childName = named ?? (group[0]!.input.childId ? 'your child' : `the child of ${group[0]!.name}`);
    const what = `${childName}'s Junior ISA allowance`;
    const usage = limitUsage(`jisa:${childKey}`, limitPence, group, {
      what,
      limitWords: `${childName} has a Junior ISA limit of ${formatLimit(limitPence)} for ${taxYear.label}, separate from your own allowance.`,
      nameOf,
      lastDay: taxYear.lastDay,
    });
    return { ...usage, childKey, childName, accountIds: group.map((a) => a.accountId) };
  });
}

/**
 * The ISA allowance for one tax year across all the user's ISAs: used, remaining, per type and
 * per child, over-subscriptions, in pence and words. Throws RangeError for a tax year before
 * 2017/18 or a movement that is not whole pence above 0.
 */
export function isaAllowance(input: IsaAllowanceInput): IsaAllowanceResult {
  const { taxYear } = input;
  if (taxYear.startYear < EARLIEST_ISA_TAX_YEAR) {
    throw new RangeError(`ISA figures start in ${EARLIEST_ISA_TAX_YEAR}: ${taxYear.label}`);
  }
  const figures = isaFiguresFor(taxYear);
  const { today } = input;
  const years = input.accounts.map((account) => ({
    ...accountYear(
      today === undefined ? account : { ...account, movements: entriesDue(account.movements, today) },
      taxYear,
    ),
    name: account.name,
    input: account,
  }));
  const names = new Map(input.accounts.map((a) => [a.id, a.name]));
  const nameOf = (id: string) => names.get(id) ?? id;
  const adult = years.filter((y) => y.input.isaType !== 'jisa');
  const ofType = (type: AdultIsaType) => adult.filter((y) => y.input.isaType === type);
  const period = `${taxYear.label} (${formatShortDate(taxYear.firstDay)} to ${formatShortDate(taxYear.lastDay)})`;
  const lastDay = taxYear.lastDay;

  const overall = limitUsage('overall', figures.allowancePence.value, adult, {
    what: 'your ISA allowance',
    limitWords: `Your ISA allowance for ${period} is ${formatLimit(figures.allowancePence.value)}: one limit across all your Cash, Stocks and Shares, Innovative Finance and Lifetime ISAs, at every provider.`,
    nameOf,
    lastDay,
  });

  const lisaLimit = figures.lisaLimitPence.value;
  const lisaUsage = limitUsage('lisa', lisaLimit, ofType('lisa'), {
    what: 'your Lifetime ISA limit',
    limitWords: `At most ${formatLimit(lisaLimit)} of the allowance can go into Lifetime ISAs.`,
    nameOf,
    lastDay,
  });
  const bonusPercent = figures.lisaBonusPercent.value;
  const bonusPence = lisaBonusPence(lisaUsage.usedPence, lisaLimit, bonusPercent);
  const lisa = {
    ...lisaUsage,
    bonusPence,
    bonusWords:
      lisaUsage.usedPence === 0
        ? `A Lifetime ISA earns a ${bonusPercent}% government bonus on up to ${formatLimit(lisaLimit)} a year (at most ${formatLimit(lisaBonusPence(lisaLimit, lisaLimit, bonusPercent))}).`
        : `The government adds a ${bonusPercent}% bonus: ${money(bonusPence)} on the ${money(Math.min(lisaUsage.usedPence, lisaLimit))} paid in${lisaUsage.overPence > 0 ? ` (none on the ${money(lisaUsage.overPence)} over the limit)` : ''}.`,
  };

  const cashCap = cashCapStatus(taxYear, figures, input.dateOfBirth);
  const cash =
    cashCap.status === 'applies' || cashCap.status === 'may-apply'
      ? limitUsage('cash-cap', cashCap.limitPence, ofType('cash'), {
          what: 'the cash ISA limit',
          limitWords: cashCap.words,
          nameOf,
          lastDay,
        })
      : null;

  const byType = Object.fromEntries(
    ADULT_ISA_TYPES.map((type) => {
      const typed = ofType(type);
      const sum = (pick: (y: IsaAccountYear) => number) => typed.reduce((total, y) => total + pick(y), 0);
      let roomPence = overall.remainingPence;
      if (type === 'lisa') roomPence = Math.min(roomPence, lisa.remainingPence);
      if (type === 'cash' && cash) roomPence = Math.min(roomPence, cash.remainingPence);
      const usage: IsaTypeUsage = {
        isaType: type,
        subscribedPence: sum((y) => y.subscribedPence),
        replacedPence: sum((y) => y.replacedPence),
        replaceablePence: sum((y) => y.replaceablePence),
        transferredInPence: sum((y) => y.transferredInPence),
        roomPence,
        words: '',
      };
      const limitedBy =
        type === 'lisa' && roomPence === lisa.remainingPence && roomPence < overall.remainingPence
          ? ' (the Lifetime ISA limit)'
          : type === 'cash' && cash && roomPence === cash.remainingPence && roomPence < overall.remainingPence
            ? cashCap.status === 'may-apply'
              ? ' (the cash ISA limit, if it applies to you)'
              : ' (the cash ISA limit)'
            : '';
      const room = roomPence === 0 ? `nothing more can go in` : `up to ${money(roomPence)} more can go in`;
      usage.words = `${ISA_TYPE_NAMES[type]}s: ${money(usage.subscribedPence)} of new money in ${taxYear.label}; ${room}${limitedBy}.`;
      return [type, usage];
    }),
  ) as Record<AdultIsaType, IsaTypeUsage>;

  const juniors = junior(years, figures, taxYear, nameOf);

  const accounts = years.map(({ input: account, ...year }) => ({
    ...year,
    words: accountWords(year, account, taxYear),
  }));

  const replaceable = years.filter((y) => y.replaceablePence > 0);
  const replaceablePence = replaceable.reduce((sum, y) => sum + y.replaceablePence, 0);
  const replaceableWords =
    replaceablePence === 0
      ? null
      : `You can also put back ${joinWithAnd(replaceable.map((y) => `${money(y.replaceablePence)} into ${y.name}`))} by ${formatShortDate(lastDay)} without using allowance: it was taken out of a flexible ISA this tax year. After that date it cannot be put back.`;

  const overSubscriptions: IsaOverSubscription[] = [];
  const addOver = (usage: IsaLimitUsage | null, what: string, certainty: 'certain' | 'possible', condition = '') => {
    if (!usage?.crossedBy) return;
    overSubscriptions.push({
      key: usage.key,
      overPence: usage.overPence,
      certainty,
      crossedBy: usage.crossedBy,
      words: overWords(usage, what, nameOf, condition),
    });
  };
  addOver(overall, 'adult ISAs', 'certain');
  addOver(lisa, 'Lifetime ISAs', 'certain');
  addOver(
    cash,
    'cash ISAs',
    cashCap.status === 'applies' ? 'certain' : 'possible',
    cashCap.status === 'may-apply' ? 'If the cash ISA limit applies to you' : '',
  );
  for (const child of juniors) addOver(child, `${child.childName}'s Junior ISAs`, 'certain');

  const transferredIn = adult.reduce((sum, y) => sum + y.transferredInPence, 0);
  const replaced = adult.reduce((sum, y) => sum + y.replacedPence, 0);
  const notCounted = [
    transferredIn > 0 ? `${money(transferredIn)} transferred in from other ISAs` : '',
    replaced > 0 ? `${money(replaced)} put back into flexible ISAs after taking it out this tax year` : '',
  ].filter(Boolean);

  const explanation = [
    overall.words.limit,
    overall.words.used,
    ...(notCounted.length > 0 ? [`Not counted: ${joinWithAnd(notCounted)}.`] : []),
    overall.words.remaining,
    ...(replaceableWords ? [replaceableWords] : []),
    lisa.words.limit,
    ...(lisa.usedPence > 0 ? [lisa.words.used, lisa.bonusWords] : []),
    cashCap.words,
    ...(cash && cash.usedPence > 0 ? [cash.words.used, cash.words.remaining] : []),
    ...juniors.flatMap((child) => [child.words.limit, child.words.used, child.words.remaining]),
    ...overSubscriptions.map((over) => over.words),
  ];

  return {
    taxYear,
    figures,
    cashCap,
    overall,
    lisa,
    cash,
    byType,
    juniors,
    accounts,
    replaceablePence,
    replaceableWords,
    overSubscriptions,
    explanation,
  };
}

function accountWords(year: IsaAccountYear, account: IsaAccountInput, taxYear: TaxYear): string {
  const parts = [`${account.name}: ${money(year.subscribedPence)} of new money in ${taxYear.label}`];
  if (year.transferredInPence > 0) parts.push(`${money(year.transferredInPence)} transferred in (not counted)`);
  if (year.withdrawnPence > 0) parts.push(`${money(year.withdrawnPence)} taken out`);
  if (year.replacedPence > 0) parts.push(`${money(year.replacedPence)} put back (not counted)`);
  if (year.replaceablePence > 0)
    parts.push(`${money(year.replaceablePence)} can be put back by ${formatShortDate(taxYear.lastDay)}`);
  const note =
    account.isFlexible && !year.isFlexible
      ? ` A ${ISA_TYPE_NAMES[account.isaType]} cannot be flexible, so money taken out cannot be put back without using allowance.`
      : '';
  return `${joinWithAnd(parts)}.${note}`;
}
