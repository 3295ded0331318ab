import { describe, expect, it } from 'vitest';
import type { TermEvent } from './events.ts';
import { type AccountFacts, evaluateTerm, type FactTransaction, termLastDay, type TermStatus } from './status.ts';
import type { TermInputs, TermType } from './templates.ts';

// Golden cases by hand from 001 §9: an end date warns within 30 days; caps warn at 80% and alert at
// 100%; a withdrawal limit warns with one left (and alerts with none: ADR 0028); a minimum deposit
// warns while nothing is deposited in the period. Today is Saturday 21 November 2026 unless a case
// says otherwise (tax year 2026/27: 6 April 2026 to 5 April 2027).
const TODAY = '2026-11-21';

const deposit = (date: string, amountPence: number): FactTransaction => ({ date, type: 'deposit', amountPence });
const withdrawal = (date: string, amountPence = 10_00): FactTransaction => ({
  date,
  type: 'withdrawal',
  amountPence: -amountPence,
});

type Case<T extends TermType> = {
  name: string;
  inputs: TermInputs<T>;
  transactions?: FactTransaction[];
  events?: TermEvent[];
  openedOn?: string | null;
  balancePence?: number;
  inputsSavedOn?: string | null;
  today?: string;
  status: TermStatus;
  /** Texts every one of which appears among the insight badges and alerts. */
  says?: string[];
};

function judge<T extends TermType>(termType: T, c: Case<T>) {
  const facts: AccountFacts = {
    openedOn: c.openedOn ?? null,
    balancePence: c.balancePence ?? 0,
    transactions: c.transactions ?? [],
  };
  return evaluateTerm(
    { termType, inputs: c.inputs, historicalEvents: c.events ?? [], inputsSavedOn: c.inputsSavedOn ?? null },
    facts,
    c.today ?? TODAY,
  );
}

function table<T extends TermType>(termType: T, cases: Case<T>[]) {
  describe(termType, () => {
    it.each(cases)('$name → $status', (c) => {
      const result = judge(termType, c);
      expect(result.status).toBe(c.status);
      const texts = [...result.insights.map((i) => i.text), ...result.alerts.map((a) => a.message)].join('\n');
      for (const text of c.says ?? []) expect(texts).toContain(text);
    });
  });
}

const threeAYear = { maxWithdrawals: 3, period: 'calendar_year', penalty: "90 days' interest" } as const;

