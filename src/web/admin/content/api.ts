import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContentPage, ContentPageSummary, ContentPageVersion } from '../../../server/content/routes.ts';
import { apiFetch } from '../../app/api.ts';

export type { ContentPage, ContentPageSummary, ContentPageVersion };
export type ContentPageInput = { title: string; slug: string; metaDescription: string; bodyHtml: string };

export const adminContentKeys = {
  all: ['admin', 'content'] as const,
  list: ['admin', 'content', 'list'] as const,
  page: (id: string) => ['admin', 'content', 'page', id] as const,
  versions: (id: string) => ['admin', 'content', 'versions', id] as const,
};

const PAGES = '/api/admin/content/pages';
const pagePath = (id: string) => `${PAGES}/${encodeURIComponent(id)}`;

export function useContentPages() {
  return useQuery({
    queryKey: adminContentKeys.list,
    queryFn: async ({ signal }) => (await apiFetch<{ pages: ContentPageSummary[] }>(PAGES, { signal })).pages,
  });
}

export function useContentPageForEdit(id: string) {
  return useQuery({
    queryKey: adminContentKeys.page(id),
    queryFn: async ({ signal }) => (await apiFetch<{ page: ContentPage }>(pagePath(id), { signal })).page,
  });
}

export function useContentVersions(id: string) {
  return useQuery({
    queryKey: adminContentKeys.versions(id),
    queryFn: async ({ signal }) =>
      (await apiFetch<{ versions: ContentPageVersion[] }>(`${pagePath(id)}/versions`, { signal })).versions,
  });
}

/** A change to a page: the admin lists refresh, and so does the public copy of the page. */
function useContentMutation<I, R>(send: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminContentKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['content-page'] }),
      ]),
  });
}

export const useCreateContentPage = () =>
  useContentMutation((input: ContentPageInput) =>
    apiFetch<{ page: ContentPage }>(PAGES, { method: 'POST', json: input }),
  );

export const useSaveContentPage = () =>
  useContentMutation(({ id, input }: { id: string; input: ContentPageInput }) =>
    apiFetch<{ page: ContentPage }>(pagePath(id), { method: 'PUT', json: input }),
  );

export const useSetPublished = () =>
  useContentMutation(({ id, publish }: { id: string; publish: boolean }) =>
    apiFetch<{ page: ContentPage }>(`${pagePath(id)}/${publish ? 'publish' : 'unpublish'}`, { method: 'POST' }),
  );

export const useRestoreVersion = () =>
  useContentMutation(({ id, versionId }: { id: string; versionId: string }) =>
    apiFetch<{ page: ContentPage }>(`${pagePath(id)}/versions/${encodeURIComponent(versionId)}/restore`, {
      method: 'POST',
    }),
  );

export const useDeleteContentPage = () =>
  useContentMutation((id: string) => apiFetch<void>(pagePath(id), { method: 'DELETE' }));
