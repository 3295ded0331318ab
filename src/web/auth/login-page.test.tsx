import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RETURN_TO_KEY } from '../app/route-memory.ts';
import { type MockHandler, apiError, json, makeMe, meHandler, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';

/** A fake server where signing in with the right password flips /api/me to signed in. */
function fakeAuthServer(signInResult?: MockHandler) {
  let signedIn = false;
  const api = mockApi({
    'GET /api/me': () => (signedIn ? json(200, makeMe()) : apiError(401, 'UNAUTHORIZED', 'Authentication required')),
    'POST /api/auth/sign-in/email':
      signInResult ??
      ((request) => {
        const { password } = request.body as { password: string };
        if (password !== 'correct horse battery') {
          return json(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
        }
        signedIn = true;
        return json(200, { redirect: false, token: 't', user: { id: 'user-1', email: 'jane@example.com' } });
      }),
  });
  return api;
}

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  await user.type(await screen.findByLabelText('Email address'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('logging in', () => {
  it('explains what is missing before calling the server', async () => {
    const api = fakeAuthServer();
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter your email address')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('Enter your email address');
    expect(api.calls('POST /api/auth/sign-in/email')).toHaveLength(0);
  });

  it("says 'Invalid email or password' for a wrong password", async () => {
    fakeAuthServer();
    const { user, router } = renderApp('/login');
    await fillAndSubmit(user, 'jane@example.com', 'wrong password');
    expect((await screen.findAllByText('Invalid email or password')).length).toBeGreaterThan(0);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('asks the user to wait when rate limited', async () => {
    fakeAuthServer(json(429, { message: 'Too many requests' }));
    const { user } = renderApp('/auth');
    await fillAndSubmit(user, 'jane@example.com', 'anything');
    expect((await screen.findAllByText('Too many requests. Please wait before trying again')).length).toBeGreaterThan(
      0,
    );
  });

  it('says how long to wait when the account has had too many failed sign-ins', async () => {
    const locked = 'Too many failed sign-in attempts for this account. Please try again in 42 minutes.';
    fakeAuthServer(json(429, { code: 'ACCOUNT_SIGN_IN_LOCKED', message: locked }));
    const { user } = renderApp('/login');
    await fillAndSubmit(user, 'jane@example.com', 'correct horse battery');
    expect((await screen.findAllByText(locked)).length).toBeGreaterThan(0);
  });

  it('falls back to the server message, then to "Failed to sign in"', async () => {
    fakeAuthServer(json(400, { code: 'SOMETHING_ELSE', message: 'Account locked for review' }));
    const { user } = renderApp('/login');
    await fillAndSubmit(user, 'jane@example.com', 'anything');
    expect((await screen.findAllByText('Account locked for review')).length).toBeGreaterThan(0);
  });

  it('asks for the second factor when the server asks for it (requires2FA), and signs in only after the code', async () => {
    let signedIn = false;
    const api = mockApi({
      'GET /api/me': () => (signedIn ? json(200, makeMe()) : apiError(401, 'UNAUTHORIZED', 'Authentication required')),
      'POST /api/auth/sign-in/email': json(200, { twoFactorRedirect: true, twoFactorMethods: ['totp', 'otp'] }),
      'POST /api/auth/two-factor/verify-totp': () => {
        signedIn = true;
        return json(200, { token: 't', user: { id: 'user-1' } });
      },
    });
    const { user, router } = renderApp('/login');
    await fillAndSubmit(user, 'jane@example.com', 'correct horse battery');
    expect(await screen.findByRole('heading', { level: 1, name: 'Two-factor authentication' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(api.calls('GET /api/me')).toHaveLength(1);

    await user.type(screen.getByLabelText('Authenticator code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('goes back to the password form from the challenge', async () => {
    fakeAuthServer(json(200, { twoFactorRedirect: true, twoFactorMethods: ['otp'] }));
    const { user } = renderApp('/login');
    await fillAndSubmit(user, 'jane@example.com', 'correct horse battery');
    await user.click(await screen.findByRole('button', { name: 'Log in with a different account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('goes to the dashboard after signing in when nothing is remembered', async () => {
    fakeAuthServer();
    localStorage.setItem('pendingUserSignup', JSON.stringify({ email: 'jane@example.com', timestamp: Date.now() }));
    const { user, router } = renderApp('/login');
    await fillAndSubmit(user, 'jane@example.com', 'correct horse battery');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: /Jane/ })).toBeInTheDocument();
    expect(localStorage.getItem('pendingUserSignup')).toBeNull();
  });

  it('sends a signed-out visitor from a protected page to /auth, then back there after signing in', async () => {
    const api = fakeAuthServer();
    const { user, router } = renderApp('/dashboard?from=email');
    await screen.findByRole('heading', { level: 1, name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/dashboard', search: '?from=email' } });
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBe('/dashboard?from=email');

    await fillAndSubmit(user, 'jane@example.com', 'correct horse battery');
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/dashboard?from=email'),
    );
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBeNull();
    expect(api.calls('POST /api/auth/sign-in/email')[0]?.body).toEqual({
      email: 'jane@example.com',
      password: 'correct horse battery',
    });
  });

  it('sends someone already signed in straight to the dashboard', async () => {
    mockApi({ 'GET /api/me': meHandler(makeMe()) });
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows skeletons, not the page, while the session is being checked', async () => {
    let release: (value: Response) => void = () => {};
    mockApi({ 'GET /api/me': () => new Promise<Response>((resolve) => (release = resolve)) });
    renderApp('/dashboard');
    expect(await screen.findByText("Checking you're signed in")).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    release(json(200, makeMe()));
    expect(await screen.findByRole('heading', { level: 1, name: /Jane/ })).toBeInTheDocument();
  });
});
