import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, json, makeMe, meHandler, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';

describe('asking for a reset link', () => {
  it('posts the address with our reset page as the destination and shows the spec text', async () => {
    const api = mockApi({
      'GET /api/me': meHandler(null),
      'POST /api/auth/request-password-reset': json(200, { status: true }),
    });
    const { user } = renderApp('/reset-request');
    await user.type(await screen.findByLabelText('Email address'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(
      await screen.findByText('Password reset link sent to your email. Please check your inbox including spam folder.'),
    ).toBeInTheDocument();
    expect(api.calls('POST /api/auth/request-password-reset')[0]?.body).toEqual({
      email: 'ann@example.com',
      redirectTo: '/auth/reset-password',
    });
  });

  it("warns 'For security purposes' when asked too often", async () => {
    mockApi({
      'GET /api/me': meHandler(null),
      'POST /api/auth/request-password-reset': apiError(429, 'TOO_MANY_REQUESTS', 'Too many requests'),
    });
    const { user } = renderApp('/reset-request');
    await user.type(await screen.findByLabelText('Email address'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(
      await screen.findByText('For security purposes, you can only request this after some time has passed.'),
    ).toBeInTheDocument();
  });

  it('falls back to the default failure text', async () => {
    mockApi({
      'GET /api/me': meHandler(null),
      'POST /api/auth/request-password-reset': apiError(500, 'INTERNAL', 'boom'),
    });
    const { user } = renderApp('/reset-request');
    await user.type(await screen.findByLabelText('Email address'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Failed to send password reset email')).toBeInTheDocument();
  });
});

describe('setting a new password', () => {
  it('refuses fewer than 8 characters with the spec text', async () => {
    const api = mockApi({
      'GET /api/me': meHandler(null),
      'POST /api/auth/reset-password': json(200, { status: true }),
    });
    const { user } = renderApp('/auth/reset-password?token=abc123');
    await user.type(await screen.findByLabelText('New password'), '1234567');
    await user.type(screen.getByLabelText('Confirm new password'), '1234567');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(api.calls('POST /api/auth/reset-password')).toHaveLength(0);
  });

  it('saves with the token from the link, says so and goes to log in', async () => {
    const api = mockApi({
      'GET /api/me': meHandler(null),
      'POST /api/auth/reset-password': json(200, { status: true }),
    });
    const { user, router } = renderApp('/auth/reset-password?token=abc123');
    await user.type(await screen.findByLabelText('New password'), 'a new passphrase');
    await user.type(screen.getByLabelText('Confirm new password'), 'a new passphrase');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Password updated successfully')).toBeInTheDocument();
    expect(api.calls('POST /api/auth/reset-password')[0]?.body).toEqual({
      token: 'abc123',
      newPassword: 'a new passphrase',
    });
  });

  it('names a password the server finds too common under the new-password field', async () => {
    mockApi({
      'GET /api/me': meHandler(null),
      'POST /api/auth/reset-password': json(400, {
        code: 'PASSWORD_TOO_COMMON',
        message: 'This password is too common. Choose a less predictable one.',
      }),
    });
    const { user, router } = renderApp('/auth/reset-password?token=abc123');
    await user.type(await screen.findByLabelText('New password'), 'Password123');
    await user.type(screen.getByLabelText('Confirm new password'), 'Password123');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
        expect.stringContaining('This password is too common. Choose a less predictable one.'),
      ),
    );
    expect(screen.queryByText('Failed to update password')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/reset-password');
  });

  it('shows the default failure text when the server refuses', async () => {
    mockApi({ 'GET /api/me': meHandler(null), 'POST /api/auth/reset-password': apiError(500, 'INTERNAL', 'boom') });
    const { user } = renderApp('/auth/reset-password?token=abc123');
    await user.type(await screen.findByLabelText('New password'), 'a new passphrase');
    await user.type(screen.getByLabelText('Confirm new password'), 'a new passphrase');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Failed to update password')).toBeInTheDocument();
  });

  it('explains that the code-based reset is deprecated', async () => {
    mockApi({ 'GET /api/me': meHandler(null) });
    renderApp('/auth/reset-password?code=123456');
    expect(
      await screen.findByText('This reset method is deprecated. Please use the email link instead.'),
    ).toBeInTheDocument();
  });

  it('does not send a signed-in visitor away while a recovery is in progress', async () => {
    mockApi({ 'GET /api/me': meHandler(makeMe()) });
    const { router } = renderApp('/auth/reset-password?token=abc123');
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/reset-password');
  });
});
