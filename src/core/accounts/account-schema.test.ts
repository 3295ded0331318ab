import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_DEFAULTS,
  ACCOUNT_MESSAGES,
  accountFieldsSchema,
  accountPatchObject,
  type AccountFieldsInput,
  rateFromInput,
} from './account-schema.ts';

const TODAY = '2026-11-24';
const HALIFAX = '4b0c4c3e-9a56-5d0b-8a47-2f1f0c7e1a11';
const CLOSE_BROTHERS = '0e5d1c4a-1111-5222-8333-944455556666';

const base: AccountFieldsInput = { name: 'Easy saver', accountNumber: '12345678', bankId: HALIFAX };

function check(input: Record<string, unknown>) {
  return accountFieldsSchema(TODAY).safeParse({ ...base, ...input });
}

function messages(input: Record<string, unknown>) {
  const result = check(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('the account form’s defaults (001 §3, §9)', () => {
  it('starts a new account as Savings, Monthly, AER, Add to account, 0%, rate change notifications on, penalty as a percentage', () => {
    expect(ACCOUNT_DEFAULTS).toMatchObject({
      accountType: 'Savings',
      interestFrequency: 'Monthly',
      rateType: 'AER',
      interestPayoutMethod: 'Add to account',
      interestRateBps: 0,
      rateChangeNotifications: true,
      earlyWithdrawalPenaltyType: 'percentage',
      isPlatformAccount: false,
      holders: 1,
      temporaryHighBalance: null,
      enableSmartAlerts: true,
    });
  });

  it('gives a new account the default interim interest schedule: one annual offset of 12 months on the payment day', () => {
    expect(ACCOUNT_DEFAULTS.interimInterestSchedule).toEqual([
      { kind: 'offset', offsetValue: 12, offsetUnit: 'months', dayOfMonth: null },
    ]);
  });

  it('fills every omitted field with its default', () => {
    const result = check({});
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ ...ACCOUNT_DEFAULTS, ...base });
  });
});

describe('the account form’s messages (001 §5)', () => {
  it('requires a name, an account number and a type, trimming them first', () => {
    expect(messages({ name: '   ' })).toEqual(['name: Account name is required']);
    expect(messages({ accountNumber: '' })).toEqual(['accountNumber: Account number is required']);
    expect(messages({ accountType: ' ' })).toEqual(['accountType: Account type is required']);
    expect(check({ name: '  Easy saver  ', accountNumber: ' 1234 ' }).data).toMatchObject({
      name: 'Easy saver',
      accountNumber: '1234',
    });
  });

  it('requires a bank except for ISA and pension accounts', () => {
    expect(messages({ bankId: null })).toEqual(['bankId: Bank name is required']);
    expect(messages({ bankId: null, accountType: 'Current Account' })).toEqual(['bankId: Bank name is required']);
    expect(messages({ bankId: null, accountType: 'Cash ISA' })).toEqual([]);
    expect(messages({ bankId: null, accountType: 'SIPP' })).toEqual([]);
    expect(messages({ bankId: null, accountType: 'Workplace Pension' })).toEqual([]);
  });

  it('refuses a negative interest rate with the spec’s words', () => {
    expect(messages({ interestRateBps: -1 })).toEqual(['interestRateBps: Interest rate cannot be negative']);
    expect(messages({ interestRateBps: 435 })).toEqual([]);
    expect(messages({ interestRateBps: 4.5 })).toEqual([`interestRateBps: ${ACCOUNT_MESSAGES.rateDecimals}`]);
  });

  it('refuses fields that are not the form’s, such as the balance', () => {
    expect(messages({ balancePence: 100 })).toEqual([': This field cannot be set here: balancePence']);
  });

  it('refuses a bank id that is not an id', () => {
    expect(messages({ bankId: 'Halifax' })).toEqual([`bankId: ${ACCOUNT_MESSAGES.bankId}`]);
  });
});