table('withdrawal_limit', [
  {
    name: 'none made of 3 this calendar year',
    inputs: threeAYear,
    status: 'ok',
    says: ['3 withdrawals left this calendar year'],
  },
  {
    name: 'one made: 2 left',
    inputs: threeAYear,
    transactions: [withdrawal('2026-02-01')],
    status: 'ok',
    says: ['1 of 3 withdrawals used this calendar year', '2 withdrawals left'],
  },
  {
    name: 'two made: one left, resetting on 1 January',
    inputs: threeAYear,
    transactions: [withdrawal('2026-02-01'), withdrawal('2026-06-01')],
    status: 'warning',
    says: ['1 withdrawal left this calendar year', 'The next one frees up on 1 Jan 2027.'],
  },
  {
    name: 'three made: none left',
    inputs: threeAYear,
    transactions: [withdrawal('2026-01-01'), withdrawal('2026-02-01'), withdrawal('2026-11-21')],
    status: 'alert',
    says: ["No withdrawals left this calendar year. Another withdrawal may cost: 90 days' interest."],
  },
  {
    name: 'four made: one over',
    inputs: threeAYear,
    transactions: ['2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01'].map((d) => withdrawal(d)),
    status: 'alert',
    says: ['1 withdrawal over the limit', "Check for the penalty: 90 days' interest."],
  },
  {
    name: 'last year’s withdrawals (31 December 2025) and deposits do not count',
    inputs: threeAYear,
    transactions: [
      withdrawal('2025-12-31'),
      withdrawal('2025-12-30'),
      deposit('2026-05-01', 100_00),
      withdrawal('2026-05-02'),
    ],
    status: 'ok',
    says: ['2 withdrawals left'],
  },
  {
    name: 'monthly: one of 2 made this month',
    inputs: { maxWithdrawals: 2, period: 'monthly' },
    transactions: [withdrawal('2026-10-31'), withdrawal('2026-11-01')],
    status: 'warning',
    says: ['1 of 2 withdrawals used this month', 'The next one frees up on 1 Dec 2026.'],
  },
  {
    name: 'rolling 12 months: 22 November 2025 counts, 21 November 2025 does not',
    inputs: { maxWithdrawals: 2, period: 'rolling_12_months' },
    transactions: [withdrawal('2025-11-21'), withdrawal('2025-11-22')],
    status: 'warning',
    says: ['1 withdrawal left in the last 12 months', 'The next one frees up on 22 Nov 2026.'],
  },
  {
    name: 'rolling year from a 29 February opening: on 28 February 2027 a new account year has begun',
    inputs: { maxWithdrawals: 1, period: 'rolling_year_from_opening', openingDate: '2024-02-29' },
    transactions: [withdrawal('2027-02-27')],
    today: '2027-02-28',
    status: 'warning',
    says: ['1 withdrawal left this account year', 'The next one frees up on 29 Feb 2028.'],
  },
  {
    name: 'rolling year from opening uses the account’s date opened when the term has none',
    inputs: { maxWithdrawals: 1, period: 'rolling_year_from_opening' },
    openedOn: '2020-06-01',
    transactions: [withdrawal('2026-06-01')],
    status: 'alert',
    says: [
      'No withdrawals left this account year',
      'Another withdrawal may bring a penalty.',
      'frees up on 1 Jun 2027',
    ],
  },
  {
    name: 'rolling year from opening with no opening date anywhere',
    inputs: { maxWithdrawals: 1, period: 'rolling_year_from_opening' },
    status: 'neutral',
    says: ['Add the date the account was opened to track this term'],
  },
  { name: 'no withdrawals allowed, none made', inputs: { maxWithdrawals: 0, period: 'calendar_year' }, status: 'ok' },
  {
    name: 'no withdrawals allowed, one made',
    inputs: { maxWithdrawals: 0, period: 'calendar_year' },
    transactions: [withdrawal('2026-03-01')],
    status: 'alert',
  },
  { name: 'no limit given', inputs: { period: 'monthly' }, status: 'neutral' },
]);

table('fixed_term', [
  {
    name: 'ends in 31 days',
    inputs: { termEndDate: '2026-12-22' },
    status: 'ok',
    says: ['The fixed term ends on 22 Dec 2026 (in 31 days)'],
  },
  {
    name: 'ends in 30 days',
    inputs: { termEndDate: '2026-12-21' },
    status: 'warning',
    says: ['The fixed term ends in 30 days, on 21 Dec 2026. Decide where the money goes next.'],
  },
  { name: 'ends today', inputs: { termEndDate: TODAY }, status: 'warning', says: ['The fixed term ends today.'] },
  {
    name: 'ended yesterday',
    inputs: { termEndDate: '2026-11-20' },
    status: 'expired',
    says: ['The fixed term ended on 20 Nov 2026'],
  },
  {
    name: 'early access for 90 days’ interest',
    inputs: { termEndDate: '2027-11-21', earlyAccessAllowed: true, penaltyType: 'days_interest', penaltyAmount: 9000 },
    status: 'ok',
    says: ["Early access allowed, for 90 days' interest"],
  },
  { name: 'no end date', inputs: {}, status: 'neutral' },
]);

table('tiered_interest', [
  {
    name: 'the balance sits in the upper tier (a shared boundary goes to the higher tier)',
    inputs: {
      tiers: [
        { minPence: 0, maxPence: 10_000_00, rateBps: 300 },
        { minPence: 10_000_00, maxPence: null, rateBps: 450 },
      ],
    },
    balancePence: 10_000_00,
    status: 'neutral',
    says: ['Your balance of £10,000.00 earns 4.50% (the £10,000.00 or more tier)'],
  },
  { name: 'no tiers', inputs: {}, status: 'neutral' },
]);

const intro = { startDate: '2026-01-01', bonusRateBps: 500, reversionRateBps: 200 } as const;
table('intro_rate', [
  {
    name: 'not started',
    inputs: { ...intro, startDate: '2026-12-01', endDate: '2027-12-01' },
    status: 'ok',
    says: ['starts on 1 Dec 2026'],
  },
  { name: 'ends in 31 days', inputs: { ...intro, endDate: '2026-12-22' }, status: 'ok' },
  {
    name: 'ends in 30 days',
    inputs: { ...intro, endDate: '2026-12-21' },
    status: 'warning',
    says: ['The introductory rate of 5.00% ends in 30 days, on 21 Dec 2026. The rate then falls to 2.00%.'],
  },
  { name: 'ended', inputs: { ...intro, endDate: '2026-11-01' }, status: 'expired', says: ['The rate is now 2.00%'] },
]);

