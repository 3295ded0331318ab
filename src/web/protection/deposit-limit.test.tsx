import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, meHandler, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';

const limitsBody = (depositPence: number, isOverride: boolean) => ({
  date: '2026-11-22',
  limits: {
    date: '2026-11-22',
    deposit: { amountPence: depositPence, effectiveFrom: '2025-12-01', isOverride },
    temporaryHighBalance: { amountPence: 1_400_000_00, effectiveFrom: '2025-12-01', isOverride: false },
    investment: { amountPence: 85_000_00, effectiveFrom: '2019-04-01', isOverride: false },
  },
  override: isOverride ? { depositPence } : null,
});

describe('the deposit limit on public pages', () => {
  it("shows the law's figure and its date, from the limits the server gives", async () => {
    mockApi({ 'GET /api/me': meHandler(null), 'GET /api/reference/limits': json(200, limitsBody(120_000_00, false)) });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: '£120,000 per banking licence' })).toBeInTheDocument();
    expect(screen.getByText(/The limit was £85,000 until 30 November 2025\./)).toBeInTheDocument();
    expect(screen.getByText(/a couple can have up to £240,000 covered at one bank/)).toBeInTheDocument();
    expect(screen.queryByText(/in place of the legal/)).not.toBeInTheDocument();
  });

  it("says an admin's override is an override wherever the limit is shown", async () => {
    mockApi({ 'GET /api/me': meHandler(null), 'GET /api/reference/limits': json(200, limitsBody(100_000_00, true)) });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: '£100,000 per banking licence' })).toBeInTheDocument();
    expect(screen.getByText(/This is a limit set by SavvyPig in place of the legal £120,000\./)).toBeInTheDocument();
    expect(screen.getAllByText(/a limit set by SavvyPig in place of the legal £120,000/).length).toBeGreaterThan(1);
    // The example works with the limit in force: £140,000 at one licence leaves £40,000 unprotected.
    expect(screen.getByText('£40,000')).toBeInTheDocument();
  });

  it("falls back to the law's dated figure when the server cannot be reached", async () => {
    mockApi({ 'GET /api/me': meHandler(null), 'GET /api/reference/limits': { status: 503 } });
    renderApp('/legal?tab=terms');
    expect(await screen.findByText(/the limit is £120,000/)).toBeInTheDocument();
  });
});
