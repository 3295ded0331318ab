/**
 * A term's status, insight badges and alerts (001 §4 "Term status", §9 "Term alerts"), from the
 * term, the account's facts and today's UK date. The spec gives the thresholds and says the logic
 * is not shown; ours is written down in docs/domain.md ("Account terms") and ADR 0028:
 * - a term with an end date warns from 30 days before it (0–30 days left) and is expired after it;
 * - a cap (the ISA allowance, a pension contribution limit, the maximum over a term) warns from
 *   80% used and alerts from 100%;
 * - a withdrawal limit warns when one withdrawal is left and alerts when none is;
 * - a minimum deposit warns while less than the minimum has been paid in in the due period;
 * - a term with nothing to watch (or not enough details to watch it) is neutral.
 * Expired outranks everything; otherwise the worst signal wins (alert, warning, ok).
 */
import { lisaWithdrawalChargePercentOn } from '../isa/isa-figures.ts';
import type { CalendarDate } from '../dates/calendar-date.ts';
import { formatRate, formatRateInput } from '../accounts/interest-rate.ts';
import { formatPence } from '../money/format.ts';
import type { TransactionType } from '../transactions/transaction-types.ts';
import type { TermEvent } from './events.ts';
import {
  calendarMonthOf,
  calendarQuarterOf,
  type DateRange,
  duePeriodOn,
  isInRange,
  leavesRolling12MonthsOn,
  PERIOD_PHRASES,
  periodOn,
} from './periods.ts';
import { parseTaxYear, type TaxYear, taxYearOf } from './tax-year.ts';
import { addDays, addMonths, daysBetween, formatCardDate } from './term-dates.ts';
import type { TermInputs, TermInputsByType, TermType } from './templates.ts';

export const TERM_STATUSES = ['ok', 'warning', 'alert', 'expired', 'neutral'] as const;
export type TermStatus = (typeof TERM_STATUSES)[number];

/** The status badge's words (ours: the spec names the statuses only). */
export const TERM_STATUS_LABELS: Readonly<Record<TermStatus, string>> = {
  ok: 'On track',
  warning: 'Warning',
  alert: 'Action needed',
  expired: 'Expired',
  neutral: 'For information',
};

/** Days before an end date that a term starts to warn (001 §9). */
export const EXPIRY_WARNING_DAYS = 30;
/** A cap warns from this share used (001 §9), as the fraction 4/5. */
export const USAGE_WARNING_PERCENT = 80;

export type InsightType = 'success' | 'warning' | 'alert' | 'info';
export type TermInsight = { type: InsightType; text: string };
/** What an alert offers to do: log a deposit ('Mark deposited') or open the term to fill in details. */
export type TermAction = 'mark-deposited' | 'edit-term';
export type TermAlert = { level: 'error' | 'warning' | 'info'; message: string; action?: TermAction };

/** A transaction as the terms read it: signed pence (withdrawals and fees negative). */
export type FactTransaction = { date: CalendarDate; type: TransactionType; amountPence: number };

/** What the terms need to know about the account. */
export type AccountFacts = {
  /** The account's date_opened, if known. */
  openedOn: CalendarDate | null;
  balancePence: number;
  /** The account's transactions; only those in a term's period are read. */
  transactions: readonly FactTransaction[];
};

/** A term as the status reads it. */
export type TrackedTerm<T extends TermType = TermType> = {
  termType: T;
  inputs: TermInputs<T>;
  historicalEvents: readonly TermEvent[];
  /**
   * The UK date the inputs were last saved: a "paid in so far" figure belongs to the tax year it
   * was typed in. Unknown (null) takes the figure as this tax year's.
   */
  inputsSavedOn: CalendarDate | null;
};

/** How much of a cap is used: pence, or withdrawals for a withdrawal limit. */
export type TermUsage = { used: number; limit: number; unit: 'pence' | 'withdrawals'; percent: number };

export type TermEvaluation = {
  status: TermStatus;
  insights: TermInsight[];
  alerts: TermAlert[];
  /** The period the term was judged over, when it has one. */
  period: DateRange | null;
  usage: TermUsage | null;
};

