import { describe, expect, it } from 'vitest';
import { checkTerm, readStoredInputs, termInputsSchema } from './term-schema.ts';
import { defaultInputs, isFieldShown, TERM_TEMPLATES, TERM_TYPES, termTypesFor } from './templates.ts';

const TODAY = '2026-11-21';

function issues(draft: unknown) {
  const result = checkTerm(draft, TODAY);
  return result.ok ? [] : result.issues;
}

describe('the templates', () => {
  it('has a template for each of the 17 term types, each with its fields named as the spec names them', () => {
    expect(TERM_TYPES).toHaveLength(17);
    for (const type of TERM_TYPES) {
      expect(TERM_TEMPLATES[type].type).toBe(type);
      for (const field of TERM_TEMPLATES[type].fields) expect(field.specName).toMatch(/^[a-z_]+$/);
    }
  });

  it('offers savings terms everywhere but pensions, ISA terms on ISAs and pension terms on pensions', () => {
    expect(termTypesFor('savings')).toContain('withdrawal_limit');
    expect(termTypesFor('savings')).not.toContain('annual_allowance');
    expect(termTypesFor('isa')).toEqual(expect.arrayContaining(['fixed_term', 'annual_allowance']));
    expect(termTypesFor('pension')).toEqual([
      'access_age',
      'contribution_limits',
      'drawdown_monitoring',
      'protected_lump_sum',
      'charges',
    ]);
  });

  it('starts the ISA allowance at £20,000 and the access age at 55 (001 §5, §9)', () => {
    expect(defaultInputs('annual_allowance')).toEqual({ maxAllowancePence: 2_000_000 });
    expect(defaultInputs('access_age')).toEqual({ accessAge: 55 });
  });

  it('shows the opening fields only for a rolling account year, and the estimates only when the date is unknown', () => {
    const field = (key: string) => TERM_TEMPLATES.withdrawal_limit.fields.find((f) => f.key === key)!;
    expect(isFieldShown(field('openingDate'), { period: 'calendar_year' })).toBe(false);
    expect(isFieldShown(field('openingDate'), { period: 'rolling_year_from_opening' })).toBe(true);
    expect(isFieldShown(field('estimatedOpeningYear'), { period: 'rolling_year_from_opening' })).toBe(false);
    expect(
      isFieldShown(field('estimatedOpeningYear'), { period: 'rolling_year_from_opening', unknownOpeningDate: true }),
    ).toBe(true);
  });
});

