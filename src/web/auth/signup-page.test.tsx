import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, json, makeMe, meHandler, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';

async function fillForm(user: ReturnType<typeof renderApp>['user'], password = 'a long passphrase') {
  await user.type(await screen.findByLabelText('First name'), 'Jane');
  await user.type(screen.getByLabelText('Last name'), 'Doe');
  await user.type(screen.getByLabelText('Email address'), ' jane@example.com ');
  await user.type(screen.getByLabelText('Password'), password);
}

describe('signing up', () => {
  it('posts the details, remembers the pending sign-up and shows the confirmation page', async () => {
    const api = mockApi({
      'GET /api/me': meHandler(null),
      'POST /api/account/sign-up': json(200, { message: 'Registration successful!', userId: 'u7VXn2bY' }),
    });
    const { user, router } = renderApp('/signup');
    await fillForm(user);
    await user.type(screen.getByLabelText(/Promo code/), 'SPRING');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/confirmation'));
    expect(api.calls('POST /api/account/sign-up')[0]?.body).toEqual({
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane@example.com',
      password: 'a long passphrase',
      promoCode: 'SPRING',
    });
    const pending = JSON.parse(localStorage.getItem('pendingUserSignup') ?? '{}');
    expect(pending).toEqual({ userId: 'u7VXn2bY', email: 'jane@example.com', timestamp: expect.any(Number) });

    expect(await screen.findByText('Registration successful!')).toBeInTheDocument();
    expect(screen.getByText('jane@example.com')).toBeInTheDocument();
    expect(screen.getByText(/activate your 7-day trial/)).toBeInTheDocument();
  });

  it('states the trial a valid free_trial code gives on the confirmation page, not "7-day"', async () => {
    mockApi({
      'GET /api/me': meHandler(null),
      'POST /api/account/sign-up': json(200, {
        message: 'Registration successful!',
        userId: 'u7VXn2bY',
        promoTrial: { durationDays: 14, durationMonths: null },
      }),
    });
    const { user, router } = renderApp('/signup');
    await fillForm(user);
    await user.type(screen.getByLabelText(/Promo code/), 'EXTEND14');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/confirmation'));
    expect(
      await screen.findByText(/activate your 21-day trial \(7 days, and 14 more from your promo code\)\./),
    ).toBeInTheDocument();
    expect(screen.queryByText(/7-day trial/)).toBeNull();
  });

  it('leaves the promo code out when none is given', async () => {
    const api = mockApi({ 'GET /api/me': meHandler(null), 'POST /api/account/sign-up': json(200, {}) });
    const { user, router } = renderApp('/signup');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/confirmation'));
    expect(api.calls('POST /api/account/sign-up')[0]?.body).not.toHaveProperty('promoCode');
  });

  it('refuses a password shorter than 8 characters with the spec’s message', async () => {
    const api = mockApi({ 'GET /api/me': meHandler(null) });
    const { user } = renderApp('/signup');
    await fillForm(user, 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Password is too short. Please use at least 8 characters.')).toBeInTheDocument();
    expect(api.calls('POST /api/account/sign-up')).toHaveLength(0);
  });

  it('shows the message the server returns', async () => {
    mockApi({
      'GET /api/me': meHandler(null),
      'POST /api/account/sign-up': apiError(400, 'REGISTRATION_FAILED', 'Registration failed. Please try again.'),
    });
    const { user, router } = renderApp('/signup');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Registration failed. Please try again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('names a password the server finds too common under the password field', async () => {
    mockApi({
      'GET /api/me': meHandler(null),
      'POST /api/account/sign-up': apiError(
        400,
        'PASSWORD_TOO_COMMON',
        'This password is too common. Choose a less predictable one.',
      ),
    });
    const { user, router } = renderApp('/signup');
    await fillForm(user, 'password123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
        expect.stringContaining('This password is too common. Choose a less predictable one.'),
      ),
    );
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/signup');
  });

  it("says 'Failed to sign up' when the server gives no message", async () => {
    mockApi({ 'GET /api/me': meHandler(null), 'POST /api/account/sign-up': new Response('oops', { status: 502 }) });
    const { user } = renderApp('/signup');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Failed to sign up')).toBeInTheDocument();
  });
});

describe('the confirmation page', () => {
  function setup(resendResponse: Response) {
    localStorage.setItem(
      'pendingUserSignup',
      JSON.stringify({ userId: 'u1', email: 'sam@example.com', timestamp: Date.now() }),
    );
    return mockApi({ 'GET /api/me': meHandler(null), 'POST /api/account/resend-verification': resendResponse });
  }

  it('uses the pending sign-up address and resends the link (flow A)', async () => {
    const api = setup(json(200, { status: 'sent' }));
    const { user } = renderApp('/auth/confirmation');
    expect(await screen.findByText('sam@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(
      await screen.findByText('Verification email resent. Please check your inbox (including spam folder).'),
    ).toBeInTheDocument();
    expect(api.calls('POST /api/account/resend-verification')[0]?.body).toEqual({ email: 'sam@example.com' });
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it.each([
    [
      'a caller limit',
      apiError(429, 'RATE_LIMITED', 'Too many requests. Please wait before trying again'),
      'Too many requests. Please wait before trying again',
    ],
    [
      'an address limit',
      apiError(429, 'TOO_SOON', 'Please wait before requesting another verification email'),
      'Too many requests. Please wait before trying again',
    ],
    ['anything else', json(500, {}), 'Failed to resend verification email'],
  ])('answers %s in flow A’s words', async (_, response, message) => {
    setup(response);
    const { user } = renderApp('/auth/confirmation');
    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('tells a signed-in owner whose address is verified to sign in again (flow A)', async () => {
    setup(json(200, { status: 'already_verified' }));
    const { user } = renderApp('/auth/confirmation');
    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('Your email is already verified. Please try signing in again.')).toBeInTheDocument();
  });

  describe('without a remembered address (flow B)', () => {
    async function typeAndSend(response: Response, email = 'kim@example.com') {
      const api = mockApi({ 'GET /api/me': meHandler(null), 'POST /api/account/resend-verification': response });
      const { user } = renderApp('/auth/confirmation');
      await user.type(await screen.findByLabelText('Email address'), email);
      await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
      return api;
    }

    it('asks for the address and sends to it', async () => {
      const api = await typeAndSend(json(200, { status: 'sent' }));
      expect(
        await screen.findByText('Verification email sent. Please check your inbox (including spam folder).'),
      ).toBeInTheDocument();
      expect(api.calls('POST /api/account/resend-verification')[0]?.body).toEqual({ email: 'kim@example.com' });
    });

    it('refuses a malformed address before asking the server', async () => {
      const api = await typeAndSend(json(200, { status: 'sent' }), 'kim@');
      expect(await screen.findByText(/valid email address/i)).toBeInTheDocument();
      expect(api.calls('POST /api/account/resend-verification')).toHaveLength(0);
    });

    it.each([
      [apiError(429, 'TOO_SOON', 'x'), 'Please wait before requesting another verification email'],
      [apiError(429, 'RATE_LIMITED', 'x'), 'Too many requests. Please wait before trying again'],
      [apiError(400, 'VALIDATION_FAILED', 'x'), 'Please provide a valid email address'],
      [json(500, {}), 'Failed to send verification email'],
    ])('shows flow B’s message for %#', async (response, message) => {
      await typeAndSend(response);
      expect(await screen.findByText(message)).toBeInTheDocument();
    });
  });
});

describe('the auth callback', () => {
  it('goes to a same-origin next path after refreshing the session', async () => {
    const api = mockApi({ 'GET /api/me': meHandler(null) });
    const { router } = renderApp('/auth/callback?next=%2Flegal%3Ftab%3Dterms');
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/legal?tab=terms'),
    );
    expect(api.calls('GET /api/me').length).toBeGreaterThan(0);
  });

  it('ignores a next that points at another site', async () => {
    mockApi({ 'GET /api/me': meHandler(null) });
    const { router } = renderApp('/auth/callback?next=%2F%2Fevil.example%2Fsteal');
    // /dashboard needs a session, so a signed-out visitor ends up on /auth: never on evil.example.
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(sessionStorage.getItem('returnToRoute')).toBe('/dashboard');
  });

  it('explains an expired or invalid link', async () => {
    mockApi({ 'GET /api/me': meHandler(null) });
    renderApp('/auth/callback?error=INVALID_TOKEN');
    expect(await screen.findByRole('heading', { name: 'This link has expired or is not valid' })).toBeInTheDocument();
  });

  it('keeps the expired-link page for a verification link that failed', async () => {
    mockApi({ 'GET /api/me': meHandler(null) });
    renderApp('/auth/callback?next=%2Fdashboard&link=verify-email&error=TOKEN_EXPIRED');
    expect(await screen.findByRole('heading', { name: 'This link has expired or is not valid' })).toBeInTheDocument();
    expect(screen.queryByText(/Your email address is confirmed/)).toBeNull();
  });

  it('tells a user the verification link signed in that their address is confirmed, where they were going', async () => {
    mockApi({ 'GET /api/me': meHandler(makeMe({ emailVerified: true })) });
    const { router } = renderApp('/auth/callback?next=%2Flegal%3Ftab%3Dterms&link=verify-email');
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/legal?tab=terms'),
    );
    const notices = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(notices).findByRole('status', {}, { timeout: 3000 })).toHaveTextContent(
      'Your email address is confirmed.',
    );
  });

  it('asks a user the link could not sign in to sign in, saying the address is confirmed, then goes on to next', async () => {
    mockApi({ 'GET /api/me': meHandler(null) });
    const { router } = renderApp('/auth/callback?next=%2Fsettings%3Ftab%3Dsecurity&link=verify-email');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Your email address is confirmed. Sign in to continue.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(sessionStorage.getItem('returnToRoute')).toBe('/settings?tab=security');
  });
});