const RANK: Record<TermStatus, number> = { neutral: 0, ok: 1, warning: 2, alert: 3, expired: 4 };

/** The status of several signals: expired first, then the worst of alert, warning and ok. */
export function worstStatus(statuses: readonly TermStatus[]): TermStatus {
  return statuses.reduce<TermStatus>((worst, status) => (RANK[status] > RANK[worst] ? status : worst), 'neutral');
}

/** Whole percent used, rounded down, so 79.99% reads 79% and never looks like the 80% warning. */
export function percentUsed(used: number, limit: number): number {
  return limit <= 0 ? 100 : Math.floor((used * 100) / limit);
}

/** A cap's status: alert from 100% used, warning from 80% (integer pence, no rounding at the edge). */
export function usageStatus(used: number, limit: number): TermStatus {
  if (used >= limit) return 'alert';
  return used * 100 >= limit * USAGE_WARNING_PERCENT ? 'warning' : 'ok';
}

/** An end date's status on `today`: expired after it, warning from 30 days before it to the day itself. */
export function expiryStatus(endDate: CalendarDate, today: CalendarDate): TermStatus {
  const daysLeft = daysBetween(today, endDate);
  if (daysLeft < 0) return 'expired';
  return daysLeft <= EXPIRY_WARNING_DAYS ? 'warning' : 'ok';
}

const money = (pence: number) => formatPence(pence);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** 'today', 'tomorrow', 'in 12 days', for a date not in the past. */
function inDays(days: number): string {
  if (days === 0) return 'today';
  return days === 1 ? 'tomorrow' : `in ${days} days`;
}

function sumDeposits(facts: AccountFacts, range: DateRange): number {
  return facts.transactions
    .filter((t) => t.type === 'deposit' && isInRange(t.date, range))
    .reduce((sum, t) => sum + t.amountPence, 0);
}

/**
 * The end-date signal of a term: `subject` is how a sentence names what ends ('The fixed term').
 * Warns with an alert from 30 days before; after the end date, expired.
 */
function endSignal(
  subject: string,
  endDate: CalendarDate,
  today: CalendarDate,
  advice: string,
): { status: TermStatus; insights: TermInsight[]; alerts: TermAlert[] } {
  const status = expiryStatus(endDate, today);
  const daysLeft = daysBetween(today, endDate);
  const on = formatCardDate(endDate);
  if (status === 'expired')
    return { status, insights: [{ type: 'info', text: `${subject} ended on ${on}` }], alerts: [] };
  if (status === 'warning') {
    const when = daysLeft === 0 ? 'today' : `${inDays(daysLeft)}, on ${on}`;
    return {
      status,
      insights: [{ type: 'warning', text: `${subject} ends ${inDays(daysLeft)}` }],
      alerts: [{ level: 'warning', message: `${subject} ends ${when}. ${advice}` }],
    };
  }
  return { status, insights: [{ type: 'info', text: `${subject} ends on ${on} (${inDays(daysLeft)})` }], alerts: [] };
}

function evaluation(
  status: TermStatus,
  insights: TermInsight[],
  alerts: TermAlert[] = [],
  extra: Partial<Pick<TermEvaluation, 'period' | 'usage'>> = {},
): TermEvaluation {
  return { status, insights, alerts, period: extra.period ?? null, usage: extra.usage ?? null };
}

/** Not enough details to track the term: neutral, with the way to fix it. */
function incomplete(what: string): TermEvaluation {
  return evaluation(
    'neutral',
    [{ type: 'info', text: `Add ${what} to track this term` }],
    [{ level: 'info', message: `Add ${what} to track this term.`, action: 'edit-term' }],
  );
}

type Judge<T extends TermType> = (
  inputs: TermInputs<T>,
  facts: AccountFacts,
  today: CalendarDate,
  term: TrackedTerm<T>,
) => TermEvaluation;

// ——— Savings ———

