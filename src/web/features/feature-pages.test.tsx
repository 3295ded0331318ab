import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { isRegisteredHref } from '../app/paths.ts';
import { THEME_STORAGE_KEY } from '../app/theme.tsx';
import { makeMe, meHandler, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';
import { SCREENSHOTS } from './screenshots.ts';

const PAGES = [
  { path: '/features/account-management', title: 'Every savings account in one place', hero: 'accounts' },
  { path: '/features/rate-monitoring', title: 'Know before your rate changes', hero: 'notifications' },
  { path: '/features/portfolio-analytics', title: 'See all your savings at a glance', hero: 'dashboard' },
] as const;

// The pages are lazy-loaded: load them once up front, so the first test's time is its own.
beforeAll(() => import('./feature-pages.tsx'), 60_000);

/** Every in-app link on the page lands on a registered page; fails naming the ones that do not. */
function expectNoBrokenLinks() {
  const hrefs = Array.from(document.querySelectorAll('a[href]'), (a) => a.getAttribute('href') ?? '');
  expect(hrefs.filter((href) => !href.startsWith('#') && !isRegisteredHref(href))).toEqual([]);
}

describe.each(PAGES)('$path', ({ path, title, hero }) => {
  it('says what the product does, with its screenshots, and offers sign-up and the plans to a visitor', async () => {
    mockApi({ 'GET /api/me': meHandler(null) });
    renderApp(path);
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { level: 1, name: title });

    const images = within(main).getAllByRole('img');
    expect(images.length).toBeGreaterThanOrEqual(3);
    for (const image of images) {
      // Each is a real screen from public/features/, described for screen readers, with its size.
      expect(image.getAttribute('src')).toMatch(/^\/features\/[a-z-]+-1280-light\.webp$/);
      expect(Object.values(SCREENSHOTS)).toContain(image.getAttribute('alt'));
      expect(image).toHaveAttribute('width', '1280');
      expect(image).toHaveAttribute('height', '800');
      expect(image.parentElement?.querySelector('source')?.getAttribute('srcset')).toMatch(/-375-light\.webp$/);
    }
    // The first picture loads at once; the rest wait until they are near the window.
    expect(images[0]).toHaveAttribute('src', `/features/${hero}-1280-light.webp`);
    expect(images[0]).toHaveAttribute('loading', 'eager');
    expect(images.slice(1).every((image) => image.getAttribute('loading') === 'lazy')).toBe(true);

    expect(within(main).getAllByRole('link', { name: /Start your 7-day free trial/ })[0]).toHaveAttribute(
      'href',
      '/signup',
    );
    expect(within(main).getAllByRole('link', { name: 'See plans and prices' })[0]).toHaveAttribute('href', '/plans');
    expect(within(main).getByRole('heading', { name: 'What it does not do' })).toBeInTheDocument();
    // The other feature pages, never this one.
    const more = within(main).getByRole('navigation', { name: 'More of what SavvyPig does' });
    expect(
      within(more)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).not.toContain(path);
    expectNoBrokenLinks();
  });
});

describe('the feature pages', () => {
  it('show the dark screenshots in dark mode', async () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    mockApi({ 'GET /api/me': meHandler(null) });
    renderApp('/features/rate-monitoring');
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { level: 1 });
    for (const image of within(main).getAllByRole('img')) {
      expect(image.getAttribute('src')).toMatch(/-1280-dark\.webp$/);
      expect(image.parentElement?.querySelector('source')?.getAttribute('srcset')).toMatch(/-375-dark\.webp$/);
    }
  });

  it('send a signed-in saver to their dashboard instead of sign-up', async () => {
    mockApi({ 'GET /api/me': meHandler(makeMe()) });
    renderApp('/features/portfolio-analytics');
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { level: 1, name: 'See all your savings at a glance' });
    expect((await within(main).findAllByRole('link', { name: 'Go to your dashboard' }))[0]).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(within(main).queryByRole('link', { name: /free trial/ })).toBeNull();
  });

  it('say which plan a Big Pig feature needs, from the feature matrix', async () => {
    mockApi({ 'GET /api/me': meHandler(null) });
    renderApp('/features/portfolio-analytics');
    const plans = await screen.findByRole('region', { name: 'Which plans include it' });
    expect(plans).toHaveTextContent('The Protection Hub needs Big Pig');
  });
});
