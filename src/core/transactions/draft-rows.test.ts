import { describe, expect, it } from 'vitest';
import { addButtonLabel, countableRowCount, draftSubmission, emptyDraftRow, type DraftRow } from './draft-rows.ts';

const draft = (over: Partial<DraftRow>): DraftRow => ({ ...emptyDraftRow('2026-03-14'), ...over });

describe('the add dialog rows', () => {
  it('starts a row as a deposit dated today', () => {
    expect(emptyDraftRow('2026-03-14')).toEqual({ type: 'deposit', amountText: '', date: '2026-03-14', notes: '' });
  });

  it('counts only valid rows and labels the button with the spec wording', () => {
    const rows = [
      draft({ amountText: '10' }),
      draft({ amountText: '' }),
      draft({ type: 'opening_balance', amountText: '0' }),
      draft({ amountText: '0' }),
    ];
    expect(countableRowCount(rows)).toBe(2);
    expect(addButtonLabel(2)).toBe('Add 2 Transaction(s)');
    expect(addButtonLabel(1)).toBe('Add 1 Transaction(s)');
  });

  it('submits the rows that count, unsigned as typed, and ignores the rest', () => {
    const rows = [
      draft({ amountText: 'oops' }),
      draft({ type: 'withdrawal', amountText: '12.34', notes: ' cash ' }),
      draft({ type: 'interest', amountText: '0.56' }),
    ];
    expect(draftSubmission(rows)).toEqual({
      ok: true,
      transactions: [
        { type: 'withdrawal', amountPence: 1234, date: '2026-03-14', notes: 'cash' },
        { type: 'interest', amountPence: 56, date: '2026-03-14', notes: '' },
      ],
    });
  });

  it('names the dialog row whose date is not a date', () => {
    const rows = [draft({ amountText: '' }), draft({ amountText: '5' }), draft({ amountText: '6', date: 'tomorrow' })];
    expect(draftSubmission(rows)).toEqual({ ok: false, message: 'Please enter a valid date', rowIndex: 2 });
  });
});
