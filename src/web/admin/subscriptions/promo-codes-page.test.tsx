import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROMO_INPUT_MESSAGES } from '../../../core/subscriptions/promo-input.ts';
import { apiError, json, makeMe, mockApi, type MockHandler } from '../../test/api-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import type { AdminPromoCode } from './api.ts';

beforeAll(() => import('./promo-codes-page.tsx'), 60_000);
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

const code = (over: Partial<AdminPromoCode>): AdminPromoCode => ({
  id: '00000000-0000-4000-8000-000000000001',
  code: 'WELCOME14',
  promoType: 'free_trial',
  isFreeTier: false,
  isAdFree: false,
  discountPercentage: null,
  durationDays: 14,
  durationMonths: null,
  discountDays: null,
  discountMonths: null,
  isOneTimeUse: false,
  expiresAt: null,
  isActive: true,
  timesRedeemed: 3,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

function codesServer(initial: AdminPromoCode[], overrides: Record<string, MockHandler> = {}) {
  let codes = initial;
  const api = mockApi({
    'GET /api/me': json(200, makeMe({ isAdmin: true, twoFactorEnabled: true })),
    'GET /api/admin/check': json(200, { isAdmin: true }),
    'GET /api/admin/promo-codes': () => json(200, { promoCodes: codes }),
    'POST /api/admin/promo-codes': (request) => {
      const body = request.body as Partial<AdminPromoCode> & { code: string };
      const created = code({
        ...body,
        id: `00000000-0000-4000-8000-00000000000${codes.length + 2}`,
        code: body.code.toUpperCase(),
        timesRedeemed: 0,
      });
      codes = [created, ...codes];
      return json(201, { promoCode: created });
    },
    'PATCH /api/admin/promo-codes/00000000-0000-4000-8000-000000000001': (request) => {
      const { isActive } = request.body as { isActive: boolean };
      codes = codes.map((c) => (c.id === '00000000-0000-4000-8000-000000000001' ? { ...c, isActive } : c));
      return json(200, { promoCode: codes.find((c) => c.id === '00000000-0000-4000-8000-000000000001') });
    },
    ...overrides,
  });
  return api;
}

const table = () => screen.getByRole('table', { name: 'Promo codes' });

describe('the promo codes admin page', () => {
  it('lists each code with its kind, what it gives, one-time use, last day, uses and status', async () => {
    codesServer([
      code({}),
      code({
        id: '00000000-0000-4000-8000-000000000009',
        code: 'TENOFF',
        promoType: 'discount',
        discountPercentage: 10,
        discountMonths: 3,
        durationDays: null,
        isOneTimeUse: true,
        expiresAt: '2027-01-01T00:00:00.000Z',
        isActive: false,
        timesRedeemed: 0,
      }),
    ]);
    renderApp('/admin/promo-codes');
    await screen.findByRole('heading', { level: 1, name: 'Promo codes' });
    const rows = within(await screen.findByRole('table', { name: 'Promo codes' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/WELCOME14.*Free trial.*Big Pig trial for 14 days.*No.*Never.*3.*Active/);
    expect(rows[2]).toHaveTextContent(/TENOFF.*Discount.*10% off for 3 months.*Yes.*31\/12\/2026.*0.*Withdrawn/);
  });

  it('shows why the list did not load', async () => {
    codesServer([], { 'GET /api/admin/promo-codes': apiError(500, 'INTERNAL', 'Something broke') });
    renderApp('/admin/promo-codes');
    expect(await screen.findByText('Failed to load promo codes: Something broke')).toBeInTheDocument();
  });

  it("validates the form with the server's messages, then creates the code", async () => {
    const api = codesServer([code({})]);
    const { user } = renderApp('/admin/promo-codes');
    await screen.findByRole('table', { name: 'Promo codes' });
    await user.click(screen.getByRole('button', { name: 'Create promo code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create promo code' });
    await user.click(within(dialog).getByRole('button', { name: 'Create promo code' }));
    expect(within(dialog).getByText(PROMO_INPUT_MESSAGES.codeBlank)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Code'), 'spring sale');
    await user.selectOptions(within(dialog).getByLabelText('Kind of code'), 'discount');
    await user.click(within(dialog).getByRole('button', { name: 'Create promo code' }));
    expect(within(dialog).getByText(PROMO_INPUT_MESSAGES.codeCharacters)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Code'));
    await user.type(within(dialog).getByLabelText('Code'), 'spring-sale');
    await user.click(within(dialog).getByRole('button', { name: 'Create promo code' }));
    expect(within(dialog).getByText(PROMO_INPUT_MESSAGES.discountNeeded)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Discount (%)'), '150');
    await user.click(within(dialog).getByRole('button', { name: 'Create promo code' }));
    expect(within(dialog).getByText(PROMO_INPUT_MESSAGES.discountRange)).toBeInTheDocument();
    expect(api.calls('POST /api/admin/promo-codes')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Discount (%)'));
    await user.type(within(dialog).getByLabelText('Discount (%)'), '25');
    await user.type(within(dialog).getByLabelText(/For how many months/), '2');
    await user.click(within(dialog).getByLabelText(/One-time use/));
    await user.click(within(dialog).getByRole('button', { name: 'Create promo code' }));
    expect(await screen.findByText('Promo code SPRING-SALE created')).toBeInTheDocument();
    expect(api.calls('POST /api/admin/promo-codes')[0]?.body).toEqual({
      code: 'spring-sale',
      promoType: 'discount',
      discountPercentage: 25,
      discountMonths: 2,
      isOneTimeUse: true,
      isFreeTier: false,
      expiresAt: null,
    });
    await waitFor(() => expect(within(table()).getByText('SPRING-SALE')).toBeInTheDocument());
  });

  it("shows the server's refusals: a taken code on its field, anything else above the form", async () => {
    let status = 409;
    codesServer([code({})], {
      'POST /api/admin/promo-codes': () =>
        status === 409
          ? apiError(409, 'CONFLICT', 'A promo code with this name already exists')
          : apiError(400, 'VALIDATION_FAILED', 'Give the code a duration in days or months'),
    });
    const { user } = renderApp('/admin/promo-codes');
    await screen.findByRole('table', { name: 'Promo codes' });
    await user.click(screen.getByRole('button', { name: 'Create promo code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create promo code' });
    await user.type(within(dialog).getByLabelText('Code'), 'welcome14');
    await user.type(within(dialog).getByLabelText('Duration in days'), '14');
    await user.click(within(dialog).getByRole('button', { name: 'Create promo code' }));
    expect(await within(dialog).findByText('A promo code with this name already exists')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
    status = 400;
    await user.click(within(dialog).getByRole('button', { name: 'Create promo code' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Give the code a duration in days or months');
  });

  it('withdraws a code and puts it back', async () => {
    const api = codesServer([code({})]);
    const { user } = renderApp('/admin/promo-codes');
    await screen.findByRole('table', { name: 'Promo codes' });
    await user.click(screen.getByRole('button', { name: 'Withdraw WELCOME14' }));
    expect(await screen.findByText('Promo code WELCOME14 withdrawn')).toBeInTheDocument();
    await waitFor(() => expect(within(table()).getByText('Withdrawn')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Reinstate WELCOME14' }));
    await waitFor(() => expect(within(table()).getByText('Active')).toBeInTheDocument());
    expect(api.calls('PATCH /api/admin/promo-codes/00000000-0000-4000-8000-000000000001').map((c) => c.body)).toEqual([
      { isActive: false },
      { isActive: true },
    ]);
  });
});
