import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BalanceEntry, balanceOf } from './balance-rule.ts';
import {
  accountBalanceSeries,
  type BalanceDay,
  balanceBuckets,
  balanceDays,
  balanceSeriesOf,
  DAILY_POINTS_UP_TO_DAYS,
  pointDates,
} from './balance-series.ts';

const TODAY = '2026-11-21';

let nextId = 0;
const entry = (date: string, type: string, amountPence: number, recordedAt = '2026-11-21T10:00:00.000Z') =>
  ({ id: `e${String(nextId++).padStart(4, '0')}`, date, type, amountPence, recordedAt }) satisfies BalanceEntry;

const lineOf = (entries: BalanceEntry[], today = TODAY) => accountBalanceSeries(balanceDays(entries), today);
const pointOn = (entries: BalanceEntry[], date: string) =>
  lineOf(entries).points.find((p) => p.date === date)?.balancePence;

describe('the balance line of one account', () => {
  it('works back from a starting balance through the history dated before it, then adds what came after', () => {
    // A £25,000 starting balance stated on 15 October; a standing order caught up from 1 September.
    const entries = [
      entry('2026-09-01', 'deposit', 100_00),
      entry('2026-10-01', 'deposit', 100_00),
      entry('2026-10-15', 'opening_balance', 25_000_00),
      entry('2026-11-01', 'deposit', 100_00),
    ];
    const line = lineOf(entries);
    expect(line.granularity).toBe('day');
    // Every day from the first entry to today.
    expect(line.points).toHaveLength(82);
    expect(line.points[0]).toEqual({ date: '2026-09-01', balancePence: 24_900_00 });
    expect(pointOn(entries, '2026-09-30')).toBe(24_900_00);
    expect(pointOn(entries, '2026-10-01')).toBe(25_000_00);
    // The history is already in the stated figure: the line does not jump on its date.
    expect(pointOn(entries, '2026-10-14')).toBe(25_000_00);
    expect(pointOn(entries, '2026-10-15')).toBe(25_000_00);
    expect(pointOn(entries, '2026-11-01')).toBe(25_100_00);
    expect(line.points.at(-1)).toEqual({ date: TODAY, balancePence: 25_100_00 });
    expect(line.points.at(-1)!.balancePence).toBe(balanceOf(entries));
  });

  it('steps to the figure of a balance update, and counts that day’s entries after it', () => {
    const entries = [
      entry('2026-01-10', 'opening_balance', 1_000_00),
      entry('2026-03-31', 'interest', 5_00),
      entry('2026-06-15', 'balance_update', 2_000_00),
      entry('2026-06-15', 'deposit', 50_00),
      entry('2026-08-01', 'withdrawal', -100_00),
    ];
    const line = lineOf(entries);
    expect(line.granularity).toBe('month');
    expect(line.points).toEqual([
      { date: '2026-01-31', balancePence: 1_000_00 },
      { date: '2026-02-28', balancePence: 1_000_00 },
      { date: '2026-03-31', balancePence: 1_005_00 },
      { date: '2026-04-30', balancePence: 1_005_00 },
      { date: '2026-05-31', balancePence: 1_005_00 },
      { date: '2026-06-30', balancePence: 2_050_00 },
      { date: '2026-07-31', balancePence: 2_050_00 },
      { date: '2026-08-31', balancePence: 1_950_00 },
      { date: '2026-09-30', balancePence: 1_950_00 },
      { date: '2026-10-31', balancePence: 1_950_00 },
      // This month's point is today, not a month end still to come.
      { date: TODAY, balancePence: 1_950_00 },
    ]);
    expect(line.points.at(-1)!.balancePence).toBe(balanceOf(entries));
  });

  it('works back from a first balance update through the entries before it, as `balanceOnDay` has it', () => {
    // No starting balance: the update is the first statement, so the entries before it are history.
    const entries = [
      entry('2026-11-02', 'deposit', 1_000_00),
      entry('2026-11-09', 'interest', 5_00),
      entry('2026-11-16', 'balance_update', 2_000_00),
    ];
    expect(pointOn(entries, '2026-11-02')).toBe(1_995_00);
    expect(pointOn(entries, '2026-11-09')).toBe(2_000_00);
    expect(pointOn(entries, '2026-11-16')).toBe(2_000_00);
  });

  it('takes the later recorded of two statements on one day, and a later statement over an earlier one', () => {
    const entries = [
      entry('2026-11-01', 'opening_balance', 500_00, '2026-11-01T09:00:00.000Z'),
      entry('2026-11-10', 'balance_update', 700_00, '2026-11-10T09:00:00.000Z'),
      entry('2026-11-10', 'balance_update', 650_00, '2026-11-10T09:30:00.000Z'),
      entry('2026-11-05', 'deposit', 10_00),
    ];
    expect(balanceDays(entries)).toEqual([
      { date: '2026-11-01', netPence: 0, beforeStatementPence: 0, statementPence: 500_00 },
      { date: '2026-11-05', netPence: 10_00, beforeStatementPence: 0, statementPence: null },
      { date: '2026-11-10', netPence: 0, beforeStatementPence: 0, statementPence: 650_00 },
    ]);
    expect(pointOn(entries, '2026-11-09')).toBe(510_00);
    expect(pointOn(entries, '2026-11-10')).toBe(650_00);
    expect(lineOf(entries).points.at(-1)!.balancePence).toBe(650_00);
  });

  it('is the running sum of the entries when nothing was ever stated', () => {
    const entries = [
      entry('2026-11-19', 'deposit', 10_00),
      entry('2026-11-19', 'fee', -1_00),
      entry('2026-11-20', 'interest', 2_00),
    ];
    expect(lineOf(entries).points).toEqual([
      { date: '2026-11-19', balancePence: 9_00 },
      { date: '2026-11-20', balancePence: 11_00 },
      { date: '2026-11-21', balancePence: 11_00 },
    ]);
  });

  it('runs on to an entry dated after today, so it ends on the balance', () => {
    const entries = [entry('2026-11-20', 'deposit', 10_00), entry('2026-11-25', 'deposit', 5_00)];
    const line = lineOf(entries);
    expect(line.points.map((p) => p.date)).toEqual([
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
    ]);
    expect(line.points.at(-1)!.balancePence).toBe(15_00);
  });

  it('has no points for an account with no entries', () => {
    expect(accountBalanceSeries([], TODAY)).toEqual({ granularity: 'day', points: [] });
  });
});

