import { describe, expect, it } from 'vitest';
import { latestEvents, markDepositedEvent, readStoredEvents, type TermEvent, withMarkedDeposit } from './events.ts';
import { deleteTermConfirmation, showsAddTermsBanner, TERM_NOTICES } from './text.ts';

const event = (date: string, description: string): TermEvent => ({
  type: 'note',
  date,
  amountPence: null,
  description,
});

describe('Mark deposited', () => {
  it('logs a deposit today of the term’s minimum amount (001 §4)', () => {
    expect(markDepositedEvent({ amountPence: 100_00 }, '2026-11-21')).toEqual({
      type: 'deposit',
      date: '2026-11-21',
      amountPence: 100_00,
      description: 'Monthly deposit logged',
    });
  });

  it('logs £0 when the term has no amount, after the events already there', () => {
    const events = withMarkedDeposit([event('2026-01-01', 'a')], {}, '2026-11-21');
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({ amountPence: 0, date: '2026-11-21' });
  });
});

describe('the last three events', () => {
  it('lists the newest three by date, the later recorded first on one day', () => {
    const events = [
      event('2026-01-01', 'a'),
      event('2026-03-01', 'b'),
      event('2026-03-01', 'c'),
      event('2026-02-01', 'd'),
      event('2025-12-01', 'e'),
    ];
    expect(latestEvents(events).map((e) => e.description)).toEqual(['c', 'b', 'd']);
  });
});

describe('stored events', () => {
  it('parses JSON text, takes notes as the description and drops events without a type or a real date', () => {
    const stored = JSON.stringify([
      { type: 'deposit', date: '2026-11-01', amountPence: 5000, notes: 'paid' },
      { type: 'deposit', date: '2026-02-30' },
      { date: '2026-11-01' },
      { type: 'note', date: '2026-11-02', amountPence: 1.5, description: 'x' },
    ]);
    expect(readStoredEvents(stored)).toEqual([
      { type: 'deposit', date: '2026-11-01', amountPence: 5000, description: 'paid' },
      { type: 'note', date: '2026-11-02', amountPence: null, description: 'x' },
    ]);
  });

  it('falls back to no events', () => {
    expect(readStoredEvents('{oops')).toEqual([]);
    expect(readStoredEvents({ type: 'deposit' })).toEqual([]);
  });
});

describe('the card’s words', () => {
  it('asks before deleting, in the spec’s words', () => {
    expect(deleteTermConfirmation('Withdrawal limit')).toBe(
      'Are you sure you want to delete "Withdrawal limit"? This action cannot be undone and will remove all tracking data for this term.',
    );
    expect(TERM_NOTICES.added('Fixed term')).toBe('Fixed term has been added to your account.');
  });

  it('offers Add T&Cs only with smart alerts on and no terms notes or terms', () => {
    const account = { enableSmartAlerts: true, termsNotes: null, termCount: 0 };
    expect(showsAddTermsBanner(account)).toBe(true);
    expect(showsAddTermsBanner({ ...account, termsNotes: '  ' })).toBe(true);
    expect(showsAddTermsBanner({ ...account, termsNotes: 'Notice 95 days' })).toBe(false);
    expect(showsAddTermsBanner({ ...account, termCount: 1 })).toBe(false);
    expect(showsAddTermsBanner({ ...account, enableSmartAlerts: false })).toBe(false);
  });
});