const hundredAMonth = { amountPence: 100_00, frequency: 'monthly' } as const;
const marked = (date: string, amountPence: number): TermEvent => ({
  type: 'deposit',
  date,
  amountPence,
  description: 'Monthly deposit logged',
});
table('minimum_deposit', [
  {
    name: 'nothing deposited this month (October’s deposit is last month’s)',
    inputs: hundredAMonth,
    transactions: [deposit('2026-10-31', 100_00)],
    status: 'warning',
    says: ['No deposit yet towards the £100.00 due by 30 Nov 2026.'],
  },
  {
    name: 'part deposited',
    inputs: hundredAMonth,
    transactions: [deposit('2026-11-02', 40_00)],
    status: 'warning',
    says: ['£40.00 of the £100.00 due by 30 Nov 2026 deposited: £60.00 to go.'],
  },
  { name: 'deposited', inputs: hundredAMonth, transactions: [deposit('2026-11-01', 100_00)], status: 'ok' },
  { name: 'marked deposited', inputs: hundredAMonth, events: [marked('2026-11-21', 100_00)], status: 'ok' },
  {
    name: 'recorded and marked are the same money: the larger counts, not the sum',
    inputs: hundredAMonth,
    transactions: [deposit('2026-11-05', 60_00)],
    events: [marked('2026-11-05', 60_00)],
    status: 'warning',
    says: ['£40.00 to go'],
  },
  {
    name: 'quarterly: a deposit on 1 October counts in October–December',
    inputs: { amountPence: 300_00, frequency: 'quarterly' },
    transactions: [deposit('2026-10-01', 300_00)],
    status: 'ok',
  },
  {
    name: 'due on the 31st from January: February’s deposit is due by the 28th',
    inputs: { ...hundredAMonth, firstDueDate: '2026-01-31' },
    transactions: [deposit('2026-01-31', 100_00)],
    today: '2026-02-15',
    status: 'warning',
    says: ['No deposit yet towards the £100.00 due by 28 Feb 2026.'],
  },
  { name: 'no amount', inputs: { frequency: 'monthly' }, status: 'neutral' },
]);

table('notice_period', [
  { name: '95 days', inputs: { noticeDays: 95 }, status: 'neutral', says: ["Withdrawals need 95 days' notice"] },
  { name: 'missing', inputs: {}, status: 'neutral', says: ['Add the notice period to track this term'] },
]);

const yearOfContributions = {
  termStartDate: '2026-01-01',
  termLengthValue: 12,
  termLengthUnit: 'months',
  maxAmountPence: 1_000_00,
} as const;
table('max_contributions_over_term', [
  { name: '79.99% paid in', inputs: yearOfContributions, transactions: [deposit('2026-03-01', 799_90)], status: 'ok' },
  {
    name: 'exactly 80% paid in',
    inputs: yearOfContributions,
    transactions: [deposit('2026-03-01', 800_00)],
    status: 'warning',
    says: ['80% of the maximum for the term used: £200.00 left.'],
  },
  {
    name: '100% paid in',
    inputs: yearOfContributions,
    transactions: [deposit('2026-03-01', 600_00), deposit('2026-06-01', 400_00)],
    status: 'alert',
    says: ['The maximum for the term is used up: pay nothing more in.'],
  },
  {
    name: 'a deposit before the term does not count',
    inputs: yearOfContributions,
    transactions: [deposit('2025-12-31', 1_000_00)],
    status: 'ok',
  },
  { name: 'ends in 31 days (last day 31 December)', inputs: yearOfContributions, today: '2026-11-30', status: 'ok' },
  {
    name: 'ends in 30 days',
    inputs: yearOfContributions,
    today: '2026-12-01',
    status: 'warning',
    says: ['The term ends in 30 days'],
  },
  { name: 'ended', inputs: yearOfContributions, today: '2027-01-01', status: 'expired' },
  { name: 'not started', inputs: { ...yearOfContributions, termStartDate: '2027-01-01' }, status: 'ok' },
  { name: 'incomplete', inputs: { termStartDate: '2026-01-01' }, status: 'neutral' },
]);