describe('the rules between fields', () => {
  it('offers At Maturity to bonds and On Demand to current accounts only', () => {
    expect(messages({ interestFrequency: 'At Maturity' })).toEqual([
      `interestFrequency: ${ACCOUNT_MESSAGES.frequency}`,
    ]);
    expect(messages({ interestFrequency: 'At Maturity', accountType: 'Fixed Term Deposit' })).toEqual([]);
    expect(messages({ interestFrequency: 'On Demand', accountType: 'Current' })).toEqual([]);
    expect(messages({ interestFrequency: 'On Demand', accountType: 'Bond' })).toEqual([
      `interestFrequency: ${ACCOUNT_MESSAGES.frequency}`,
    ]);
  });

  it('keeps an annual payment day that exists every year', () => {
    expect(messages({ interestFrequency: 'Annually', interestPaymentMonth: 2, interestPaymentDay: 29 })).toEqual([
      'interestPaymentDay: Choose a day that February has every year',
    ]);
    expect(messages({ interestFrequency: 'Annually', interestPaymentMonth: 4, interestPaymentDay: 30 })).toEqual([]);
    // Quarterly interest may name the 31st: short months pay on their last day.
    expect(messages({ interestFrequency: 'Quarterly', interestPaymentMonth: 2, interestPaymentDay: 31 })).toEqual([]);
  });

  it('clears what the form hides: month and day for At Maturity, the month for Monthly, a platform bank off a platform', () => {
    const maturity = check({
      accountType: 'Bond',
      interestFrequency: 'At Maturity',
      interestPaymentMonth: 3,
      interestPaymentDay: 5,
    }).data!;
    expect([maturity.interestPaymentMonth, maturity.interestPaymentDay]).toEqual([null, null]);
    const monthly = check({ interestFrequency: 'Monthly', interestPaymentMonth: 3, interestPaymentDay: 5 }).data!;
    expect([monthly.interestPaymentMonth, monthly.interestPaymentDay]).toEqual([null, 5]);
    expect(
      check({ isPlatformAccount: false, platformBankReferenceId: CLOSE_BROTHERS }).data!.platformBankReferenceId,
    ).toBeNull();
    expect(
      check({ isPlatformAccount: true, platformBankReferenceId: CLOSE_BROTHERS }).data!.platformBankReferenceId,
    ).toBe(CLOSE_BROTHERS);
    expect(check({ hasRenewalOption: false, renewalRateBps: 300 }).data!.renewalRateBps).toBeNull();
    expect(check({ annualInterestPayment: false, annualInterestDay: 3 }).data!.annualInterestDay).toBeNull();
  });

  it('bounds the next rate change from 2000 to ten years ahead', () => {
    expect(messages({ nextRateChange: '2000-01-01' })).toEqual([]);
    expect(messages({ nextRateChange: '2036-11-24' })).toEqual([]);
    expect(messages({ nextRateChange: '1999-12-31' })).toEqual([`nextRateChange: ${ACCOUNT_MESSAGES.nextRateChange}`]);
    expect(messages({ nextRateChange: '2036-11-25' })).toEqual([`nextRateChange: ${ACCOUNT_MESSAGES.nextRateChange}`]);
    expect(messages({ nextRateChange: '2027-02-29' })).toEqual([`nextRateChange: ${ACCOUNT_MESSAGES.date}`]);
  });

  it('takes the date opened only up to today', () => {
    expect(messages({ dateOpened: TODAY })).toEqual([]);
    expect(messages({ dateOpened: '2026-11-25' })).toEqual([`dateOpened: ${ACCOUNT_MESSAGES.dateOpened}`]);
  });

  it('needs both halves of a term length', () => {
    expect(messages({ termLengthValue: 2, termLengthUnit: 'years' })).toEqual([]);
    expect(messages({ termLengthValue: 2 })).toEqual([`termLengthUnit: ${ACCOUNT_MESSAGES.termLength}`]);
    expect(messages({ termLengthUnit: 'months' })).toEqual([`termLengthValue: ${ACCOUNT_MESSAGES.termLength}`]);
  });

  it('takes a complete temporary high balance credited by today', () => {
    const thb = { lifeEvent: 'home-sale', qualifyingPence: 250_000_00, creditedDate: '2026-10-01' };
    expect(messages({ temporaryHighBalance: thb })).toEqual([]);
    expect(messages({ temporaryHighBalance: { ...thb, creditedDate: '2026-12-01' } })).toEqual([
      `temporaryHighBalance.creditedDate: ${ACCOUNT_MESSAGES.thbDate}`,
    ]);
    expect(messages({ temporaryHighBalance: { ...thb, qualifyingPence: 0 } })).toEqual([
      `temporaryHighBalance.qualifyingPence: ${ACCOUNT_MESSAGES.thbAmount}`,
    ]);
    expect(messages({ temporaryHighBalance: { ...thb, lifeEvent: 'lottery' } })).toEqual([
      `temporaryHighBalance.lifeEvent: ${ACCOUNT_MESSAGES.lifeEvent}`,
    ]);
  });

  it('takes 1 to 10 holders', () => {
    expect(messages({ holders: 2 })).toEqual([]);
    expect(messages({ holders: 0 })).toEqual([`holders: ${ACCOUNT_MESSAGES.holders}`]);
    expect(messages({ holders: 11 })).toEqual([`holders: ${ACCOUNT_MESSAGES.holders}`]);
  });

  it('stores its own output unchanged (the server may check a value twice)', () => {
    const rate = fc.integer({ min: 0, max: 10_000 });
    fc.assert(
      fc.property(
        fc.record({
          interestRateBps: rate,
          interestFrequency: fc.constantFrom('Daily', 'Monthly', 'Quarterly', 'Annually'),
          interestPaymentMonth: fc.option(fc.integer({ min: 1, max: 12 })),
          interestPaymentDay: fc.option(fc.integer({ min: 1, max: 28 })),
          isPlatformAccount: fc.boolean(),
          hasRenewalOption: fc.boolean(),
          renewalRateBps: fc.option(rate),
        }),
        (fields) => {
          const once = check(fields);
          expect(once.success).toBe(true);
          expect(accountFieldsSchema(TODAY).parse(once.data)).toEqual(once.data);
        },
      ),
    );
  });
});

