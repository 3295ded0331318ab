import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LAST_VISITED_KEY } from '../app/route-memory.ts';
import { apiError, json, makeMe, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';

describe('signing out', () => {
  it("shows 'Signing out...', then goes home, says so and shows the signed-out header", async () => {
    let signedIn = true;
    let finishSignOut: (response: Response) => void = () => {};
    const api = mockApi({
      'GET /api/me': () => (signedIn ? json(200, makeMe()) : apiError(401, 'UNAUTHORIZED', 'Authentication required')),
      'POST /api/auth/sign-out': () =>
        new Promise<Response>((resolve) => {
          finishSignOut = (response) => {
            signedIn = false;
            resolve(response);
          };
        }),
    });
    const { user, router } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Account menu for Jane Doe' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('menuitem', { name: 'Signing out...' })).toBeInTheDocument();
    await waitFor(() => expect(api.calls('POST /api/auth/sign-out')).toHaveLength(1));

    finishSignOut(json(200, { success: true }));
    expect(await screen.findByText('Signed out successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const header = screen.getByRole('banner');
    expect(await within(header).findByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(sessionStorage.getItem(LAST_VISITED_KEY)).toBeNull();
  });

  it('says so and stays put when signing out fails', async () => {
    mockApi({
      'GET /api/me': json(200, makeMe()),
      'POST /api/auth/sign-out': json(500, { code: 'INTERNAL', message: 'boom' }),
    });
    const { user, router } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Account menu for Jane Doe' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByText('Failed to sign out. Please try again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('the e-mail verification banner', () => {
  it('appears for an unverified user and resends a link that leads back to this page', async () => {
    const api = mockApi({
      'GET /api/me': json(200, makeMe({ emailVerified: false })),
      'POST /api/account/resend-verification': json(200, { status: 'sent' }),
    });
    const { user } = renderApp('/dashboard');
    const banner = await screen.findByRole('region', { name: 'Email not verified' });
    expect(within(banner).getByText('Please verify your email to access all features.')).toBeInTheDocument();
    await user.click(within(banner).getByRole('button', { name: 'Resend verification email' }));
    expect(
      await screen.findByText('Verification email sent. Please check your inbox (including spam folder).'),
    ).toBeInTheDocument();
    expect(api.calls('POST /api/account/resend-verification')[0]?.body).toEqual({
      email: 'jane@example.com',
      next: '/dashboard',
    });
    expect(within(banner).getByRole('button', { name: 'Email sent' })).toBeDisabled();
  });

  it('says sending failed in the spec’s words', async () => {
    mockApi({
      'GET /api/me': json(200, makeMe({ emailVerified: false })),
      'POST /api/account/resend-verification': json(500, {}),
    });
    const { user } = renderApp('/dashboard');
    const banner = await screen.findByRole('region', { name: 'Email not verified' });
    await user.click(within(banner).getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('Failed to send verification email. Please try again later.')).toBeInTheDocument();
  });

  it('asks the user to wait when a link went to the address a moment ago', async () => {
    mockApi({
      'GET /api/me': json(200, makeMe({ emailVerified: false })),
      'POST /api/account/resend-verification': apiError(
        429,
        'TOO_SOON',
        'Please wait before requesting another verification email',
      ),
    });
    const { user } = renderApp('/dashboard');
    const banner = await screen.findByRole('region', { name: 'Email not verified' });
    await user.click(within(banner).getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('Please wait before requesting another verification email')).toBeInTheDocument();
  });

  it('goes away when the server says the address is already verified', async () => {
    let verified = false;
    mockApi({
      'GET /api/me': () => json(200, makeMe({ emailVerified: verified })),
      'POST /api/account/resend-verification': () => {
        verified = true;
        return json(200, { status: 'already_verified' });
      },
    });
    const { user } = renderApp('/dashboard');
    const banner = await screen.findByRole('region', { name: 'Email not verified' });
    await user.click(within(banner).getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('Email is already confirmed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Email not verified' })).toBeNull());
  });

  it('is not shown once the address is verified', async () => {
    mockApi({ 'GET /api/me': json(200, makeMe({ emailVerified: true })) });
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: /Jane/ });
    expect(screen.queryByRole('region', { name: 'Email not verified' })).toBeNull();
  });
});

describe('signing out: the catalogue texts and per-user state', () => {
  it('runs the sign-out callbacks, so per-user browser state goes', async () => {
    const { onSignOut } = await import('../session/on-sign-out.ts');
    const cleared: string[] = [];
    const stop = onSignOut((reason) => cleared.push(reason));
    mockApi({ 'GET /api/me': json(200, makeMe()), 'POST /api/auth/sign-out': json(200, { success: true }) });
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Account menu for Jane Doe' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByText('Signed out successfully')).toBeInTheDocument();
    expect(cleared).toEqual(['user']);
    stop();
  });

  it("says 'Failed to sign out' and keeps the state when the server cannot be reached", async () => {
    const { onSignOut } = await import('../session/on-sign-out.ts');
    const cleared: string[] = [];
    const stop = onSignOut((reason) => cleared.push(reason));
    mockApi({
      'GET /api/me': json(200, makeMe()),
      'POST /api/auth/sign-out': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const { user, router } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Account menu for Jane Doe' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByText('Failed to sign out')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(cleared).toEqual([]);
    stop();
  });

  it("says 'Signed out successfully' when the session had already ended (401)", async () => {
    mockApi({
      'GET /api/me': json(200, makeMe()),
      'POST /api/auth/sign-out': apiError(401, 'UNAUTHORIZED', 'Unauthorized'),
    });
    const { user, router } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Account menu for Jane Doe' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByText('Signed out successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