const allowance = { maxAllowancePence: 20_000_00 } as const;
table('annual_allowance', [
  {
    name: '79.99% (£15,998) used',
    inputs: allowance,
    transactions: [deposit('2026-04-06', 15_998_00)],
    status: 'ok',
    says: ['£15,998.00 of £20,000.00 used (79%)', '£4,002.00 left'],
  },
  {
    name: 'exactly 80% (£16,000) used',
    inputs: allowance,
    transactions: [deposit('2026-04-06', 16_000_00)],
    status: 'warning',
    says: ['80% of the 2026/27 allowance used: £4,000.00 left.'],
  },
  {
    name: '100% used',
    inputs: allowance,
    transactions: [deposit('2026-06-01', 20_000_00)],
    status: 'alert',
    says: ['The 2026/27 allowance is used up: pay nothing more in.'],
  },
  {
    name: 'a penny over',
    inputs: allowance,
    transactions: [deposit('2026-06-01', 20_000_01)],
    status: 'alert',
    says: ['£0.01 over the 2026/27 allowance'],
  },
  {
    name: 'a deposit on 5 April 2026 is last tax year’s; one on 6 April is this year’s',
    inputs: allowance,
    transactions: [deposit('2026-04-05', 20_000_00), deposit('2026-04-06', 1_000_00)],
    status: 'ok',
    says: ['£1,000.00 of £20,000.00 used (5%)'],
  },
  {
    name: 'the saver’s larger figure counts',
    inputs: { ...allowance, depositedToDatePence: 17_000_00 },
    transactions: [deposit('2026-06-01', 1_000_00)],
    inputsSavedOn: '2026-06-01',
    status: 'warning',
    says: ['Using your figure of £17,000.00; £1,000.00 recorded here'],
  },
  {
    name: 'a figure typed last tax year does not count this year',
    inputs: { ...allowance, depositedToDatePence: 17_000_00 },
    inputsSavedOn: '2026-04-05',
    status: 'ok',
    says: ['Your figure of £17,000.00 is from an earlier tax year: update it'],
  },
  {
    name: 'a named past tax year has expired',
    inputs: { ...allowance, taxYear: '2025/26' },
    status: 'expired',
    says: ['The 2025/26 tax year ended on 5 Apr 2026'],
  },
  {
    name: 'the tax year ends in 30 days with allowance left',
    inputs: allowance,
    today: '2027-03-06',
    status: 'warning',
    says: ['The 2026/27 tax year ends in 30 days, on 5 Apr 2027. £20,000.00 of allowance left is lost after it.'],
  },
  { name: 'the tax year ends in 31 days', inputs: allowance, today: '2027-03-05', status: 'ok' },
  {
    name: 'on 6 April 2027 it is a new tax year',
    inputs: allowance,
    transactions: [deposit('2027-04-05', 20_000_00)],
    today: '2027-04-06',
    status: 'ok',
    says: ['£0.00 of £20,000.00 used (0%)'],
  },
]);

table('flexible_isa', [
  {
    name: 'flexible, with money taken out this tax year',
    inputs: { isFlexible: true },
    transactions: [withdrawal('2026-05-01', 2_000_00)],
    status: 'neutral',
    says: ['£2,000.00 taken out in 2026/27 can be paid back by 5 Apr 2027 without using allowance'],
  },
  { name: 'not flexible', inputs: { isFlexible: false }, status: 'neutral', says: ['Not flexible'] },
]);

table('bonus_rate_isa', [
  {
    name: 'ends in 30 days',
    inputs: { endDate: '2026-12-21', bonusRateBps: 75 },
    status: 'warning',
    says: ['The bonus rate of 0.75% ends in 30 days'],
  },
  { name: 'ends in 31 days', inputs: { endDate: '2026-12-22' }, status: 'ok' },
  { name: 'ended', inputs: { endDate: '2026-01-01' }, status: 'expired' },
  { name: 'no end date', inputs: {}, status: 'neutral' },
]);

