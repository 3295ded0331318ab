import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../dates/calendar-date.ts';
import { addDays } from '../dates/day-count.ts';
import { taxYearStarting } from '../dates/tax-year.ts';
import { type IsaAlertAccount, isaAlerts, maturityAlert, transferAlert } from './alerts.ts';
import { isaAllowance } from './allowance.ts';
import type { IsaAccountInput } from './isa-types.ts';

// Thresholds from 001 §9 "Alerts and horizons"; TODAY is 21/11/2026 (tax year 2026/27).
const TODAY = '2026-11-21';

function record(overrides: Partial<IsaAlertAccount> = {}): IsaAlertAccount {
  return {
    id: 'a1',
    name: 'Nationwide Cash ISA',
    maturityDate: null,
    transferStatus: null,
    transferStartedOn: null,
    transferExpectedSlaDays: null,
    ...overrides,
  };
}

describe('maturity alerts within 30 days', () => {
  it.each([
    [-1, null],
    [0, 'critical'],
    [7, 'critical'],
    [8, 'warning'],
    [14, 'warning'],
    [15, 'info'],
    [30, 'info'],
    [31, null],
  ] as const)('%i days before maturity: %s', (days, level) => {
    const alert = maturityAlert(record({ maturityDate: addDays(TODAY, days) }), TODAY);
    expect(alert?.level ?? null).toBe(level);
  });

  it('says when and what to do', () => {
    expect(maturityAlert(record({ maturityDate: '2026-11-28' }), TODAY)).toMatchObject({
      title: 'Nationwide Cash ISA matures in 7 days',
      message:
        'Nationwide Cash ISA matures on 28/11/2026. Decide where the money goes before then: to keep it tax-free, move it by an ISA transfer rather than taking it out.',
    });
  });
});

describe('transfer alerts from 80% of the SLA', () => {
  const started = (daysAgo: number, sla: number | null = null, status = 'in_progress') =>
    transferAlert(
      record({ transferStatus: status, transferStartedOn: addDays(TODAY, -daysAgo), transferExpectedSlaDays: sla }),
      TODAY,
    );

  it.each([
    [23, null, null],
    [24, null, 'warning'],
    [30, null, 'warning'],
    [31, null, 'critical'],
    [7, 10, null],
    [8, 10, 'warning'],
    [11, 10, 'critical'],
  ] as const)('%i days into a %s-day SLA (default 30): %s', (daysAgo, sla, level) => {
    expect(started(daysAgo, sla)?.level ?? null).toBe(level);
  });

  it('raises nothing for a transfer that is not in progress', () => {
    expect(started(40, null, 'complete')).toBeNull();
  });

  it('says an overdue transfer is overdue and who to contact', () => {
    expect(started(31)).toMatchObject({
      title: 'ISA transfer into Nationwide Cash ISA is overdue',
      message:
        'The transfer into Nationwide Cash ISA started on 21/10/2026, 31 days ago, and should have taken no more than 30 days (by 20/11/2026). Contact the provider you are transferring to.',
    });
  });
});

function cash(movements: [CalendarDate, number, 'subscription' | 'withdrawal'][], flexible = false): IsaAccountInput {
  return {
    id: 'a1',
    name: 'Nationwide Cash ISA',
    isaType: 'cash',
    isFlexible: flexible,
    movements: movements.map(([date, amountPence, kind]) => ({ date, amountPence, kind })),
  };
}

function alertsFor(today: CalendarDate, account: IsaAccountInput) {
  const allowance = isaAllowance({ taxYear: taxYearStarting(2026), dateOfBirth: null, accounts: [account] });
  return isaAlerts({ today, accounts: [], allowance });
}

describe('allowance alerts from 75%', () => {
  it.each([
    [14_999_99, null],
    [15_000_00, 'info'],
    [16_999_99, 'info'],
    [17_000_00, 'warning'],
    [19_000_00, 'critical'],
    [20_000_00, 'critical'],
    [20_000_01, 'critical'],
  ] as const)('%i pence of £20,000 used: %s', (pence, level) => {
    const alerts = alertsFor(TODAY, cash([['2026-05-01', pence, 'subscription']]));
    expect(alerts.find((a) => a.id === 'isa-contribution:overall')?.level ?? null).toBe(level);
  });

  it('says how much is used and left', () => {
    const [alert] = alertsFor(TODAY, cash([['2026-05-01', 17_400_00, 'subscription']]));
    expect(alert).toMatchObject({
      title: '87% of the £20,000 limit for your ISAs used',
      message:
        'You have paid £17,400.00 into your ISAs in 2026/27: 87% of the £20,000 limit. £2,600.00 is left until 05/04/2027.',
    });
  });
});

describe('flexible ISA replacement alerts within 60 days of 5 April', () => {
  const flexible = cash(
    [
      ['2026-05-01', 1_000_00, 'subscription'],
      ['2026-06-01', 400_00, 'withdrawal'],
    ],
    true,
  );
  const flexibleLevel = (today: CalendarDate) =>
    alertsFor(today, flexible).find((a) => a.kind === 'flexible-replacement')?.level ?? null;

  it.each([
    ['2027-02-03', null], // 61 days before 05/04/2027
    ['2027-02-04', 'info'], // 60 days
    ['2027-03-06', 'warning'], // 30 days
    ['2027-03-22', 'critical'], // 14 days
    ['2027-04-05', 'critical'], // the last day
  ] as const)('on %s: %s', (today, level) => {
    expect(flexibleLevel(today)).toBe(level);
  });

  it('says how much to put back, where, and by when', () => {
    const alert = alertsFor('2027-03-22', flexible).find((a) => a.kind === 'flexible-replacement');
    expect(alert).toMatchObject({
      title: 'Put back £400.00 into Nationwide Cash ISA by 05/04/2027',
      message:
        'You took £400.00 out of Nationwide Cash ISA, a flexible ISA, in 2026/27 and have not put it back. Paid back in by 05/04/2027 (in 14 days), it uses none of your allowance; after that it would count as new money.',
    });
  });
});

it('lists the most serious alerts first', () => {
  const allowance = isaAllowance({
    taxYear: taxYearStarting(2026),
    dateOfBirth: null,
    accounts: [cash([['2026-05-01', 15_500_00, 'subscription']])],
  });
  const alerts = isaAlerts({ today: TODAY, accounts: [record({ maturityDate: '2026-11-25' })], allowance });
  expect(alerts.map((a) => [a.kind, a.level])).toEqual([
    ['maturity', 'critical'],
    ['contribution', 'info'],
  ]);
});
