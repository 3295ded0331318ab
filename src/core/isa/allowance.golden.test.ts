import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../dates/calendar-date.ts';
import { taxYearStarting } from '../dates/tax-year.ts';
import { isaAllowance } from './allowance.ts';
import type { IsaAccountInput, IsaMovementKind, IsaType } from './isa-types.ts';
import { lisaWithdrawalCharge } from './lisa.ts';

// Golden cases worked by hand from the figures in data/reference/isa_pension_figures.csv:
// £20,000 overall, £4,000 Lifetime ISA (25% bonus, 25% withdrawal charge), £9,000 per child for
// Junior ISAs, and from 6 April 2027 £12,000 for cash ISAs for savers under 65.

const Y2026 = taxYearStarting(2026); // 06/04/2026 to 05/04/2027
const Y2027 = taxYearStarting(2027); // 06/04/2027 to 05/04/2028

type Move = [CalendarDate, number, IsaMovementKind?];

function isa(
  id: string,
  isaType: IsaType,
  moves: Move[],
  options: { flexible?: boolean; childId?: string; childName?: string } = {},
): IsaAccountInput {
  return {
    id,
    name: id,
    isaType,
    isFlexible: options.flexible ?? false,
    childId: options.childId ?? null,
    childName: options.childName ?? null,
    movements: moves.map(([date, amountPence, kind]) => ({ date, amountPence, kind: kind ?? 'subscription' })),
  };
}

describe('several ISAs at different providers in one tax year', () => {
  const result = isaAllowance({
    taxYear: Y2026,
    dateOfBirth: '1980-05-01',
    accounts: [
      isa('Nationwide Cash ISA', 'cash', [
        ['2026-04-10', 5_000_00],
        ['2026-09-01', 3_000_00],
        ['2026-07-01', 10_000_00, 'transfer_in'],
      ]),
      isa('Vanguard ISA', 'stocks_and_shares', [['2026-05-01', 6_000_00]]),
      isa('Moneybox Lifetime ISA', 'lisa', [['2026-06-01', 3_000_00]]),
      // Last tax year's payment is not this year's.
      isa('Old Cash ISA', 'cash', [['2026-04-05', 20_000_00]]),
    ],
  });

  it('adds the new money in every ISA, leaving out transfers in and other tax years', () => {
    expect(result.overall).toMatchObject({ limitPence: 20_000_00, usedPence: 17_000_00, remainingPence: 3_000_00 });
    expect(result.overall.overPence).toBe(0);
    expect(result.overSubscriptions).toEqual([]);
  });

  it('breaks the total down by ISA type, each with the room the limits leave it', () => {
    expect(result.byType.cash).toMatchObject({
      subscribedPence: 8_000_00,
      transferredInPence: 10_000_00,
      roomPence: 3_000_00,
    });
    expect(result.byType.stocks_and_shares).toMatchObject({ subscribedPence: 6_000_00, roomPence: 3_000_00 });
    expect(result.byType.ifisa).toMatchObject({ subscribedPence: 0, roomPence: 3_000_00 });
    expect(result.byType.lisa).toMatchObject({ subscribedPence: 3_000_00, roomPence: 1_000_00 });
  });

  it('counts the Lifetime ISA within the allowance and works out its 25% bonus', () => {
    expect(result.lisa).toMatchObject({ limitPence: 4_000_00, usedPence: 3_000_00, remainingPence: 1_000_00 });
    expect(result.lisa.bonusPence).toBe(750_00);
  });

  it('explains each figure in words', () => {
    expect(result.explanation).toEqual([
      'Your ISA allowance for 2026/27 (06/04/2026 to 05/04/2027) is £20,000: one limit across all your Cash, Stocks and Shares, Innovative Finance and Lifetime ISAs, at every provider.',
      'You have used £17,000.00 of your ISA allowance: £8,000.00 into Nationwide Cash ISA, £6,000.00 into Vanguard ISA and £3,000.00 into Moneybox Lifetime ISA.',
      'Not counted: £10,000.00 transferred in from other ISAs.',
      '£3,000.00 is left to pay in by 05/04/2027.',
      'At most £4,000 of the allowance can go into Lifetime ISAs.',
      'You have used £3,000.00 of your Lifetime ISA limit: £3,000.00 into Moneybox Lifetime ISA.',
      'The government adds a 25% bonus: £750.00 on the £3,000.00 paid in.',
      'In 2026/27 all of the allowance can go into cash ISAs: there is no separate cash limit.',
    ]);
    expect(result.byType.lisa.words).toBe(
      'Lifetime ISAs: £3,000.00 of new money in 2026/27; up to £1,000.00 more can go in (the Lifetime ISA limit).',
    );
    expect(result.accounts[0]!.words).toBe(
      'Nationwide Cash ISA: £8,000.00 of new money in 2026/27 and £10,000.00 transferred in (not counted).',
    );
  });
});

