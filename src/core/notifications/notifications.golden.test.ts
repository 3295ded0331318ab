import { describe, expect, it } from 'vitest';
import type { InterestTerms } from '../dashboard/coming-up.ts';
import { addDays } from '../dates/day-count.ts';
import { isaAlerts } from '../isa/alerts.ts';
import { type PensionSummaryInput, pensionSummary } from '../pension/pension-summary.ts';
import { pensionSummaryInput } from '../pension/pension-summary-test-fixtures.ts';
import type { ProtectionAlert } from '../protection/alerts.ts';
import { notificationsFrom, withoutDismissed } from './registry.ts';
import type { NotificationRows } from './rows.ts';
import { emptyRows } from './rows-test-fixtures.ts';

// Friday 27 November 2026.
const TODAY = '2026-11-27';

const none: NotificationRows = emptyRows(TODAY);

const overLimit: ProtectionAlert = {
  id: 'deposit|frn:169628',
  level: 'over-limit',
  title: '£5,000.00 over the limit at Lloyds Banking Group',
  message: 'You have £90,000.00 with Lloyds Banking Group…',
  signature: 'over-limit:9000000:8500000:8500000',
};

/** Days from today and the severity: within 30 days (today included), a warning from 7. */
const WARNING_FROM_7_WITHIN_30: Array<[number, string | null]> = [
  [-1, null],
  [0, 'warning'],
  [7, 'warning'],
  [8, 'info'],
  [30, 'info'],
  [31, null],
];

const kindsAndSeverities = (rows: NotificationRows) => notificationsFrom(rows).map((n) => `${n.kind}/${n.severity}`);

describe('protection', () => {
  it('says nothing without the Hub', () => {
    expect(notificationsFrom({ ...none, protection: null })).toEqual([]);
  });

  it('makes over the limit an error, a projected breach and 85% warnings, linked to the Hub', () => {
    const rows: NotificationRows = {
      ...none,
      protection: {
        alerts: [
          overLimit,
          { ...overLimit, id: 'a', level: 'projected-breach', signature: 'p' },
          { ...overLimit, id: 'b', level: 'approaching', signature: 'q' },
        ],
        temporaryHighBalances: [],
      },
    };
    const list = notificationsFrom(rows);
    expect(list.map((n) => n.severity)).toEqual(['error', 'warning', 'warning']);
    expect(list[0]).toMatchObject({ title: overLimit.title, link: { href: '/protection' }, date: TODAY });
  });

  it('tells a plan without the Hub only that money is over a limit, as the plain fact, linked to the dashboard', () => {
    const rows: NotificationRows = {
      ...none,
      protection: {
        hasHub: false,
        alerts: [
          overLimit,
          { ...overLimit, id: 'a', level: 'projected-breach', signature: 'p' },
          { ...overLimit, id: 'b', level: 'approaching', signature: 'q' },
        ],
        temporaryHighBalances: [{ key: 'k', name: 'Halifax', endsOn: addDays(TODAY, 3), coveredPence: 100_000_00 }],
      },
    };
    const list = notificationsFrom(rows);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      kind: 'protection',
      severity: 'error',
      title: overLimit.title,
      link: { label: 'See where your money is', href: '/dashboard' },
    });
    expect(list[0]!.message).toContain('Your dashboard shows each banking licence against its limit.');
  });

  it('gives a new id when the figures change and the same id when they do not', () => {
    const rows = (signature: string): NotificationRows => ({
      ...none,
      protection: { alerts: [{ ...overLimit, signature }], temporaryHighBalances: [] },
    });
    const [a] = notificationsFrom(rows('x'));
    const [b] = notificationsFrom(rows('x'));
    const [c] = notificationsFrom(rows('y'));
    expect(a!.id).toBe(b!.id);
    expect(a!.id).not.toBe(c!.id);
    expect(a!.id.startsWith('protection:deposit|frn:169628:')).toBe(true);
  });

  it.each(WARNING_FROM_7_WITHIN_30)('a temporary high balance ending in %i days is %s', (days, severity) => {
    const rows: NotificationRows = {
      ...none,
      protection: {
        alerts: [],
        temporaryHighBalances: [{ key: 'k', name: 'Halifax', endsOn: addDays(TODAY, days), coveredPence: 100_000_00 }],
      },
    };
    expect(notificationsFrom(rows).map((n) => n.severity)).toEqual(severity ? [severity] : []);
  });
});

