import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS } from '../../../core/notifications/types.ts';
import { apiError, json, makeMe, mockApi } from '../../test/api-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import { makeSettings } from '../settings-test-fixtures.ts';

beforeAll(() => import('../settings-page.tsx'), 60_000);

describe('the notifications tab', () => {
  it('shows both preferences and turns one off', async () => {
    const api = mockApi({
      'GET /api/me': json(200, makeMe()),
      'GET /api/settings': json(200, makeSettings()),
      'PATCH /api/settings': (request) => json(200, makeSettings(request.body as object)),
    });
    const { user } = renderApp('/settings?tab=notifications');
    const account = await screen.findByRole('switch', { name: 'Account notifications' });
    const signIns = screen.getByRole('switch', { name: 'Sign-in alerts' });
    expect(account).toBeChecked();
    expect(signIns).toBeChecked();
    await user.click(signIns);
    expect(await screen.findByText('Sign-in alerts turned off')).toBeInTheDocument();
    expect(api.calls('PATCH /api/settings')[0]?.body).toEqual({ loginNotificationsEnabled: false });
    expect(signIns).not.toBeChecked();
  });

  it('puts the switch back when saving fails', async () => {
    mockApi({
      'GET /api/me': json(200, makeMe()),
      'GET /api/settings': json(200, makeSettings()),
      'PATCH /api/settings': apiError(500, 'INTERNAL', 'Something went wrong. Please try again.'),
    });
    const { user } = renderApp('/settings?tab=notifications');
    const account = await screen.findByRole('switch', { name: 'Account notifications' });
    await user.click(account);
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(account).toBeChecked());
  });

  it('offers a digest switch for every kind, pensions included, and saves the one turned on', async () => {
    const available = NOTIFICATION_KINDS.map((kind) => ({ kind, label: NOTIFICATION_KIND_LABELS[kind] }));
    const api = mockApi({
      'GET /api/me': json(200, makeMe()),
      'GET /api/settings': json(200, makeSettings()),
      'GET /api/notifications/digest': json(200, { kinds: [], available }),
      'PUT /api/notifications/digest': (request) =>
        json(200, { kinds: (request.body as { kinds: string[] }).kinds, available }),
    });
    const { user } = renderApp('/settings?tab=notifications');
    const pension = await screen.findByRole('switch', { name: 'Pension contributions and transfers' });
    for (const { label } of available) expect(screen.getByRole('switch', { name: label })).not.toBeChecked();
    await user.click(pension);
    expect(
      await screen.findByText('Pension contributions and transfers added to your daily digest'),
    ).toBeInTheDocument();
    expect(api.calls('PUT /api/notifications/digest')[0]?.body).toEqual({ kinds: ['pension'] });
    await waitFor(() => expect(pension).toBeChecked());
  });
});