describe('a flexible ISA: money taken out and put back in the same tax year', () => {
  const flexible = (moves: Move[], flexibleFlag = true) =>
    isaAllowance({
      taxYear: Y2026,
      dateOfBirth: null,
      accounts: [isa('Flexible Cash ISA', 'cash', moves, { flexible: flexibleFlag })],
    });

  it('does not count money put back, and counts what goes in beyond the withdrawal as new money', () => {
    const result = flexible([
      ['2026-04-06', 15_000_00],
      ['2026-10-01', 5_000_00, 'withdrawal'],
      ['2027-01-10', 7_000_00],
    ]);
    expect(result.accounts[0]).toMatchObject({
      paidInPence: 22_000_00,
      subscribedPence: 17_000_00,
      replacedPence: 5_000_00,
      withdrawnPence: 5_000_00,
      replaceablePence: 0,
    });
    expect(result.overall).toMatchObject({ usedPence: 17_000_00, remainingPence: 3_000_00, overPence: 0 });
    expect(result.explanation[2]).toBe(
      'Not counted: £5,000.00 put back into flexible ISAs after taking it out this tax year.',
    );
  });

  it('says how much can still be put back, and by when', () => {
    const result = flexible([
      ['2026-04-06', 20_000_00],
      ['2027-03-01', 2_500_50, 'withdrawal'],
    ]);
    expect(result.overall).toMatchObject({ usedPence: 20_000_00, remainingPence: 0 });
    expect(result.replaceablePence).toBe(2_500_50);
    expect(result.replaceableWords).toBe(
      'You can also put back £2,500.50 into Flexible Cash ISA by 05/04/2027 without using allowance: it was taken out of a flexible ISA this tax year. After that date it cannot be put back.',
    );
  });

  it('does not carry money taken out past 5 April: putting it back on 6 April is new money', () => {
    const moves: Move[] = [
      ['2026-04-06', 20_000_00],
      ['2027-03-01', 5_000_00, 'withdrawal'],
      ['2027-04-06', 5_000_00],
    ];
    const next = isaAllowance({
      taxYear: Y2027,
      dateOfBirth: '1990-01-01',
      accounts: [isa('Flexible Cash ISA', 'cash', moves, { flexible: true })],
    });
    expect(next.overall).toMatchObject({ usedPence: 5_000_00, remainingPence: 15_000_00 });
    expect(next.accounts[0]!.replacedPence).toBe(0);
  });

  it('counts money paid in before a withdrawal as new money, not as putting it back', () => {
    const result = flexible([
      ['2026-05-01', 1_000_00],
      ['2026-06-01', 1_000_00, 'withdrawal'],
    ]);
    expect(result.overall.usedPence).toBe(1_000_00);
    expect(result.replaceablePence).toBe(1_000_00);
  });

  it('takes a withdrawal and a payment on the same day as money put back', () => {
    const result = flexible([
      ['2026-06-01', 1_000_00],
      ['2026-06-01', 1_000_00, 'withdrawal'],
    ]);
    expect(result.overall.usedPence).toBe(0);
  });

  it('on an ISA that is not flexible, counts every payment in, and finds the one that broke the limit', () => {
    const result = flexible(
      [
        ['2026-04-06', 15_000_00],
        ['2026-10-01', 5_000_00, 'withdrawal'],
        ['2027-01-10', 7_000_00],
      ],
      false,
    );
    expect(result.overall).toMatchObject({ usedPence: 22_000_00, remainingPence: 0, overPence: 2_000_00 });
    expect(result.overSubscriptions).toEqual([
      {
        key: 'overall',
        overPence: 2_000_00,
        certainty: 'certain',
        crossedBy: { accountId: 'Flexible Cash ISA', date: '2027-01-10', amountPence: 7_000_00, order: 2 },
        words:
          "You have paid £22,000.00 into adult ISAs, £2,000.00 over the £20,000 limit. The payment of £7,000.00 into Flexible Cash ISA on 10/01/2027 took it over: tell that ISA's provider, as money over the limit cannot stay in an ISA.",
      },
    ]);
  });

  it('never treats a Lifetime ISA as flexible, and says why', () => {
    const result = isaAllowance({
      taxYear: Y2026,
      dateOfBirth: null,
      accounts: [
        isa(
          'LISA',
          'lisa',
          [
            ['2026-05-01', 1_000_00],
            ['2026-06-01', 1_000_00, 'withdrawal'],
            ['2026-07-01', 1_000_00],
          ],
          { flexible: true },
        ),
      ],
    });
    expect(result.lisa.usedPence).toBe(2_000_00);
    expect(result.accounts[0]!.words).toContain('A Lifetime ISA cannot be flexible');
  });
});

