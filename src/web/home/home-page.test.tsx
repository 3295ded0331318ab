import { cleanup, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { findRoute, isRegistered, isRegisteredHref, type RouteId } from '../app/paths.ts';
import { makeMe, meHandler, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';
import { FEATURE_CARDS, shownFeatureCards } from './home-features.ts';

async function renderHome(signedIn: boolean) {
  mockApi({ 'GET /api/me': meHandler(signedIn ? makeMe() : null) });
  renderApp('/');
  await screen.findByRole('heading', { level: 1, name: 'Is your money protected?' });
  return screen.getByRole('main');
}

const featureCards = () => {
  const features = screen.getByRole('region', { name: 'What SavvyPig does for you' });
  return within(features)
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);
};

// The page is lazy-loaded: load it once up front, so a busy machine's first transform does not eat
// the first test's time.
beforeAll(() => import('./home-page.tsx'), 60_000);

describe('the home page', () => {
  it.each([false, true])('links only to pages that exist (signed in: %s)', async (signedIn) => {
    const main = await renderHome(signedIn);
    const hrefs = within(main)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href') ?? '');
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.filter((href) => !isRegisteredHref(href))).toEqual([]);
  });

  it('links a card to a signed-in page only for a signed-in user', async () => {
    const visitor = await renderHome(false);
    const cardLinks = () =>
      within(screen.getByRole('region', { name: 'What SavvyPig does for you' }))
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(cardLinks()).toEqual([
      ['Check your protection', '/features/fscs-protection-checker'],
      ['Try the savings calculator', '/features/savings-calculator'],
      ['Try the interest calculator', '/features/interest-calculator'],
    ]);
    expect(within(visitor).queryByRole('link', { name: /Protection Hub/i })).toBeNull();
    expect(within(visitor).queryByRole('link', { name: /your accounts/i })).toBeNull();
    cleanup();
    await renderHome(true);
    await screen.findByRole('link', { name: 'Go to your accounts' });
    expect(cardLinks()).toEqual([
      ['Go to your accounts', '/accounts'],
      ['See what is protected', '/accounts'],
      ['Check your protection', '/features/fscs-protection-checker'],
      ['Open the Protection Hub', '/protection'],
      ['See Smart Pig’s suggestions', '/smart-pig'],
      ['Try the savings calculator', '/features/savings-calculator'],
      ['Try the interest calculator', '/features/interest-calculator'],
    ]);
  });

  it('promises only what exists: the Protection Hub, Smart Pig, the calculators and the plans page', async () => {
    const main = await renderHome(false);
    expect(featureCards()).toEqual([
      'All your savings in one place',
      'Protection by banking licence',
      'Check before you sign up',
      'Your licences at a glance',
      'Smart Pig suggestions',
      'Savings calculator',
      'Interest calculator',
    ]);
    expect(within(main).getByRole('link', { name: 'choose Piglet, Boar or Big Pig' })).toHaveAttribute(
      'href',
      '/plans',
    );
    for (const link of within(main).getAllByRole('link', { name: 'See plans and prices' }))
      expect(link).toHaveAttribute('href', '/plans');
  });

  it('puts a space before the limit it names', async () => {
    const main = await renderHome(false);
    expect(main.textContent).not.toMatch(/the£/);
    expect(
      within(main).getByText(/tells you how much of it is over the £120,000 limit\.$/, { exact: false }),
    ).toBeInTheDocument();
  });
});

describe('the feature cards', () => {
  it.each(FEATURE_CARDS.map((card) => [card.title, card] as const))(
    '"%s" links to the route it declares',
    (_, card) => {
      expect(findRoute(card.href)).toBe(card.route);
    },
  );

  it('shows a card only once the page it promises is registered', () => {
    const unregistered = FEATURE_CARDS.filter((card) => !isRegistered(card.route)).map((card) => card.title);
    const shown = shownFeatureCards().map((card) => card.title);
    for (const title of unregistered) expect(shown).not.toContain(title);
    expect(shown).toEqual(expect.arrayContaining(['Savings calculator', 'Interest calculator']));
    // A card whose page goes is hidden again.
    const withoutCalculator = (route: RouteId) => isRegistered(route) && route !== 'featureSavingsCalculator';
    expect(shownFeatureCards(FEATURE_CARDS, withoutCalculator).map((card) => card.title)).not.toContain(
      'Savings calculator',
    );
    const withoutChecker = (route: RouteId) => isRegistered(route) && route !== 'featureFscsProtectionChecker';
    expect(shownFeatureCards(FEATURE_CARDS, withoutChecker).map((card) => card.title)).not.toContain(
      'Check before you sign up',
    );
  });
});
