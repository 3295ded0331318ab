import { screen, waitFor, within } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Me } from './api.ts';
import { registeredRouteIds, routes } from './paths.ts';
import { createAppRoutes } from './router.tsx';
import { makeMe, meHandler, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';

const appRoutes = createAppRoutes();

/** The id of the route the real router would render for a path ('notFound' for the 404 page). */
function routeIdFor(pathname: string): string | undefined {
  const matches = matchRoutes(appRoutes, pathname);
  return matches?.[matches.length - 1]?.route.id;
}

/** Every link on the page, including menus rendered in portals. */
function linkHrefs(): string[] {
  return Array.from(document.querySelectorAll('a[href]'), (a) => a.getAttribute('href') ?? '');
}

/** Fails listing every link that would land on the 404 page (or leave the site, or point nowhere). */
function expectEveryLinkToLandOnAPage(currentPath: string) {
  const hrefs = linkHrefs();
  expect(hrefs.length).toBeGreaterThan(0);
  const broken = hrefs.filter((href) => {
    if (href.startsWith('#')) return document.getElementById(href.slice(1)) === null;
    const base = new URL(currentPath, 'http://localhost');
    const url = new URL(href, base);
    if (url.origin !== base.origin) return true;
    const id = routeIdFor(url.pathname);
    return id === undefined || id === 'notFound';
  });
  expect(broken, `links that land on the 404 page from ${currentPath}`).toEqual([]);
  return hrefs;
}

async function renderSignedIn(path: string, me: Me) {
  mockApi({ 'GET /api/me': meHandler(me) });
  const app = renderApp(path);
  await screen.findByRole('button', { name: /Account menu for/ });
  return app;
}

async function openUserMenu(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('button', { name: /Account menu for/ }));
  return screen.findByRole('menu');
}

async function openMobileMenu(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('button', { name: 'Open menu' }));
  return screen.findByRole('dialog');
}

// The page is lazy-loaded: load it once up front, so a busy machine's first transform does not eat
// the first test's time.
beforeAll(() => import('../home/home-page.tsx'), 60_000);

describe('navigation links', () => {
  it('signed out: header, footer and home page link only to pages that exist', async () => {
    mockApi({ 'GET /api/me': meHandler(null) });
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Is your money protected?' });

    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(within(header).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(within(header).getByRole('link', { name: 'SavvyPig home' })).toHaveAttribute('href', '/');
    // Exactly the feature pages that are built are offered (the header's Features menu, the footer).
    expect(new Set(linkHrefs().filter((href) => href.startsWith('/features/')))).toEqual(
      new Set(registeredRouteIds.filter((id) => id.startsWith('feature')).map((id) => routes[id].pattern)),
    );

    const hrefs = expectEveryLinkToLandOnAPage('/');
    expect(hrefs).toEqual(expect.arrayContaining(['/legal', '/contact', '/login', '/signup']));
  });

  it('signed out: the mobile menu links only to pages that exist', async () => {
    mockApi({ 'GET /api/me': meHandler(null) });
    const { user } = renderApp('/contact');
    await screen.findByRole('heading', { level: 1, name: 'Contact us' });

    const menu = await openMobileMenu(user);
    expect(within(menu).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    expect(within(menu).getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Sign up' })).toBeInTheDocument();
    expectEveryLinkToLandOnAPage('/contact');
  });

  it('signed in as a Big Pig user: header, user menu, mobile menu, footer and dashboard links all work', async () => {
    const { user } = await renderSignedIn('/dashboard', makeMe({ tier: 'bigpig' }));
    await screen.findByRole('heading', { level: 1, name: /Good (morning|afternoon|evening), Jane/ });

    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'SavvyPig home' })).toHaveAttribute('href', '/dashboard');
    expect(within(header).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(header).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(within(header).getByRole('link', { name: 'Accounts' })).toHaveAttribute('href', '/accounts');
    expect(within(header).getByRole('link', { name: 'Transactions' })).toHaveAttribute('href', '/transactions');
    expect(within(header).getByRole('link', { name: 'Protection' })).toHaveAttribute('href', '/protection');
    expect(within(header).getByRole('link', { name: 'Smart Pig' })).toHaveAttribute('href', '/smart-pig');
    expect(within(header).getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/settings/support');
    expect(within(header).getByRole('link', { name: 'News' })).toHaveAttribute('href', '/news');
    expectEveryLinkToLandOnAPage('/dashboard');

    const menu = await openUserMenu(user);
    expect(within(menu).getByText('Jane Doe')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/settings?tab=profile');
    expectEveryLinkToLandOnAPage('/dashboard');
    await user.keyboard('{Escape}');

    const mobile = await openMobileMenu(user);
    expect(within(mobile).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(within(mobile).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expectEveryLinkToLandOnAPage('/dashboard');
  });

  it('signed in as an admin: the Admin Dashboard link in the header and the side menu, and every link works', async () => {
    const { user } = await renderSignedIn('/dashboard', makeMe({ tier: 'piglet', isAdmin: true }));
    await screen.findByRole('heading', { level: 1, name: /Jane/ });
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute(
      'href',
      '/admin',
    );
    expectEveryLinkToLandOnAPage('/dashboard');

    await openUserMenu(user);
    expectEveryLinkToLandOnAPage('/dashboard');
    await user.keyboard('{Escape}');

    const mobile = await openMobileMenu(user);
    expect(within(mobile).getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin');
    expectEveryLinkToLandOnAPage('/dashboard');
  });

  it('the 404 page links only to pages that exist: a visitor gets home and log in, a signed-in user their accounts', async () => {
    mockApi({ 'GET /api/me': meHandler(null) });
    const first = renderApp('/no-such-page');
    await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' });
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(within(main).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    // A visitor has no accounts to view.
    expect(screen.queryByRole('link', { name: /accounts/i })).toBeNull();
    expect(within(main).getByRole('button', { name: 'Go back' })).toBeInTheDocument();
    expectEveryLinkToLandOnAPage('/no-such-page');
    first.unmount();

    await renderSignedIn('/account/abc/transactions/nowhere', makeMe());
    await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' });
    const signedIn = screen.getByRole('main');
    expect(within(signedIn).getByRole('link', { name: 'View your accounts' })).toHaveAttribute('href', '/accounts');
    expect(within(signedIn).queryByRole('link', { name: 'Log in' })).toBeNull();
    expectEveryLinkToLandOnAPage('/account/abc/transactions/nowhere');
  });

  it('the footer has Legal and Contact and this year’s copyright line', async () => {
    mockApi({ 'GET /api/me': meHandler(null) });
    renderApp('/legal');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Legal' })).toHaveAttribute('href', '/legal');
    expect(within(footer).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    expect(
      within(footer).getByText(`© ${new Date().getFullYear()} SavvyPig. All rights reserved.`),
    ).toBeInTheDocument();
    await waitFor(() => expectEveryLinkToLandOnAPage('/legal'));
  });
});
