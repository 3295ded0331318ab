import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, makeMe, mockApi } from '../../test/api-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import { makeSessions, makeSettings } from '../settings-test-fixtures.ts';

beforeAll(() => import('../settings-page.tsx'), 60_000);

function securityApi(extra: Parameters<typeof mockApi>[0] = {}) {
  let sessions = makeSessions();
  return mockApi({
    'GET /api/me': json(200, makeMe()),
    'GET /api/settings': json(200, makeSettings()),
    'GET /api/account/sessions': () => json(200, { sessions }),
    'DELETE /api/account/sessions/session-phone': () => {
      sessions = sessions.filter((s) => s.id !== 'session-phone');
      return json(200, { ended: 1 });
    },
    'POST /api/account/sessions/sign-out-others': () => {
      const ended = sessions.filter((s) => !s.isCurrent).length;
      sessions = sessions.filter((s) => s.isCurrent);
      return json(200, { ended });
    },
    ...extra,
  });
}

describe('the security tab', () => {
  it('lists sessions in words with IP, sign-in time and a This device marker', async () => {
    securityApi();
    renderApp('/settings?tab=security');
    const list = await screen.findByRole('list', { name: 'Signed-in sessions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Firefox on Windows');
    expect(within(rows[0]!).getByText('This device')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('203.0.113.9');
    expect(rows[0]).toHaveTextContent('20 Nov 2026 at');
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(rows[1]).toHaveTextContent('Safari on iPhone');
    expect(within(rows[1]!).queryByText('This device')).toBeNull();
  });

  it('signs out one other session', async () => {
    const api = securityApi();
    const { user } = renderApp('/settings?tab=security');
    await user.click(await screen.findByRole('button', { name: 'Sign out Safari on iPhone' }));
    expect(await screen.findByText('Signed out of that device')).toBeInTheDocument();
    expect(api.calls('DELETE /api/account/sessions/session-phone')).toHaveLength(1);
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Signed-in sessions' })).getAllByRole('listitem')).toHaveLength(1),
    );
  });

  it('signs out all other sessions', async () => {
    securityApi();
    const { user } = renderApp('/settings?tab=security');
    await user.click(await screen.findByRole('button', { name: 'Sign out of all other devices' }));
    expect(await screen.findByText('Signed out of 1 other device')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign out of all other devices' })).toBeDisabled());
  });

  it('changes the password through the auth service, signing out other devices by default', async () => {
    const api = securityApi({ 'POST /api/auth/change-password': json(200, { token: 'new', user: { id: 'user-1' } }) });
    const { user } = renderApp('/settings?tab=security');
    await user.type(await screen.findByLabelText('Current password'), 'old password 1');
    await user.type(screen.getByLabelText('New password'), 'new password 22');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Password updated successfully')).toBeInTheDocument();
    expect(api.calls('POST /api/auth/change-password')[0]?.body).toEqual({
      currentPassword: 'old password 1',
      newPassword: 'new password 22',
      revokeOtherSessions: true,
    });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('names a new password the server finds too common under its field', async () => {
    securityApi({
      'POST /api/auth/change-password': json(400, {
        code: 'PASSWORD_TOO_COMMON',
        message: 'This password is too common. Choose a less predictable one.',
      }),
    });
    const { user } = renderApp('/settings?tab=security');
    await user.type(await screen.findByLabelText('Current password'), 'old password 1');
    await user.type(screen.getByLabelText('New password'), 'iloveyou1');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
        expect.stringContaining('This password is too common. Choose a less predictable one.'),
      ),
    );
    expect(screen.queryByText('Failed to update password')).not.toBeInTheDocument();
  });

  it('refuses a new password under 8 characters and names a wrong current password', async () => {
    const api = securityApi({
      'POST /api/auth/change-password': json(400, { code: 'INVALID_PASSWORD', message: 'Invalid password' }),
    });
    const { user } = renderApp('/settings?tab=security');
    await user.type(await screen.findByLabelText('Current password'), 'old password 1');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('checkbox', { name: /Sign out of all other devices/ }));
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(api.calls('POST /api/auth/change-password')).toHaveLength(0);
    await user.type(screen.getByLabelText('New password'), ' but longer now');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect((await screen.findAllByText('Your current password is incorrect')).length).toBeGreaterThan(0);
    expect(
      (api.calls('POST /api/auth/change-password')[0]?.body as { revokeOtherSessions: boolean }).revokeOtherSessions,
    ).toBe(false);
  });
});
