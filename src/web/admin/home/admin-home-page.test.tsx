import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminContactInquiry } from '../../../server/admin/contact-routes.ts';
import { isRegistered } from '../../app/paths.ts';
import { apiError, json, makeMe, type MockHandler, mockApi } from '../../test/api-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import { healthFixture } from '../system-health/health-fixture.ts';

// Every page these tests open, loaded once up front: a lazy page's first import (hundreds of
// modules transformed) under a loaded machine took longer than a findBy's wait.
beforeAll(
  () =>
    Promise.all([
      import('./admin-home-page.tsx'),
      import('../contacts/contact-edit-page.tsx'),
      import('../../home/home-page.tsx'),
      import('../account-types/account-types-page.tsx'),
    ]),
  120_000,
);
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

const XSS = '<img src=x onerror=alert(1)>';

const contact = (overrides: Partial<AdminContactInquiry> = {}): AdminContactInquiry => ({
  id: 'c0ffee00-0000-4000-8000-000000000001',
  name: XSS,
  firstName: null,
  lastName: null,
  email: 'ann@example.com',
  phone: null,
  company: null,
  inquiryType: 'technical',
  subject: '<script>alert(2)</script>',
  message: 'Click <a href="javascript:alert(3)">here</a>',
  priority: 'medium',
  status: 'new',
  marketingConsent: false,
  isExistingUser: false,
  responseMethod: null,
  respondedAt: null,
  createdAt: '2026-11-28T09:30:00.000Z',
  updatedAt: '2026-11-28T09:30:00.000Z',
  hubspotContactId: null,
  lifecycleStage: null,
  hubspotDealId: null,
  hubspotTicketId: null,
  hubspotSyncedAt: null,
  ...overrides,
});

function adminApi(handlers: Record<string, MockHandler> = {}) {
  return mockApi({
    'GET /api/me': json(200, makeMe({ isAdmin: true, twoFactorEnabled: true, firstName: 'Ada', lastName: 'Lovelace' })),
    'GET /api/admin/check': json(200, { isAdmin: true }),
    'GET /api/admin/contacts': json(200, { contacts: [contact()], nextAfterId: null }),
    'GET /api/admin/audit-log': json(200, { entries: [], nextAfterId: null }),
    'GET /api/admin/system/health': json(200, healthFixture()),
    ...handlers,
  });
}

