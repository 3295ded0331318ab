import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, makeMe, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';
import { payingView } from './view-test-fixtures.ts';

beforeAll(() => import('../protection/protection-hub-page.tsx'), 60_000);

const LOADED = { timeout: 8_000 };

describe('the guard’s upgrade banner (002 §4, graceful degradation)', () => {
  it('shows a Piglet the Hub’s outline under a banner naming the plan it needs, and asks for no data', async () => {
    const api = mockApi({
      'GET /api/me': json(200, makeMe({ tier: 'piglet' })),
      'GET /api/subscription': json(200, payingView({ tier: 'piglet' })),
    });
    const { router } = renderApp('/protection');
    const banner = await screen.findByRole(
      'region',
      { name: 'Protection Hub requires Big Pig tier or higher' },
      LOADED,
    );
    expect(banner).toHaveTextContent('groups your accounts by banking licence, not by brand');
    expect(within(banner).getByRole('link', { name: 'See the Big Pig plan' })).toHaveAttribute(
      'href',
      '/subscribe?tier=bigpig',
    );
    expect(router.state.location.pathname).toBe('/protection');
    expect(screen.getByTestId('upgrade-dimmed')).toHaveAttribute('inert');
    expect(api.calls('GET /api/protection')).toHaveLength(0);
  });
});
