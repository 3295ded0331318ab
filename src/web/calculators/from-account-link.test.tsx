import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SavingsCalculatorLink } from './from-account-link.tsx';

const account = {
  name: 'Coventry Easy Access',
  accountType: 'Savings',
  balancePence: 12_345_67,
  interestRateBps: 435,
  rateType: 'AER',
  interestFrequency: 'Monthly',
};

const queryOf = (name: string) =>
  new URLSearchParams(screen.getByRole('link', { name }).getAttribute('href')!.split('?')[1]);

describe('starting the calculators from an account', () => {
  it('opens the savings calculator and the interest comparison with the account’s balance and rate', () => {
    render(
      <MemoryRouter>
        <SavingsCalculatorLink account={account} />
      </MemoryRouter>,
    );
    const savings = queryOf('See how this account grows');
    expect([savings.get('start'), savings.get('rate')]).toEqual(['12345.67', '4.35']);
    const compare = queryOf('Compare it with another rate');
    expect([compare.get('deposit'), compare.get('a1name'), compare.get('a1rate'), compare.get('a1paid')]).toEqual([
      '12345.67',
      'Coventry Easy Access',
      '4.35',
      'monthly',
    ]);
    expect(screen.getByRole('link', { name: 'Compare it with another rate' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/features\/interest-calculator\?/),
    );
  });

  it('offers neither for an account that earns no cash interest', () => {
    render(
      <MemoryRouter>
        <SavingsCalculatorLink account={{ ...account, accountType: 'Stocks and Shares ISA' }} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link')).toBeNull();
  });
});