describe('a partial change (PATCH)', () => {
  it('takes any subset without filling defaults in', () => {
    expect(accountPatchObject().parse({ name: ' Rainy day ' })).toEqual({ name: 'Rainy day' });
    expect(accountPatchObject().parse({ interestRateBps: 125, rateType: 'Gross' })).toEqual({
      interestRateBps: 125,
      rateType: 'Gross',
    });
  });

  it('says what is wrong with an empty name, number or type, and with nothing at all', () => {
    const first = (value: unknown) => accountPatchObject().safeParse(value).error?.issues[0]?.message;
    expect(first({ name: '' })).toBe('Account name is required');
    expect(first({ accountNumber: '  ' })).toBe('Account number is required');
    expect(first({ accountType: '' })).toBe('Account type is required');
    expect(first({})).toBe('Nothing to update');
    expect(first({ balancePence: 1 })).toBe('This field cannot be changed here: balancePence');
  });
});

describe('a rate typed on its own', () => {
  it('reads blank as 0% and gives the form’s messages', () => {
    expect(rateFromInput('')).toEqual({ ok: true, bps: 0 });
    expect(rateFromInput(' 4.35% ')).toEqual({ ok: true, bps: 435 });
    expect(rateFromInput('100')).toEqual({ ok: true, bps: 10_000 });
    expect(rateFromInput('100.01')).toEqual({ ok: false, message: ACCOUNT_MESSAGES.rateTooHigh });
    expect(rateFromInput('-0.5')).toEqual({ ok: false, message: ACCOUNT_MESSAGES.rateNegative });
    expect(rateFromInput('4.355')).toEqual({ ok: false, message: ACCOUNT_MESSAGES.rateDecimals });
    expect(rateFromInput('4,35')).toEqual({ ok: false, message: ACCOUNT_MESSAGES.rateNumber });
  });

  it('accepts exactly the rates the account schema accepts, 0% to 100% in hundredths', () => {
    fc.assert(
      fc.property(fc.integer({ min: -20_000, max: 20_000 }), (bps) => {
        const text = `${bps < 0 ? '-' : ''}${Math.floor(Math.abs(bps) / 100)}.${String(Math.abs(bps) % 100).padStart(2, '0')}`;
        const read = rateFromInput(text);
        expect(read.ok).toBe(bps >= 0 && bps <= 10_000);
        if (read.ok) expect(read.bps).toBe(bps);
      }),
    );
  });
});
