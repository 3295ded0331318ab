import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationKind } from '../../core/notifications/types.ts';
import { apiFetch } from '../app/api.ts';
import { readDismissed, rememberDismissed } from './dismissed-store.ts';

export type AppNotification = {
  id: string;
  kind: NotificationKind;
  severity: 'error' | 'warning' | 'info' | 'success';
  title: string;
  message: string;
  link: { label: string; href: string };
  date: string;
  /** False for Payment Failed and Action Required: no dismiss button, and the server refuses. */
  dismissible: boolean;
};
export type NotificationList = { date: string; enabled: boolean; notifications: AppNotification[] };
export type NotificationDigest = { kinds: NotificationKind[]; available: { kind: NotificationKind; label: string }[] };

/** The spec's notification reload (000 §9): every 60 s, and when the dropdown opens. */
export const NOTIFICATION_RELOAD_MS = 60_000;

/**
 * Under the accounts list's key, so every realtime event that refreshes the accounts refreshes
 * these; the server names the same key when a notification is dismissed in another tab.
 */
export const notificationKeys = {
  list: ['me', 'accounts', 'notifications'] as const,
  digest: ['me', 'notification-digest'] as const,
};

/** The user's notifications, less those dismissed here or on another device. */
export function useNotifications({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ signal }) => apiFetch<NotificationList>('/api/notifications', { signal }),
    refetchInterval: NOTIFICATION_RELOAD_MS,
    enabled,
    select: (list) => {
      const dismissed = readDismissed();
      return { ...list, notifications: list.notifications.filter((n) => !n.dismissible || !(n.id in dismissed)) };
    },
  });
}

/** Dismisses a notification here at once and on the server (so every device); the answer is the new list. */
export function useDismissNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => {
      rememberDismissed(id);
      return apiFetch<NotificationList>('/api/notifications/dismissals', { method: 'POST', json: { id } });
    },
    onSuccess: (list) => queryClient.setQueryData(notificationKeys.list, list),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list }),
  });
}

export function useNotificationDigest() {
  return useQuery({
    queryKey: notificationKeys.digest,
    queryFn: ({ signal }) => apiFetch<NotificationDigest>('/api/notifications/digest', { signal }),
  });
}

export function useSaveNotificationDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kinds: NotificationKind[]) =>
      apiFetch<NotificationDigest>('/api/notifications/digest', { method: 'PUT', json: { kinds } }),
    onSuccess: (digest) => queryClient.setQueryData(notificationKeys.digest, digest),
  });
}
