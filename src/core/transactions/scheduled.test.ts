import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entriesArb } from '../balance/balance-arbitraries.ts';
import { balanceOf, balanceOnDay, isBalanceStatement } from '../balance/balance-rule.ts';
import { entriesDue, isScheduled } from './scheduled.ts';

// Any calendar date from 2000 to the last day an entry may carry (31 December 2099).
const dayArb = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('future-dated entries are scheduled, not money today (ADR 0044)', () => {
  it('schedules an entry dated after today, and only then: today’s and earlier entries are money today', () => {
    expect(isScheduled('2026-12-28', '2026-11-28')).toBe(true);
    expect(isScheduled('2099-12-31', '2026-11-28')).toBe(true);
    expect(isScheduled('2026-11-28', '2026-11-28')).toBe(false);
    expect(isScheduled('2026-11-27', '2026-11-28')).toBe(false);
  });

  it('schedules a date exactly when it comes after today, for any two dates', () => {
    fc.assert(
      fc.property(dayArb, dayArb, (date, today) => {
        expect(isScheduled(date, today)).toBe(date > today);
        expect(entriesDue([{ date }], today)).toHaveLength(date > today ? 0 : 1);
      }),
    );
  });

  it('counts £1,000, not £1,500, today; £1,500 from the deposit’s date', () => {
    const entries = [
      {
        id: 'a',
        date: '2026-11-28',
        type: 'opening_balance',
        amountPence: 1_000_00,
        recordedAt: '2026-11-28T10:00:00.000Z',
      },
      { id: 'b', date: '2026-12-28', type: 'deposit', amountPence: 500_00, recordedAt: '2026-11-28T10:01:00.000Z' },
    ];
    expect(balanceOnDay(entries, '2026-11-28')).toBe(1_000_00);
    expect(balanceOnDay(entries, '2026-12-27')).toBe(1_000_00);
    expect(balanceOnDay(entries, '2026-12-28')).toBe(1_500_00);
    expect(balanceOf(entries)).toBe(1_500_00);
  });

  it('leaves today’s balance as the due entries alone make it, whatever is scheduled, for any entries and day', () => {
    fc.assert(
      fc.property(entriesArb(), fc.constantFrom('2026-01-01', '2026-01-03', '2026-01-06'), (entries, today) => {
        const due = entriesDue(entries, today);
        // With a statement still to come, the line works back from it (ADR 0022); without one,
        // the scheduled entries change nothing today.
        if (!entries.some((e) => isScheduled(e.date, today) && isBalanceStatement(e.type)))
          expect(balanceOnDay(entries, today)).toBe(balanceOf(due));
        // Once every date has come, today's balance is the stored balance.
        expect(balanceOnDay(entries, '2099-12-31')).toBe(balanceOf(entries));
      }),
    );
  });
});