describe('the month buckets of a long line', () => {
  const entries = [
    entry('2026-01-10', 'deposit', 100_00),
    entry('2026-02-03', 'deposit', 50_00),
    entry('2026-02-10', 'opening_balance', 1_000_00),
    entry('2026-02-12', 'deposit', 5_00),
    entry('2026-02-20', 'balance_update', 2_000_00),
    entry('2026-02-25', 'fee', -1_00),
    entry('2026-03-05', 'interest', 2_00),
  ];

  it('are a row a month, split at the first statement and at each month’s last', () => {
    expect(balanceBuckets(entries)).toEqual([
      { date: '2026-01-01', netPence: 100_00, beforeStatementPence: 0, statementPence: null },
      { date: '2026-02-01', netPence: 50_00, beforeStatementPence: 0, statementPence: null },
      { date: '2026-02-10', netPence: 5_00, beforeStatementPence: 0, statementPence: 1_000_00 },
      { date: '2026-02-20', netPence: -1_00, beforeStatementPence: 0, statementPence: 2_000_00 },
      { date: '2026-03-01', netPence: 2_00, beforeStatementPence: 0, statementPence: null },
    ]);
  });

  it('draw the same month ends as the days do', () => {
    const bounds = { first: '2026-01-10', last: '2026-03-05' };
    expect(balanceSeriesOf([balanceBuckets(entries)], TODAY, bounds)).toEqual(lineOf(entries));
    expect(lineOf(entries).points.slice(0, 3)).toEqual([
      // Worked back from the starting balance of 10 February: £1,000 − £50 (3 February).
      { date: '2026-01-31', balancePence: 950_00 },
      { date: '2026-02-28', balancePence: 1_999_00 },
      { date: '2026-03-31', balancePence: 2_001_00 },
    ]);
  });
});

describe('the points', () => {
  it(`are daily over ${DAILY_POINTS_UP_TO_DAYS} days and month ends beyond`, () => {
    // 1 September to 1 December: 92 days.
    const daily = pointDates('2026-09-01', '2026-12-01');
    expect(daily.granularity).toBe('day');
    expect(daily.dates).toHaveLength(DAILY_POINTS_UP_TO_DAYS);
    expect(daily.dates.slice(28, 32)).toEqual(['2026-09-29', '2026-09-30', '2026-10-01', '2026-10-02']);
    const monthly = pointDates('2026-08-31', '2026-12-01');
    expect(monthly).toEqual({
      granularity: 'month',
      dates: ['2026-08-31', '2026-09-30', '2026-10-31', '2026-11-30', '2026-12-01'],
    });
  });

  it('keep to the calendar across a leap day and a year end', () => {
    expect(pointDates('2028-02-27', '2028-03-01').dates).toEqual([
      '2028-02-27',
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ]);
    expect(pointDates('2027-11-15', '2028-03-02').dates).toEqual([
      '2027-11-30',
      '2027-12-31',
      '2028-01-31',
      '2028-02-29',
      '2028-03-02',
    ]);
    // The last point is the last day itself when it is a month end.
    expect(pointDates('2026-01-01', '2026-06-30').dates.at(-1)).toBe('2026-06-30');
    expect(pointDates('2026-01-01', '2026-06-30').dates).toHaveLength(6);
  });
});

