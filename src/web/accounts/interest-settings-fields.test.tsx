import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  InterestSettingsFields,
  type InterestSettingsValues,
  type InterestSettingsWording,
} from './interest-settings-fields.tsx';

const WORDING: InterestSettingsWording = {
  rateLabel: 'Rate',
  ratePercentSign: false,
  nextRateChangeLabel: 'Next change',
  noMonth: 'No month',
  noDay: 'No day',
  paymentDateOptional: false,
  quarterlyNote: (months, monthChosen) => `${monthChosen ? 'Chosen' : 'Fallback'}: ${months}`,
};

const START: InterestSettingsValues = {
  interestRate: '4.35',
  rateType: 'AER',
  interestFrequency: 'Quarterly',
  interestPayoutMethod: 'Add to account',
  interestPaymentMonth: '',
  interestPaymentDay: '',
  nextRateChange: '',
  terms: '',
};

function Harness({
  initial = START,
  errors = {},
}: {
  initial?: InterestSettingsValues;
  errors?: Partial<InterestSettingsValues>;
}) {
  const [values, setValues] = useState(initial);
  return (
    <InterestSettingsFields
      values={values}
      onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))}
      category="savings"
      thisYear={2026}
      wording={WORDING}
      errorOf={(name) => errors[name]}
      idOf={(name) => `interest-${name}`}
    />
  );
}

describe('the interest settings fields', () => {
  it('names the fallback months for quarterly interest without a payment month, and the chosen quarter once one is picked', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const month = screen.getByRole('combobox', { name: 'Payment month' });
    expect(month).toHaveAccessibleDescription('Fallback: March, June, September and December');
    await user.selectOptions(month, 'January');
    expect(month).toHaveAccessibleDescription('Chosen: January, April, July and October');
  });

  it('gives each control the id asked for, and reads its error out with it', () => {
    render(<Harness errors={{ interestRate: 'Interest rate cannot be negative' }} />);
    const rate = screen.getByRole('textbox', { name: 'Rate' });
    expect(rate).toHaveAttribute('id', 'interest-interestRate');
    expect(rate).toBeInvalid();
    expect(rate).toHaveAccessibleDescription('Interest rate cannot be negative');
    expect(screen.getByRole('combobox', { name: 'Payment frequency' })).toHaveAttribute(
      'id',
      'interest-interestFrequency',
    );
  });

  it('shows a held frequency the account type does not offer rather than another one', () => {
    render(<Harness initial={{ ...START, interestFrequency: 'At Maturity' }} />);
    const frequency = screen.getByRole('combobox', { name: 'Payment frequency' });
    expect(frequency).toHaveValue('At Maturity');
    expect(
      within(frequency)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['At Maturity', 'Daily', 'Monthly', 'Quarterly', 'Annually']);
  });
});
