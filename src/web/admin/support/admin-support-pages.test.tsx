import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGES } from '../../../core/support/tickets.ts';
import { json, makeMe, meHandler, mockApi } from '../../test/api-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import type { AdminSupportThread } from './api.ts';

const TICKET_ID = '3f2a9c1d-0000-4000-8000-000000000002';
const admin = () => meHandler(makeMe({ isAdmin: true, twoFactorEnabled: true }));
const ADMINS = {
  admins: [
    { id: 'admin-1', email: 'ada@example.com', name: 'Ada Admin' },
    { id: 'admin-2', email: 'bo@example.com', name: 'Bo Admin' },
  ],
};

function adminThread(overrides: Partial<AdminSupportThread['ticket']> = {}): AdminSupportThread {
  return {
    ticket: {
      id: TICKET_ID,
      reference: '#3F2A9C1D',
      subject: 'Cannot export',
      category: 'technical',
      status: 'open',
      priority: 'medium',
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:00:00.000Z',
      lastReplyAt: '2026-11-20T10:00:00.000Z',
      saver: { id: 'saver-1', email: 'sam@example.com', name: 'Sam Saver' },
      assignee: null,
      ...overrides,
    },
    messages: [
      {
        id: 'm-1',
        authorRole: 'saver',
        authorName: 'Sam Saver',
        body: 'The export button does nothing.',
        isInternal: false,
        createdAt: '2026-11-20T10:00:00.000Z',
        attachments: [],
      },
      {
        id: 'm-2',
        authorRole: 'admin',
        authorName: 'Ada Admin',
        body: 'Checking the logs',
        isInternal: true,
        createdAt: '2026-11-20T11:00:00.000Z',
        attachments: [],
      },
    ],
    activity: [],
  };
}

const sentForm = (api: ReturnType<typeof mockApi>, path: string) =>
  api.fetch.mock.calls.find(([input, init]) => String(input).endsWith(path) && init?.method === 'POST')?.[1]
    ?.body as FormData;

describe('support administration', () => {
  it('counts tickets by status on the overview, each count a way to the list', async () => {
    mockApi({
      'GET /api/me': admin(),
      'GET /api/admin/check': json(200, { isAdmin: true }),
      'GET /api/admin/support/overview': json(200, {
        total: 9,
        byStatus: { open: 4, awaiting_reply: 2, resolved: 2, closed: 1 },
        activeByPriority: { urgent: 1, high: 2 },
        activeUnassigned: 3,
        activeMine: 1,
      }),
    });
    renderApp('/admin/support');
    const open = await screen.findByRole('link', { name: /^Open\s*4$/ });
    expect(open).toHaveAttribute('href', '/admin/support/tickets?status=open');
    expect(screen.getByRole('link', { name: /^Unassigned\s*3$/ })).toHaveAttribute(
      'href',
      '/admin/support/tickets?status=open&assignee=unassigned',
    );
  });

  it('filters the list by what the address says and by the filters chosen', async () => {
    const api = mockApi({
      'GET /api/me': admin(),
      'GET /api/admin/check': json(200, { isAdmin: true }),
      'GET /api/admin/support/admins': json(200, ADMINS),
      'GET /api/admin/support/tickets': json(200, {
        tickets: [adminThread({ priority: 'urgent' }).ticket],
        total: 1,
        page: 1,
        pageSize: 50,
      }),
    });
    const { user } = renderApp('/admin/support/tickets?status=open');
    expect(await screen.findByRole('link', { name: 'Cannot export' })).toHaveAttribute(
      'href',
      `/admin/support/ticket/${TICKET_ID}`,
    );
    expect(api.calls('GET /api/admin/support/tickets')[0]?.url.search).toBe('?status=open');
    await user.selectOptions(screen.getByLabelText('Priority'), 'urgent');
    await user.selectOptions(screen.getByLabelText('Assignee'), 'admin-2');
    await waitFor(() =>
      expect(api.calls('GET /api/admin/support/tickets').at(-1)?.url.search).toBe(
        '?status=open&priority=urgent&assignee=admin-2',
      ),
    );
  });

  it('sends an internal note without an attachment field, and saves only what changed', async () => {
    const api = mockApi({
      'GET /api/me': admin(),
      'GET /api/admin/check': json(200, { isAdmin: true }),
      'GET /api/admin/support/admins': json(200, ADMINS),
      [`GET /api/admin/support/tickets/${TICKET_ID}`]: json(200, adminThread()),
      [`POST /api/admin/support/tickets/${TICKET_ID}/messages`]: json(201, adminThread()),
      [`PATCH /api/admin/support/tickets/${TICKET_ID}`]: json(200, adminThread({ priority: 'high' })),
    });
    const { user } = renderApp(`/admin/support/ticket/${TICKET_ID}`);
    const note = await screen.findByText('Checking the logs');
    expect(within(note.closest('li')!).getByText('Internal note')).toBeInTheDocument();
    expect(screen.getByLabelText(/Attachment/)).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /Internal note/ }));
    expect(screen.queryByLabelText(/Attachment/)).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Internal note' }), 'Escalated to the bank data team');
    await user.click(screen.getByRole('button', { name: 'Add internal note' }));
    await waitFor(() => expect(api.calls(`POST /api/admin/support/tickets/${TICKET_ID}/messages`)).toHaveLength(1));
    const form = sentForm(api, `/api/admin/support/tickets/${TICKET_ID}/messages`);
    expect(form.get('isInternal')).toBe('true');
    expect(form.get('body')).toBe('Escalated to the bank data team');
    expect(form.get('file')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    // Said out loud: the button keeps the focus, so the message is an alert, not a field's note.
    expect((await screen.findByText(SUPPORT_MESSAGES.nothingToChange)).closest('[role="alert"]')).not.toBeNull();
    await user.selectOptions(screen.getByLabelText('Priority'), 'high');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.calls(`PATCH /api/admin/support/tickets/${TICKET_ID}`)).toHaveLength(1));
    expect(api.calls(`PATCH /api/admin/support/tickets/${TICKET_ID}`)[0]?.body).toEqual({ priority: 'high' });
  });
});