describe('checking a term', () => {
  it('needs a term type', () => {
    expect(issues({ inputs: {} })).toEqual([{ path: 'termType', message: 'Choose a term type' }]);
  });

  it('saves a withdrawal limit with the template’s name as its label, notifications on and no notes', () => {
    expect(
      checkTerm(
        { termType: 'withdrawal_limit', label: '  ', notes: ' ', inputs: { maxWithdrawals: 3, period: 'monthly' } },
        TODAY,
      ),
    ).toEqual({
      ok: true,
      term: {
        termType: 'withdrawal_limit',
        label: 'Withdrawal limit',
        inputs: { maxWithdrawals: 3, period: 'monthly' },
        notes: null,
        notificationsEnabled: true,
      },
    });
  });

  it('names each missing required field', () => {
    expect(issues({ termType: 'max_contributions_over_term', inputs: { termLengthUnit: 'months' } })).toEqual([
      { path: 'inputs.termStartDate', message: 'Term start date is required' },
      { path: 'inputs.termLengthValue', message: 'Term length is required' },
      { path: 'inputs.maxAmountPence', message: 'Maximum over the term is required' },
    ]);
  });

  it('refuses values of the wrong kind with the field’s words', () => {
    expect(issues({ termType: 'withdrawal_limit', inputs: { maxWithdrawals: 1.5, period: 'weekly' } })).toEqual([
      { path: 'inputs.maxWithdrawals', message: 'Withdrawals allowed must be a whole number from 0 to 366' },
      { path: 'inputs.period', message: 'Choose the period from the list' },
    ]);
    expect(
      issues({
        termType: 'intro_rate',
        inputs: { startDate: '2026-02-30', endDate: '2026-03-01', bonusRateBps: 10_001, reversionRateBps: 0 },
      }),
    ).toEqual([
      { path: 'inputs.startDate', message: 'Enter a real date, like 31/03/2027' },
      {
        path: 'inputs.bonusRateBps',
        message: 'Bonus rate must be a percentage from 0 to 100, with at most 2 decimal places',
      },
    ]);
    expect(issues({ termType: 'annual_allowance', inputs: { maxAllowancePence: 0, taxYear: '2026/28' } })).toEqual([
      { path: 'inputs.taxYear', message: 'Enter the tax year like 2026/27' },
      { path: 'inputs.maxAllowancePence', message: 'Allowance must be more than £0' },
    ]);
  });

  it('refuses an end date before the start date', () => {
    expect(issues({ termType: 'bonus_rate_isa', inputs: { startDate: '2026-05-01', endDate: '2026-04-30' } })).toEqual([
      { path: 'inputs.endDate', message: 'The end date must be on or after the start date' },
    ]);
  });

  it('refuses a field of another term type', () => {
    expect(issues({ termType: 'notice_period', inputs: { noticeDays: 30, amountPence: 1 } })).toEqual([
      { path: 'inputs', message: 'This field cannot be set for this term: amountPence' },
    ]);
  });

  it('drops blank and hidden fields rather than refusing them', () => {
    const schema = termInputsSchema('withdrawal_limit', TODAY);
    expect(
      schema.parse({
        maxWithdrawals: 1,
        period: 'calendar_year',
        penalty: '',
        openingDate: 'not a date',
        estimatedOpeningYear: 1,
      }),
    ).toEqual({
      maxWithdrawals: 1,
      period: 'calendar_year',
    });
  });

  it('builds the opening date from an estimated month and year, then drops the helper fields (001 §5)', () => {
    const schema = termInputsSchema('withdrawal_limit', TODAY);
    expect(
      schema.parse({
        maxWithdrawals: 1,
        period: 'rolling_year_from_opening',
        unknownOpeningDate: true,
        estimatedOpeningMonth: 3,
        estimatedOpeningYear: 2021,
      }),
    ).toEqual({ maxWithdrawals: 1, period: 'rolling_year_from_opening', openingDate: '2021-03-01' });
    // One estimate alone builds nothing: the account's date opened is used instead.
    expect(
      schema.parse({
        maxWithdrawals: 1,
        period: 'rolling_year_from_opening',
        unknownOpeningDate: true,
        estimatedOpeningMonth: 3,
      }),
    ).toEqual({ maxWithdrawals: 1, period: 'rolling_year_from_opening' });
  });

  it('bounds the estimated opening year from 2000 to this year', () => {
    const draft = (year: number) => ({
      termType: 'withdrawal_limit',
      inputs: {
        maxWithdrawals: 1,
        period: 'rolling_year_from_opening',
        unknownOpeningDate: true,
        estimatedOpeningYear: year,
      },
    });
    expect(issues(draft(2026))).toEqual([]);
    expect(issues(draft(2027))).toEqual([
      {
        path: 'inputs.estimatedOpeningYear',
        message: 'Estimated opening year must be a whole number from 2000 to 2026',
      },
    ]);
    expect(issues(draft(1999))).toHaveLength(1);
  });

  it('saves a tax year in one spelling', () => {
    expect(
      termInputsSchema('annual_allowance', TODAY).parse({ taxYear: '2026-27', maxAllowancePence: 2_000_000 }),
    ).toEqual({
      taxYear: '2026/27',
      maxAllowancePence: 2_000_000,
    });
  });

  it('checks the instalments of a contributions plan', () => {
    const base = { termStartDate: '2026-01-01', termLengthValue: 1, termLengthUnit: 'years', maxAmountPence: 1_000_00 };
    const draft = (inputs: object) => ({ termType: 'max_contributions_over_term', inputs: { ...base, ...inputs } });
    expect(issues(draft({ splitType: 'custom_percentage', customPercentagesBps: [5000, 5000] }))).toEqual([]);
    expect(issues(draft({ splitType: 'custom_percentage', customPercentagesBps: [5000, 4000] }))).toEqual([
      { path: 'inputs.customPercentagesBps', message: 'The instalment percentages must add up to 100%' },
    ]);
    expect(issues(draft({ splitType: 'custom_amounts', installmentsCount: 3, customAmountsPence: [1, 2] }))).toEqual([
      { path: 'inputs.customAmountsPence', message: 'Enter one figure for each instalment' },
    ]);
    expect(issues(draft({ splitType: 'custom_amounts', customAmountsPence: [600_00, 400_01] }))).toEqual([
      {
        path: 'inputs.customAmountsPence',
        message: 'The instalment amounts must add up to no more than the maximum over the term',
      },
    ]);
  });

  it('sorts interest tiers and refuses a tier whose maximum is not above its minimum', () => {
    const schema = termInputsSchema('tiered_interest', TODAY);
    expect(
      schema.parse({
        tiers: [
          { minPence: 1_000_00, maxPence: null, rateBps: 400 },
          { minPence: 0, maxPence: 1_000_00, rateBps: 100 },
        ],
      }),
    ).toEqual({
      tiers: [
        { minPence: 0, maxPence: 1_000_00, rateBps: 100 },
        { minPence: 1_000_00, maxPence: null, rateBps: 400 },
      ],
    });
    expect(schema.safeParse({ tiers: [{ minPence: 5, maxPence: 5, rateBps: 1 }] }).success).toBe(false);
  });
});

describe('reading a stored term', () => {
  it('parses JSON text and leaves out values of the wrong kind', () => {
    expect(
      readStoredInputs(
        'minimum_deposit',
        '{"amountPence":5000,"frequency":"yearly","firstDueDate":"2026-01-31"}',
        TODAY,
      ),
    ).toEqual({
      amountPence: 5000,
      firstDueDate: '2026-01-31',
    });
  });

  it('falls back to empty for anything unreadable', () => {
    expect(readStoredInputs('fixed_term', 'not json', TODAY)).toEqual({});
    expect(readStoredInputs('fixed_term', [1, 2], TODAY)).toEqual({});
    expect(readStoredInputs('fixed_term', null, TODAY)).toEqual({});
  });
});
