import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, meHandler, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';

const verifyLink = 'http://localhost:3000/api/auth/verify-email?token=abc&callbackURL=%2Fdashboard';

describe('the development mailbox', () => {
  it('lists captured emails and shows one with its links and a sandboxed body', async () => {
    mockApi({
      'GET /api/me': meHandler(null),
      'GET /api/dev/mail': json(200, {
        messages: [{ id: 'm1', to: 'jane@example.com', subject: 'Verify your email address', date: '2026-11-21T10:15:00.000Z' }],
      }),
      'GET /api/dev/mail/m1': json(200, {
        id: 'm1',
        to: 'jane@example.com',
        from: 'SavvyPig <hello@savvypig.test>',
        subject: 'Verify your email address',
        date: '2026-11-21T10:15:00.000Z',
        html: `<p>Hello</p><a href="${verifyLink}">Verify</a><script>parent.alert(1)</script>`,
        text: `Hello. Verify: ${verifyLink}`,
        links: [verifyLink],
      }),
    });
    const { user } = renderApp('/dev/mailbox');
    const list = await screen.findByRole('list', { name: 'Captured emails' });
    await user.click(within(list).getByRole('link', { name: /Verify your email address/ }));

    const article = await screen.findByRole('article');
    expect(within(article).getByRole('link', { name: verifyLink })).toHaveAttribute('href', verifyLink);
    const frame = within(article).getByTitle('Email: Verify your email address');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('<p>Hello</p>');
  });

  it('says when there are no emails yet', async () => {
    mockApi({ 'GET /api/me': meHandler(null), 'GET /api/dev/mail': json(200, { messages: [] }) });
    renderApp('/dev/mailbox');
    expect(await screen.findByRole('heading', { name: 'No emails yet' })).toBeInTheDocument();
  });
});
