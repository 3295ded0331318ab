/**
 * An account's terms (the Terms and Conditions card): GET /api/accounts/{id}/terms under a key
 * below the account's own, so the realtime events that refresh the account (its transactions
 * changed, in any tab) refresh the terms' statuses too; and the term writes, each of which
 * refreshes the list here at once (the server's event does it in the owner's other tabs).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TermJson } from '../../server/terms/term-json.ts';
import { apiFetch, refusalReason } from '../app/api.ts';
import { notify } from '../app/notify.ts';
import { TERM_NOTICES } from '../../core/terms/text.ts';

export type Term = TermJson;

/** What the Add/Edit dialog sends (core's `checkTerm` reads the same). */
export type TermDraft = {
  termType: string;
  label: string | null;
  inputs: Record<string, unknown>;
  notes: string | null;
  notificationsEnabled: boolean;
};

/** Mirrors the server's `termsQueryKey` (src/server/terms/routes.ts). */
export const termsKey = (accountId: string) => ['me', 'account', accountId, 'terms'] as const;

const termsPath = (accountId: string) => `/api/accounts/${encodeURIComponent(accountId)}/terms`;
const termPath = (id: string) => `/api/terms/${encodeURIComponent(id)}`;

export function useTerms(accountId: string) {
  return useQuery({
    queryKey: termsKey(accountId),
    queryFn: async ({ signal }) => (await apiFetch<{ terms: Term[] }>(termsPath(accountId), { signal })).terms,
  });
}

/** The spec's Error toast: the server's reason when it gave one, else the spec's failure text (001 §8). */
export function notifyTermFailure(error: unknown, fallback: string): void {
  notify.error(TERM_NOTICES.errorTitle, { detail: refusalReason(error) ?? fallback });
}

type One = { term: Term };

export function useTermMutations(accountId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: termsKey(accountId) });
  return {
    add: useMutation({
      mutationFn: (draft: TermDraft) => apiFetch<One>(termsPath(accountId), { method: 'POST', json: draft }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, draft }: { id: string; draft: TermDraft }) =>
        apiFetch<One>(termPath(id), { method: 'PUT', json: draft }),
      onSuccess: refresh,
    }),
    setNotifications: useMutation({
      mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
        apiFetch<One>(termPath(id), { method: 'PATCH', json: { notificationsEnabled: enabled } }),
      onSuccess: refresh,
    }),
    markDeposited: useMutation({
      mutationFn: (id: string) => apiFetch<One>(`${termPath(id)}/mark-deposited`, { method: 'POST' }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiFetch<void>(termPath(id), { method: 'DELETE' }),
      onSuccess: refresh,
    }),
  };
}
