import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { MaturityNote } from '../account-detail/maturity-note.tsx';
import { Providers } from '../app/providers.tsx';
import { paths } from '../app/paths.ts';
import { payingView } from '../subscriptions/view-test-fixtures.ts';
import { json, makeMe, mockApi } from '../test/api-mock.ts';
import { createTestQueryClient, renderApp } from '../test/render-app.tsx';
import { AGE_ASKED } from './pension-calculator-page.tsx';
import { maturityCalculatorHref, pensionCalculatorHref, pensionFactsOf } from './prefill.ts';

beforeAll(async () => {
  await import('./maturity-calculator-page.tsx');
  await import('./pension-calculator-page.tsx');
}, 60_000);

const LOADED = { timeout: 8_000 };

function bigPig(extra: Record<string, ReturnType<typeof json>> = {}) {
  return mockApi({
    'GET /api/me': json(200, makeMe({ tier: 'bigpig' })),
    'GET /api/subscription': json(200, payingView({ tier: 'bigpig' })),
    'GET /api/profile': json(200, { dateOfBirth: null }),
    ...extra,
  });
}

const bond = {
  id: 'bond-1',
  accountType: 'Fixed Rate Bond',
  balancePence: 10_000_00,
  interestRateBps: 450,
  rateType: 'Gross',
  interestFrequency: 'Annually',
  interestPayoutMethod: 'Transfer to nominated account',
  earlyWithdrawalPenalty: 150,
  earlyWithdrawalPenaltyType: 'percentage',
  hasRenewalOption: true,
  renewalRateBps: 350,
  dateOpened: '2026-12-01',
  termLengthValue: 1,
  termLengthUnit: 'years',
};

describe('starting a calculator from an account (issue 29)', () => {
  it('puts a bond’s terms in the maturity calculator’s address', () => {
    const href = maturityCalculatorHref(bond, null, '2027-01-10')!;
    const query = new URLSearchParams(href.split('?')[1]);
    expect(href.startsWith('/calculators/maturity?')).toBe(true);
    // Interest paid away leaves the deposit as the balance: the term runs from the opening date.
    expect(Object.fromEntries(query)).toEqual({
      account: 'bond-1',
      amount: '10000.00',
      start: '2026-12-01',
      term: '1',
      unit: 'years',
      rate: '4.5',
      type: 'Gross',
      freq: 'Annually',
      paid: 'out',
      penaltyType: 'percentage',
      penalty: '1.5',
      renew: '3.5',
    });
  });

  it('runs from today when interest is added to the balance, and knows a term with no early access', () => {
    const href = maturityCalculatorHref(
      { ...bond, interestPayoutMethod: 'Add to account' },
      { termEndDate: '2027-12-01', earlyAccessAllowed: false },
      '2027-06-01',
    )!;
    const query = new URLSearchParams(href.split('?')[1]);
    expect(query.get('start')).toBe('2027-06-01');
    expect([query.get('term'), query.get('unit')]).toEqual(['6', 'months']);
    expect([query.get('penaltyType'), query.get('early')]).toEqual(['none', 'no']);
  });

  it('links a bond’s maturity note to the calculator with its terms, the fixed-term term’s penalty first', async () => {
    mockApi({
      'GET /api/accounts/bond-1/terms': json(200, {
        terms: [
          {
            id: 't',
            termType: 'fixed_term',
            inputs: {
              termEndDate: '2027-12-01',
              earlyAccessAllowed: true,
              penaltyType: 'days_interest',
              penaltyAmount: 90_00,
            },
          },
        ],
      }),
    });
    render(
      <Providers queryClient={createTestQueryClient()}>
        <MemoryRouter>
          <MaturityNote account={bond} today="2027-01-10" />
        </MemoryRouter>
      </Providers>,
    );
    const link = await screen.findByRole('link', { name: 'What it pays at maturity' });
    const query = new URLSearchParams(link.getAttribute('href')!.split('?')[1]);
    expect([query.get('penaltyType'), query.get('penalty'), query.get('term'), query.get('unit')]).toEqual([
      'days_interest',
      '90',
      '1',
      'years',
    ]);
  });

  it('offers nothing for an account that does not mature', () => {
    expect(maturityCalculatorHref({ ...bond, accountType: 'Easy Access Savings' }, null, '2027-01-10')).toBeNull();
  });

  it('puts a pension’s record in the pension calculator’s address', () => {
    const href = pensionCalculatorHref(
      pensionFactsOf(
        { id: 'pension-1', balancePence: 50_000_00 },
        {
          pension: {
            taxReliefMethod: 'relief_at_source',
            accessAge: 57,
            thresholdIncomePence: null,
            adjustedIncomePence: null,
            pclsTakenPence: null,
          },
          contributions: [
            { taxYear: 2025, employeePence: 1_200_00, employerPence: 600_00 },
            { taxYear: 2026, employeePence: 2_400_00, employerPence: 1_200_00 },
          ],
          flexibleAccessDate: null,
        },
      ),
    );
    // The latest year, 2026/27: £2,400 gross a year is £200 a month, £160 of it paid by the saver.
    expect(Object.fromEntries(new URLSearchParams(href.split('?')[1]))).toEqual({
      account: 'pension-1',
      retire: '57',
      pot: '50000.00',
      monthly: '160.00',
      employer: '100.00',
      method: 'relief_at_source',
    });
  });
});

