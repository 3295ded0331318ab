import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAccount, makeList } from '../../accounts/test-fixtures.ts';
import type { Subscription } from '../../subscriptions/api.ts';
import type { Invoice } from '../../subscriptions/billing-actions.ts';
import { payingView, VIEW_NOW } from '../../subscriptions/view-test-fixtures.ts';
import { apiError, json, makeMe, mockApi } from '../../test/api-mock.ts';
import { renderApp } from '../../test/render-app.tsx';

beforeAll(() => import('../settings-page.tsx'), 60_000);
// The fixtures' dates are fixed (the plan renews on 3 December 2026): the page must see them from
// the day they were taken, not from whenever the suite runs. Only Date is faked, and it moves on
// from there (a toast's timing reads it); timers run.
beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: VIEW_NOW, shouldAdvanceTime: true }));

const LOADED = { timeout: 8_000 };

const paying: Subscription = payingView();

const invoice: Invoice = {
  id: 'in_1',
  number: 'SP-0001',
  createdAt: '2026-11-03T10:00:00.000Z',
  amountPence: 999,
  currency: 'gbp',
  status: 'paid',
  url: 'https://billing.example/invoices/in_1',
};

const accounts = (n: number) =>
  makeList(Array.from({ length: n }, (_, i) => makeAccount({ id: `acc-${i}`, name: `Saver ${i}` })));

function signedIn(subscription: Subscription, more: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/me': json(200, makeMe({ tier: subscription.tier })),
    'GET /api/subscription': json(200, subscription),
    'GET /api/billing/invoices': json(200, { invoices: [invoice] }),
    'GET /api/accounts': json(200, accounts(2)),
    ...more,
  });
}

const tab = async () => {
  await screen.findByRole('tab', { name: 'Subscription', selected: true }, LOADED);
  return screen.findByRole('tabpanel', {}, LOADED);
};

