import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../app/api.ts';

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
  list: () => [...mailKeys.all, 'list'] as const,
  detail: (id: string) => [...mailKeys.all, 'detail', id] as const,
};

/** Captured e-mails (`GET /api/dev/mail`); 404 means this server has no mailbox. */
export function useMailList() {
  return useQuery({
    queryKey: mailKeys.list(),
    queryFn: async () => (await apiFetch<{ messages: MailSummary[] }>('/api/dev/mail')).messages ?? [],
    refetchInterval: (query) => (query.state.status === 'error' ? false : 5000),
    refetchIntervalInBackground: false,
  });
}

export function useMailMessage(id: string | null) {
  return useQuery({
    queryKey: mailKeys.detail(id ?? ''),
    queryFn: () => apiFetch<MailMessage>(`/api/dev/mail/${encodeURIComponent(id ?? '')}`),
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
