import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { meHandler, mockApi } from '../../test/api-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import { isRegisteredHref, registeredRouteIds, routes } from '../paths.ts';

/** The feature pages that exist, as the header and footer must list them (000 §2). */
const builtFeaturePages = registeredRouteIds.filter((id) => id.startsWith('feature')).map((id) => routes[id].pattern);

beforeAll(() => import('../../home/home-page.tsx'), 60_000);

async function visitorAt(path: string) {
  mockApi({ 'GET /api/me': meHandler(null) });
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  return app;
}

describe('the visitor’s header', () => {
  it('holds the feature pages in a Features disclosure that opens, closes with Escape and gives focus back', async () => {
    const { user } = await visitorAt('/');
    const nav = await within(screen.getByRole('banner')).findByRole('navigation', { name: 'Main' });
    const button = within(nav).getByRole('button', { name: 'Features' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const list = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(list).not.toBeNull();
    expect(list).not.toBeVisible();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(list).toBeVisible();
    const links = within(list as HTMLElement).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(builtFeaturePages);
    expect(links.every((link) => isRegisteredHref(link.getAttribute('href') ?? ''))).toBe(true);

    // Tab goes into the list, as to any link; Escape closes it and returns to the button.
    await user.tab();
    expect(links[0]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();

    // Enter opens it from the keyboard; following a link closes it.
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(list as HTMLElement).getByRole('link', { name: 'Portfolio analytics' }));
    await screen.findByRole('heading', { level: 1, name: 'See all your savings at a glance' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the list on a click outside it, and lists Contact beside it', async () => {
    const { user } = await visitorAt('/contact');
    const nav = await within(screen.getByRole('banner')).findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    const button = within(nav).getByRole('button', { name: 'Features' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('lists the feature pages under a Features heading in the side menu, then Contact', async () => {
    const { user } = await visitorAt('/');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }, { timeout: 10_000 }));
    const menu = await screen.findByRole('dialog');
    const nav = within(menu).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByText('Features')).toBeInTheDocument();
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([...builtFeaturePages, '/contact']);
  });
});

describe('the footer', () => {
  it('lists every built feature page, Legal, Contact and the plans', async () => {
    await visitorAt('/legal');
    const footer = screen.getByRole('contentinfo');
    const features = within(footer).getByRole('navigation', { name: 'Features' });
    expect(
      within(features)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(builtFeaturePages);
    const links = within(footer).getByRole('navigation', { name: 'Footer' });
    expect(within(links).getByRole('link', { name: 'Plans and prices' })).toHaveAttribute('href', '/plans');
    expect(within(links).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
  });
});
