import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_TRANSACTION_PENCE } from './amount-text.ts';
import { standingOrderNotes } from './standing-order-marker.ts';
import { TRANSACTION_TYPES } from './transaction-types.ts';
import {
  openingBalanceCountError,
  TRANSACTION_MESSAGES,
  checkNewTransactions,
  checkTransactionChange,
  isCountableRow,
  multipleAmountsError,
  singleAmountError,
  updateAmountError,
} from './validation.ts';

const row = (type: string, amountPence: unknown, extra: Record<string, unknown> = {}) => ({
  type,
  amountPence,
  date: '2026-03-14',
  notes: '',
  ...extra,
});

describe('one transaction', () => {
  it.each([null, undefined, 'abc', '12', Number.NaN, 1.5, MAX_TRANSACTION_PENCE + 1])(
    'says "Please enter a valid amount" for %j',
    (amount) => {
      expect(singleAmountError('deposit', amount)).toBe('Please enter a valid amount');
    },
  );

  it('accepts any positive whole pence, and £0 only as an opening balance', () => {
    expect(singleAmountError('deposit', 1)).toBeNull();
    expect(singleAmountError('fee', MAX_TRANSACTION_PENCE)).toBeNull();
    expect(singleAmountError('opening_balance', 0)).toBeNull();
    expect(singleAmountError('deposit', 0)).toBe('Transaction amounts must be greater than 0');
    expect(singleAmountError('opening_balance', -1)).toBe('Opening balance cannot be negative');
  });

  it('stores a single withdrawal negative with the spec message checks first', () => {
    expect(checkNewTransactions([row('withdrawal', 2_500, { notes: '  cash  ' })])).toEqual({
      ok: true,
      value: [{ type: 'withdrawal', amountPence: -2_500, date: '2026-03-14', notes: 'cash' }],
    });
    expect(checkNewTransactions([row('deposit', -5)])).toEqual({
      ok: false,
      message: 'Transaction amounts must be greater than 0',
    });
  });
});

describe('one amount rule for one, several and an update (docs/decisions/0024)', () => {
  const stored = { type: 'deposit' as const, amountPence: 1_000, date: '2026-01-02', notes: null };
  /** The message each path gives for one amount of a type: alone, beside a good row, as an edit. */
  const answers = (type: string, amountPence: number) => [
    checkNewTransactions([row(type, amountPence)]),
    checkNewTransactions([row(type, amountPence), row('deposit', 100)]),
    checkTransactionChange(stored, { type, amountPence }),
  ];

  it.each(TRANSACTION_TYPES.filter((t) => t !== 'opening_balance'))(
    'refuses a £0 or negative %s the same way on every path',
    (type) => {
      for (const amount of [0, -1]) {
        expect(answers(type, amount)).toEqual(
          Array(3).fill({ ok: false, message: 'Transaction amounts must be greater than 0' }),
        );
      }
    },
  );

  it('accepts a £0 opening balance on every path, and refuses a negative one the same way', () => {
    for (const answer of answers('opening_balance', 0)) expect(answer.ok).toBe(true);
    expect(answers('opening_balance', -1)).toEqual(
      Array(3).fill({ ok: false, message: 'Opening balance cannot be negative' }),
    );
  });

  it('agrees with whether the dialog counts a row, for any type and amount', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TRANSACTION_TYPES), fc.integer({ min: -10_000, max: 10_000 }), (type, pence) => {
        const amountText = (pence / 100).toFixed(2);
        const results = answers(type, pence).map((a) => a.ok);
        expect(results).toEqual(Array(3).fill(isCountableRow({ type, amountText })));
      }),
    );
  });
});

describe('an update', () => {
  it('says "Please enter a valid transaction amount" for an amount that is not a number', () => {
    for (const amount of ['x', null, 0.5])
      expect(updateAmountError('deposit', amount)).toBe('Please enter a valid transaction amount');
    expect(updateAmountError('deposit', 0)).toBe('Transaction amounts must be greater than 0');
    expect(updateAmountError('opening_balance', 0)).toBeNull();
  });

  const stored = {
    type: 'deposit' as const,
    amountPence: 1_000,
    date: '2026-01-02',
    notes: standingOrderNotes('Standing order', 'abc-123'),
  };

  it('judges a change of type alone with the stored amount, and leaves a change of neither unjudged', () => {
    const emptyOpening = { ...stored, type: 'opening_balance' as const, amountPence: 0 };
    expect(checkTransactionChange(emptyOpening, { type: 'deposit' })).toEqual({
      ok: false,
      message: 'Transaction amounts must be greater than 0',
    });
    expect(checkTransactionChange(emptyOpening, { notes: 'Opened empty' })).toMatchObject({ ok: true });
    // A £0 deposit stored before the rule can still have its notes changed.
    expect(checkTransactionChange({ ...stored, amountPence: 0 }, { notes: 'Old' })).toMatchObject({ ok: true });
  });

  it('re-applies the sign when the type changes, keeping the typed amount', () => {
    expect(checkTransactionChange(stored, { type: 'fee' })).toEqual({
      ok: true,
      value: { type: 'fee', amountPence: -1_000, date: '2026-01-02', notes: 'Standing order' },
    });
    expect(
      checkTransactionChange({ ...stored, type: 'withdrawal', amountPence: -700 }, { type: 'interest' }),
    ).toMatchObject({
      ok: true,
      value: { type: 'interest', amountPence: 700 },
    });
    expect(checkTransactionChange(stored, { amountPence: 250, type: 'withdrawal', notes: ' ' })).toMatchObject({
      ok: true,
      value: { amountPence: -250, notes: null },
    });
  });

  it('refuses a bad amount or date with the update messages', () => {
    expect(checkTransactionChange(stored, { amountPence: 'ten' })).toEqual({
      ok: false,
      message: 'Please enter a valid transaction amount',
    });
    expect(checkTransactionChange(stored, { amountPence: -1 })).toEqual({
      ok: false,
      message: 'Transaction amounts must be greater than 0',
    });
    expect(checkTransactionChange(stored, { date: '2026-02-30' })).toEqual({
      ok: false,
      message: 'Please enter a valid date',
    });
    expect(checkTransactionChange(stored, { notes: 'x'.repeat(501) })).toEqual({
      ok: false,
      message: 'Notes must be 500 characters or fewer',
    });
  });
});

