import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { json, makeMe, meHandler, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';

const clearHint = () => {
  document.cookie = 'savvypig.signed_in=; path=/; max-age=0';
};

const asked = (api: ReturnType<typeof mockApi>, path: string) => api.requests.filter((r) => r.url.pathname === path);

beforeAll(() => Promise.all([import('../home/home-page.tsx'), import('../auth/confirmation-page.tsx')]), 60_000);

describe('a visitor’s pages ask nothing bound to fail', () => {
  it('does not ask who is signed in without the signed-in hint, and shows the visitor’s page', async () => {
    clearHint();
    const api = mockApi({ 'GET /api/me': meHandler(null) });
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Is your money protected?' });
    expect(screen.getByRole('link', { name: /sign up|get started/i })).toBeInTheDocument();
    expect(asked(api, '/api/me')).toEqual([]);
  });

  it('asks when the hint says a session cookie is there', async () => {
    const api = mockApi({ 'GET /api/me': meHandler(makeMe()) });
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Is your money protected?' });
    expect(asked(api, '/api/me').length).toBeGreaterThan(0);
  });

  it('does not probe the local mailbox on /auth/confirmation without the mailbox’s token', async () => {
    clearHint();
    // As the production build: in development the link always shows and nothing is asked.
    vi.stubEnv('DEV', false);
    try {
      const api = mockApi({ 'GET /api/me': meHandler(null), 'GET /api/dev/mail': json(404, {}) });
      renderApp('/auth/confirmation');
      await screen.findByRole('heading', { name: 'Check your email' });
      expect(asked(api, '/api/dev/mail')).toEqual([]);
      expect(asked(api, '/api/me')).toEqual([]);
      expect(screen.queryByRole('link', { name: 'Open the development mailbox' })).toBeNull();
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