const withdrawalLimit: Judge<'withdrawal_limit'> = (inputs, facts, today) => {
  const { maxWithdrawals: max, period: kind, penalty } = inputs;
  if (max === undefined || kind === undefined) return incomplete('the number of withdrawals allowed and the period');
  const period = periodOn(kind, today, inputs.openingDate ?? facts.openedOn);
  if (period === null) return incomplete('the date the account was opened');
  const phrase = PERIOD_PHRASES[kind];
  const made = facts.transactions
    .filter((t) => t.type === 'withdrawal' && isInRange(t.date, period))
    .map((t) => t.date)
    .sort();
  const used = made.length;
  const left = max - used;
  // When the next withdrawal frees up: a fixed period resets the day after it ends; in a rolling
  // 12 months, the earliest withdrawal counted drops out.
  const resetsOn =
    kind === 'rolling_12_months'
      ? made[0] === undefined
        ? null
        : leavesRolling12MonthsOn(made[0])
      : addDays(period.end, 1);
  const reset = resetsOn === null ? '' : ` The next one frees up on ${formatCardDate(resetsOn)}.`;
  const cost = penalty ? ` Another withdrawal may cost: ${penalty}.` : ' Another withdrawal may bring a penalty.';
  const usage: TermUsage = { used, limit: max, unit: 'withdrawals', percent: percentUsed(used, max) };
  const insights: TermInsight[] = [{ type: 'info', text: `${used} of ${plural(max, 'withdrawal')} used ${phrase}` }];
  const extra = { period, usage };
  if (left < 0) {
    const over = -left;
    insights.push({ type: 'alert', text: `${plural(over, 'withdrawal')} over the limit` });
    return evaluation(
      'alert',
      insights,
      [
        {
          level: 'error',
          message: `${plural(used, 'withdrawal')} made ${phrase}, ${over} more than allowed.${penalty ? ` Check for the penalty: ${penalty}.` : ' Check whether a penalty applies.'}`,
        },
      ],
      extra,
    );
  }
  if (max === 0) return evaluation('ok', [{ type: 'info', text: 'This account allows no withdrawals' }], [], extra);
  if (left === 0) {
    insights.push({ type: 'alert', text: `No withdrawals left ${phrase}` });
    return evaluation(
      'alert',
      insights,
      [{ level: 'error', message: `No withdrawals left ${phrase}.${cost}${reset}` }],
      extra,
    );
  }
  if (left === 1) {
    insights.push({ type: 'warning', text: `1 withdrawal left ${phrase}` });
    return evaluation(
      'warning',
      insights,
      [{ level: 'warning', message: `One withdrawal left ${phrase}: the one after it may bring a penalty.${reset}` }],
      extra,
    );
  }
  insights.push({ type: 'success', text: `${left} withdrawals left ${phrase}` });
  return evaluation('ok', insights, [], extra);
};

function penaltyText(type: TermInputsByType['fixed_term']['penaltyType'] | undefined, amount: number | undefined) {
  if (type === undefined || amount === undefined) return null;
  if (type === 'percentage') return `${formatRateInput(amount)}% of the amount taken`;
  if (type === 'fixed_fee') return `a fee of ${money(amount)}`;
  return `${formatRateInput(amount)} days' interest`;
}

const fixedTerm: Judge<'fixed_term'> = (inputs, _facts, today) => {
  if (inputs.termEndDate === undefined) return incomplete('the term end date');
  const signal = endSignal('The fixed term', inputs.termEndDate, today, 'Decide where the money goes next.');
  const penalty = penaltyText(inputs.penaltyType, inputs.penaltyAmount);
  const access: TermInsight = inputs.earlyAccessAllowed
    ? { type: 'info', text: penalty ? `Early access allowed, for ${penalty}` : 'Early access allowed' }
    : { type: 'info', text: 'No early access' };
  return evaluation(signal.status, [...signal.insights, access], signal.alerts);
};

const tieredInterest: Judge<'tiered_interest'> = (inputs, facts) => {
  const tiers = inputs.tiers ?? [];
  if (tiers.length === 0) return evaluation('neutral', []);
  // Tiers are sorted by minimum; where two meet (one's maximum is the next one's minimum), the higher tier applies.
  const balance = facts.balancePence;
  const tier = [...tiers]
    .reverse()
    .find((t) => t.minPence <= balance && (t.maxPence === null || balance <= t.maxPence));
  if (!tier)
    return evaluation('neutral', [{ type: 'info', text: `Your balance of ${money(balance)} is outside every tier` }]);
  const range =
    tier.maxPence === null ? `${money(tier.minPence)} or more` : `${money(tier.minPence)} to ${money(tier.maxPence)}`;
  return evaluation('neutral', [
    { type: 'info', text: `Your balance of ${money(balance)} earns ${formatRate(tier.rateBps)} (the ${range} tier)` },
  ]);
};