table('lifetime_isa_penalty', [
  {
    name: 'saving for a first home',
    inputs: { withdrawalPurpose: 'property' },
    status: 'neutral',
    says: ['£450,000 or less', '25% government withdrawal charge'],
  },
  {
    name: 'during the 2020/21 reduction, the charge of the day',
    inputs: { withdrawalPurpose: 'retirement' },
    today: '2020-06-01',
    status: 'neutral',
    says: ['Any other withdrawal pays a 20% government withdrawal charge'],
  },
]);

table('transfer_restrictions', [
  { name: 'locked for 31 more days', inputs: { lockEndDate: '2026-12-22' }, status: 'ok' },
  { name: 'lock ends in 30 days', inputs: { lockEndDate: '2026-12-21' }, status: 'warning' },
  { name: 'lock ended', inputs: { lockEndDate: '2026-11-20' }, status: 'expired' },
  { name: 'conditions only', inputs: { transferConditions: 'Cash only' }, status: 'neutral', says: ['Cash only'] },
]);

table('access_age', [
  { name: 'age 57', inputs: { accessAge: 57 }, status: 'neutral', says: ['from age 57'] },
  { name: 'missing', inputs: {}, status: 'neutral', says: ['Add the access age'] },
]);

const cap = { annualCapPence: 60_000_00 } as const;
table('contribution_limits', [
  { name: '79.99% paid in', inputs: cap, transactions: [deposit('2026-05-01', 47_994_00)], status: 'ok' },
  { name: 'a penny short of 80%', inputs: cap, transactions: [deposit('2026-05-01', 47_999_99)], status: 'ok' },
  {
    name: 'exactly 80%',
    inputs: cap,
    transactions: [deposit('2026-05-01', 48_000_00)],
    status: 'warning',
    says: ['80% of your 2026/27 limit used'],
  },
  { name: '100%', inputs: cap, transactions: [deposit('2026-05-01', 60_000_00)], status: 'alert' },
  {
    name: 'the saver’s figure from this tax year',
    inputs: { ...cap, contributedToDatePence: 60_000_00 },
    inputsSavedOn: '2026-04-06',
    status: 'alert',
  },
  {
    name: 'last tax year’s contributions do not count',
    inputs: cap,
    transactions: [deposit('2026-04-05', 60_000_00)],
    status: 'ok',
  },
]);

table('drawdown_monitoring', [
  {
    name: 'started',
    inputs: { drawdownStarted: true, startDate: '2026-01-01', frequency: 'monthly', amountPence: 1_000_00 },
    status: 'neutral',
    says: ['Drawing an income since 1 Jan 2026: £1,000.00 monthly'],
  },
  { name: 'not started', inputs: {}, status: 'neutral', says: ['Drawdown has not started'] },
]);

table('protected_lump_sum', [
  {
    name: '25% of £100,000',
    inputs: { percentageAllowedBps: 2500, protectedAmountPence: 30_000_00 },
    balancePence: 100_000_00,
    status: 'neutral',
    says: ['Up to 25% can be taken tax-free: about £25,000.00 of today’s balance', 'Protected amount: £30,000.00'],
  },
]);

table('charges', [
  {
    name: '0.45% of £100,000 and a £30 admin fee',
    inputs: { annualFeeBps: 45, adminFeePence: 30_00 },
    balancePence: 100_000_00,
    status: 'neutral',
    says: ['Yearly charge of 0.45%: about £450.00 a year', 'Admin fee: £30.00 a year'],
  },
]);

describe('alerts offer their action', () => {
  it('offers Mark deposited while a minimum deposit is missing', () => {
    const result = judge('minimum_deposit', { name: '', inputs: hundredAMonth, status: 'warning' });
    expect(result.alerts).toEqual([expect.objectContaining({ level: 'warning', action: 'mark-deposited' })]);
  });

  it('offers to edit a term missing its details', () => {
    const result = judge('fixed_term', { name: '', inputs: {}, status: 'neutral' });
    expect(result.alerts).toEqual([expect.objectContaining({ level: 'info', action: 'edit-term' })]);
  });
});

describe('the last day of a term', () => {
  it.each([
    ['2026-01-01', 12, 'months', '2026-12-31'],
    ['2026-01-31', 1, 'months', '2026-02-27'],
    ['2024-02-29', 1, 'years', '2025-02-27'],
    ['2026-01-01', 30, 'days', '2026-01-30'],
  ] as const)('from %s for %i %s is %s', (start, value, unit, last) => {
    expect(termLastDay(start, value, unit)).toBe(last);
  });
});
