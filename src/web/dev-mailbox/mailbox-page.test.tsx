import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, json, meHandler, type MockResponse, type MockRequest, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';

const verifyLink = 'http://localhost:3000/api/auth/verify-email?token=abc&callbackURL=%2Fdashboard';

/** What the server does: the mailbox opens only with the token it printed at start. */
const withToken =
  (token: string, answer: Response) =>
  (request: MockRequest): MockResponse =>
    request.headers.get('X-Mailbox-Token') === token ? answer : apiError(404, 'NOT_FOUND', 'Not found');

describe('the development mailbox', () => {
  it('lists captured emails and shows one with its links and a sandboxed body whose links open in the tab, sending the token from its link', async () => {
    mockApi({
      'GET /api/me': meHandler(null),
      'GET /api/dev/mail': withToken(
        'key-1',
        json(200, {
          messages: [
            {
              id: 'm1',
              to: 'jane@example.com',
              subject: 'Verify your email address',
              date: '2026-11-21T10:15:00.000Z',
            },
          ],
        }),
      ),
      'GET /api/dev/mail/m1': withToken(
        'key-1',
        json(200, {
          id: 'm1',
          to: 'jane@example.com',
          from: 'SavvyPig <hello@savvypig.test>',
          subject: 'Verify your email address',
          date: '2026-11-21T10:15:00.000Z',
          html: `<p>Hello</p><a href="${verifyLink}">Verify</a><script>parent.alert(1)</script>`,
          text: `Hello. Verify: ${verifyLink}`,
          links: [verifyLink],
        }),
      ),
    });
    const { user, router } = renderApp('/dev/mailbox?token=key-1');
    const list = await screen.findByRole('list', { name: 'Captured emails' });
    await user.click(within(list).getByRole('link', { name: /Verify your email address/ }));
    expect(new URLSearchParams(router.state.location.search).get('token')).toBe('key-1');

    const article = await screen.findByRole('article');
    expect(within(article).getByRole('link', { name: verifyLink })).toHaveAttribute('href', verifyLink);
    const frame = within(article).getByTitle('Email: Verify your email address');
    // No scripts (the e-mail's <script> stays inert); a clicked link navigates the tab, not the frame.
    expect(frame).toHaveAttribute('sandbox', 'allow-top-navigation-by-user-activation');
    expect(frame.getAttribute('srcdoc')).toMatch(/^<base target="_top"><p>Hello<\/p>/);
  });

  it('says when there are no emails yet', async () => {
    mockApi({ 'GET /api/me': meHandler(null), 'GET /api/dev/mail': withToken('key-2', json(200, { messages: [] })) });
    renderApp('/dev/mailbox?token=key-2');
    expect(await screen.findByRole('heading', { name: 'No emails yet' })).toBeInTheDocument();
  });

  it('points to the link the server printed when the token is missing or stale', async () => {
    mockApi({ 'GET /api/me': meHandler(null), 'GET /api/dev/mail': withToken('key-3', json(200, { messages: [] })) });
    renderApp('/dev/mailbox?token=old-key');
    expect(await screen.findByText('The mailbox did not open')).toBeInTheDocument();
    expect(screen.getByText(/the link the server printed when it started/)).toBeInTheDocument();
  });

  it('lends the token to the mailbox links elsewhere in this tab once opened with it', async () => {
    mockApi({ 'GET /api/me': meHandler(null), 'GET /api/dev/mail': withToken('key-4', json(200, { messages: [] })) });
    const { router } = renderApp('/dev/mailbox?token=key-4');
    expect(await screen.findByRole('heading', { name: 'No emails yet' })).toBeInTheDocument();
    await router.navigate('/auth/confirmation');
    const link = await screen.findByRole('link', { name: /Open the development mailbox/ });
    await waitFor(() => expect(link.getAttribute('href')).toBe('/dev/mailbox?token=key-4'));
  });
});
