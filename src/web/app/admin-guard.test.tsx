import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiError, json, mockApi } from '../test/api-mock.ts';
import { createTestQueryClient } from '../test/render-app.tsx';
import { ADMIN_CHECK_FAILED, AUTHENTICATION_REQUIRED, AdminGuard } from './admin-guard.tsx';

// No admin page exists yet, so the guard is exercised around a stand-in page.
function renderGuarded() {
  const router = createMemoryRouter(
    [{ element: <AdminGuard />, children: [{ path: '/admin', element: <h1>Admin page</h1> }] }],
    { initialEntries: ['/admin'] },
  );
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the admin guard', () => {
  it('shows the page when the server says the user is an admin', async () => {
    const api = mockApi({ 'GET /api/admin/check': json(200, { isAdmin: true }) });
    renderGuarded();
    expect(await screen.findByRole('heading', { name: 'Admin page' })).toBeInTheDocument();
    expect(api.calls('GET /api/admin/check')).toHaveLength(1);
  });

  it('keeps the page from someone who is not an admin', async () => {
    mockApi({ 'GET /api/admin/check': json(200, { isAdmin: false }) });
    renderGuarded();
    expect(await screen.findByRole('heading', { name: 'This page is for administrators' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Admin page' })).toBeNull();
  });

  it("says 'Authentication required' without a session", async () => {
    mockApi({ 'GET /api/admin/check': apiError(401, 'UNAUTHORIZED', 'Authentication required') });
    renderGuarded();
    expect(await screen.findByText(AUTHENTICATION_REQUIRED)).toBeInTheDocument();
  });

  it('sends an admin without two-factor authentication to the security settings', async () => {
    mockApi({ 'GET /api/admin/check': apiError(403, 'TWO_FACTOR_REQUIRED', 'Administrators must turn on two-factor authentication') });
    renderGuarded();
    expect(await screen.findByRole('heading', { name: 'Turn on two-factor authentication' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up two-factor authentication' })).toHaveAttribute('href', '/settings?tab=security');
    expect(screen.queryByRole('heading', { name: 'Admin page' })).toBeNull();
  });

  it("says 'Failed to verify admin status' when the check fails", async () => {
    mockApi({ 'GET /api/admin/check': apiError(403, 'FORBIDDEN', 'nope') });
    renderGuarded();
    expect(await screen.findByText(ADMIN_CHECK_FAILED)).toBeInTheDocument();
  });
});
