import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../app/api.ts';
import { mailboxHeaders } from './mailbox-token.ts';

export interface MailSummary {
  id: string;
  to: string;
  subject: string;
  /** ISO 8601 instant. */
  date: string;
}

export interface MailMessage extends MailSummary {
  from: string;
  html: string | null;
  text: string | null;
  links: string[];
}

export const mailKeys = {
  all: ['dev-mail'] as const,
  list: (token: string | null) => [...mailKeys.all, 'list', token] as const,
  detail: (id: string, token: string | null) => [...mailKeys.all, 'detail', id, token] as const,
};

/** Captured e-mails (`GET /api/dev/mail`); 404 means this server has no mailbox, or the token does not open it. */
export function useMailList(token: string | null) {
  return useQuery({
    queryKey: mailKeys.list(token),
    queryFn: async () =>
      (await apiFetch<{ messages: MailSummary[] }>('/api/dev/mail', { headers: mailboxHeaders(token) })).messages ?? [],
    refetchInterval: (query) => (query.state.status === 'error' ? false : 5000),
    refetchIntervalInBackground: false,
  });
}

export function useMailMessage(id: string | null, token: string | null) {
  return useQuery({
    queryKey: mailKeys.detail(id ?? '', token),
    queryFn: () =>
      apiFetch<MailMessage>(`/api/dev/mail/${encodeURIComponent(id ?? '')}`, { headers: mailboxHeaders(token) }),
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