function bonusRate(subject: string): Judge<'intro_rate' | 'bonus_rate_isa'> {
  return (inputs, _facts, today) => {
    const { startDate, endDate, bonusRateBps: bonus, reversionRateBps: reversion } = inputs;
    if (endDate === undefined) return incomplete('the date the rate ends');
    const named = bonus === undefined ? subject : `${subject} of ${formatRate(bonus)}`;
    if (startDate !== undefined && today < startDate)
      return evaluation('ok', [{ type: 'info', text: `${named} starts on ${formatCardDate(startDate)}` }]);
    const after =
      reversion === undefined ? 'Check the rate it falls to.' : `The rate then falls to ${formatRate(reversion)}.`;
    const signal = endSignal(named, endDate, today, `${after} Consider moving the money.`);
    const insights = [...signal.insights];
    if (signal.status === 'expired' && reversion !== undefined)
      insights.push({ type: 'info', text: `The rate is now ${formatRate(reversion)}` });
    return evaluation(signal.status, insights, signal.alerts);
  };
}

const minimumDeposit: Judge<'minimum_deposit'> = (inputs, facts, today, term) => {
  const { amountPence: minimum, frequency, firstDueDate } = inputs;
  if (minimum === undefined || frequency === undefined) return incomplete('the minimum amount and how often it is due');
  const months = frequency === 'monthly' ? 1 : 3;
  const period =
    firstDueDate !== undefined
      ? duePeriodOn(firstDueDate, months, today)
      : frequency === 'monthly'
        ? calendarMonthOf(today)
        : calendarQuarterOf(today);
  // Recorded deposits and deposits logged with 'Mark deposited' may be the same money: the larger counts.
  const recorded = sumDeposits(facts, period);
  const marked = term.historicalEvents
    .filter((e) => e.type === 'deposit' && isInRange(e.date, period))
    .reduce((sum, e) => sum + (e.amountPence ?? 0), 0);
  const paid = Math.max(recorded, marked);
  const due = formatCardDate(period.end);
  const usage: TermUsage = { used: paid, limit: minimum, unit: 'pence', percent: percentUsed(paid, minimum) };
  if (paid >= minimum)
    return evaluation(
      'ok',
      [{ type: 'success', text: `${money(paid)} deposited towards the ${money(minimum)} due by ${due}` }],
      [],
      {
        period,
        usage,
      },
    );
  const message =
    paid === 0
      ? `No deposit yet towards the ${money(minimum)} due by ${due}.`
      : `${money(paid)} of the ${money(minimum)} due by ${due} deposited: ${money(minimum - paid)} to go.`;
  return evaluation(
    'warning',
    [
      {
        type: 'warning',
        text: paid === 0 ? `Nothing deposited yet, due by ${due}` : `${money(minimum - paid)} more due by ${due}`,
      },
    ],
    [{ level: 'warning', message, action: 'mark-deposited' }],
    { period, usage },
  );
};

const noticePeriod: Judge<'notice_period'> = (inputs) => {
  const days = inputs.noticeDays;
  if (days === undefined) return incomplete('the notice period');
  const text = days === 0 ? 'No notice needed for withdrawals' : `Withdrawals need ${plural(days, 'day')}' notice`;
  return evaluation('neutral', [{ type: 'info', text }]);
};

/** The last day of a term of `value` `unit` starting on `start`: a 12-month term from 1 January ends on 31 December. */
export function termLastDay(start: CalendarDate, value: number, unit: 'days' | 'months' | 'years'): CalendarDate {
  if (unit === 'days') return addDays(start, value - 1);
  return addDays(addMonths(start, unit === 'months' ? value : value * 12), -1);
}