describe('interest', () => {
  const monthly = (day: number): InterestTerms & { accountId: string; accountName: string } => ({
    accountId: 'acc1',
    accountName: 'Easy saver',
    interestRateBps: 450,
    interestFrequency: 'Monthly',
    interestPaymentDay: day,
    interestPaymentMonth: null,
    dateOpened: null,
    annualInterestPayment: false,
    annualInterestDay: null,
    interimInterestSchedule: [],
  });

  it('lists only the next payment, today included', () => {
    const [n, ...rest] = notificationsFrom({ ...none, interest: [monthly(27)] });
    expect(rest).toEqual([]);
    expect(n).toMatchObject({
      kind: 'interest',
      severity: 'info',
      date: TODAY,
      title: 'Interest due on Easy saver today',
    });
  });

  it('lists a payment 30 days on and not 31', () => {
    // Annually on 27 December (30 days on) and on 28 December (31 days on).
    const annual = (day: number) => ({ ...monthly(day), interestFrequency: 'Annually', interestPaymentMonth: 12 });
    expect(notificationsFrom({ ...none, interest: [annual(27)] }).map((n) => n.date)).toEqual(['2026-12-27']);
    expect(notificationsFrom({ ...none, interest: [annual(28)] })).toEqual([]);
  });

  it('says nothing for a 0% account', () => {
    expect(notificationsFrom({ ...none, interest: [{ ...monthly(27), interestRateBps: 0 }] })).toEqual([]);
  });
});

describe('rate changes', () => {
  const change = (days: number, on = true) => ({
    ...none,
    rateChanges: [
      {
        accountId: 'acc1',
        accountName: 'Fixed saver',
        nextRateChange: addDays(TODAY, days),
        interestRateBps: 425,
        rateChangeNotifications: on,
      },
    ],
  });

  it.each(WARNING_FROM_7_WITHIN_30)('a change in %i days is %s', (days, severity) => {
    expect(notificationsFrom(change(days)).map((n) => n.severity)).toEqual(severity ? [severity] : []);
  });

  it('says nothing when the account’s rate-change notifications are off', () => {
    expect(notificationsFrom(change(3, false))).toEqual([]);
  });

  it('states the rate and the date', () => {
    expect(notificationsFrom(change(10))[0]!.message).toBe(
      'Fixed saver pays 4.25% until its rate changes on 07/12/2026. Compare the new rate with other accounts before then.',
    );
  });
});

describe('ISA', () => {
  const maturing = (days: number) =>
    notificationsFrom({
      ...none,
      isa: {
        alerts: isaAlerts({
          today: TODAY,
          accounts: [
            {
              id: 'isa1',
              name: 'Fixed ISA',
              maturityDate: addDays(TODAY, days),
              transferStatus: null,
              transferStartedOn: null,
              transferExpectedSlaDays: null,
            },
          ],
          allowance: null,
        }),
        firstIsaAccountId: 'isa1',
      },
    }).map((n) => `${n.severity} ${n.link.href}`);

  it.each([
    [7, 'error'],
    [8, 'warning'],
    [14, 'warning'],
    [15, 'info'],
    [30, 'info'],
  ])('maturity in %i days is %s', (days, severity) => {
    expect(maturing(days)).toEqual([`${severity} /account/isa1`]);
  });

  it('says nothing at 31 days', () => {
    expect(maturing(31)).toEqual([]);
  });

  it('links an allowance alert to the first ISA’s page', () => {
    const rows: NotificationRows = {
      ...none,
      isa: {
        alerts: [
          {
            id: 'isa-contribution:overall',
            kind: 'contribution',
            level: 'warning',
            accountId: null,
            title: 't',
            message: 'm',
            signature: 's',
          },
        ],
        firstIsaAccountId: 'isa9',
      },
    };
    expect(notificationsFrom(rows)[0]!.link).toEqual({ label: 'View ISA allowance', href: '/account/isa9' });
  });
});

