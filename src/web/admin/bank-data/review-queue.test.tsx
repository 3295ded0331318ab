import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, makeMe, type MockHandler, mockApi } from '../../test/api-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import type { ReviewItem } from './api.ts';

beforeAll(() => import('./bank-data-page.tsx'), 60_000);
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

const item = (n: number, over: Partial<ReviewItem> = {}): ReviewItem => ({
  id: id(n),
  title: `Item ${n}`,
  description: `Description ${n}`,
  itemType: 'coverage_change',
  priority: 'high',
  status: 'pending',
  suggestedAction: 'Check the FCA register',
  currentData: { frn: '123456', bankingGroupId: 'natwest' },
  resolutionNotes: null,
  createdAt: '2026-11-21T14:05:00.000Z',
  resolvedAt: null,
  ...over,
});

function server(items: ReviewItem[], overrides: Record<string, MockHandler> = {}) {
  return mockApi({
    'GET /api/me': json(200, makeMe({ isAdmin: true, twoFactorEnabled: true })),
    'GET /api/admin/check': json(200, { isAdmin: true }),
    'GET /api/admin/bank-data/google-sheets/health': json(200, { ok: true, message: 'Configured' }),
    'GET /api/admin/bank-data/import/runs': json(200, { runs: [] }),
    'GET /api/admin/review-items': (request) => {
      const status = request.url.searchParams.get('status');
      const priority = request.url.searchParams.get('priority');
      return json(200, {
        items: items.filter((i) => (!status || i.status === status) && (!priority || i.priority === priority)),
      });
    },
    ...overrides,
  });
}

async function openQueue() {
  const rendered = renderApp('/admin/bank-data');
  await screen.findByRole('heading', { level: 1, name: 'Banking Data Monitor and Importer v2.0' });
  await rendered.user.click(screen.getByRole('tab', { name: 'Admin Review Queue' }));
  return rendered;
}

const selectAll = () => screen.getByRole('checkbox', { name: /Select all pending/ }) as HTMLInputElement;

