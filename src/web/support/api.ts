import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TicketStatus } from '../../core/support/tickets.ts';
import type { AttachmentJson, MessageJson } from '../../server/support/queries.ts';
import { apiFetch } from '../app/api.ts';

/** As the server sends them (support/queries.ts). */
export type SupportAttachment = AttachmentJson;
export type SupportMessage = MessageJson;

export interface SupportTicket {
  id: string;
  reference: string;
  subject: string;
  category: string;
  status: TicketStatus;
  priority: string;
  createdAt: string;
  updatedAt: string;
  lastReplyAt: string;
}

export interface SupportThread {
  ticket: SupportTicket;
  messages: SupportMessage[];
}

/** Under ['me', …]: dropped on sign-out with the rest of the user's data. */
export const supportKeys = {
  all: ['me', 'support'] as const,
  list: ['me', 'support', 'list'] as const,
  ticket: (id: string) => ['me', 'support', 'ticket', id] as const,
};

export function useSupportTickets() {
  return useQuery({
    queryKey: supportKeys.list,
    queryFn: async ({ signal }) =>
      (await apiFetch<{ tickets: SupportTicket[] }>('/api/support/tickets', { signal })).tickets,
  });
}

export function useSupportTicket(id: string) {
  return useQuery({
    queryKey: supportKeys.ticket(id),
    queryFn: ({ signal }) => apiFetch<SupportThread>(`/api/support/tickets/${encodeURIComponent(id)}`, { signal }),
  });
}

/** A message form: text fields and, when chosen, the attachment. */
export function messageFormData(fields: Record<string, string>, file: File | null): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', file);
  return form;
}

export function useOpenTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { subject: string; category: string; body: string; file: File | null }) =>
      apiFetch<SupportThread>('/api/support/tickets', {
        method: 'POST',
        body: messageFormData({ subject: input.subject, category: input.category, body: input.body }, input.file),
      }),
    // Not retried: a second try could open the ticket twice.
    retry: false,
    onSuccess: (thread) => {
      queryClient.setQueryData(supportKeys.ticket(thread.ticket.id), thread);
      return queryClient.invalidateQueries({ queryKey: supportKeys.list });
    },
  });
}

export function useReplyToTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: string; file: File | null }) =>
      apiFetch<SupportThread>(`/api/support/tickets/${encodeURIComponent(id)}/messages`, {
        method: 'POST',
        body: messageFormData({ body: input.body }, input.file),
      }),
    retry: false,
    onSuccess: (thread) => {
      queryClient.setQueryData(supportKeys.ticket(id), thread);
      return queryClient.invalidateQueries({ queryKey: supportKeys.list });
    },
  });
}
