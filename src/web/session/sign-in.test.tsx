import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LAST_VISITED_KEY } from '../app/route-memory.ts';
import { apiError, json, makeMe, meHandler, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';

async function signIn(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Email address'), 'jane@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse battery');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

/** The toast region, so a test can tell the toast from the form's own error. */
const toastRegion = () => screen.getByRole('region', { name: /Notifications/ });

describe('sign-in messages (000 §8)', () => {
  it("shows a suspended account's refusal as a toast, in the server's words", async () => {
    mockApi({
      'GET /api/me': meHandler(null),
      'POST /api/auth/sign-in/email': json(403, {
        code: 'ACCOUNT_SUSPENDED',
        message: 'Your account has been suspended. Please contact support.',
      }),
    });
    const { user } = renderApp('/login');
    await signIn(user);
    await waitFor(() =>
      expect(toastRegion()).toHaveTextContent('Your account has been suspended. Please contact support.'),
    );
  });

  it("toasts 'Failed to sign in' when the server gives no message", async () => {
    mockApi({ 'GET /api/me': meHandler(null), 'POST /api/auth/sign-in/email': json(500, {}) });
    const { user } = renderApp('/login');
    await signIn(user);
    await waitFor(() => expect(toastRegion()).toHaveTextContent('Failed to sign in'));
  });
});

describe('a failed sign-in, then a good one', () => {
  it('leaves no stale error toast behind on the page the good one leads to', async () => {
    let signedIn = false;
    let attempts = 0;
    mockApi({
      'GET /api/me': () => (signedIn ? json(200, makeMe()) : apiError(401, 'UNAUTHORIZED', 'Authentication required')),
      'POST /api/auth/sign-in/email': () => {
        attempts += 1;
        if (attempts === 1)
          return json(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
        signedIn = true;
        return json(200, { redirect: false, token: 't', user: { id: 'user-1' } });
      },
    });
    sessionStorage.setItem(LAST_VISITED_KEY, '/legal?tab=cookies');
    const { user, router } = renderApp('/login');
    await signIn(user);
    expect(await within(toastRegion()).findByRole('alert')).toHaveTextContent('Invalid email or password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/legal'));
    await new Promise((resolve) => setTimeout(resolve, 900)); // past the 800 ms a toast waits
    expect(within(toastRegion()).queryByText('Invalid email or password')).toBeNull();
  });
});

describe('route memory around sign-in', () => {
  it('does not send a signed-in visitor away from a password-recovery link', async () => {
    mockApi({ 'GET /api/me': json(200, makeMe()) });
    const { router } = renderApp('/login?code=abc&type=recovery');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a signed-in visitor on from the login page otherwise', async () => {
    mockApi({ 'GET /api/me': json(200, makeMe()) });
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('goes back to the last visited page after signing in, with its query', async () => {
    let signedIn = false;
    mockApi({
      'GET /api/me': () =>
        signedIn ? json(200, makeMe()) : apiError(401, 'UNAUTHENTICATED', 'Authentication required'),
      'POST /api/auth/sign-in/email': () => {
        signedIn = true;
        return json(200, { redirect: false, token: 't', user: { id: 'user-1' } });
      },
    });
    sessionStorage.setItem(LAST_VISITED_KEY, '/legal?tab=cookies');
    const { user, router } = renderApp('/login');
    await signIn(user);
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/legal?tab=cookies'),
    );
  });
});
