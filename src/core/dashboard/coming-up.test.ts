import { describe, expect, it } from 'vitest';
import {
  type InterestTerms,
  type UpcomingOrder,
  balanceLineFirstPoint,
  comingUp,
  comingUpFrom,
  comingUpWindow,
  interestPaymentDates,
  standingOrderPaymentsBetween,
} from './coming-up.ts';

const terms = (over: Partial<InterestTerms>): InterestTerms => ({
  interestRateBps: 400,
  interestFrequency: 'Monthly',
  interestPaymentDay: null,
  interestPaymentMonth: null,
  dateOpened: null,
  annualInterestPayment: false,
  annualInterestDay: null,
  interimInterestSchedule: [],
  ...over,
});

describe('interestPaymentDates', () => {
  //      February 2027          March 2027
  // Mo Tu We Th Fr Sa Su   Mo Tu We Th Fr Sa Su
  //  1  2  3  4  5  6  7    1  2  3  4  5  6  7
  // …                22 … 28   … 29 30 31
  it('lists a monthly payment day in each month of the window, the 31st on the last day of February', () => {
    expect(interestPaymentDates(terms({ interestPaymentDay: 31 }), '2027-02-10', '2027-03-31')).toEqual([
      '2027-02-28',
      '2027-03-31',
    ]);
  });

  it('takes the day the account was opened when monthly interest has no payment day, and lists nothing without either', () => {
    expect(interestPaymentDates(terms({ dateOpened: '2024-06-15' }), '2026-11-22', '2026-12-22')).toEqual([
      '2026-12-15',
    ]);
    expect(interestPaymentDates(terms({}), '2026-11-22', '2026-12-22')).toEqual([]);
  });

  it('lists nothing for a 0% account, daily, on-demand or at-maturity interest', () => {
    expect(
      interestPaymentDates(terms({ interestRateBps: 0, interestPaymentDay: 1 }), '2026-11-22', '2026-12-22'),
    ).toEqual([]);
    for (const interestFrequency of ['Daily', 'On Demand', 'At Maturity'])
      expect(
        interestPaymentDates(terms({ interestFrequency, interestPaymentDay: 1 }), '2026-11-22', '2026-12-22'),
      ).toEqual([]);
  });

  it('pays quarterly interest at the end of March, June, September and December unless a month and day are set', () => {
    expect(interestPaymentDates(terms({ interestFrequency: 'Quarterly' }), '2026-11-22', '2026-12-22')).toEqual([]);
    expect(interestPaymentDates(terms({ interestFrequency: 'Quarterly' }), '2026-12-01', '2026-12-31')).toEqual([
      '2026-12-31',
    ]);
    expect(
      interestPaymentDates(
        terms({ interestFrequency: 'Quarterly', interestPaymentMonth: 2, interestPaymentDay: 5 }),
        '2026-11-01',
        '2026-12-10',
      ),
    ).toEqual(['2026-11-05']);
  });

  it('pays annual interest in the payment month, else on the anniversary of opening', () => {
    expect(
      interestPaymentDates(
        terms({ interestFrequency: 'Annually', interestPaymentMonth: 12, interestPaymentDay: 1 }),
        '2026-11-22',
        '2026-12-22',
      ),
    ).toEqual(['2026-12-01']);
    expect(
      interestPaymentDates(
        terms({ interestFrequency: 'Annually', dateOpened: '2020-12-03' }),
        '2026-11-22',
        '2026-12-22',
      ),
    ).toEqual(['2026-12-03']);
    expect(interestPaymentDates(terms({ interestFrequency: 'Annually' }), '2026-11-22', '2026-12-22')).toEqual([]);
  });

  it('adds the once-a-year day and the interim schedule after opening, without repeating a date', () => {
    const account = terms({
      interestFrequency: 'Daily',
      dateOpened: '2025-12-10',
      annualInterestPayment: true,
      annualInterestDay: 20,
      interimInterestSchedule: [
        { kind: 'offset', offsetValue: 12, offsetUnit: 'months', dayOfMonth: null },
        { kind: 'recurring', unit: 'weeks', every: 50, count: 2, dayOfMonth: null },
        { kind: 'custom', dates: ['2026-12-20', '2027-05-01'] },
      ],
    });
    // 50 weeks after 10/12/2025 is 25/11/2026 (100 weeks is too late); 12 months after is 10/12/2026;
    // the 20th is both the once-a-year day and a custom date.
    expect(interestPaymentDates(account, '2026-11-22', '2026-12-22')).toEqual([
      '2026-11-25',
      '2026-12-10',
      '2026-12-20',
    ]);
  });
});