describe('the admin home', () => {
  it('has the admin header and a tile for every admin screen that exists', async () => {
    adminApi();
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    const header = screen.getByRole('heading', { level: 1 }).closest('header')!;
    expect(within(header).getByText('AL')).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(header).getByRole('button', { name: 'Logout' })).toBeInTheDocument();

    const tiles = within(screen.getByRole('list', { name: 'Admin screens' }));
    const href = (name: string) => tiles.getByRole('link', { name: new RegExp(`^${name}`) }).getAttribute('href');
    expect(href('Users')).toBe('/admin/users');
    expect(href('Contact inquiries')).toBe('/admin?tab=settings&settings=contact-inquiries');
    expect(href('Promo codes')).toBe('/admin/promo-codes');
    expect(href('Account types')).toBe('/admin/account-types');
    expect(href('Bank data management')).toBe('/admin/bank-data-management');
    expect(href('Banking groups')).toBe('/admin/banking-groups');
    expect(href('Audit log')).toBe('/admin?tab=settings&settings=audit-log');
    // Support's tile appears once its screen exists, never before.
    expect(tiles.queryByRole('link', { name: /^Support/ }) !== null).toBe(isRegistered('adminSupport'));
  });

  it('holds the status cards’ place while the system is measured, so the tiles below do not move', async () => {
    let answer: (response: Response) => void = () => undefined;
    adminApi({ 'GET /api/admin/system/health': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderApp('/admin');
    const measuring = await screen.findByRole('status', { name: 'Measuring the system' });
    const placeholders = [...measuring.children];
    expect(placeholders).toHaveLength(5);
    // The placeholders sit in the cards' grid and are at least as tall as a card is.
    for (const placeholder of placeholders) expect(placeholder).toHaveClass('min-h-28', 'rounded-xl');
    expect(measuring).toHaveClass('sm:grid-cols-2', 'lg:grid-cols-5');

    answer(json(200, healthFixture()));
    const cards = await screen.findByRole('list', { name: 'System status' });
    expect(cards).toHaveClass('sm:grid-cols-2', 'lg:grid-cols-5');
    expect(within(cards).getAllByRole('listitem')).toHaveLength(5);
    for (const item of within(cards).getAllByRole('listitem'))
      expect(item.firstElementChild).toHaveClass('min-h-28', 'rounded-xl');
    expect(screen.queryByRole('status', { name: 'Measuring the system' })).not.toBeInTheDocument();
  });

  it('logs out from the admin header, in the spec’s words when it fails', async () => {
    let fails = true;
    const api = adminApi({
      'POST /api/auth/sign-out': () =>
        fails ? json(500, { code: 'INTERNAL', message: 'boom' }) : json(200, { success: true }),
    });
    const { user, router } = renderApp('/admin');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Failed to log out. Please try again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    fails = false;
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Signed out successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.calls('POST /api/auth/sign-out')).toHaveLength(2);
  });

  it('is also /admin/settings, where every Back to Settings leads', async () => {
    adminApi({ 'GET /api/admin/account-types': json(200, { accountTypes: [] }) });
    const { user, router } = renderApp('/admin/account-types');
    await user.click(await screen.findByRole('link', { name: 'Back to Settings' }));
    expect(await screen.findByRole('list', { name: 'Admin screens' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/settings');
  });

  it('lists contact inquiries as text, filters them, and opens the audit log tab', async () => {
    const api = adminApi();
    const { user, router } = renderApp('/admin?tab=settings&settings=contact-inquiries');
    const table = await screen.findByRole('table', { name: 'Contact inquiries' });
    expect(within(table).getByText(XSS)).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: '<script>alert(2)</script>' })).toHaveAttribute(
      'href',
      '/admin/contacts/c0ffee00-0000-4000-8000-000000000001/edit',
    );
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(within(table).getByText('28 Nov 2026, 09:30')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'contacted');
    await user.selectOptions(screen.getByLabelText('Priority'), 'urgent');
    await user.type(screen.getByLabelText('Search'), 'ann');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(api.calls('GET /api/admin/contacts').at(-1)?.url.search).toBe(
        '?status=contacted&priority=urgent&search=ann',
      ),
    );

    await user.click(screen.getByRole('tab', { name: 'Audit log' }));
    expect(await screen.findByText('No admin actions recorded yet.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=settings&settings=audit-log');
  });

  it('shows the audit log newest first with who, what, subject, when and each field before and after, and pages on', async () => {
    const entry = (id: string, after: unknown) => ({
      id,
      adminId: 'admin-1',
      adminEmail: 'ada@example.com',
      action: 'contact.update',
      subjectType: 'contact_inquiry',
      subjectId: 'c0ffee00-0000-4000-8000-000000000001',
      before: { status: 'new', respondedAt: null },
      after,
      createdAt: '2026-11-29T10:15:00.000Z',
    });
    const api = adminApi({
      'GET /api/admin/audit-log': (request) =>
        request.url.searchParams.get('afterId') === 'e-1'
          ? json(200, { entries: [entry('e-2', { status: 'resolved' })], nextAfterId: null })
          : json(200, {
              entries: [entry('e-1', { status: 'contacted', respondedAt: '2026-11-29T10:15:00.000Z' })],
              nextAfterId: 'e-1',
            }),
    });
    const { user } = renderApp('/admin?tab=settings&settings=audit-log');
    const log = await screen.findByRole('list', { name: 'Audit log entries' });
    const first = within(log).getAllByRole('listitem')[0]!;
    expect(first).toHaveTextContent('Updated a contact inquiry');
    expect(first).toHaveTextContent('29 Nov 2026, 10:15');
    expect(first).toHaveTextContent('By ada@example.com');
    expect(within(first).getByRole('link', { name: /^Contact inquiry c0ffee00/ })).toHaveAttribute(
      'href',
      '/admin/contacts/c0ffee00-0000-4000-8000-000000000001/edit',
    );
    // Read out as 'was new, now contacted'; seen as 'new → contacted'.
    expect(first).toHaveTextContent(/Status\s*was new → , now contacted/);
    expect(first).toHaveTextContent(/Responded at\s*was \(none\) → , now 29 Nov 2026, 10:15/);
    await user.click(screen.getByRole('button', { name: 'Show older entries' }));
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(2));
    expect(api.calls('GET /api/admin/audit-log').at(-1)?.url.searchParams.get('afterId')).toBe('e-1');
    expect(screen.queryByRole('button', { name: 'Show older entries' })).toBeNull();
  });
});