describe('the 5/6 April boundary', () => {
  const accounts = [
    isa('Vanguard ISA', 'stocks_and_shares', [
      ['2027-04-05', 20_000_00],
      ['2027-04-06', 20_000_00],
    ]),
  ];

  it('counts a payment on 5 April in the tax year ending that day', () => {
    const result = isaAllowance({ taxYear: Y2026, dateOfBirth: null, accounts });
    expect(result.overall).toMatchObject({ usedPence: 20_000_00, remainingPence: 0, overPence: 0 });
    expect(result.overall.words.remaining).toBe('Nothing is left: the £20,000 limit is used in full.');
  });

  it('counts a payment on 6 April in the new tax year, with a new allowance', () => {
    const result = isaAllowance({ taxYear: Y2027, dateOfBirth: null, accounts });
    expect(result.overall).toMatchObject({ usedPence: 20_000_00, remainingPence: 0, overPence: 0 });
    expect(result.overSubscriptions).toEqual([]);
  });
});

describe('the £12,000 cash ISA limit from 6 April 2027 for savers under 65', () => {
  const cash15k = [isa('Nationwide Cash ISA', 'cash', [['2027-05-01', 15_000_00]])];
  const cases: {
    name: string;
    dateOfBirth: CalendarDate | null;
    status: string;
    cashRoom: number;
    over: { overPence: number; certainty: string } | null;
  }[] = [
    {
      name: 'a saver of 57 is held to it',
      dateOfBirth: '1970-01-01',
      status: 'applies',
      cashRoom: 0,
      over: { overPence: 3_000_00, certainty: 'certain' },
    },
    { name: 'a saver of 67 is not', dateOfBirth: '1960-01-01', status: 'exempt', cashRoom: 5_000_00, over: null },
    {
      name: 'a saver who is 65 on 6 April 2027 is not',
      dateOfBirth: '1962-04-06',
      status: 'exempt',
      cashRoom: 5_000_00,
      over: null,
    },
    {
      name: 'a saver who turns 65 on 7 April 2027 may be',
      dateOfBirth: '1962-04-07',
      status: 'may-apply',
      cashRoom: 0,
      over: { overPence: 3_000_00, certainty: 'possible' },
    },
    {
      name: 'a saver with no date of birth may be',
      dateOfBirth: null,
      status: 'may-apply',
      cashRoom: 0,
      over: { overPence: 3_000_00, certainty: 'possible' },
    },
  ];

  it.each(cases)('$name', ({ dateOfBirth, status, cashRoom, over }) => {
    const result = isaAllowance({ taxYear: Y2027, dateOfBirth, accounts: cash15k });
    expect(result.cashCap.status).toBe(status);
    expect(result.overall).toMatchObject({ usedPence: 15_000_00, remainingPence: 5_000_00 });
    expect(result.byType.cash.roomPence).toBe(cashRoom);
    expect(result.byType.stocks_and_shares.roomPence).toBe(5_000_00);
    expect(
      result.overSubscriptions.map((o) => ({ overPence: o.overPence, certainty: o.certainty }))[0] ?? null,
    ).toEqual(over);
  });

  it('has no cash limit in 2026/27, whatever the age', () => {
    const result = isaAllowance({
      taxYear: Y2026,
      dateOfBirth: '1990-01-01',
      accounts: [isa('Cash', 'cash', [['2026-05-01', 20_000_00]])],
    });
    expect(result.cashCap.status).toBe('not-in-force');
    expect(result.cash).toBeNull();
    expect(result.overSubscriptions).toEqual([]);
  });

  it('explains the limit for each kind of saver', () => {
    const words = (dateOfBirth: CalendarDate | null) =>
      isaAllowance({ taxYear: Y2027, dateOfBirth, accounts: cash15k }).cashCap.words;
    expect(words('1970-01-01')).toBe(
      'You are under 65 for all of 2027/28, so at most £12,000 a year of your allowance can go into cash ISAs; the rest can go into other ISAs.',
    );
    expect(words('1960-01-01')).toBe(
      'You are 65 or over on 06/04/2027, so the £12,000 a year cash ISA limit for savers under 65 does not apply to you: all of the allowance can go into cash ISAs.',
    );
    expect(words('1962-10-01')).toBe(
      'You turn 65 on 01/10/2027, during 2027/28. How age is tested for the £12,000 a year cash ISA limit is not yet set in regulations, so the limit may apply to cash you pay in this tax year.',
    );
    expect(words(null)).toBe(
      'From 06/04/2027 savers under 65 can pay at most £12,000 a year into cash ISAs. Your date of birth is not in your profile, so the cash limit may apply to you: add it to know.',
    );
  });

  it('says a possible over-subscription is one only if the limit applies', () => {
    const result = isaAllowance({ taxYear: Y2027, dateOfBirth: null, accounts: cash15k });
    expect(result.overSubscriptions[0]!.words).toBe(
      "If the cash ISA limit applies to you, you have paid £15,000.00 into cash ISAs, £3,000.00 over the £12,000 limit. The payment of £15,000.00 into Nationwide Cash ISA on 01/05/2027 took it over: tell that ISA's provider, as money over the limit cannot stay in an ISA.",
    );
  });
});