describe('the subscription tab', () => {
  it('shows the plan, status, cycle, renewal date and invoices (dd/MM/yyyy, £)', async () => {
    signedIn(paying);
    renderApp('/settings?tab=subscription');
    const panel = await tab();
    const plan = await within(panel).findByRole('region', { name: 'Your plan' }, LOADED);
    expect(plan).toHaveTextContent('Current planBig Pig');
    expect(plan).toHaveTextContent('StatusActive');
    expect(plan).toHaveTextContent('Billing cycleMonthly');
    expect(plan).toHaveTextContent('Renews on3 December 2026');
    expect(within(plan).getByRole('button', { name: /Manage Subscription/ })).toBeInTheDocument();
    const invoices = await within(panel).findByRole('table', { name: 'Invoices, newest first' }, LOADED);
    const row = within(invoices).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('03/11/2026£9.99Paid');
    expect(within(row).getByRole('link', { name: /View invoice/ })).toHaveAttribute('href', invoice.url);
  });

  it('tells a saver whose cancelled Big Pig has ended that it ended, and that their data is kept', async () => {
    signedIn({
      ...paying,
      tier: 'piglet',
      paymentStatus: 'canceled',
      isActive: false,
      cancelAtPeriodEnd: true,
      currentPeriodEnd: '2026-11-03T10:00:00.000Z',
    });
    renderApp('/settings?tab=subscription');
    const panel = await tab();
    const plan = await within(panel).findByRole('region', { name: 'Your plan' }, LOADED);
    expect(plan).toHaveTextContent(
      'Current planPiglet' +
        'Your paid plan has ended. Everything you added is kept; choose a plan to have its features again.',
    );
    expect(plan).toHaveTextContent('Ended on3 November 2026');
    expect(plan).not.toHaveTextContent('Ends on');
    expect(within(plan).getByRole('link', { name: 'Choose Plan' })).toHaveAttribute('href', '/subscribe');
  });

  it('cancels at the period end after the confirmation, and then offers to resume', async () => {
    let current = paying;
    const api = signedIn(paying, {
      'GET /api/subscription': () => json(200, current),
      'POST /api/billing/cancel': ({ body }) => {
        current = { ...paying, cancelAtPeriodEnd: (body as { cancelAtPeriodEnd: boolean }).cancelAtPeriodEnd };
        return json(200, current);
      },
    });
    const { user } = renderApp('/settings?tab=subscription');
    const panel = await tab();
    await user.click(await within(panel).findByRole('button', { name: 'Cancel subscription' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your subscription?' });
    expect(dialog).toHaveTextContent('Your Big Pig plan stays until 3 December 2026, then ends.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel at period end' }));
    await waitFor(() => expect(api.calls('POST /api/billing/cancel')[0]?.body).toEqual({ cancelAtPeriodEnd: true }));
    const resume = await screen.findByRole('button', { name: 'Resume subscription' }, LOADED);
    expect(screen.getByRole('region', { name: 'Your plan' })).toHaveTextContent('Ends on3 December 2026');
    await user.click(resume);
    await waitFor(() => expect(api.calls('POST /api/billing/cancel')[1]?.body).toEqual({ cancelAtPeriodEnd: false }));
  });

  it('sends a downgrade with more accounts than the lower cap to the wizard', async () => {
    signedIn({ ...paying, tier: 'boar' }, { 'GET /api/accounts': json(200, accounts(5)) });
    const { user, router } = renderApp('/settings?tab=subscription');
    const panel = await tab();
    const piglet = await within(panel).findByRole('button', { name: 'Switch to Piglet' }, LOADED);
    await waitFor(() => expect(piglet).toBeEnabled());
    await user.click(piglet);
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/subscription/downgrade?tier=piglet',
      ),
    );
  });

  it('changes to a lower tier when the accounts fit, after saying what comes off the next invoice', async () => {
    const preview = {
      tier: 'piglet',
      cycle: 'monthly',
      at: '2026-11-23T10:00:00.000Z',
      newPricePence: 299,
      creditPence: 166,
      chargePence: 100,
      netPence: -66,
      billed: 'next-invoice',
      billedAt: '2026-12-03T10:00:00.000Z',
      renewsAt: '2026-12-03T10:00:00.000Z',
    };
    const api = signedIn(
      { ...paying, tier: 'boar' },
      {
        'GET /api/billing/change-preview': json(200, preview),
        'POST /api/billing/change-plan': json(200, { ...paying, tier: 'piglet' }),
      },
    );
    const { user } = renderApp('/settings?tab=subscription');
    const panel = await tab();
    const piglet = await within(panel).findByRole('button', { name: 'Switch to Piglet' }, LOADED);
    await waitFor(() => expect(piglet).toBeEnabled());
    await user.click(piglet);
    const dialog = await screen.findByRole('dialog', { name: 'Switch to Piglet (monthly)?' }, LOADED);
    expect(await within(dialog).findByTestId('plan-change-figures', {}, LOADED)).toHaveTextContent(
      '£0.66 comes off your next invoice, on 3 December 2026. Nothing is refunded to your card',
    );
    expect(api.calls('GET /api/billing/change-preview')[0]?.url.search).toBe('?tier=piglet&cycle=monthly');
    expect(api.calls('POST /api/billing/change-plan')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm change' }));
    await waitFor(() =>
      expect(api.calls('POST /api/billing/change-plan')[0]?.body).toEqual({
        tier: 'piglet',
        cycle: 'monthly',
        at: '2026-11-23T10:00:00.000Z',
      }),
    );
    await screen.findByText('Your plan is now Piglet (monthly).', {}, LOADED);
  });

  it('changes nothing when the saver keeps their plan at the confirmation', async () => {
    const api = signedIn(
      { ...paying, tier: 'boar' },
      { 'GET /api/billing/change-preview': apiError(409, 'CONFLICT', 'You are on this plan already.') },
    );
    const { user } = renderApp('/settings?tab=subscription');
    const panel = await tab();
    const bigpig = await within(panel).findByRole('button', { name: 'Switch to Big Pig' }, LOADED);
    await waitFor(() => expect(bigpig).toBeEnabled());
    await user.click(bigpig);
    const dialog = await screen.findByRole('dialog', {}, LOADED);
    expect(await within(dialog).findByRole('alert', {}, LOADED)).toHaveTextContent('You are on this plan already.');
    expect(within(dialog).getByRole('button', { name: 'Confirm change' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Keep my plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls('POST /api/billing/change-plan')).toHaveLength(0);
  });

  it('changes the paid plan to a higher tier at once, never through a second checkout', async () => {
    const at = '2026-11-18T10:00:00.000Z';
    const api = signedIn(
      { ...paying, tier: 'boar' },
      {
        'GET /api/billing/change-preview': json(200, {
          tier: 'bigpig',
          cycle: 'annual',
          at,
          newPricePence: 9999,
          creditPence: 250,
          chargePence: 9999,
          netPence: 9749,
          billed: 'now',
          billedAt: at,
          renewsAt: '2027-11-18T10:00:00.000Z',
        }),
        'POST /api/billing/change-plan': json(200, { ...paying, tier: 'bigpig', billingCycle: 'annual' }),
      },
    );
    const { user, router } = renderApp('/settings?tab=subscription');
    const panel = await tab();
    await user.click(await within(panel).findByRole('radio', { name: 'Annual (Save 16%)' }, LOADED));
    const bigpig = within(panel).getByRole('button', { name: 'Switch to Big Pig' });
    await waitFor(() => expect(bigpig).toBeEnabled());
    await user.click(bigpig);
    const dialog = await screen.findByRole('dialog', { name: 'Switch to Big Pig (annual)?' }, LOADED);
    const figures = await within(dialog).findByTestId('plan-change-figures', {}, LOADED);
    expect(figures).toHaveTextContent('Big Pig costs £99.99 a year.');
    expect(figures).toHaveTextContent('£97.49 is charged today.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm change' }));
    await waitFor(() =>
      expect(api.calls('POST /api/billing/change-plan')[0]?.body).toEqual({ tier: 'bigpig', cycle: 'annual', at }),
    );
    await screen.findByText('Your plan is now Big Pig (annual).', {}, LOADED);
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('shows a trial user their trial and Choose Plan, with no plan change or invoices', async () => {
    const api = signedIn({
      ...paying,
      tier: 'trial_bigpig',
      paymentStatus: 'trial',
      isTrialing: true,
      trialExpiresAt: '2026-12-01T10:00:00.000Z',
      trialDaysLeft: 4,
      billingCycle: null,
      currentPeriodEnd: null,
      hasBillingCustomer: false,
    });
    renderApp('/settings?tab=subscription');
    const panel = await tab();
    const plan = await within(panel).findByRole('region', { name: 'Your plan' }, LOADED);
    expect(plan).toHaveTextContent('Trial ends1 December 2026 (in 4 days)');
    expect(within(plan).getByRole('link', { name: 'Choose Plan' })).toHaveAttribute('href', '/subscribe');
    expect(within(panel).queryByRole('region', { name: 'Change plan' })).toBeNull();
    expect(within(panel).queryByRole('region', { name: 'Invoices' })).toBeNull();
    expect(api.calls('GET /api/billing/invoices')).toEqual([]);
  });

  it('says the invoices could not be loaded when the provider is not there', async () => {
    signedIn(paying, { 'GET /api/billing/invoices': apiError(404, 'NOT_FOUND', 'Not found') });
    renderApp('/settings?tab=subscription');
    const panel = await tab();
    expect(await within(panel).findByText('Your invoices could not be loaded.', {}, LOADED)).toBeInTheDocument();
  });
});