describe('account terms', () => {
  const term = (status: 'ok' | 'warning' | 'alert' | 'expired', notifies: boolean) => ({
    ...none,
    terms: [
      {
        id: 't1',
        accountId: 'acc1',
        accountName: 'Regular saver',
        label: 'Withdrawal limit',
        status,
        alerts: [{ level: 'warning' as const, message: 'One withdrawal left this year.' }],
        notifies,
      },
    ],
  });

  it('lists a term that notifies: a warning as a warning, an alert or expiry as an error', () => {
    expect(kindsAndSeverities(term('warning', true))).toEqual(['account-term/warning']);
    expect(kindsAndSeverities(term('alert', true))).toEqual(['account-term/error']);
    expect(kindsAndSeverities(term('expired', true))).toEqual(['account-term/error']);
  });

  it('says nothing for a term with its notifications off', () => {
    expect(notificationsFrom(term('alert', false))).toEqual([]);
  });

  it('gives a new id when the status changes', () => {
    expect(notificationsFrom(term('warning', true))[0]!.id).not.toBe(notificationsFrom(term('alert', true))[0]!.id);
  });
});

describe('a fixed term maturing (issue 24)', () => {
  const maturing = (daysAway: number, fixedTermEndsOn: string | null = null) => ({
    ...none,
    maturities: [
      {
        accountId: 'bond1',
        accountName: 'One-year bond',
        accountType: 'Bond',
        dateOpened: addDays(addDays(TODAY, daysAway), -365),
        termLengthValue: 365,
        termLengthUnit: 'days' as const,
        fixedTermEndsOn,
      },
    ],
  });

  it.each(WARNING_FROM_7_WITHIN_30)('reminds %i days ahead as %s', (days, severity) => {
    expect(kindsAndSeverities(maturing(days))).toEqual(severity === null ? [] : [`account-term/${severity}`]);
  });

  it('says when, and links to the account', () => {
    expect(notificationsFrom(maturing(18))[0]).toMatchObject({
      title: "One-year bond's fixed term ends on 15/12/2026",
      message:
        'Matures on 15 Dec 2026 (in 18 days). Decide where the money goes next before then: left alone, it may move to a lower rate.',
      link: { href: '/account/bond1' },
      date: '2026-12-15',
    });
  });

  it('leaves an account with a fixed-term term to that term’s own alerts', () => {
    expect(notificationsFrom(maturing(5, '2026-12-02'))).toEqual([]);
  });
});

describe('standing orders processed', () => {
  it('lists each payment as a success, linked to the account’s transactions', () => {
    const [n] = notificationsFrom({
      ...none,
      processedPayments: [
        {
          transactionId: 'tx1',
          accountId: 'acc1',
          accountName: 'Halifax saver',
          payeeName: 'Salary',
          amountPence: 250_00,
          date: '2026-11-25',
        },
      ],
    });
    expect(n).toMatchObject({
      severity: 'success',
      title: '£250.00 paid into Halifax saver',
      message: 'Your standing order from Salary paid £250.00 into Halifax saver on 25/11/2026.',
      link: { href: '/account/acc1#transactions' },
    });
  });
});

