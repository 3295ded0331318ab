import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAdCampaign, AdminNewsFeed } from '../../../server/news/admin-routes.ts';
import { apiFetch } from '../../app/api.ts';

export type { AdminAdCampaign, AdminNewsFeed };
export type FeedOutcome = { status: 'fetched' | 'not-modified' | 'failed'; itemCount?: number; error?: string };
export type CampaignInput = Omit<AdminAdCampaign, 'id' | 'createdAt'>;

export const adminNewsKeys = {
  feeds: ['admin', 'news-feeds'] as const,
  campaigns: ['admin', 'ad-campaigns'] as const,
};

const feedPath = (id: string) => `/api/admin/news/feeds/${encodeURIComponent(id)}`;
const campaignPath = (id: string) => `/api/admin/ads/${encodeURIComponent(id)}`;

export function useAdminFeeds() {
  return useQuery({
    queryKey: adminNewsKeys.feeds,
    queryFn: async ({ signal }) =>
      (await apiFetch<{ feeds: AdminNewsFeed[] }>('/api/admin/news/feeds', { signal })).feeds,
  });
}

/** A change to the feeds: each refreshes the list (and the news page, whose items it changes). */
function useFeedMutation<I, R>(send: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminNewsKeys.feeds }),
        queryClient.invalidateQueries({ queryKey: ['me', 'news'] }),
      ]),
  });
}

export const useAddFeed = () =>
  useFeedMutation((input: { url: string; title: string }) =>
    apiFetch<{ feed: AdminNewsFeed }>('/api/admin/news/feeds', { method: 'POST', json: input }),
  );

export const useTestFeed = () =>
  useFeedMutation((id: string) =>
    apiFetch<{ feed: AdminNewsFeed; outcome: FeedOutcome }>(`${feedPath(id)}/test`, { method: 'POST' }),
  );

export const useSetFeedEnabled = () =>
  useFeedMutation(({ id, isEnabled }: { id: string; isEnabled: boolean }) =>
    apiFetch<{ feed: AdminNewsFeed }>(feedPath(id), { method: 'PATCH', json: { isEnabled } }),
  );

export const useRemoveFeed = () => useFeedMutation((id: string) => apiFetch<void>(feedPath(id), { method: 'DELETE' }));

export function useAdminCampaigns() {
  return useQuery({
    queryKey: adminNewsKeys.campaigns,
    queryFn: async ({ signal }) =>
      (await apiFetch<{ campaigns: AdminAdCampaign[] }>('/api/admin/ads', { signal })).campaigns,
  });
}

function useCampaignMutation<I, R>(send: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminNewsKeys.campaigns }),
        queryClient.invalidateQueries({ queryKey: ['me', 'sponsored'] }),
      ]),
  });
}

export const useAddCampaign = () =>
  useCampaignMutation((input: CampaignInput) =>
    apiFetch<{ campaign: AdminAdCampaign }>('/api/admin/ads', { method: 'POST', json: input }),
  );

export const useSetCampaignActive = () =>
  useCampaignMutation(({ id, isActive }: { id: string; isActive: boolean }) =>
    apiFetch<{ campaign: AdminAdCampaign }>(campaignPath(id), { method: 'PATCH', json: { isActive } }),
  );

export const useRemoveCampaign = () =>
  useCampaignMutation((id: string) => apiFetch<void>(campaignPath(id), { method: 'DELETE' }));