describe('standingOrderPaymentsBetween', () => {
  const order = (over: Partial<UpcomingOrder>): UpcomingOrder => ({
    frequency: 'weekly',
    startDate: '2026-11-02',
    endDate: null,
    paymentDay: null,
    maxPayments: null,
    amountPence: 5_000,
    firstPaymentAmountPence: 9_000,
    lastPaidDate: null,
    ...over,
  });

  it('lists the payments from today to the end of the window, after the last one paid, the first at its own amount', () => {
    expect(standingOrderPaymentsBetween(order({ startDate: '2026-11-23' }), '2026-11-22', '2026-12-07')).toEqual([
      { date: '2026-11-23', amountPence: 9_000 },
      { date: '2026-11-30', amountPence: 5_000 },
      { date: '2026-12-07', amountPence: 5_000 },
    ]);
    expect(
      standingOrderPaymentsBetween(order({ lastPaidDate: '2026-11-16' }), '2026-11-22', '2026-12-01').map(
        (p) => p.date,
      ),
    ).toEqual(['2026-11-23', '2026-11-30']);
  });

  it('stops at the end date and the number of payments, and leaves out payments already due', () => {
    expect(
      standingOrderPaymentsBetween(order({ endDate: '2026-11-29' }), '2026-11-22', '2026-12-22').map((p) => p.date),
    ).toEqual(['2026-11-23']);
    expect(standingOrderPaymentsBetween(order({ maxPayments: 4 }), '2026-11-22', '2026-12-22')).toEqual([
      { date: '2026-11-23', amountPence: 5_000 },
    ]);
  });
});

describe('comingUp', () => {
  it('puts the soonest first, and on one day a temporary high balance ending before payments and interest', () => {
    const item = (kind: 'standing-order' | 'interest' | 'temporary-high-balance-ends', date: string, name: string) => ({
      kind,
      date,
      accountId: null,
      name,
      amountPence: null,
    });
    const { items, moreCount } = comingUp(
      [
        item('interest', '2026-12-01', 'B'),
        item('standing-order', '2026-12-01', 'C'),
        item('temporary-high-balance-ends', '2026-12-01', 'D'),
        item('interest', '2026-11-23', 'A'),
      ],
      3,
    );
    expect(items.map((i) => i.name)).toEqual(['A', 'D', 'C']);
    expect(moreCount).toBe(1);
  });

  it('covers today and the next 30 days, and draws the balance line over 12 months of month ends', () => {
    expect(comingUpWindow('2026-11-22')).toEqual({ from: '2026-11-22', to: '2026-12-22' });
    expect(balanceLineFirstPoint('2026-11-22')).toBe('2025-11-30');
    expect(balanceLineFirstPoint('2027-03-31')).toBe('2026-03-31');
    expect(balanceLineFirstPoint('2026-02-01')).toBe('2025-02-28');
  });
});

describe('a fixed term maturing (issue 24)', () => {
  const facts = (over: { dateOpened?: string; fixedTermEndsOn?: string | null; accountType?: string }) => ({
    accountNames: new Map([['b', 'One-year bond']]),
    interest: [],
    orders: [],
    temporaryHighBalances: [],
    maturities: [
      {
        accountId: 'b',
        balancePence: 10_000_00,
        accountType: over.accountType ?? 'Bond',
        dateOpened: over.dateOpened ?? '2025-12-15',
        termLengthValue: 1,
        termLengthUnit: 'years' as const,
        fixedTermEndsOn: over.fixedTermEndsOn ?? null,
      },
    ],
  });

  it('is coming up on its opening date plus its term, with what it holds', () => {
    expect(comingUpFrom(facts({}), '2026-11-22').items).toEqual([
      { kind: 'maturity', date: '2026-12-15', accountId: 'b', name: 'One-year bond', amountPence: 10_000_00 },
    ]);
  });

  it('follows the date typed on its fixed-term term', () => {
    expect(comingUpFrom(facts({ fixedTermEndsOn: '2026-11-30' }), '2026-11-22').items[0]?.date).toBe('2026-11-30');
  });

  it('is not listed beyond the 30 days, nor for an easy-access account', () => {
    expect(comingUpFrom(facts({ dateOpened: '2026-01-15' }), '2026-11-22').items).toEqual([]);
    expect(comingUpFrom(facts({ accountType: 'Savings' }), '2026-11-22').items).toEqual([]);
  });
});