describe('pensions', () => {
  const pension = pensionSummaryInput(TODAY, { dateOfBirth: '1970-05-01' });
  const rowsOf = (...inputs: PensionSummaryInput[]): NotificationRows => ({
    ...none,
    pensions: inputs.map((input) => ({
      accountId: input.account.id,
      accountName: `Pension ${input.account.id}`,
      alerts: pensionSummary(input).alerts,
    })),
  });
  /** A transfer in progress since `startedOn`. */
  const transferring = (startedOn: string): PensionSummaryInput => ({
    ...pension,
    transfers: [{ id: 't1', status: 'in_progress', startedOn }],
  });

  it('says nothing without pensions in the plan, nor for a pension with nothing to say', () => {
    expect(notificationsFrom({ ...none, pensions: null })).toEqual([]);
    expect(notificationsFrom(rowsOf(pension))).toEqual([]);
  });

  it('makes a transfer past its 10 days an error, linked to its pension, and not on the 10th day', () => {
    expect(notificationsFrom(rowsOf(transferring(addDays(TODAY, -10))))).toEqual([]);
    const [overdue, ...more] = notificationsFrom(rowsOf(transferring(addDays(TODAY, -11))));
    expect(more).toEqual([]);
    expect(overdue).toEqual({
      id: expect.stringMatching(/^pension:pension-transfer:p1:/),
      kind: 'pension',
      severity: 'error',
      title: 'Pension transfer is overdue - contact your provider',
      message: 'The transfer started on 16/11/2026 has taken longer than the 10 days expected.',
      link: { label: 'View Pension p1', href: '/account/p1' },
      date: TODAY,
      dismissible: true,
    });
  });

  it('maps warnings and information as they are: the MPAA, a missing FRN; a low confidence score is an admin’s matter, not the saver’s notification (issue 24)', () => {
    const rows = rowsOf({
      ...pension,
      flexibleAccess: [{ date: '2026-07-01', eventType: 'income' }],
      provider: {
        name: 'Acme Pensions',
        frn: null,
        regulator: 'FCA',
        coverageTag: null,
        confidenceScore: 50,
        warnUserLevel: 'low',
        userMessage: null,
      },
    });
    expect(notificationsFrom(rows).map((n) => `${n.severity} ${n.title}`)).toEqual([
      'warning MPAA triggered - Future contributions limited to £10,000 per year',
      'info Missing FRN',
    ]);
  });

  it('lists the saver’s MPAA once across pensions, linked to the first, with an id naming no pension', () => {
    const drawn = { ...pension, flexibleAccess: [{ date: '2026-07-01', eventType: 'income' as const }] };
    const second = { ...drawn, account: { ...drawn.account, id: 'p2' } };
    const list = notificationsFrom(rowsOf(drawn, second));
    expect(list.map((n) => [n.title, n.link.href])).toEqual([
      ['MPAA triggered - Future contributions limited to £10,000 per year', '/account/p1'],
    ]);
    expect(notificationsFrom(rowsOf(second, drawn)).map((n) => n.id)).toEqual(list.map((n) => n.id));
  });

  it('keeps an id while its figures stay, gives a new one when they change, and one per pension', () => {
    const ids = (...inputs: PensionSummaryInput[]) => notificationsFrom(rowsOf(...inputs)).map((n) => n.id);
    const late = transferring(addDays(TODAY, -20));
    expect(ids(late)).toEqual(ids(late));
    const another = {
      ...late,
      transfers: [{ id: 't2', status: 'in_progress' as const, startedOn: addDays(TODAY, -20) }],
    };
    expect(ids(another)).not.toEqual(ids(late));
    const second = { ...late, account: { ...late.account, id: 'p2' } };
    expect(ids(late, second)).toHaveLength(2);
  });
});

describe('the list', () => {
  it('puts errors first, then the soonest, and drops dismissed ids', () => {
    const rows: NotificationRows = {
      ...none,
      protection: { alerts: [overLimit], temporaryHighBalances: [] },
      rateChanges: [
        {
          accountId: 'a',
          accountName: 'A',
          nextRateChange: addDays(TODAY, 20),
          interestRateBps: 1,
          rateChangeNotifications: true,
        },
        {
          accountId: 'b',
          accountName: 'B',
          nextRateChange: addDays(TODAY, 10),
          interestRateBps: 1,
          rateChangeNotifications: true,
        },
      ],
    };
    const list = notificationsFrom(rows);
    expect(list.map((n) => n.title)).toEqual([
      overLimit.title,
      "B's rate changes on 07/12/2026",
      "A's rate changes on 17/12/2026",
    ]);
    expect(withoutDismissed(list, new Set([list[0]!.id])).length).toBe(2);
  });
});
