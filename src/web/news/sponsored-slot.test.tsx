import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../app/providers.tsx';
import { json, makeMe, meHandler, mockApi } from '../test/api-mock.ts';
import { createTestQueryClient } from '../test/render-app.tsx';
import { SponsoredSlot } from './sponsored-slot.tsx';

const AD = {
  id: '33333333-3333-4333-8333-333333333333',
  title: 'Is your money protected?',
  body: 'Check how much of your savings the FSCS covers.',
  link: 'https://savvypig.example/features/fscs-protection-checker',
};

const show = () =>
  render(
    <Providers queryClient={createTestQueryClient()}>
      <p>Page</p>
      <SponsoredSlot />
    </Providers>,
  );

describe('the Sponsored slot (issue 29)', () => {
  it.each(['piglet', 'boar'] as const)(
    'shows %s the house ad, labelled Sponsored, its link marked sponsored',
    async (tier) => {
      mockApi({ 'GET /api/me': meHandler(makeMe({ tier })), 'GET /api/sponsored': json(200, { ad: AD }) });
      show();
      const slot = await screen.findByRole('complementary', { name: 'Sponsored' });
      expect(slot).toHaveTextContent('Sponsored');
      expect(slot).toHaveTextContent(AD.title);
      expect(slot).toHaveTextContent(AD.body);
      const link = screen.getByRole('link', { name: /Find out more/ });
      expect(link).toHaveAttribute('href', AD.link);
      expect(link.getAttribute('rel')).toContain('sponsored');
    },
  );

  it('never asks for an ad for Big Pig (ad-free), and draws nothing', async () => {
    const api = mockApi({
      'GET /api/me': meHandler(makeMe({ tier: 'bigpig' })),
      'GET /api/sponsored': json(200, { ad: AD }),
    });
    show();
    await screen.findByText('Page');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls('GET /api/sponsored')).toHaveLength(0);
    expect(screen.queryByRole('complementary', { name: 'Sponsored' })).toBeNull();
  });

  it('draws nothing when no campaign is live', async () => {
    const api = mockApi({
      'GET /api/me': meHandler(makeMe({ tier: 'boar' })),
      'GET /api/sponsored': json(200, { ad: null }),
    });
    show();
    await vi.waitFor(() => expect(api.calls('GET /api/sponsored')).toHaveLength(1));
    expect(screen.queryByRole('complementary', { name: 'Sponsored' })).toBeNull();
  });
});