describe('the line of all the accounts', () => {
  it('adds the accounts up, each counting from its first entry', () => {
    const easy: BalanceDay[] = [
      { date: '2026-11-18', netPence: 100_00, beforeStatementPence: 0, statementPence: null },
      { date: '2026-11-20', netPence: -10_00, beforeStatementPence: 0, statementPence: null },
    ];
    // Added on the 20th with a starting balance of £1,000 (a day's interest the same day).
    const isa: BalanceDay[] = [
      { date: '2026-11-20', netPence: 1_00, beforeStatementPence: 0, statementPence: 1_000_00 },
    ];
    expect(balanceSeriesOf([easy, isa, []], TODAY)).toEqual({
      granularity: 'day',
      points: [
        { date: '2026-11-18', balancePence: 100_00 },
        { date: '2026-11-19', balancePence: 100_00 },
        { date: '2026-11-20', balancePence: 1_091_00 },
        { date: '2026-11-21', balancePence: 1_091_00 },
      ],
    });
  });

  it('starts the total where seven accounts added with balances dated 1 November are tracked, never jumping by them', () => {
    // An easy access account tracked since 1 June; seven accounts added with opening balances
    // dated 01/11/2026 (£10,000 each). Month-end points: June to October would count the seven as
    // holding nothing, and the line would jump by £70,000 in November as if money arrived.
    const easy: BalanceDay[] = [
      { date: '2026-06-01', netPence: 5_000_00, beforeStatementPence: 0, statementPence: null },
      { date: '2026-09-01', netPence: 100_00, beforeStatementPence: 0, statementPence: null },
    ];
    const added = Array.from({ length: 7 }, (): BalanceDay[] => [
      { date: '2026-11-01', netPence: 0, beforeStatementPence: 0, statementPence: 10_000_00 },
    ]);
    const starts = ['2026-06-01', ...added.map(() => '2026-11-01')];
    const untracked = balanceSeriesOf([easy, ...added], TODAY);
    expect(untracked.points.map((p) => p.balancePence)).toEqual([
      5_000_00, 5_000_00, 5_000_00, 5_100_00, 5_100_00, 75_100_00,
    ]);
    const line = balanceSeriesOf([easy, ...added], TODAY, null, starts);
    expect(line).toEqual({
      granularity: 'month',
      points: [{ date: TODAY, balancePence: 75_100_00 }],
      trackingStart: { date: '2026-11-01', accountCount: 7, isOneDate: true },
    });
  });

  it('starts a daily total on the latest tracking start, counting each account from then', () => {
    const easy: BalanceDay[] = [
      { date: '2026-11-02', netPence: 100_00, beforeStatementPence: 0, statementPence: null },
    ];
    const isa: BalanceDay[] = [{ date: '2026-11-19', netPence: 0, beforeStatementPence: 0, statementPence: 500_00 }];
    const bond: BalanceDay[] = [{ date: '2026-11-20', netPence: 0, beforeStatementPence: 0, statementPence: 900_00 }];
    const line = balanceSeriesOf([easy, isa, bond], TODAY, null, ['2026-11-02', '2026-11-19', '2026-11-20']);
    expect(line.points).toEqual([
      { date: '2026-11-20', balancePence: 1_500_00 },
      { date: '2026-11-21', balancePence: 1_500_00 },
    ]);
    expect(line.trackingStart).toEqual({ date: '2026-11-20', accountCount: 2, isOneDate: false });
  });

  it('is unchanged when every account is tracked from its first point', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 28 }), fc.integer({ min: 1, max: 5 }), (day, count) => {
        const start = `2026-10-${String(day).padStart(2, '0')}`;
        const accounts = Array.from({ length: count }, (): BalanceDay[] => [
          { date: start, netPence: 100, beforeStatementPence: 0, statementPence: null },
        ]);
        const starts = accounts.map(() => start);
        expect(balanceSeriesOf(accounts, TODAY, null, starts)).toEqual(balanceSeriesOf(accounts, TODAY));
      }),
    );
  });

  it('has no points when no account has entries', () => {
    expect(balanceSeriesOf([[], []], TODAY).points).toEqual([]);
    expect(balanceSeriesOf([], TODAY).points).toEqual([]);
  });
});
