import { describe, expect, it } from 'vitest';
import { CALCULATOR_MESSAGES } from './calculator-inputs.ts';
import {
  COMPARE_FORM_MESSAGES,
  compareFormFrom,
  compareFormFromAccount,
  compareFormParams,
  readCompareForm,
} from './compare-form.ts';
import {
  readSavingsForm,
  SAVINGS_FORM_DEFAULTS,
  SAVINGS_FORM_MESSAGES,
  savingsFormFrom,
  savingsFormFromAccount,
  savingsFormParams,
} from './savings-form.ts';

const TODAY = '2026-11-29';

describe('the savings calculator’s form', () => {
  it('reads the defaults into a calculation from today', () => {
    const result = readSavingsForm(SAVINGS_FORM_DEFAULTS, TODAY);
    expect(result).toEqual({
      ok: true,
      calculation: {
        growth: {
          startDate: TODAY,
          startPence: 10_000_00,
          regularDepositPence: 200_00,
          depositFrequency: 'monthly',
          rate: { kind: 'aer', bps: 450 },
          termMonths: 60,
        },
        tax: { band: 'basic', otherIncomePence: null },
        isUnderCapAge: true,
      },
    });
  });

  it('goes to its address and back unchanged', () => {
    const form = {
      ...SAVINGS_FORM_DEFAULTS,
      start: '£2,500.50',
      rateKind: 'gross' as const,
      compounding: 'quarterly' as const,
      band: 'higher' as const,
    };
    expect(savingsFormFrom(new URLSearchParams(savingsFormParams(form).toString()))).toEqual(form);
  });

  it('takes the default for a choice someone edited in the address', () => {
    expect(savingsFormFrom(new URLSearchParams('band=emperor&every=hourly'))).toMatchObject({
      band: 'basic',
      every: 'monthly',
    });
  });

  it('says what is wrong with each field', () => {
    const result = readSavingsForm(
      { ...SAVINGS_FORM_DEFAULTS, start: 'lots', rate: '-1', years: '51', otherIncome: '20000000' },
      TODAY,
    );
    expect(result).toEqual({
      ok: false,
      problems: {
        start: CALCULATOR_MESSAGES.money,
        rate: CALCULATOR_MESSAGES.rateNegative,
        years: SAVINGS_FORM_MESSAGES.years,
        otherIncome: CALCULATOR_MESSAGES.moneyTooLarge,
      },
    });
    expect(readSavingsForm({ ...SAVINGS_FORM_DEFAULTS, years: '0', months: '0' }, TODAY)).toEqual({
      ok: false,
      problems: { term: SAVINGS_FORM_MESSAGES.term },
    });
    expect(readSavingsForm({ ...SAVINGS_FORM_DEFAULTS, rate: '4.125' }, TODAY)).toMatchObject({
      problems: { rate: CALCULATOR_MESSAGES.rateTooPrecise },
    });
  });
});

describe('the savings calculator started from an account', () => {
  it('takes the balance, the rate and how interest is paid, with no deposits', () => {
    // £12,345.67 at 4.35% gross paid quarterly.
    const form = savingsFormFromAccount({
      balancePence: 12_345_67,
      interestRateBps: 435,
      rateType: 'Gross',
      interestFrequency: 'Quarterly',
    });
    expect(form).toMatchObject({
      start: '12345.67',
      every: 'none',
      rate: '4.35',
      rateKind: 'gross',
      compounding: 'quarterly',
    });
    expect(readSavingsForm(form, TODAY)).toMatchObject({
      ok: true,
      calculation: { growth: { startPence: 12_345_67, rate: { kind: 'gross', bps: 435, compounding: 'quarterly' } } },
    });
    // An AER account at maturity: £20,000 at 4.5% AER.
    expect(
      savingsFormFromAccount({
        balancePence: 20_000_00,
        interestRateBps: 450,
        rateType: 'AER',
        interestFrequency: 'At Maturity',
      }),
    ).toMatchObject({ start: '20000', rate: '4.5', rateKind: 'aer', compounding: 'annually' });
  });
});

describe('the interest calculator’s form', () => {
  it('reads the default two accounts, the second with a 1% bonus for 12 months', () => {
    const result = readCompareForm(compareFormFrom(new URLSearchParams()));
    expect(
      result.ok && result.calculation.accounts.map((a) => [a.name, a.aerBps, a.bonusBps, a.bonusMonths, a.paid]),
    ).toEqual([
      ['Account 1', 450, 0, 0, 'monthly'],
      ['Account 2', 375, 100, 12, 'yearly'],
    ]);
  });

  it('goes to its address and back with four accounts', () => {
    const form = compareFormFrom(new URLSearchParams('accounts=4&a3rate=5&a4name=Fixed&a4fixedMonths=24'));
    expect(form.accounts).toHaveLength(4);
    expect(compareFormFrom(new URLSearchParams(compareFormParams(form).toString()))).toEqual(form);
  });

  it('names each wrong field by its parameter', () => {
    const form = compareFormFrom(new URLSearchParams('period=0&a1rate=&a2bonus=1&a2bonusMonths=&a2noticeDays=400'));
    expect(readCompareForm(form)).toEqual({
      ok: false,
      problems: {
        period: COMPARE_FORM_MESSAGES.period,
        a1rate: CALCULATOR_MESSAGES.rateNumber,
        a2bonusMonths: COMPARE_FORM_MESSAGES.bonusMonthsMissing,
        a2noticeDays: COMPARE_FORM_MESSAGES.noticeDays,
      },
    });
  });
});

describe('the interest calculator started from an account', () => {
  it('puts the account first with its balance, rate and how it pays, beside another account to change', () => {
    const form = compareFormFromAccount({
      name: 'Coventry Easy Access',
      balancePence: 12_345_67,
      interestRateBps: 435,
      rateType: 'AER',
      interestFrequency: 'Monthly',
    });
    expect(form.deposit).toBe('12345.67');
    expect(form.accounts).toEqual([
      expect.objectContaining({ name: 'Coventry Easy Access', rate: '4.35', paid: 'monthly', bonus: '' }),
      expect.objectContaining({ name: 'Another account', rate: '4.5', paid: 'monthly' }),
    ]);
    // The address round-trips it, and it reads as a calculation.
    expect(compareFormFrom(compareFormParams(form))).toEqual(form);
    expect(readCompareForm(form).ok).toBe(true);
    // An account paying yearly (or at maturity) is compared as paying yearly.
    const yearly = compareFormFromAccount({
      name: 'Bond',
      balancePence: 100_00,
      interestRateBps: 500,
      rateType: 'Gross',
      interestFrequency: 'At Maturity',
    });
    expect(yearly.accounts[0]).toMatchObject({ paid: 'yearly', rate: '5' });
  });
});
