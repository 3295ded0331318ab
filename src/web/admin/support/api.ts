import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TicketPriority, TicketStatus } from '../../../core/support/tickets.ts';
import { apiFetch } from '../../app/api.ts';
import { messageFormData, type SupportMessage, type SupportTicket } from '../../support/api.ts';

export interface SupportPerson {
  id: string;
  email: string;
  name: string;
}

export interface AdminSupportTicket extends SupportTicket {
  saver: SupportPerson | null;
  assignee: SupportPerson | null;
}

export interface TicketActivity {
  id: string;
  adminEmail: string;
  action: string;
  before: unknown;
  after: unknown;
  createdAt: string;
}

export interface AdminSupportThread {
  ticket: AdminSupportTicket;
  messages: SupportMessage[];
  activity: TicketActivity[];
}

export interface SupportOverview {
  total: number;
  byStatus: Record<TicketStatus, number>;
  activeByPriority: { urgent: number; high: number };
  activeUnassigned: number;
  activeMine: number;
}

export type TicketFilters = { status?: string; priority?: string; assignee?: string; page?: number };

export const adminSupportKeys = {
  all: ['admin', 'support'] as const,
  overview: ['admin', 'support', 'overview'] as const,
  admins: ['admin', 'support', 'admins'] as const,
  list: (filters: TicketFilters) => ['admin', 'support', 'list', filters] as const,
  ticket: (id: string) => ['admin', 'support', 'ticket', id] as const,
};

export function useSupportOverview() {
  return useQuery({
    queryKey: adminSupportKeys.overview,
    queryFn: ({ signal }) => apiFetch<SupportOverview>('/api/admin/support/overview', { signal }),
  });
}

export function useAdminTickets(filters: TicketFilters) {
  return useQuery({
    queryKey: adminSupportKeys.list(filters),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(filters))
        if (value !== undefined && value !== '' && !(key === 'page' && value === 1)) query.set(key, String(value));
      const text = query.toString();
      return apiFetch<{ tickets: AdminSupportTicket[]; total: number; page: number; pageSize: number }>(
        `/api/admin/support/tickets${text ? `?${text}` : ''}`,
        { signal },
      );
    },
    placeholderData: keepPreviousData,
  });
}

export function useSupportAdmins() {
  return useQuery({
    queryKey: adminSupportKeys.admins,
    queryFn: async ({ signal }) =>
      (await apiFetch<{ admins: SupportPerson[] }>('/api/admin/support/admins', { signal })).admins,
  });
}

export function useAdminTicket(id: string) {
  return useQuery({
    queryKey: adminSupportKeys.ticket(id),
    queryFn: ({ signal }) =>
      apiFetch<AdminSupportThread>(`/api/admin/support/tickets/${encodeURIComponent(id)}`, { signal }),
  });
}

export function useUpdateTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { status?: TicketStatus; priority?: TicketPriority; assignedAdminId?: string | null }) =>
      apiFetch<AdminSupportThread>(`/api/admin/support/tickets/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        json: change,
      }),
    onSuccess: (thread) => {
      queryClient.setQueryData(adminSupportKeys.ticket(id), thread);
      return queryClient.invalidateQueries({ queryKey: adminSupportKeys.all });
    },
  });
}

export function useAdminMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: string; isInternal: boolean; status?: TicketStatus | undefined; file: File | null }) =>
      apiFetch<AdminSupportThread>(`/api/admin/support/tickets/${encodeURIComponent(id)}/messages`, {
        method: 'POST',
        body: messageFormData(
          {
            body: input.body,
            isInternal: String(input.isInternal),
            ...(input.status ? { status: input.status } : {}),
          },
          input.file,
        ),
      }),
    retry: false,
    onSuccess: (thread) => {
      queryClient.setQueryData(adminSupportKeys.ticket(id), thread);
      return queryClient.invalidateQueries({ queryKey: adminSupportKeys.all });
    },
  });
}