describe('the contact inquiry detail page', () => {
  const path = '/admin/contacts/c0ffee00-0000-4000-8000-000000000001/edit';

  it('says Contact not found for an inquiry that does not exist', async () => {
    adminApi({
      'GET /api/admin/contacts/c0ffee00-0000-4000-8000-000000000001': apiError(404, 'NOT_FOUND', 'Contact not found'),
    });
    renderApp(path);
    expect(await screen.findByText('Loading contact data...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Contact not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Contact Inquiries' })).toHaveAttribute(
      'href',
      '/admin?tab=settings&settings=contact-inquiries',
    );
  });

  it('says Failed to load contact data when the server fails', async () => {
    adminApi({
      'GET /api/admin/contacts/c0ffee00-0000-4000-8000-000000000001': apiError(500, 'INTERNAL', 'Boom'),
    });
    renderApp(path);
    expect(await screen.findByText('Failed to load contact data', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('has four tabs, a read-only e-mail, and saves only what changed', async () => {
    let stored = contact();
    const api = adminApi({
      'GET /api/admin/contacts/c0ffee00-0000-4000-8000-000000000001': () => json(200, { contact: stored }),
      'PATCH /api/admin/contacts/c0ffee00-0000-4000-8000-000000000001': (request) => {
        stored = { ...stored, ...(request.body as object), respondedAt: '2026-11-29T10:15:00.000Z' };
        return json(200, { contact: stored });
      },
    });
    const { user } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: XSS })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Contact Info',
      'Inquiry Details',
      'HubSpot',
      'Activity',
    ]);
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled();

    await user.click(screen.getByRole('tab', { name: 'Inquiry Details' }));
    expect(screen.getByText(/Not yet: set the status to Contacted/)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'contacted');
    await user.selectOptions(screen.getByLabelText('Priority'), 'high');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Contact updated successfully')).toBeInTheDocument();
    expect(api.calls('PATCH /api/admin/contacts/c0ffee00-0000-4000-8000-000000000001')[0]?.body).toEqual({
      status: 'contacted',
      priority: 'high',
    });
    expect(await screen.findByText('29 Nov 2026, 10:15')).toBeInTheDocument();
    expect(document.querySelector('img[src="x"], script')).toBeNull();
  });

  it('says Failed to update contact with the server’s reason, and sends an emptied field as none', async () => {
    const api = adminApi({
      'GET /api/admin/contacts/c0ffee00-0000-4000-8000-000000000001': json(200, {
        contact: contact({ company: 'Acme' }),
      }),
      'PATCH /api/admin/contacts/c0ffee00-0000-4000-8000-000000000001': apiError(
        400,
        'VALIDATION_FAILED',
        'Phone must be 50 characters or fewer',
      ),
    });
    const { user } = renderApp(path);
    await user.clear(await screen.findByLabelText(/Company/));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update contact')).toBeInTheDocument();
    expect(screen.getByText('Phone must be 50 characters or fewer')).toBeInTheDocument();
    expect(api.calls('PATCH /api/admin/contacts/c0ffee00-0000-4000-8000-000000000001')[0]?.body).toEqual({
      company: null,
    });
  });
});
