import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BROWSER_STORAGE, COOKIE_CATEGORIES, catalogueCookies } from '../../core/consent/cookie-catalogue.ts';
import { meHandler, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';

describe('the legal page', () => {
  it('opens the privacy notice by default', async () => {
    mockApi({ 'GET /api/me': meHandler(null) });
    renderApp('/legal');
    expect(await screen.findByRole('tab', { name: 'Privacy', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Privacy notice' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ico.org.uk (opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://ico.org.uk/make-a-complaint/',
    );
  });

  it('opens the tab named in ?tab=', async () => {
    mockApi({ 'GET /api/me': meHandler(null) });
    renderApp('/legal?tab=cookies');
    expect(await screen.findByRole('tab', { name: 'Cookies', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Cookie policy' })).toBeInTheDocument();
    expect(screen.getAllByText('365 days').length).toBeGreaterThan(0);
  });

  it('lists every cookie and storage entry of the cookie catalogue on the cookies tab', async () => {
    mockApi({ 'GET /api/me': meHandler(null) });
    renderApp('/legal?tab=cookies');
    await screen.findByRole('heading', { level: 2, name: 'Cookie policy' });
    for (const cookie of catalogueCookies()) expect(screen.getAllByText(cookie.name).length).toBeGreaterThan(0);
    for (const entry of BROWSER_STORAGE)
      expect(screen.getAllByText(entry.isPrefix ? `${entry.key}…` : entry.key).length).toBeGreaterThan(0);
    for (const category of COOKIE_CATEGORIES.filter((c) => c.noneToday)) {
      expect(screen.getByText(category.noneToday!)).toBeInTheDocument();
    }
  });

  it('falls back to privacy for an unknown tab', async () => {
    mockApi({ 'GET /api/me': meHandler(null) });
    renderApp('/legal?tab=nonsense');
    expect(await screen.findByRole('tab', { name: 'Privacy', selected: true })).toBeInTheDocument();
  });

  it('puts the chosen tab in the address', async () => {
    mockApi({ 'GET /api/me': meHandler(null) });
    const { user, router } = renderApp('/legal');
    await user.click(await screen.findByRole('tab', { name: 'Terms' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=terms'));
    expect(screen.getByRole('heading', { level: 2, name: 'Terms of use' })).toBeInTheDocument();
    expect(screen.getByText(/governed by the law of England and Wales/)).toBeInTheDocument();
  });
});
