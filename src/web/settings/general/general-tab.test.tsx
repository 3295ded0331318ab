import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { THEME_STORAGE_KEY } from '../../app/theme.tsx';
import { draftKey, saveDraft } from '../../drafts/draft-store.ts';
import { apiError, json, makeMe, mockApi } from '../../test/api-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import { payingView, trialView } from '../../subscriptions/view-test-fixtures.ts';
import { makeSettings } from '../settings-test-fixtures.ts';
import { paidPlanToCancel } from './delete-account-section.tsx';

beforeAll(() => import('../settings-page.tsx'), 60_000);
afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

const me = makeMe();

describe('the general tab', () => {
  it('switches the theme and mirrors dark mode to the account', async () => {
    const api = mockApi({
      'GET /api/me': json(200, me),
      'GET /api/settings': json(200, makeSettings()),
      'PATCH /api/settings': (request) => json(200, makeSettings(request.body as object)),
    });
    const { user } = renderApp('/settings');
    const themes = await screen.findByRole('radiogroup', { name: 'Colour theme' });
    await user.click(within(themes).getByRole('radio', { name: /Dark/ }));
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    await waitFor(() =>
      expect(api.calls('PATCH /api/settings').map((c) => c.body)).toEqual([{ darkModeEnabled: true }]),
    );
    await user.click(within(themes).getByRole('radio', { name: /Light/ }));
    await waitFor(() => expect(api.calls('PATCH /api/settings').at(-1)?.body).toEqual({ darkModeEnabled: false }));
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('saves the default currency', async () => {
    const api = mockApi({
      'GET /api/me': json(200, me),
      'GET /api/settings': json(200, makeSettings()),
      'PATCH /api/settings': (request) => json(200, makeSettings(request.body as object)),
    });
    const { user } = renderApp('/settings?tab=general');
    const currencies = await screen.findByRole('radiogroup', { name: 'Default currency' });
    expect(within(currencies).getByRole('radio', { name: /Pound sterling/ })).toBeChecked();
    await user.click(within(currencies).getByRole('radio', { name: /Euro/ }));
    expect(await screen.findByText('Default currency saved')).toBeInTheDocument();
    expect(api.calls('PATCH /api/settings')[0]?.body).toEqual({ defaultCurrency: 'EUR' });
    expect(within(currencies).getByRole('radio', { name: /Euro/ })).toBeChecked();
  });

  it('downloads my data as the file the server names', async () => {
    mockApi({
      'GET /api/me': json(200, me),
      'GET /api/settings': json(200, makeSettings()),
      'GET /api/account/export': () =>
        new Response('{"format":"savvypig-data-export/1"}', {
          status: 200,
          headers: {
            'Content-Type': 'application/json',
            'Content-Disposition': 'attachment; filename="savvypig-data-2026-11-21.json"',
          },
        }),
    });
    const createObjectURL = vi.fn(() => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { user } = renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Your data has been downloaded')).toBeInTheDocument();
    expect(clicked).toEqual(['savvypig-data-2026-11-21.json']);
  });

  it('asks for the password, names the consequence, and shows a wrong password', async () => {
    const api = mockApi({
      'GET /api/me': json(200, me),
      'GET /api/settings': json(200, makeSettings()),
      'POST /api/account/delete': apiError(403, 'FORBIDDEN', 'Your password is incorrect'),
    });
    const { user, router } = renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).getByText('This cannot be undone')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Your sign-in methods, two-factor settings and devices: you are signed out on every device.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account permanently' }));
    expect(await within(dialog).findByText('Enter your password to confirm')).toBeInTheDocument();
    expect(api.calls('POST /api/account/delete')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Your password/), 'wrong password');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account permanently' }));
    expect(await within(dialog).findByText('Your password is incorrect')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('names everything the deletion removes: accounts and transactions too', async () => {
    mockApi({ 'GET /api/me': json(200, me), 'GET /api/settings': json(200, makeSettings()) });
    const { user } = renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const items = within(dialog)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Your accounts, with their transactions, standing orders, terms and conditions, ISA and pension details and balance history.',
      'Your notifications and your notification, Smart Pig and Protection Hub choices.',
      'Your profile, photo, settings and saved choices.',
      'Your subscription record and any promo codes you used.',
      'Messages you sent us through the contact form from this address.',
      'Your sign-in methods, two-factor settings and devices: you are signed out on every device.',
    ]);
    // No paid subscription (the view did not load): nothing said about cancelling one.
    expect(within(dialog).queryByText(/will be cancelled with the card provider/)).toBeNull();
  });

  it('says a paid subscription is cancelled with the provider first, and that nothing more is charged', async () => {
    mockApi({
      'GET /api/me': json(200, makeMe({ tier: 'bigpig' })),
      'GET /api/settings': json(200, makeSettings()),
      'GET /api/subscription': json(200, payingView()),
      'POST /api/account/delete': apiError(
        503,
        'SERVICE_UNAVAILABLE',
        'We could not cancel your subscription with the card provider, so nothing has been deleted. Please try again in a few minutes.',
      ),
    });
    const { user } = renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(await within(dialog).findByText('Your Big Pig subscription')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Your Big Pig subscription will be cancelled with the card provider now, before anything is deleted: you will not be charged again. No refund is made for the rest of the period you have already paid for. If it cannot be cancelled, nothing is deleted.',
      ),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Your password/), 'correct horse battery');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account permanently' }));
    expect(
      await within(dialog).findByText(/We could not cancel your subscription with the card provider/),
    ).toBeInTheDocument();
  });

  it('says nothing about cancelling for a trial or an already cancelled subscription', async () => {
    expect(paidPlanToCancel(trialView())).toBeNull();
    expect(paidPlanToCancel(payingView({ paymentStatus: 'canceled' }))).toBeNull();
    expect(paidPlanToCancel(payingView())).toBe('Big Pig');
  });

  it('deletes the account, clears drafts, says so and goes home signed out', async () => {
    saveDraft(localStorage, { userId: me.user.id, formId: 'profile', data: { town: 'Leeds' }, now: Date.now() });
    let deleted = false;
    const api = mockApi({
      'GET /api/me': () => (deleted ? apiError(401, 'UNAUTHENTICATED', 'Authentication required') : json(200, me)),
      'GET /api/settings': json(200, makeSettings()),
      'POST /api/account/delete': () => {
        deleted = true;
        return json(200, { message: 'Your account has been deleted' });
      },
    });
    const { user, router } = renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.type(within(dialog).getByLabelText(/Your password/), 'correct horse battery');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account permanently' }));
    expect(await screen.findByText('Your account has been deleted')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.calls('POST /api/account/delete')[0]?.body).toEqual({ password: 'correct horse battery' });
    expect(localStorage.getItem(draftKey(me.user.id, 'profile'))).toBeNull();
    expect(await within(screen.getByRole('banner')).findByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });
});