describe('the maturity calculator page', () => {
  it('works a bond out from its address, and says what is wrong with a field in words', async () => {
    bigPig();
    const href = maturityCalculatorHref(bond, null, '2027-01-10')!;
    const { user, router } = renderApp(`${href}&move=4.6&close=2027-06-01`);
    expect(await screen.findByRole('heading', { name: 'Maturity calculator', level: 1 }, LOADED)).toBeInTheDocument();
    // £10,000 at 4.50% for 365 days: £450.00, paid away; the account keeps £10,000.
    expect(screen.getByTestId('maturity-value')).toHaveTextContent('£10,000.00');
    expect(screen.getByTestId('maturity-interest')).toHaveTextContent('£450.00');
    expect(screen.getByTestId('on-the-day')).toHaveTextContent('Moving earns £110.00 more in a year.');
    // 182 days: £224.38 earned; 1.5% of £10,224.38 is £153.37.
    expect(screen.getByTestId('early-close')).toHaveTextContent('the penalty is £153.37 and you receive £10,071.01');
    expect(screen.getByRole('link', { name: 'Back to the account' })).toHaveAttribute('href', paths.account('bond-1'));
    // Dates read as the UK writes them, whatever the browser's language.
    expect(screen.getByLabelText('Close on (optional)')).toHaveValue('01/06/2027');

    const rate = screen.getByLabelText('Interest rate');
    await user.clear(rate);
    await user.type(rate, '4.555');
    expect(await screen.findByText('Enter the interest rate with at most 2 decimal places')).toBeInTheDocument();
    expect(screen.getByLabelText('Interest rate')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Correct the fields marked below to see the result.')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('rate')).toBe('4.555');
  });
});

describe('the pension calculator page', () => {
  it('grows a pension from its address, with the saver’s age from their profile', async () => {
    bigPig({ 'GET /api/profile': json(200, { dateOfBirth: '1986-01-01' }) });
    renderApp(`${paths.pensionCalculator()}?pot=10000&monthly=0&employer=0&growth=5&charges=0.5&inflation=0&retire=99`);
    expect(await screen.findByRole('heading', { name: 'Pension calculator', level: 1 }, LOADED)).toBeInTheDocument();
    const age = await screen.findByLabelText('Your age');
    await expect.poll(() => (age as HTMLInputElement).value).toMatch(/^\d+$/);
    expect(screen.getByTestId('pension-pot')).toHaveTextContent(/^£[\d,]+$/);
    expect(within(screen.getByTestId('allowance')).getByText(/Your pension annual allowance for/)).toBeInTheDocument();
  });

  it('asks for an age it cannot find without marking the empty field wrong, then marks a wrong one', async () => {
    bigPig();
    const { user } = renderApp(paths.pensionCalculator());
    await screen.findByRole('heading', { name: 'Pension calculator', level: 1 }, LOADED);
    const age = screen.getByLabelText('Your age');
    expect(screen.getByText(AGE_ASKED)).toBeInTheDocument();
    expect(screen.queryByText('Enter your age as a whole number from 16 to 99')).toBeNull();
    expect(screen.queryByText('Correct the fields marked below to see the result.')).toBeNull();
    expect(age).not.toHaveAttribute('aria-invalid', 'true');

    await user.type(age, '12');
    expect(await screen.findByText('Enter your age as a whole number from 16 to 99')).toBeInTheDocument();
    expect(age).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(AGE_ASKED)).toBeNull();

    await user.clear(age);
    await user.type(age, '40');
    expect(await screen.findByTestId('pension-pot')).toHaveTextContent(/^£[\d,]+$/);
  });
});

describe('the calculators on a plan without them', () => {
  it('shows a Piglet the upgrade banner in the spec’s words', async () => {
    mockApi({
      'GET /api/me': json(200, makeMe({ tier: 'piglet' })),
      'GET /api/subscription': json(200, payingView({ tier: 'piglet' })),
    });
    renderApp(paths.maturityCalculator());
    const banner = await screen.findByRole(
      'region',
      { name: 'The maturity calculator requires Big Pig tier or higher' },
      LOADED,
    );
    expect(banner).toHaveTextContent('what a fixed-term account pays when it ends');
  });
});
