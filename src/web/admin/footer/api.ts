import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FooterContent, StructuredFooter } from '../../../core/footer/footer-content.ts';
import type { AdminFooter } from '../../../server/footer/routes.ts';
import { apiFetch } from '../../app/api.ts';
import { footerQueryKey } from '../../app/shell/footer-api.ts';

export type { AdminFooter };

/** What the editor sends: the spec's object, or a string of JSON or raw HTML. */
export type FooterInput = StructuredFooter | string;

export const adminFooterKeys = { list: ['admin', 'footers'] as const };

const footerPath = (id: string) => `/api/admin/footers/${encodeURIComponent(id)}`;

export function useAdminFooters() {
  return useQuery({
    queryKey: adminFooterKeys.list,
    queryFn: async ({ signal }) =>
      (await apiFetch<{ footers: AdminFooter[] }>('/api/admin/footers', { signal })).footers,
  });
}

/** A change to the footers: the list refetches, and so does every page's footer. */
function useFooterMutation<I, R>(send: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminFooterKeys.list }),
        queryClient.invalidateQueries({ queryKey: footerQueryKey }),
      ]),
  });
}

export const useCreateFooter = () =>
  useFooterMutation(
    async (content: FooterInput) =>
      (await apiFetch<{ footer: AdminFooter }>('/api/admin/footers', { method: 'POST', json: { content } })).footer,
  );

export const useUpdateFooter = () =>
  useFooterMutation(
    async ({ id, content }: { id: string; content: FooterInput }) =>
      (await apiFetch<{ footer: AdminFooter }>(footerPath(id), { method: 'PUT', json: { content } })).footer,
  );

export const useActivateFooter = () =>
  useFooterMutation(
    async (id: string) =>
      (await apiFetch<{ footer: AdminFooter }>(`${footerPath(id)}/activate`, { method: 'POST' })).footer,
  );

export const useDeleteFooter = () =>
  useFooterMutation((id: string) => apiFetch<void>(footerPath(id), { method: 'DELETE' }));

/** The server's sanitised reading of raw HTML, for the live preview (nothing is saved). */
export async function previewFooter(content: string, signal?: AbortSignal): Promise<FooterContent> {
  return (
    await apiFetch<{ content: FooterContent }>('/api/admin/footers/preview', {
      method: 'POST',
      json: { content },
      ...(signal ? { signal } : {}),
    })
  ).content;
}
