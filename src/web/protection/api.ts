import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** The signed-in user's protection picture: one request, however many accounts. */
export function useProtectionPicture() {
  return useQuery({
    queryKey: protectionKeys.picture,
    queryFn: ({ signal }) => apiFetch<ProtectionPicture>('/api/protection', { signal }),
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
