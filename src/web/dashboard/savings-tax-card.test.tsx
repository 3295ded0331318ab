import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../test/api-mock.ts';
import { createTestQueryClient } from '../test/render-app.tsx';
import { SAVINGS_TAX_TITLE, SavingsTaxCard } from './savings-tax-card.tsx';
import type { SavingsTaxEstimate } from './savings-tax-api.ts';

afterEach(() => vi.restoreAllMocks());

// The server's answer for 5 Jan 2027 (src/server/savings-tax/routes.test.ts): £600 paid, £616.43 to come.
const ESTIMATE: SavingsTaxEstimate = {
  date: '2027-01-05',
  taxYear: { label: '2026/27', firstDay: '2026-04-06', lastDay: '2027-04-05' },
  daysLeft: 90,
  band: null,
  earnedPence: 600_00,
  projectedPence: 616_43,
  accountCount: 1,
  isaCount: 1,
  tax: null,
};

function show(estimate: SavingsTaxEstimate) {
  mockApi({ 'GET /api/savings-tax-estimate': json(200, estimate) });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter>
        <SavingsTaxCard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: SAVINGS_TAX_TITLE });
}

describe('the savings tax card', () => {
  it('shows the interest and asks for a band before it shows a tax figure', async () => {
    const card = show(ESTIMATE);
    await within(card).findByText('Choose your income tax band in Settings to see the tax on this interest.');
    expect(within(card).getByText('£600.00')).toBeInTheDocument();
    expect(within(card).getByText('£616.43')).toBeInTheDocument();
    expect(within(card).getByText(/your ISA is left out, as ISA interest is tax-free/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Choose your tax band' })).toHaveAttribute('href', '/settings');
  });

  it('shows the tax at the chosen band, with the allowance and the rate', async () => {
    // (£600.00 + £616.43 − £500) × 40% = £286.57.
    const card = show({
      ...ESTIMATE,
      band: 'higher',
      tax: { personalSavingsAllowancePence: 500_00, taxablePence: 716_43, ratePercent: 40, taxPence: 286_57 },
    });
    expect(await within(card).findByTestId('savings-tax-estimate')).toHaveTextContent('£286.57');
    expect(within(card).getByText(/for 2026\/27, as a higher rate taxpayer/)).toBeInTheDocument();
    expect(within(card).getByText('Taxed at 40%')).toBeInTheDocument();
    expect(within(card).getByText('£716.43')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Change your tax band' })).toBeInTheDocument();
  });
});
