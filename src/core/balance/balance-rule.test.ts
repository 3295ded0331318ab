import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthWindow } from '../account-summary/months.ts';
import { groupTransactions, summaryCards } from '../account-summary/summary.ts';
import { entriesArb } from './balance-arbitraries.ts';
import {
  type BalanceEntry,
  balanceBefore,
  balanceOf,
  balanceOnDay,
  entryStanding,
  latestStatement,
  statementAdjustment,
} from './balance-rule.ts';

let seq = 0;
/** An entry recorded at `recordedAt` (the saver records everything on 27 November 2026). */
function entry(
  date: string,
  type: string,
  amountPence: number,
  recordedAt = '2026-11-27T10:00:00.000Z',
  id = `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
): BalanceEntry {
  return { id, date, type, amountPence, recordedAt };
}

const sum = (entries: readonly BalanceEntry[]) => entries.reduce((total, e) => total + e.amountPence, 0);

describe('the balance a saver states stays true (issue 13)', () => {
  // Today is Friday 27 November 2026. The saver adds a savings account holding £25,000 today, then a
  // £300 standing order that started on 28 August (three payments so far: Process Now adds them),
  // then imports October's statement: £500 in, £100 out, £21.92 interest.
  const starting = entry('2026-11-27', 'opening_balance', 25_000_00, '2026-11-27T10:00:00.000Z');
  const standingOrder = ['2026-08-28', '2026-09-28', '2026-10-28'].map((date) =>
    entry(date, 'deposit', 300_00, '2026-11-27T10:01:00.000Z'),
  );
  const october = [
    entry('2026-10-03', 'deposit', 500_00, '2026-11-27T10:02:00.000Z'),
    entry('2026-10-15', 'withdrawal', -100_00, '2026-11-27T10:02:00.000Z'),
    entry('2026-10-31', 'interest', 21_92, '2026-11-27T10:02:00.000Z'),
  ];
  const scenario = [starting, ...standingOrder, ...october];

  it('keeps £25,000 after the back-dated standing order and statement (the sum said £26,321.92)', () => {
    expect(sum(scenario)).toBe(26_321_92);
    expect(balanceOf(scenario)).toBe(25_000_00);
    for (const e of [...standingOrder, ...october]) expect(entryStanding(e, starting)).toBe('before-statement');
    expect(entryStanding(starting, latestStatement(scenario))).toBe('statement');
  });

  it('adds what happens from the statement’s date on: an entry dated today, and one tomorrow', () => {
    const today = entry('2026-11-27', 'deposit', 120_00);
    const tomorrow = entry('2026-11-28', 'withdrawal', -20_00);
    expect(balanceOf([...scenario, today])).toBe(25_120_00);
    expect(balanceOf([...scenario, today, tomorrow])).toBe(25_100_00);
    expect(entryStanding(today, starting)).toBe('counted');
    expect(entryStanding(tomorrow, starting)).toBe('counted');
  });

  it('still counts interest from before the statement as interest earned', () => {
    const window = monthWindow('2026-11-27');
    const cards = summaryCards(groupTransactions(scenario as never, window), window, balanceOf(scenario));
    expect(cards.currentBalancePence).toBe(25_000_00);
    expect(cards.lifetimeInterestPence).toBe(21_92);
    expect(entryStanding(october[2]!, starting)).toBe('before-statement');
  });
});

describe('the latest statement sets the balance', () => {
  it('sums everything when there is no statement', () => {
    const entries = [entry('2026-01-01', 'deposit', 100_00), entry('2026-02-01', 'withdrawal', -30_00)];
    expect(balanceOf(entries)).toBe(70_00);
    expect(latestStatement(entries)).toBeNull();
    expect(entries.map((e) => entryStanding(e, null))).toEqual(['counted', 'counted']);
    expect(balanceOf([])).toBe(0);
  });

  it('takes the later of two statements; the earlier is replaced, and history', () => {
    const opening = entry('2026-01-01', 'opening_balance', 1_000_00);
    const update = entry('2026-06-01', 'balance_update', 1_500_00);
    const between = entry('2026-03-01', 'deposit', 200_00);
    const after = entry('2026-07-01', 'interest', 5_00);
    const entries = [after, update, between, opening];
    expect(balanceOf(entries)).toBe(1_505_00);
    expect(latestStatement(entries)).toBe(update);
    expect(entryStanding(opening, update)).toBe('replaced-statement');
    expect(entryStanding(update, update)).toBe('statement');
    expect(entryStanding(between, update)).toBe('before-statement');
    expect(entryStanding(after, update)).toBe('counted');
  });

  it('breaks a same-date tie by when each was recorded, then by id', () => {
    const first = entry('2026-05-01', 'balance_update', 100_00, '2026-05-01T09:00:00.000Z');
    const second = entry('2026-05-01', 'balance_update', 200_00, '2026-05-01T09:00:00.001Z');
    expect(balanceOf([second, first])).toBe(200_00);
    expect(balanceOf([first, second])).toBe(200_00);
    const a = entry('2026-05-01', 'opening_balance', 300_00, 'same', '00000000-0000-4000-8000-00000000000a');
    const b = entry('2026-05-01', 'balance_update', 400_00, 'same', '00000000-0000-4000-8000-00000000000b');
    expect(balanceOf([b, a])).toBe(400_00);
    expect(latestStatement([a, b])).toBe(b);
  });

  it('counts entries of the statement’s date recorded after it: a stated balance is the balance when it was given', () => {
    const statement = entry('2026-05-01', 'balance_update', 1_000_00, '2026-05-01T09:00:00.000Z');
    const sameDay = entry('2026-05-01', 'fee', -2_50, '2026-05-01T09:30:00.000Z');
    const dayBefore = entry('2026-04-30', 'deposit', 50_00);
    expect(balanceOf([statement, sameDay, dayBefore])).toBe(997_50);
    expect(entryStanding(sameDay, statement)).toBe('counted');
  });

  it('lets a balance update be negative: an overdrawn current account', () => {
    const entries = [entry('2026-01-01', 'deposit', 10_00), entry('2026-02-01', 'balance_update', -250_00)];
    expect(balanceOf(entries)).toBe(-250_00);
  });
});

describe('the adjustment a balance update makes', () => {
  it('is what the bank showed less what the entries before it said', () => {
    const opening = entry('2026-01-01', 'opening_balance', 25_000_00);
    const deposit = entry('2026-01-10', 'deposit', 100_00);
    const update = entry('2026-02-01', 'balance_update', 25_220_00);
    const entries = [opening, deposit, update];
    expect(balanceBefore(entries, update)).toBe(25_100_00);
    expect(statementAdjustment(entries, update)).toBe(120_00);
    // An entry on its own date comes after it; one the day before changes the adjustment.
    expect(statementAdjustment([...entries, entry('2026-02-01', 'deposit', 7_00)], update)).toBe(120_00);
    expect(statementAdjustment([...entries, entry('2026-01-31', 'fee', -20_00)], update)).toBe(140_00);
  });

  it('is none for a first starting balance and when nothing came before', () => {
    const opening = entry('2026-01-01', 'opening_balance', 25_000_00);
    const history = entry('2025-12-01', 'deposit', 300_00);
    expect(statementAdjustment([history, opening], opening)).toBeNull();
    const alone = entry('2026-02-01', 'balance_update', 50_00);
    expect(statementAdjustment([alone], alone)).toBeNull();
    expect(statementAdjustment([history, alone], alone)).toBe(-250_00);
  });

  it('compares a second starting balance with the statement before it', () => {
    const first = entry('2026-01-01', 'opening_balance', 1_000_00);
    const second = entry('2026-03-01', 'opening_balance', 900_00);
    expect(statementAdjustment([first, second], second)).toBe(-100_00);
  });
});

const byRule = (entries: readonly BalanceEntry[]) => balanceOf(entries);

describe('the rule, for any entries', () => {
  it('does not depend on the order the entries come in', () => {
    fc.assert(
      fc.property(entriesArb(), fc.infiniteStream(fc.integer()), (entries, stream) => {
        const shuffled = [...entries].sort(() => (stream.next().value % 2 === 0 ? -1 : 1));
        expect(byRule(shuffled)).toBe(byRule(entries));
      }),
    );
  });

  it('is the latest statement plus the counted entries, and the sum without a statement', () => {
    fc.assert(
      fc.property(entriesArb(), (entries) => {
        const latest = latestStatement(entries);
        const counted = entries.filter((e) => entryStanding(e, latest) === 'counted');
        expect(byRule(entries)).toBe((latest?.amountPence ?? 0) + sum(counted));
        if (latest === null) expect(byRule(entries)).toBe(sum(entries));
      }),
    );
  });

  it('ignores an entry added before the latest statement, and adds one on or after it', () => {
    fc.assert(
      fc.property(entriesArb(), fc.integer({ min: 1, max: 1_000_000 }), (entries, pence) => {
        const latest = latestStatement(entries);
        if (latest === null) return;
        // Recorded a second after the statement (recorded with it, the order would be the ids').
        const recordedAt = new Date(Date.parse(latest.recordedAt) + 1000).toISOString();
        const before = {
          ...latest,
          id: 'ffffffff-0000-4000-8000-000000000001',
          type: 'deposit',
          amountPence: pence,
          recordedAt,
        };
        expect(byRule([...entries, { ...before, date: '2025-12-31' }])).toBe(byRule(entries));
        expect(byRule([...entries, before])).toBe(byRule(entries) + pence);
      }),
    );
  });

  it('makes a new balance update the balance, its adjustment the difference from the balance before', () => {
    fc.assert(
      fc.property(entriesArb(), fc.integer({ min: -1_000_000, max: 1_000_000 }), (entries, stated) => {
        const update = entry('2026-12-01', 'balance_update', stated, '2026-12-01T00:00:00.000Z');
        const all = [...entries, update];
        expect(byRule(all)).toBe(stated);
        expect(statementAdjustment(all, update)).toBe(entries.length === 0 ? null : stated - byRule(entries));
      }),
    );
  });

  it('gives the balance on a day after every entry as the balance', () => {
    fc.assert(
      fc.property(entriesArb(), (entries) => {
        expect(balanceOnDay(entries, '2027-01-01')).toBe(byRule(entries));
      }),
    );
  });
});

describe('Update balance with today’s date ends at exactly the figure typed (issue 24)', () => {
  // Today is 27 November 2026. The account started on 1 November with £1,000; a £200 deposit on
  // the 10th; this morning the bank paid £3.21 interest and the saver recorded it. Then the saver
  // updates the balance to what the bank shows now, £1,250.00, and later records a £50 withdrawal
  // made this afternoon.
  const opening = entry('2026-11-01', 'opening_balance', 1_000_00, '2026-11-01T09:00:00.000Z');
  const deposit = entry('2026-11-10', 'deposit', 200_00, '2026-11-10T09:00:00.000Z');
  const interest = entry('2026-11-27', 'interest', 3_21, '2026-11-27T08:00:00.000Z');
  const update = entry('2026-11-27', 'balance_update', 1_250_00, '2026-11-27T12:00:00.000Z');
  const afternoon = entry('2026-11-27', 'withdrawal', -50_00, '2026-11-27T15:00:00.000Z');

  it('ends at the figure typed: same-day interest recorded before it is in the figure', () => {
    expect(balanceOf([opening, deposit, interest, update])).toBe(1_250_00);
    expect(entryStanding(interest, update)).toBe('before-statement');
  });

  it('says the real difference: the entries showed £1,203.21, so £46.79 more', () => {
    expect(balanceBefore([opening, deposit, interest, update], update)).toBe(1_203_21);
    expect(statementAdjustment([opening, deposit, interest, update], update)).toBe(46_79);
  });

  it('adds a same-day entry recorded after it', () => {
    const all = [opening, deposit, interest, update, afternoon];
    expect(entryStanding(afternoon, update)).toBe('counted');
    expect(balanceOf(all)).toBe(1_200_00);
    expect(balanceOnDay(all, '2026-11-27')).toBe(1_200_00);
    expect(balanceOnDay(all, '2026-11-26')).toBe(1_200_00);
  });

  it('holds for any entries: a statement just given is the balance, whatever shares its date', () => {
    fc.assert(
      fc.property(entriesArb(), fc.integer({ min: -1_000_000, max: 1_000_000 }), (entries, stated) => {
        const latestDate =
          entries
            .map((e) => e.date)
            .sort()
            .at(-1) ?? '2026-01-01';
        const given = entry(latestDate, 'balance_update', stated, '2099-01-01T00:00:00.000Z');
        const all = [...entries, given];
        expect(balanceOf(all)).toBe(stated);
        const before = balanceBefore(all, given);
        expect(statementAdjustment(all, given)).toBe(before === null ? null : stated - before);
        if (before !== null) expect(before).toBe(balanceOf(entries));
      }),
    );
  });
});
