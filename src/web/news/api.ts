import { useQuery } from '@tanstack/react-query';
import type { NewsItem, SponsoredAd } from '../../server/news/routes.ts';
import { apiFetch, useMe } from '../app/api.ts';

export type { NewsItem, SponsoredAd };

export const newsKeys = {
  items: ['me', 'news'] as const,
  sponsored: ['me', 'sponsored'] as const,
};

/** The newest items of the feeds an admin chose (Boar and up). */
export function useNews() {
  return useQuery({
    queryKey: newsKeys.items,
    queryFn: async ({ signal }) => (await apiFetch<{ items: NewsItem[] }>('/api/news', { signal })).items,
  });
}

/** The house ad for the Sponsored slot: never asked for when the plan is ad-free. */
export function useSponsored() {
  const { data: me } = useMe();
  return useQuery({
    queryKey: newsKeys.sponsored,
    enabled: me !== undefined && me !== null && !me.features.adFree,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => (await apiFetch<{ ad: SponsoredAd | null }>('/api/sponsored', { signal })).ad,
  });
}
