import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, makeMe, meHandler, mockApi, type MockHandler } from '../test/api-mock.ts';
import { createTestQueryClient } from '../test/render-app.tsx';
import { ADMIN_CHECK_FAILED, AUTHENTICATION_REQUIRED, AdminGuard } from './admin-guard.tsx';
import { meQueryKey } from './api.ts';

// No admin page exists yet, so the guard is exercised around a stand-in page.
function renderGuarded(handlers: Record<string, MockHandler>) {
  const api = mockApi({ 'GET /api/me': meHandler(makeMe({ isAdmin: true })), ...handlers });
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(
    [{ element: <AdminGuard />, children: [{ path: '/admin', element: <h1>Admin page</h1> }] }],
    { initialEntries: ['/admin'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { api, queryClient, checks: () => api.calls('GET /api/admin/check').length };
}

/** Lets fake time pass and the promises it releases settle. */
async function pass(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('the admin guard', () => {
  it('shows the page when the server says the user is an admin', async () => {
    const { checks } = renderGuarded({ 'GET /api/admin/check': json(200, { isAdmin: true }) });
    expect(await screen.findByRole('heading', { name: 'Admin page' })).toBeInTheDocument();
    expect(checks()).toBe(1);
  });

  it('keeps the page from someone who is not an admin', async () => {
    renderGuarded({ 'GET /api/admin/check': json(200, { isAdmin: false }) });
    expect(await screen.findByRole('heading', { name: 'This page is for administrators' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Admin page' })).toBeNull();
  });

  it("says 'Authentication required' when the server finds no session, without trying again", async () => {
    const { checks } = renderGuarded({
      'GET /api/admin/check': apiError(401, 'UNAUTHENTICATED', 'Authentication required'),
    });
    expect(await screen.findByText(AUTHENTICATION_REQUIRED)).toBeInTheDocument();
    expect(checks()).toBe(1);
  });

  it('sends an admin without two-factor authentication to the security settings', async () => {
    renderGuarded({
      'GET /api/admin/check': apiError(
        403,
        'TWO_FACTOR_REQUIRED',
        'Administrators must turn on two-factor authentication',
      ),
    });
    expect(await screen.findByRole('heading', { name: 'Turn on two-factor authentication' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up two-factor authentication' })).toHaveAttribute(
      'href',
      '/settings?tab=security',
    );
    expect(screen.queryByRole('heading', { name: 'Admin page' })).toBeNull();
  });

  it("says 'Authentication required' for a signed-out visitor without asking the server", async () => {
    const { checks } = renderGuarded({
      'GET /api/me': meHandler(null),
      'GET /api/admin/check': json(200, { isAdmin: true }),
    });
    expect(await screen.findByText(AUTHENTICATION_REQUIRED)).toBeInTheDocument();
    expect(checks()).toBe(0);
  });

  it("says 'Failed to verify admin status' after 3 attempts in all", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { checks } = renderGuarded({ 'GET /api/admin/check': apiError(500, 'INTERNAL', 'boom') });
    await pass(10_000); // the retries wait 1 s, then 2 s
    expect(await screen.findByText(ADMIN_CHECK_FAILED)).toBeInTheDocument();
    expect(checks()).toBe(3);
    await pass(60_000);
    expect(checks()).toBe(3);
  });

  it('tries again when the server could not be reached, and succeeds on the third attempt', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let attempts = 0;
    const { checks } = renderGuarded({
      'GET /api/admin/check': () =>
        ++attempts < 3 ? Promise.reject(new TypeError('Failed to fetch')) : json(200, { isAdmin: true }),
    });
    await pass(10_000);
    expect(await screen.findByRole('heading', { name: 'Admin page' })).toBeInTheDocument();
    expect(checks()).toBe(3);
  });

  it("says 'Failed to verify admin status' at once when the server refuses", async () => {
    const { checks } = renderGuarded({ 'GET /api/admin/check': apiError(403, 'FORBIDDEN', 'nope') });
    expect(await screen.findByText(ADMIN_CHECK_FAILED)).toBeInTheDocument();
    expect(checks()).toBe(1);
  });

  it('re-runs on an auth change, at most once per 10 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { queryClient, checks } = renderGuarded({ 'GET /api/admin/check': json(200, { isAdmin: true }) });
    expect(await screen.findByRole('heading', { name: 'Admin page' })).toBeInTheDocument();
    expect(checks()).toBe(1);

    // An auth change 5 s later: within the throttle, no new check.
    await pass(5_000);
    await act(() => queryClient.invalidateQueries({ queryKey: meQueryKey }));
    await pass(100);
    expect(checks()).toBe(1);
    // Nor when something invalidates every query (the realtime connection's resync).
    await act(() => queryClient.invalidateQueries());
    await pass(100);
    expect(checks()).toBe(1);

    // Another one 10 s after the check: it runs.
    await pass(5_000);
    await act(() => queryClient.invalidateQueries({ queryKey: meQueryKey }));
    await pass(100);
    expect(checks()).toBe(2);
  });

  it('checks again at once for a different user', async () => {
    let me = makeMe({ isAdmin: true });
    const { queryClient, checks } = renderGuarded({
      'GET /api/me': () => json(200, me),
      'GET /api/admin/check': () => json(200, { isAdmin: me.user.id === 'user-1' }),
    });
    expect(await screen.findByRole('heading', { name: 'Admin page' })).toBeInTheDocument();
    me = { ...makeMe(), user: { ...makeMe().user, id: 'user-2' } };
    await act(() => queryClient.invalidateQueries({ queryKey: meQueryKey }));
    expect(await screen.findByRole('heading', { name: 'This page is for administrators' })).toBeInTheDocument();
    expect(checks()).toBe(2);
  });

  it('re-runs at once when forced with "Try again", throttle or not', async () => {
    let fail = true;
    const { checks } = renderGuarded({
      'GET /api/admin/check': () => (fail ? apiError(403, 'FORBIDDEN', 'nope') : json(200, { isAdmin: true })),
    });
    expect(await screen.findByText(ADMIN_CHECK_FAILED)).toBeInTheDocument();
    fail = false;
    await act(async () => screen.getByRole('button', { name: 'Try again' }).click());
    expect(await screen.findByRole('heading', { name: 'Admin page' })).toBeInTheDocument();
    expect(checks()).toBe(2);
  });
});