describe('several transactions at once', () => {
  it('says "Please enter valid amounts for all transactions" when any amount is not a number', () => {
    expect(multipleAmountsError([row('deposit', 100), row('deposit', 'x')])).toBe(
      'Please enter valid amounts for all transactions',
    );
    expect(multipleAmountsError([row('opening_balance', -1), row('deposit', null)])).toBe(
      'Please enter valid amounts for all transactions',
    );
  });

  it('says "Opening balance cannot be negative" before the greater-than-zero rule', () => {
    expect(multipleAmountsError([row('opening_balance', -1), row('deposit', 0)])).toBe(
      'Opening balance cannot be negative',
    );
  });

  it('says "Transaction amounts must be greater than 0" for a zero deposit, but lets an opening balance be 0', () => {
    expect(multipleAmountsError([row('deposit', 0), row('fee', 100)])).toBe(
      'Transaction amounts must be greater than 0',
    );
    expect(multipleAmountsError([row('opening_balance', 0), row('fee', 100)])).toBeNull();
  });

  it('signs each row and treats unknown types as deposits', () => {
    const checked = checkNewTransactions([row('opening_balance', 100_000), row('fee', 300), row('cashback', 150)]);
    expect(checked).toEqual({
      ok: true,
      value: [
        { type: 'opening_balance', amountPence: 100_000, date: '2026-03-14', notes: null },
        { type: 'fee', amountPence: -300, date: '2026-03-14', notes: null },
        { type: 'deposit', amountPence: 150, date: '2026-03-14', notes: null },
      ],
    });
  });

  it('names the row with a bad date', () => {
    expect(checkNewTransactions([row('deposit', 1), row('deposit', 2, { date: '14/03/2026' })])).toEqual({
      ok: false,
      message: 'Please enter a valid date',
      index: 1,
    });
  });

  it('refuses an empty list and more than 100 rows', () => {
    expect(checkNewTransactions([])).toEqual({ ok: false, message: TRANSACTION_MESSAGES.noTransactions });
    expect(checkNewTransactions(Array.from({ length: 101 }, () => row('deposit', 1)))).toEqual({
      ok: false,
      message: TRANSACTION_MESSAGES.tooMany,
    });
  });

  it('strips a marker someone typed, so no one can fake a standing-order payment', () => {
    const checked = checkNewTransactions([row('deposit', 1, { notes: 'Hi [standing-order:abc]' })]);
    expect(checked).toMatchObject({ ok: true, value: [{ notes: 'Hi' }] });
  });

  it('accepts exactly the rows that count, for any rows', () => {
    const rowArb = fc.record({
      type: fc.constantFrom(...TRANSACTION_TYPES),
      amountPence: fc.integer({ min: -1_000, max: 1_000 }),
    });
    fc.assert(
      fc.property(fc.array(rowArb, { minLength: 2, maxLength: 8 }), (rows) => {
        const allCount = rows.every((r) => (r.type === 'opening_balance' ? r.amountPence >= 0 : r.amountPence > 0));
        expect(multipleAmountsError(rows) === null).toBe(allCount);
        const checked = checkNewTransactions(rows.map((r) => ({ ...r, date: '2026-01-01' })));
        if (checked.ok) {
          const total = checked.value.reduce((sum, r) => sum + r.amountPence, 0);
          const expected = rows.reduce(
            (sum, r) => sum + (r.type === 'withdrawal' || r.type === 'fee' ? -r.amountPence : r.amountPence),
            0,
          );
          expect(total).toBe(expected);
        }
      }),
    );
  });
});

describe('a row of the add dialog', () => {
  it.each([
    ['opening_balance', '0', true],
    ['opening_balance', '', false],
    ['opening_balance', '-1', false],
    ['deposit', '0', false],
    ['deposit', '0.01', true],
    ['withdrawal', '20', true],
    ['fee', 'abc', false],
    ['interest', '1.234', false],
    ['interest', '', false],
  ] as const)('a %s of %j counts: %s', (type, amountText, counts) => {
    expect(isCountableRow({ type, amountText })).toBe(counts);
  });
});

describe('one opening balance per account (issue 24)', () => {
  it('refuses an opening balance on an account that has one, with a way forward', () => {
    expect(openingBalanceCountError(1, ['opening_balance'])).toBe(TRANSACTION_MESSAGES.secondOpeningBalance);
    expect(TRANSACTION_MESSAGES.secondOpeningBalance).toContain('Update balance');
  });

  it('refuses two opening balances sent together', () => {
    expect(openingBalanceCountError(0, ['opening_balance', 'deposit', 'opening_balance'])).toBe(
      TRANSACTION_MESSAGES.oneOpeningBalance,
    );
  });

  it('takes a first opening balance, and anything else whatever the account holds', () => {
    expect(openingBalanceCountError(0, ['opening_balance', 'deposit'])).toBeNull();
    expect(openingBalanceCountError(1, ['deposit', 'interest', 'withdrawal', 'fee'])).toBeNull();
  });
});
