import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../app/api.ts';
import { Providers } from '../app/providers.tsx';
import { handleRealtimeEvent } from '../app/realtime.ts';
import { json, makeMe, mockApi } from '../test/api-mock.ts';
import { createTestQueryClient, renderApp } from '../test/render-app.tsx';
import {
  destinationAfterVerification,
  NOT_VERIFIED_YET_MESSAGE,
  VERIFIED_NOW_MESSAGE,
} from './verification-required-page.tsx';
import { useVerifiedOnly, VerifiedOnly } from './verified-only.tsx';

/** /api/me answers unverified until `verify()` is called. */
function fakeServer() {
  let verified = false;
  const api = mockApi({
    'GET /api/me': () => json(200, makeMe({ emailVerified: verified })),
    'POST /api/account/resend-verification': json(200, { status: 'sent' }),
    'GET /api/dev/mail': json(404, {}),
  });
  return { api, verify: () => (verified = true) };
}

const ENTRY = '/verification-required?next=%2Flegal%3Ftab%3Dterms';

describe('/verification-required', () => {
  it('explains, names the address and leaves out the banner that would say it twice', async () => {
    fakeServer();
    renderApp(ENTRY);
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify your email' })).toBeInTheDocument();
    expect(screen.getByText('Please verify your email to access all features.')).toBeInTheDocument();
    expect(screen.getByText('jane@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Email not verified' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to your dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('resends a link that leads on to where the user was going', async () => {
    const { api } = fakeServer();
    const { user } = renderApp(ENTRY);
    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect(
      await screen.findByText('Verification email sent. Please check your inbox (including spam folder).'),
    ).toBeInTheDocument();
    expect(api.calls('POST /api/account/resend-verification')[0]?.body).toEqual({
      email: 'jane@example.com',
      next: '/legal?tab=terms',
    });
  });

  it('says so when the user checks before verifying', async () => {
    fakeServer();
    const { user } = renderApp(ENTRY);
    await user.click(await screen.findByRole('button', { name: "I've verified my email" }));
    expect(await screen.findByText(NOT_VERIFIED_YET_MESSAGE)).toBeInTheDocument();
  });

  it('carries on to next once the user has verified and checks', async () => {
    const server = fakeServer();
    const { user, router } = renderApp(ENTRY);
    await screen.findByRole('heading', { level: 1, name: 'Verify your email' });
    server.verify();
    await user.click(screen.getByRole('button', { name: "I've verified my email" }));
    // Watched for from the click on. Its 4 s start once it is drawn (notify.ts), but on a loaded
    // machine the lazy page rendering alongside can hold the drawing up for several seconds.
    const thanked = screen.findByText(VERIFIED_NOW_MESSAGE, {}, { timeout: 20_000 });
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/legal?tab=terms'),
    );
    expect(await thanked).toBeInTheDocument();
  });

  it('notices by itself when the server says the address was verified in another tab', async () => {
    const server = fakeServer();
    const { router, queryClient } = renderApp(ENTRY);
    await screen.findByRole('heading', { level: 1, name: 'Verify your email' });
    server.verify();
    handleRealtimeEvent(
      queryClient,
      'email-verified',
      JSON.stringify({ type: 'email-verified', invalidate: [['me']] }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/legal'));
  });

  it('sends a verified user straight on', async () => {
    mockApi({ 'GET /api/me': json(200, makeMe({ emailVerified: true })) });
    const { router } = renderApp(ENTRY);
    await waitFor(() => expect(router.state.location.pathname).toBe('/legal'));
  });

  it('only ever carries on to a path on this site', () => {
    expect(destinationAfterVerification('/settings?tab=security')).toBe('/settings?tab=security');
    expect(destinationAfterVerification('//evil.example/x')).toBe('/dashboard');
    expect(destinationAfterVerification('https://evil.example')).toBe('/dashboard');
    expect(destinationAfterVerification('/verification-required?next=%2Fx')).toBe('/dashboard');
    expect(destinationAfterVerification(null)).toBe('/dashboard');
  });
});

function GuardedAction() {
  const { guard, redirectIfNotVerified } = useVerifiedOnly();
  return (
    <>
      <button type="button" onClick={() => guard() && document.body.setAttribute('data-enrolled', 'yes')}>
        Set up two-factor authentication
      </button>
      <button
        type="button"
        onClick={() => redirectIfNotVerified(new ApiError(403, 'EMAIL_NOT_VERIFIED', 'Please verify'))}
      >
        Save
      </button>
    </>
  );
}

function renderRoutes(entry: string) {
  const router = createMemoryRouter(
    [
      { element: <VerifiedOnly />, children: [{ path: '/account/new', element: <h1>Add an account</h1> }] },
      { path: '/settings', element: <GuardedAction /> },
      { path: '/verification-required', element: <h1>Verify your email</h1> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <Providers queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, user: userEvent.setup() };
}

describe('verified-only features', () => {
  it('send an unverified user to /verification-required with the way back', async () => {
    mockApi({ 'GET /api/me': json(200, makeMe({ emailVerified: false })) });
    const { router } = renderRoutes('/account/new?bank=abc');
    await screen.findByRole('heading', { name: 'Verify your email' });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/verification-required?next=%2Faccount%2Fnew%3Fbank%3Dabc',
    );
  });

  it('open for a verified user', async () => {
    mockApi({ 'GET /api/me': json(200, makeMe({ emailVerified: true })) });
    renderRoutes('/account/new');
    expect(await screen.findByRole('heading', { name: 'Add an account' })).toBeInTheDocument();
  });

  it('guard an action on a page anyone may open', async () => {
    mockApi({ 'GET /api/me': json(200, makeMe({ emailVerified: false })) });
    const { router, user } = renderRoutes('/settings');
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor authentication' }));
    await screen.findByRole('heading', { name: 'Verify your email' });
    expect(router.state.location.search).toBe('?next=%2Fsettings');
    expect(document.body).not.toHaveAttribute('data-enrolled');
  });

  it("follow the server's 403 EMAIL_NOT_VERIFIED to /verification-required", async () => {
    mockApi({ 'GET /api/me': json(200, makeMe({ emailVerified: true })) });
    const { router, user } = renderRoutes('/settings');
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verification-required'));
  });
});