/** A cap's usage insights and alerts; `what` names the cap ('the 2026/27 allowance'). */
function capSignal(used: number, limit: number, what: string) {
  const status = usageStatus(used, limit);
  const percent = percentUsed(used, limit);
  const insights: TermInsight[] = [{ type: 'info', text: `${money(used)} of ${money(limit)} used (${percent}%)` }];
  const alerts: TermAlert[] = [];
  if (status === 'alert') {
    const text = used === limit ? `${what} is used up` : `${money(used - limit)} over ${what}`;
    insights.push({ type: 'alert', text });
    alerts.push({ level: 'error', message: `${text[0]!.toUpperCase()}${text.slice(1)}: pay nothing more in.` });
  } else if (status === 'warning') {
    insights.push({ type: 'warning', text: `${money(limit - used)} left` });
    alerts.push({ level: 'warning', message: `${percent}% of ${what} used: ${money(limit - used)} left.` });
  } else {
    insights.push({ type: 'success', text: `${money(limit - used)} left` });
  }
  return { status, insights, alerts, usage: { used, limit, unit: 'pence' as const, percent } };
}

const maxContributions: Judge<'max_contributions_over_term'> = (inputs, facts, today) => {
  const { termStartDate: start, termLengthValue: length, termLengthUnit: unit, maxAmountPence: max } = inputs;
  if (start === undefined || length === undefined || unit === undefined || max === undefined)
    return incomplete('the term’s start, length and maximum');
  const period = { start, end: termLastDay(start, length, unit) };
  if (today < start)
    return evaluation('ok', [{ type: 'info', text: `The term starts on ${formatCardDate(start)}` }], [], { period });
  const cap = capSignal(sumDeposits(facts, period), max, 'the maximum for the term');
  const end = endSignal('The term', period.end, today, 'Payments after it may not count.');
  if (end.status === 'expired')
    return evaluation('expired', [...end.insights, ...cap.insights.slice(0, 1)], [], { period, usage: cap.usage });
  const plan =
    inputs.paymentAmountPence !== undefined && inputs.paymentFrequency !== undefined
      ? [{ type: 'info' as const, text: `Planned: ${money(inputs.paymentAmountPence)} ${inputs.paymentFrequency}` }]
      : [];
  return evaluation(
    worstStatus([cap.status, end.status]),
    [...cap.insights, ...end.insights, ...plan],
    [...cap.alerts, ...end.alerts],
    {
      period,
      usage: cap.usage,
    },
  );
};

// ——— ISA ———

/**
 * A cap over a tax year (the ISA allowance, a pension contribution limit). Used is the recorded
 * deposits, or the saver's own "paid in so far" figure when it is larger (it may include payments
 * made before the records here start); never both added, as either may already include the other.
 * `figureCounts` is false for a figure typed in an earlier tax year: it is named, not used.
 */
function taxYearCap(
  facts: AccountFacts,
  year: TaxYear,
  limit: number,
  what: string,
  figure: { pence: number | undefined; counts: boolean },
) {
  const recorded = sumDeposits(facts, year);
  const stated = figure.counts ? figure.pence : undefined;
  const cap = capSignal(Math.max(recorded, stated ?? 0), limit, what);
  if (stated !== undefined && stated > recorded)
    cap.insights.push({
      type: 'info',
      text: `Using your figure of ${money(stated)}; ${money(recorded)} recorded here`,
    });
  if (!figure.counts && figure.pence !== undefined)
    cap.insights.push({
      type: 'info',
      text: `Your figure of ${money(figure.pence)} is from an earlier tax year: update it`,
    });
  return cap;
}

/** Whether a "paid in so far" figure saved on `savedOn` belongs to `year` (unknown: it does). */
function figureIsFor(year: TaxYear, savedOn: CalendarDate | null): boolean {
  return savedOn === null || isInRange(savedOn, year);
}

