import { useQuery } from '@tanstack/react-query';
import type { PublicContentPage } from '../../server/content/routes.ts';
import { apiFetch, hasStatus } from '../app/api.ts';

export type { PublicContentPage };

export const contentPageKeys = {
  page: (slug: string) => ['content-page', slug] as const,
  preview: (slug: string) => ['admin', 'content-preview', slug] as const,
};

const noRetryOn =
  (...statuses: number[]) =>
  (failureCount: number, error: unknown) =>
    !statuses.some((status) => hasStatus(error, status)) && failureCount < 2;

/** A published content page (GET /api/content/pages/{slug}); a 404 error when there is none. */
export function useContentPage(slug: string) {
  return useQuery({
    queryKey: contentPageKeys.page(slug),
    queryFn: async ({ signal }) =>
      (await apiFetch<{ page: PublicContentPage }>(`/api/content/pages/${encodeURIComponent(slug)}`, { signal })).page,
    retry: noRetryOn(404),
  });
}

/** Any page, draft or published, for an admin's preview. */
export function useContentPreview(slug: string) {
  return useQuery({
    queryKey: contentPageKeys.preview(slug),
    queryFn: async ({ signal }) =>
      (
        await apiFetch<{ page: PublicContentPage }>(`/api/admin/content/preview/${encodeURIComponent(slug)}`, {
          signal,
        })
      ).page,
    retry: noRetryOn(401, 403, 404),
  });
}