describe('Lifetime and Junior ISAs', () => {
  it('finds a Lifetime ISA over its £4,000 limit and pays no bonus on the excess', () => {
    const result = isaAllowance({
      taxYear: Y2026,
      dateOfBirth: null,
      accounts: [
        isa('LISA', 'lisa', [
          ['2026-05-01', 3_000_00],
          ['2026-08-01', 1_500_00],
        ]),
      ],
    });
    expect(result.lisa).toMatchObject({ usedPence: 4_500_00, overPence: 500_00, bonusPence: 1_000_00 });
    expect(result.lisa.crossedBy?.date).toBe('2026-08-01');
    expect(result.overall.remainingPence).toBe(15_500_00);
    expect(result.byType.lisa.roomPence).toBe(0);
  });

  it('gives each child their own £9,000, apart from the adult allowance', () => {
    const result = isaAllowance({
      taxYear: Y2026,
      dateOfBirth: null,
      accounts: [
        isa('Amelia JISA 1', 'jisa', [['2026-05-01', 5_000_00]], { childId: 'c1', childName: 'Amelia' }),
        isa('Amelia JISA 2', 'jisa', [['2026-06-01', 5_000_00]], { childId: 'c1', childName: 'Amelia' }),
        isa('Oliver JISA', 'jisa', [['2026-05-01', 9_000_00]], { childId: 'c2', childName: 'Oliver' }),
        isa('Adult Cash', 'cash', [['2026-05-01', 20_000_00]]),
      ],
    });
    expect(result.overall).toMatchObject({ usedPence: 20_000_00, overPence: 0 });
    expect(result.juniors.map((j) => [j.childName, j.usedPence, j.remainingPence, j.overPence])).toEqual([
      ['Amelia', 10_000_00, 0, 1_000_00],
      ['Oliver', 9_000_00, 0, 0],
    ]);
    expect(result.overSubscriptions.map((o) => o.key)).toEqual(['jisa:child:c1']);
    expect(result.juniors[0]!.words.limit).toBe(
      'Amelia has a Junior ISA limit of £9,000 for 2026/27, separate from your own allowance.',
    );
  });
});

describe('the Lifetime ISA withdrawal charge', () => {
  it.each([
    { amount: 1_000_00, date: '2026-11-21', purpose: 'other', charge: 250_00, received: 750_00 },
    { amount: 1_000_00, date: '2020-06-01', purpose: 'other', charge: 200_00, received: 800_00 },
    { amount: 1_000_00, date: '2021-04-06', purpose: 'other', charge: 250_00, received: 750_00 },
    { amount: 2, date: '2026-11-21', purpose: 'other', charge: 1, received: 1 },
    { amount: 1_000_00, date: '2026-11-21', purpose: 'property', charge: 0, received: 1_000_00 },
    { amount: 1_000_00, date: '2026-11-21', purpose: 'retirement', charge: 0, received: 1_000_00 },
  ] as const)('charges $charge pence on $amount pence taken out on $date for $purpose', (row) => {
    const result = lisaWithdrawalCharge(row.amount, row.date, row.purpose);
    expect([result.chargePence, result.receivedPence]).toEqual([row.charge, row.received]);
  });

  it('explains the charge', () => {
    expect(lisaWithdrawalCharge(1_000_00, '2026-11-21', 'other').words).toBe(
      'Taking £1,000.00 out on 21/11/2026 costs a 25% withdrawal charge of £250.00, so you receive £750.00. The charge takes back the government bonus and some of your own money.',
    );
  });
});