describe('the Admin Review Queue tab', () => {
  it("says it is loading, then shows every item's fields; resolved items have no controls", async () => {
    const items = [
      item(1, { priority: 'critical' }),
      item(2, {
        status: 'approved',
        itemType: 'missing_from_source',
        resolutionNotes: 'Checked on the register',
        resolvedAt: '2026-11-22T09:30:00.000Z',
      }),
    ];
    let answer: () => void = () => undefined;
    server([], {
      'GET /api/admin/review-items': () =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(json(200, { items }));
        }),
    });
    const { user } = await openQueue();
    expect(screen.getByText('Loading review items...')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'all');
    expect(screen.getByText('Loading review items...')).toBeInTheDocument();
    answer();
    const list = await screen.findByRole('list', { name: 'Review items' });
    const [pending, approved] = within(list).getAllByRole('listitem');
    expect(pending).toHaveTextContent(/Critical priority:.*Item 1.*Pending.*Coverage change.*Description 1/);
    expect(pending).toHaveTextContent('Suggested action: Check the FCA register');
    expect(pending).toHaveTextContent(/"frn": "123456",\s*"bankingGroupId": "natwest"/);
    expect(pending).toHaveTextContent('Created21 Nov 2026, 14:05');
    expect(within(pending!).getByRole('button', { name: 'Approve “Item 1”' })).toBeInTheDocument();
    expect(within(pending!).getByLabelText('Resolution notes (optional)')).toBeInTheDocument();
    expect(approved).toHaveTextContent(/Item 2.*Approved.*Missing from source/);
    expect(approved).toHaveTextContent('Resolution notes: Checked on the register');
    expect(approved).toHaveTextContent('Resolved22 Nov 2026, 09:30');
    expect(within(approved!).queryByRole('button')).toBeNull();
    expect(within(approved!).queryByRole('checkbox')).toBeNull();
  });

  it('shows the empty state, and asks with the chosen filters', async () => {
    const api = server([]);
    const { user } = await openQueue();
    expect(await screen.findByText('No review items found.')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Select all pending/ })).toBeNull();
    await user.selectOptions(screen.getByLabelText('Priority'), 'critical');
    await waitFor(() =>
      expect(api.calls('GET /api/admin/review-items').map((c) => c.url.search)).toEqual([
        '?status=pending',
        '?status=pending&priority=critical',
      ]),
    );
  });

  it('marks select-all as mixed when some are chosen, and clears the choice when a filter changes', async () => {
    server([item(1), item(2), item(3)]);
    const { user } = await openQueue();
    await screen.findByRole('list', { name: 'Review items' });
    await user.click(screen.getByRole('checkbox', { name: 'Select “Item 1”' }));
    expect(selectAll().indeterminate).toBe(true);
    expect(selectAll()).not.toBeChecked();
    expect(selectAll()).toHaveAccessibleName('Select all pending (1 of 3 selected)');
    await user.click(selectAll());
    expect(selectAll().indeterminate).toBe(false);
    expect(selectAll()).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select “Item 3”' })).toBeChecked();
    await user.selectOptions(screen.getByLabelText('Priority'), 'high');
    await waitFor(() => expect(selectAll()).toHaveAccessibleName('Select all pending (0 of 3 selected)'));
    expect(screen.getByRole('button', { name: 'Bulk Approve' })).toBeDisabled();
  });

  it('reports a bulk action that partly failed, and clears the choice after it', async () => {
    const api = server([item(1), item(2)], {
      'POST /api/admin/review-items/bulk': json(200, {
        resolved: [id(1)],
        failed: [{ id: id(2), message: 'This review item has already been resolved' }],
      }),
    });
    const { user } = await openQueue();
    await screen.findByRole('list', { name: 'Review items' });
    await user.click(selectAll());
    await user.click(screen.getByRole('button', { name: 'Bulk Approve' }));
    const alert = await screen.findByRole('alert');
    expect(await screen.findByText('Processed 1/2 items. 1 failed.')).toBeInTheDocument();
    expect(alert).toHaveTextContent('1 item approved. 1 could not be approved:');
    expect(alert).toHaveTextContent('Item 2: This review item has already been resolved');
    expect(api.calls('POST /api/admin/review-items/bulk')[0]?.body).toEqual({
      ids: [id(1), id(2)],
      action: 'approve',
    });
    expect(selectAll()).not.toBeChecked();
    expect(selectAll().indeterminate).toBe(false);
  });

  it("says the spec's 'Successfully processed {n} items.' when every item was resolved", async () => {
    server([item(1), item(2)], {
      'POST /api/admin/review-items/bulk': json(200, { resolved: [id(1), id(2)], failed: [] }),
    });
    const { user } = await openQueue();
    await screen.findByRole('list', { name: 'Review items' });
    await user.click(selectAll());
    await user.click(screen.getByRole('button', { name: 'Bulk Reject' }));
    expect(await screen.findByText('Successfully processed 2 items.')).toBeInTheDocument();
    expect(screen.getByText('2 items rejected.')).toBeInTheDocument();
  });

  it("says the spec's 'Failed to process bulk action' when the bulk request fails", async () => {
    server([item(1)], {
      'POST /api/admin/review-items/bulk': json(500, { error: { code: 'INTERNAL', message: 'Internal error' } }),
    });
    const { user } = await openQueue();
    await screen.findByRole('list', { name: 'Review items' });
    await user.click(selectAll());
    await user.click(screen.getByRole('button', { name: 'Bulk Approve' }));
    expect(await screen.findByText('Failed to process bulk action')).toBeInTheDocument();
    expect(selectAll()).toBeChecked();
  });

  it('says what approving does, approves one with its notes, and shows a 409 refusal', async () => {
    const api = server([item(1), item(2)], {
      [`POST /api/admin/review-items/${id(1)}/approve`]: json(200, { item: item(1, { status: 'approved' }) }),
      [`POST /api/admin/review-items/${id(2)}/reject`]: apiError(
        409,
        'CONFLICT',
        'This review item has already been resolved',
      ),
    });
    const { user } = await openQueue();
    await screen.findByRole('list', { name: 'Review items' });
    const approve = screen.getByRole('button', { name: 'Approve “Item 1”' });
    expect(approve).toHaveAccessibleDescription(/Approving applies the change to the banking data at once/);
    const [first] = within(screen.getByRole('list', { name: 'Review items' })).getAllByRole('listitem');
    await user.type(within(first!).getByLabelText('Resolution notes (optional)'), 'Moved to NatWest in May 2025');
    await user.click(approve);
    expect(
      await screen.findByText('Approved “Item 1”: the banking data and savers’ protection answers now show it'),
    ).toBeInTheDocument();
    expect(api.calls(`POST /api/admin/review-items/${id(1)}/approve`)[0]?.body).toEqual({
      notes: 'Moved to NatWest in May 2025',
    });
    await user.click(screen.getByRole('button', { name: 'Reject “Item 2”' }));
    expect(await screen.findByText('This review item has already been resolved')).toBeInTheDocument();
  });
});
