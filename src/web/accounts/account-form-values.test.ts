import { describe, expect, it } from 'vitest';
import type { BankOption } from '../reference/types.ts';
import {
  accountToFormValues,
  emptyAccountForm,
  formPathOf,
  validateAccountForm,
  type AccountFormValues,
} from './account-form-values.ts';
import { protectionLabel } from './protection-badge.tsx';
import { HALIFAX_ID, makeAccount } from './test-fixtures.ts';

const TODAY = '2026-11-24';
const halifax = { id: HALIFAX_ID, bankName: 'Halifax', legalName: 'Bank of Scotland plc', frn: '169628' } as BankOption;

function form(overrides: Partial<AccountFormValues>): AccountFormValues {
  return { ...emptyAccountForm(TODAY), name: 'Saver', accountNumber: '1', bank: halifax, ...overrides };
}

function problems(values: AccountFormValues, isNew = true) {
  const result = validateAccountForm(values, { today: TODAY, isNew });
  return result.ok ? [] : result.problems.map((p) => `${p.path}: ${p.message}`);
}

describe('the account form as typed', () => {
  it('turns rates, money and whole numbers into the API’s units', () => {
    const result = validateAccountForm(
      form({
        interestRate: '4.35',
        overdraftLimit: '£1,500',
        overdraftInterestRate: '39.9',
        earlyWithdrawalPenaltyType: 'days_interest',
        earlyWithdrawalPenalty: '90',
        interestFrequency: 'Annually',
        interestPaymentMonth: '4',
        interestPaymentDay: '6',
        startingBalance: '2,500.50',
        hasTemporaryHighBalance: true,
        thbLifeEvent: 'inheritance',
        thbAmount: '200000',
        thbCreditedDate: '2026-10-01',
      }),
      { today: TODAY, isNew: true },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.output.fields).toMatchObject({
      interestRateBps: 435,
      overdraftLimitPence: 1_500_00,
      overdraftInterestRateBps: 3_990,
      earlyWithdrawalPenalty: 9_000,
      interestPaymentMonth: 4,
      interestPaymentDay: 6,
      temporaryHighBalance: { lifeEvent: 'inheritance', qualifyingPence: 200_000_00, creditedDate: '2026-10-01' },
    });
    expect(result.output.startingBalancePence).toBe(2_500_50);
    expect(result.output.startingBalanceDate).toBe(TODAY);
  });

  it('takes an empty rate as the default 0%', () => {
    const result = validateAccountForm(form({ interestRate: '' }), { today: TODAY, isNew: false });
    expect(result.ok && result.output.fields.interestRateBps).toBe(0);
  });

  it('reports each problem at the field to correct, with the spec’s messages', () => {
    expect(problems(form({ name: '', accountNumber: ' ', bank: null, interestRate: '-2' })).sort()).toEqual([
      'accountNumber: Account number is required',
      'bank: Bank name is required',
      'interestRate: Interest rate cannot be negative',
      'name: Account name is required',
    ]);
    expect(problems(form({ interestRate: '4.125' }))).toEqual([
      'interestRate: Interest rate can have at most 2 decimal places',
    ]);
    expect(problems(form({ interestRate: 'lots' }))).toEqual([
      'interestRate: Enter the interest rate as a number, like 4.35',
    ]);
    expect(problems(form({ startingBalance: '-10' }))).toEqual([
      'startingBalance: Starting balance cannot be negative',
    ]);
    expect(problems(form({ startingBalance: '10', startingBalanceDate: '2027-01-01' }))).toEqual([
      'startingBalanceDate: Enter the date of the starting balance, today or in the past',
    ]);
    expect(problems(form({ hasTemporaryHighBalance: true, thbAmount: '5' }))).toEqual([
      'thbLifeEvent: Choose the life event the money came from',
      'thbCreditedDate: Enter a real date, like 31/03/2027',
    ]);
  });

  it('reports an interest schedule entry’s problem at its own field', () => {
    const schedule = [
      {
        kind: 'offset' as const,
        offsetValue: 'x',
        offsetUnit: 'months' as const,
        unit: 'months' as const,
        every: '',
        count: '',
        dayOfMonth: '40',
        dates: [],
      },
    ];
    expect(problems(form({ interimInterestSchedule: schedule }))).toEqual([
      'interimInterestSchedule.0.offsetValue: Enter how long after opening, as a whole number from 1 to 999',
      'interimInterestSchedule.0.dayOfMonth: Enter a day of the month from 1 to 31, or leave it empty for the payment day',
    ]);
  });

  it('ignores the starting balance when editing', () => {
    expect(problems(form({ startingBalance: 'nonsense' }), false)).toEqual([]);
  });

  it('maps the API’s field names to the form’s', () => {
    expect(formPathOf('bankId')).toBe('bank');
    expect(formPathOf('temporaryHighBalance.qualifyingPence')).toBe('thbAmount');
    expect(formPathOf('name')).toBe('name');
  });

  it('puts a saved account back into the form the way it was typed', () => {
    const account = makeAccount({
      interestRateBps: 450,
      overdraftLimitPence: 1_000_00,
      earlyWithdrawalPenalty: 5_000,
      earlyWithdrawalPenaltyType: 'fixed_fee',
      temporaryHighBalance: { lifeEvent: 'home-sale', qualifyingPence: 300_000_00, creditedDate: '2026-09-01' },
      interimInterestSchedule: [{ kind: 'custom', dates: ['2027-03-31'] }],
    });
    const values = accountToFormValues(account, { bank: halifax, platformBank: null });
    expect(values).toMatchObject({
      interestRate: '4.5',
      overdraftLimit: '1000.00',
      earlyWithdrawalPenalty: '50.00',
      hasTemporaryHighBalance: true,
      thbAmount: '300000.00',
    });
    const again = validateAccountForm(values, { today: TODAY, isNew: false });
    expect(again.ok && again.output.fields).toMatchObject({
      interestRateBps: 450,
      overdraftLimitPence: 1_000_00,
      earlyWithdrawalPenalty: 5_000,
      interimInterestSchedule: [{ kind: 'custom', dates: ['2027-03-31'] }],
    });
  });
});

describe('protection in words', () => {
  it('never relies on colour alone: every status has a title', () => {
    expect(protectionLabel({ status: 'covered-in-full', uncoveredPence: null, reason: null }).title).toBe(
      'Fully protected',
    );
    expect(protectionLabel({ status: 'partly-covered', uncoveredPence: 20_000_00, reason: null }).title).toBe(
      '£20,000.00 not protected',
    );
    expect(protectionLabel({ status: 'not-fscs', uncoveredPence: null, reason: 'ns-and-i' })).toMatchObject({
      tone: 'info',
      title: 'Government backed',
    });
    expect(protectionLabel({ status: 'not-fscs', uncoveredPence: null, reason: 'offshore' })).toMatchObject({
      tone: 'destructive',
      title: 'Not FSCS protected',
    });
    expect(
      protectionLabel({ status: 'unknown-bank', uncoveredPence: null, reason: 'platform-bank-missing' }),
    ).toMatchObject({ title: 'Protection unknown', detail: 'Choose the bank that holds the deposits' });
    expect(protectionLabel({ status: 'unknown-bank', uncoveredPence: null, reason: 'bank-not-in-data' })).toMatchObject(
      { tone: 'warning', title: 'Protection unknown', detail: 'Bank not in our data: choose it again' },
    );
    expect(protectionLabel({ status: 'unknown-bank', uncoveredPence: null, reason: null })).toMatchObject({
      tone: 'secondary',
      detail: 'No bank or provider recorded',
    });
  });
});