const annualAllowance: Judge<'annual_allowance'> = (inputs, facts, today, term) => {
  const max = inputs.maxAllowancePence;
  if (max === undefined) return incomplete('the allowance');
  const named = inputs.taxYear === undefined ? null : parseTaxYear(inputs.taxYear);
  const year = named ?? taxYearOf(today);
  // A figure typed for a named year is that year's; for "this tax year", the year it was typed in.
  const counts = named !== null || figureIsFor(year, term.inputsSavedOn);
  const cap = taxYearCap(facts, year, max, `the ${year.label} allowance`, {
    pence: inputs.depositedToDatePence,
    counts,
  });
  const { insights } = cap;
  const used = cap.usage.used;
  const extra = { period: { start: year.start, end: year.end }, usage: cap.usage };
  if (today > year.end)
    return evaluation(
      'expired',
      [
        { type: 'info', text: `The ${year.label} tax year ended on ${formatCardDate(year.end)}` },
        ...insights.slice(0, 1),
      ],
      [],
      extra,
    );
  // Allowance left at the end of the tax year is lost: the year's end warns like any end date, while room is left.
  const end =
    used < max
      ? endSignal(
          `The ${year.label} tax year`,
          year.end,
          today,
          `${money(max - used)} of allowance left is lost after it.`,
        )
      : null;
  const endWarns = end !== null && end.status === 'warning';
  return evaluation(
    worstStatus([cap.status, endWarns ? 'warning' : 'ok']),
    [...insights, ...(endWarns ? end.insights : [])],
    [...cap.alerts, ...(endWarns ? end.alerts : [])],
    extra,
  );
};

const flexibleIsa: Judge<'flexible_isa'> = (inputs, facts, today) => {
  if (inputs.isFlexible === undefined) return incomplete('whether the ISA is flexible');
  if (!inputs.isFlexible)
    return evaluation('neutral', [
      { type: 'info', text: 'Not flexible: money paid back in after a withdrawal uses allowance again' },
    ]);
  const year = taxYearOf(today);
  const withdrawn = -facts.transactions
    .filter((t) => t.type === 'withdrawal' && isInRange(t.date, year))
    .reduce((sum, t) => sum + t.amountPence, 0);
  const insights: TermInsight[] = [
    { type: 'info', text: 'Flexible: money taken out can be paid back in the same tax year without using allowance' },
  ];
  if (withdrawn > 0)
    insights.push({
      type: 'info',
      text: `${money(withdrawn)} taken out in ${year.label} can be paid back by ${formatCardDate(year.end)} without using allowance`,
    });
  return evaluation('neutral', insights);
};

const LISA_PURPOSE_TEXT = {
  property: 'Withdrawals to buy a first home costing £450,000 or less are free of the charge',
  retirement: 'Withdrawals from age 60 are free of the charge',
  terminal_illness: 'Withdrawals with less than 12 months to live are free of the charge',
} as const;

const lifetimeIsaPenalty: Judge<'lifetime_isa_penalty'> = (inputs, _facts, today) => {
  const insights: TermInsight[] = [];
  if (inputs.withdrawalPurpose !== undefined)
    insights.push({ type: 'info', text: LISA_PURPOSE_TEXT[inputs.withdrawalPurpose] });
  const charge = lisaWithdrawalChargePercentOn(today).value;
  insights.push({ type: 'warning', text: `Any other withdrawal pays a ${charge}% government withdrawal charge` });
  return evaluation('neutral', insights);
};

const transferRestrictions: Judge<'transfer_restrictions'> = (inputs, _facts, today) => {
  const conditions: TermInsight[] = inputs.transferConditions
    ? [{ type: 'info', text: inputs.transferConditions }]
    : [];
  if (inputs.lockEndDate === undefined) return evaluation('neutral', conditions);
  const signal = endSignal(
    'The transfer lock',
    inputs.lockEndDate,
    today,
    'You can then transfer the ISA without losing its terms.',
  );
  return evaluation(signal.status, [...signal.insights, ...conditions], signal.alerts);
};

// ——— Pension ———

const accessAge: Judge<'access_age'> = (inputs) =>
  inputs.accessAge === undefined
    ? incomplete('the access age')
    : evaluation('neutral', [
        { type: 'info', text: `You can take money from this pension from age ${inputs.accessAge}` },
      ]);

