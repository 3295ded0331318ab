import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactPriority, ContactStatus } from '../../../core/contact-inquiries/fields.ts';
import type { AdminActionJson } from '../../../server/admin/audit-log-routes.ts';
import type {
  AdminContactInquiry,
  AdminContactInquirySummary,
  ContactUpdate,
} from '../../../server/admin/contact-routes.ts';
import { apiFetch } from '../../app/api.ts';

export type { AdminActionJson, AdminContactInquiry, AdminContactInquirySummary, ContactUpdate };

/** 002 §2 and §8, verbatim. */
export const CONTACT_TEXT = {
  loading: 'Loading contact data...',
  missing: 'Contact not found',
  loadFailed: 'Failed to load contact data',
  updated: 'Contact updated successfully',
  updateFailed: 'Failed to update contact',
} as const;

export type ContactFilters = { status: ContactStatus | ''; priority: ContactPriority | ''; search: string };

export const adminContactKeys = {
  all: ['admin', 'contacts'] as const,
  list: (filters: ContactFilters) => ['admin', 'contacts', 'list', filters] as const,
  one: (id: string) => ['admin', 'contacts', 'one', id] as const,
};

export const auditLogKeys = {
  all: ['admin', 'audit-log'] as const,
  subject: (subjectType?: string, subjectId?: string) => ['admin', 'audit-log', { subjectType, subjectId }] as const,
};

function query(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The inquiries newest first, 50 a page (`fetchNextPage` for more). */
export function useContactInquiries(filters: ContactFilters) {
  return useInfiniteQuery({
    queryKey: adminContactKeys.list(filters),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<{ contacts: AdminContactInquirySummary[]; nextAfterId: string | null }>(
        `/api/admin/contacts${query({ ...filters, afterId: pageParam })}`,
        { signal },
      ),
    getNextPageParam: (last) => last.nextAfterId ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useContactInquiry(id: string) {
  return useQuery({
    queryKey: adminContactKeys.one(id),
    queryFn: async ({ signal }) =>
      (await apiFetch<{ contact: AdminContactInquiry }>(`/api/admin/contacts/${encodeURIComponent(id)}`, { signal }))
        .contact,
  });
}

export function useUpdateContactInquiry(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (update: ContactUpdate) =>
      (
        await apiFetch<{ contact: AdminContactInquiry }>(`/api/admin/contacts/${encodeURIComponent(id)}`, {
          method: 'PATCH',
          json: update,
        })
      ).contact,
    onSuccess: (contact) => {
      queryClient.setQueryData(adminContactKeys.one(id), contact);
      void queryClient.invalidateQueries({ queryKey: adminContactKeys.all });
      void queryClient.invalidateQueries({ queryKey: auditLogKeys.all });
    },
  });
}

/** The admin audit log newest first, 50 a page; of one subject when given. */
export function useAuditLog(subject: { subjectType?: string; subjectId?: string } = {}) {
  return useInfiniteQuery({
    queryKey: auditLogKeys.subject(subject.subjectType, subject.subjectId),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<{ entries: AdminActionJson[]; nextAfterId: string | null }>(
        `/api/admin/audit-log${query({ ...subject, afterId: pageParam })}`,
        { signal },
      ),
    getNextPageParam: (last) => last.nextAfterId ?? undefined,
  });
}
