import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProtectionPictureJson } from '../../server/protection/picture-json.ts';
import { apiFetch } from '../app/api.ts';

export type ProtectionPicture = ProtectionPictureJson;
export type LicenceGroup = ProtectionPicture['groups'][number];
export type OutsideGroup = ProtectionPicture['outside'][number];
export type ProtectionAlert = ProtectionPicture['alerts'][number];
export type AccountLine = LicenceGroup['accounts'][number];

/**
 * The picture's query key: under the accounts list's (['me', 'accounts']), so every realtime
 * event that refreshes the user's accounts refreshes the picture too. The server names the same
 * key (src/server/protection/routes.ts) when an alert is dismissed in another tab.
 */
export const protectionKeys = { picture: ['me', 'accounts', 'protection'] as const };

/**
 * The signed-in user's protection picture: one request, however many accounts. `asAt`
 * (yyyy-MM-dd): the limits in force on that earlier day, applied to the balances held now; its
 * key sits under the picture's, so the same events refresh it.
 */
export function useProtectionPicture(asAt: string | null = null) {
  return useQuery({
    queryKey: asAt ? [...protectionKeys.picture, asAt] : protectionKeys.picture,
    // Keeps the page (and the date field) showing while another date's picture loads.
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiFetch<ProtectionPicture>(asAt ? `/api/protection?asAt=${encodeURIComponent(asAt)}` : '/api/protection', {
        signal,
      }),
  });
}

/** Dismisses an alert for 7 days (or until its figures change); the answer is the new picture. */
export function useDismissAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alert: Pick<ProtectionAlert, 'id' | 'signature'>) =>
      apiFetch<ProtectionPicture>('/api/protection/alert-dismissals', {
        method: 'POST',
        json: { alertId: alert.id, signature: alert.signature },
      }),
    onSuccess: (picture) => queryClient.setQueryData(protectionKeys.picture, picture),
  });
}