const contributionLimits: Judge<'contribution_limits'> = (inputs, facts, today, term) => {
  const cap = inputs.annualCapPence;
  if (cap === undefined) return incomplete('the yearly limit');
  const year = taxYearOf(today);
  const signal = taxYearCap(facts, year, cap, `your ${year.label} limit`, {
    pence: inputs.contributedToDatePence,
    counts: figureIsFor(year, term.inputsSavedOn),
  });
  const insights = signal.insights;
  return evaluation(signal.status, insights, signal.alerts, {
    period: { start: year.start, end: year.end },
    usage: signal.usage,
  });
};

const drawdownMonitoring: Judge<'drawdown_monitoring'> = (inputs) => {
  if (!inputs.drawdownStarted) return evaluation('neutral', [{ type: 'info', text: 'Drawdown has not started' }]);
  const since = inputs.startDate === undefined ? '' : ` since ${formatCardDate(inputs.startDate)}`;
  const amount =
    inputs.amountPence === undefined
      ? ''
      : `: ${money(inputs.amountPence)}${inputs.frequency ? ` ${inputs.frequency}` : ''}`;
  return evaluation('neutral', [{ type: 'info', text: `Drawing an income${since}${amount}` }]);
};

/** `balance` × `bps` / 10,000, to the nearest penny (a half penny up): an estimate, rounded once. */
function shareOf(balancePence: number, bps: number): number {
  return Math.round((Math.max(0, balancePence) * bps) / 10_000);
}

const protectedLumpSum: Judge<'protected_lump_sum'> = (inputs, facts) => {
  const bps = inputs.percentageAllowedBps;
  if (bps === undefined) return incomplete('the tax-free percentage');
  const insights: TermInsight[] = [
    {
      type: 'info',
      text: `Up to ${formatRateInput(bps)}% can be taken tax-free: about ${money(shareOf(facts.balancePence, bps))} of today’s balance`,
    },
  ];
  if (inputs.protectedAmountPence !== undefined)
    insights.push({ type: 'info', text: `Protected amount: ${money(inputs.protectedAmountPence)}` });
  return evaluation('neutral', insights);
};

const charges: Judge<'charges'> = (inputs, facts) => {
  const insights: TermInsight[] = [];
  if (inputs.annualFeeBps !== undefined)
    insights.push({
      type: 'info',
      text: `Yearly charge of ${formatRateInput(inputs.annualFeeBps)}%: about ${money(shareOf(facts.balancePence, inputs.annualFeeBps))} a year on today’s balance`,
    });
  if (inputs.adminFeePence !== undefined)
    insights.push({ type: 'info', text: `Admin fee: ${money(inputs.adminFeePence)} a year` });
  return evaluation('neutral', insights);
};

const JUDGES: { [T in TermType]: Judge<T> } = {
  withdrawal_limit: withdrawalLimit,
  fixed_term: fixedTerm,
  tiered_interest: tieredInterest,
  intro_rate: bonusRate('The introductory rate'),
  minimum_deposit: minimumDeposit,
  notice_period: noticePeriod,
  max_contributions_over_term: maxContributions,
  annual_allowance: annualAllowance,
  flexible_isa: flexibleIsa,
  bonus_rate_isa: bonusRate('The bonus rate'),
  lifetime_isa_penalty: lifetimeIsaPenalty,
  transfer_restrictions: transferRestrictions,
  access_age: accessAge,
  contribution_limits: contributionLimits,
  drawdown_monitoring: drawdownMonitoring,
  protected_lump_sum: protectedLumpSum,
  charges,
};

/** A term's status, insight badges and alerts on `today` (the UK date), from the account's facts. */
export function evaluateTerm<T extends TermType>(
  term: TrackedTerm<T>,
  facts: AccountFacts,
  today: CalendarDate,
): TermEvaluation {
  const judge = JUDGES[term.termType] as Judge<T>;
  return judge(term.inputs, facts, today, term);
}

/**
 * Whether a term's alerts go to the user's notifications (the card shows them regardless): only
 * with 'Enable notifications for this term' on, and only a warning, an alert or an expiry.
 */
export function notifiesAbout(
  notificationsEnabled: boolean,
  evaluationResult: Pick<TermEvaluation, 'status'>,
): boolean {
  return (
    notificationsEnabled &&
    (evaluationResult.status === 'warning' ||
      evaluationResult.status === 'alert' ||
      evaluationResult.status === 'expired')
  );
}
