import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ATTACHMENT_MESSAGES } from '../../core/support/attachments.ts';
import { SUPPORT_MESSAGES } from '../../core/support/tickets.ts';
import { apiError, json, makeMe, meHandler, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';
import type { SupportThread } from './api.ts';

const TICKET_ID = '3f2a9c1d-0000-4000-8000-000000000001';

function thread(
  overrides: Partial<SupportThread['ticket']> = {},
  extra: SupportThread['messages'] = [],
): SupportThread {
  return {
    ticket: {
      id: TICKET_ID,
      reference: '#3F2A9C1D',
      subject: 'My ISA is missing',
      category: 'technical',
      status: 'open',
      priority: 'medium',
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:00:00.000Z',
      lastReplyAt: '2026-11-20T10:00:00.000Z',
      ...overrides,
    },
    messages: [
      {
        id: 'm-1',
        authorRole: 'saver',
        authorName: null,
        body: 'It is not listed.',
        isInternal: false,
        createdAt: '2026-11-20T10:00:00.000Z',
        attachments: [],
      },
      ...extra,
    ],
  };
}

/** The FormData the page sent to `path`. */
function sentForm(api: ReturnType<typeof mockApi>, path: string): FormData {
  const call = api.fetch.mock.calls.find(([input]) => String(input).endsWith(path));
  return call?.[1]?.body as FormData;
}

describe('opening a support ticket', () => {
  it('says what is missing and sends nothing', async () => {
    const api = mockApi({ 'GET /api/me': meHandler(makeMe()) });
    const { user } = renderApp('/settings/support/new');
    await user.click(await screen.findByRole('button', { name: 'Send ticket' }));
    for (const message of [
      SUPPORT_MESSAGES.categoryRequired,
      SUPPORT_MESSAGES.subjectRequired,
      SUPPORT_MESSAGES.bodyRequired,
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Subject')).toHaveAccessibleDescription(SUPPORT_MESSAGES.subjectRequired);
    // The keyboard is taken to the first problem, whose message is read out with it.
    await waitFor(() => expect(screen.getByLabelText('What is it about?')).toHaveFocus());
    expect(api.calls('POST /api/support/tickets')).toHaveLength(0);
  });

  it('refuses a file over 5 MB before sending it', async () => {
    const api = mockApi({ 'GET /api/me': meHandler(makeMe()) });
    const { user } = renderApp('/settings/support/new');
    await user.selectOptions(await screen.findByLabelText('What is it about?'), 'billing');
    await user.type(screen.getByLabelText('Subject'), 'Invoice');
    await user.type(screen.getByLabelText('Message'), 'Please see the scan.');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'scan.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText(/Attachment/), big);
    expect(screen.getByText('scan.pdf')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send ticket' }));
    expect(await screen.findByText(ATTACHMENT_MESSAGES.tooLarge)).toBeInTheDocument();
    expect(api.calls('POST /api/support/tickets')).toHaveLength(0);
  });

  it('sends the ticket with its attachment and opens it', async () => {
    const api = mockApi({
      'GET /api/me': meHandler(makeMe()),
      'POST /api/support/tickets': json(201, thread()),
      [`GET /api/support/tickets/${TICKET_ID}`]: json(200, thread()),
    });
    const { user } = renderApp('/settings/support/new');
    await user.selectOptions(await screen.findByLabelText('What is it about?'), 'technical');
    await user.type(screen.getByLabelText('Subject'), '  My ISA is missing ');
    await user.type(screen.getByLabelText('Message'), 'It is not listed.');
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'screen.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText(/Attachment/), png);
    await user.click(screen.getByRole('button', { name: 'Send ticket' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'My ISA is missing' })).toBeInTheDocument();
    const form = sentForm(api, '/api/support/tickets');
    expect(form.get('subject')).toBe('My ISA is missing');
    expect(form.get('category')).toBe('technical');
    expect(form.get('body')).toBe('It is not listed.');
    expect((form.get('file') as File).name).toBe('screen.png');
  });

  it('shows the server’s refusal of an attachment and keeps what was typed', async () => {
    mockApi({
      'GET /api/me': meHandler(makeMe()),
      'POST /api/support/tickets': apiError(415, 'UNSUPPORTED_MEDIA_TYPE', ATTACHMENT_MESSAGES.notAllowed),
    });
    const { user } = renderApp('/settings/support/new');
    await user.selectOptions(await screen.findByLabelText('What is it about?'), 'other');
    await user.type(screen.getByLabelText('Subject'), 'Hello');
    await user.type(screen.getByLabelText('Message'), 'See attached.');
    await user.upload(screen.getByLabelText(/Attachment/), new File(['MZ'], 'photo.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Send ticket' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ATTACHMENT_MESSAGES.notAllowed);
    expect(screen.getByLabelText('Subject')).toHaveValue('Hello');
  });
});

describe('a saver’s tickets and one conversation', () => {
  it('lists the saver’s tickets with their status, or says there are none', async () => {
    mockApi({
      'GET /api/me': meHandler(makeMe()),
      'GET /api/support/tickets': json(200, { tickets: [thread({ status: 'awaiting_reply' }).ticket] }),
    });
    renderApp('/settings/support');
    const link = await screen.findByRole('link', { name: /My ISA is missing/ });
    expect(link).toHaveAttribute('href', `/settings/support/ticket/${TICKET_ID}`);
    expect(within(link).getByText('Awaiting your reply')).toBeInTheDocument();
  });

  it('shows support’s reply as the team’s, text as text, and sends a reply', async () => {
    const reply = {
      id: 'm-2',
      authorRole: 'admin' as const,
      authorName: null,
      body: '<img src=x onerror=alert(1)> fixed',
      isInternal: false,
      createdAt: '2026-11-21T10:00:00.000Z',
      attachments: [],
    };
    const api = mockApi({
      'GET /api/me': meHandler(makeMe()),
      [`GET /api/support/tickets/${TICKET_ID}`]: json(200, thread({ status: 'awaiting_reply' }, [reply])),
      [`POST /api/support/tickets/${TICKET_ID}/messages`]: json(201, thread({ status: 'open' }, [reply])),
      'GET /api/support/tickets': json(200, { tickets: [] }),
    });
    const { user } = renderApp(`/settings/support/ticket/${TICKET_ID}`);
    expect(await screen.findByText('SavvyPig Support')).toBeInTheDocument();
    expect(screen.getByText('<img src=x onerror=alert(1)> fixed')).toBeInTheDocument();
    expect(document.querySelector('main img[src="x"]')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText(SUPPORT_MESSAGES.bodyRequired)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Your reply')).toHaveFocus());
    await user.type(screen.getByLabelText('Your reply'), 'Thank you');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(api.calls(`POST /api/support/tickets/${TICKET_ID}/messages`)).toHaveLength(1));
    expect(sentForm(api, `/api/support/tickets/${TICKET_ID}/messages`).get('body')).toBe('Thank you');
    await waitFor(() => expect(screen.getByLabelText('Your reply')).toHaveValue(''));
    // The button was disabled while sending, which drops the focus: it goes back to the reply box.
    await waitFor(() => expect(screen.getByLabelText('Your reply')).toHaveFocus());
  });

  it('takes no reply on a closed ticket, and says a missing one is not found', async () => {
    mockApi({
      'GET /api/me': meHandler(makeMe()),
      [`GET /api/support/tickets/${TICKET_ID}`]: json(200, thread({ status: 'closed' })),
      'GET /api/support/tickets/00000000-0000-4000-8000-000000000000': apiError(404, 'NOT_FOUND', 'Ticket not found'),
    });
    const { router } = renderApp(`/settings/support/ticket/${TICKET_ID}`);
    expect(await screen.findByText(SUPPORT_MESSAGES.closed)).toBeInTheDocument();
    expect(screen.queryByLabelText('Your reply')).toBeNull();
    expect(screen.getByRole('link', { name: 'New ticket' })).toHaveAttribute('href', '/settings/support/new');
    await router.navigate('/settings/support/ticket/00000000-0000-4000-8000-000000000000');
    expect(await screen.findByRole('heading', { level: 1, name: SUPPORT_MESSAGES.notFound })).toBeInTheDocument();
  });
});
