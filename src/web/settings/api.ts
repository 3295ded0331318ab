import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaxBand } from '../../core/calculators/savings-tax.ts';
import type { ProfileFields } from '../../core/profile/profile-schema.ts';
import { ApiError, apiFetch, meQueryKey, NETWORK_ERROR_MESSAGE } from '../app/api.ts';

/** Under ['me'], so anything that refreshes "who am I" (sign-in, realtime events) refreshes these too. */
export const settingsKeys = {
  profile: [...meQueryKey, 'profile'] as const,
  settings: [...meQueryKey, 'settings'] as const,
  sessions: [...meQueryKey, 'sessions'] as const,
};

export interface Profile {
  email: string;
  firstName: string | null;
  lastName: string | null;
  avatarUrl: string | null;
  mobileNumber: string | null;
  profession: string | null;
  companyName: string | null;
  dateOfBirth: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  town: string | null;
  county: string | null;
  postcode: string | null;
  marketingOptIn: boolean;
  leadSource: string | null;
  updatedAt: string;
}

export type Currency = 'GBP' | 'USD' | 'EUR';

export interface UserSettings {
  maxAccounts: number | null;
  darkModeEnabled: boolean;
  notificationsEnabled: boolean;
  loginNotificationsEnabled: boolean;
  twoFactorEnabled: boolean;
  defaultCurrency: Currency;
  /** The income tax band of the dashboard's savings tax estimate; null until chosen (issue 29). */
  savingsTaxBand?: TaxBand | null;
}

export type SettingsUpdate = Partial<
  Pick<
    UserSettings,
    'darkModeEnabled' | 'notificationsEnabled' | 'loginNotificationsEnabled' | 'defaultCurrency' | 'savingsTaxBand'
  >
>;

export interface AccountSession {
  id: string;
  browser: string;
  os: string;
  ipAddress: string | null;
  createdAt: string;
  lastActiveAt: string;
  isCurrent: boolean;
}

export const PROFILE_MESSAGES = {
  updated: 'Profile updated successfully',
  failed: 'Failed to update profile',
} as const;

/** The spec's avatar messages (000 §5, §8). */
export const AVATAR_MESSAGES = {
  userIdRequired: 'User ID is required for avatar upload',
  noFile: 'No file provided for upload',
  noUrl: 'Failed to get public URL for uploaded avatar',
  uploadFailed: (reason: string) => (reason.startsWith('Upload failed:') ? reason : `Upload failed: ${reason}`),
} as const;

export function useProfile() {
  return useQuery({ queryKey: settingsKeys.profile, queryFn: () => apiFetch<Profile>('/api/profile') });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: Partial<ProfileFields>) =>
      apiFetch<Profile>('/api/profile', { method: 'PATCH', json: update }),
    onSuccess: (profile) => {
      queryClient.setQueryData(settingsKeys.profile, profile);
      void queryClient.invalidateQueries({ queryKey: meQueryKey, exact: true });
    },
  });
}

/**
 * Stores a new avatar for the user (the spec's upload: re-encoded and kept as
 * `{userId}/{timestamp}.webp`) and returns the URL to show.
 */
export async function uploadAvatar(userId: string | null | undefined, file: File | null | undefined): Promise<string> {
  if (!userId) throw new Error(AVATAR_MESSAGES.userIdRequired);
  if (!file) throw new Error(AVATAR_MESSAGES.noFile);
  const body = new FormData();
  body.append('file', file);
  let result: { avatarUrl?: unknown };
  try {
    result = await apiFetch<{ avatarUrl?: unknown }>('/api/profile/avatar', { method: 'POST', body });
  } catch (error) {
    throw new Error(AVATAR_MESSAGES.uploadFailed(error instanceof Error ? error.message : 'please try again'));
  }
  if (typeof result?.avatarUrl !== 'string' || result.avatarUrl === '') throw new Error(AVATAR_MESSAGES.noUrl);
  return result.avatarUrl;
}

export function useAvatarMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: meQueryKey });
  const upload = useMutation({
    mutationFn: ({ userId, file }: { userId: string | null | undefined; file: File | null | undefined }) =>
      uploadAvatar(userId, file),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: () => apiFetch('/api/profile/avatar', { method: 'DELETE' }),
    onSuccess: refresh,
  });
  return { upload, remove };
}

export function useUserSettings() {
  return useQuery({ queryKey: settingsKeys.settings, queryFn: () => apiFetch<UserSettings>('/api/settings') });
}

/** Changes preferences; the screen shows the new value at once and goes back if saving fails. */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: SettingsUpdate) => apiFetch<UserSettings>('/api/settings', { method: 'PATCH', json: update }),
    onMutate: async (update) => {
      await queryClient.cancelQueries({ queryKey: settingsKeys.settings });
      const previous = queryClient.getQueryData<UserSettings>(settingsKeys.settings);
      if (previous) queryClient.setQueryData(settingsKeys.settings, { ...previous, ...update });
      return { previous };
    },
    onError: (_error, _update, context) => {
      if (context?.previous) queryClient.setQueryData(settingsKeys.settings, context.previous);
    },
    onSuccess: (settings) => queryClient.setQueryData(settingsKeys.settings, settings),
  });
}

export function useAccountSessions() {
  return useQuery({
    queryKey: settingsKeys.sessions,
    queryFn: async () => (await apiFetch<{ sessions: AccountSession[] }>('/api/account/sessions')).sessions,
  });
}

export function useSessionMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: settingsKeys.sessions });
  const endOne = useMutation({
    mutationFn: (sessionId: string) =>
      apiFetch(`/api/account/sessions/${encodeURIComponent(sessionId)}`, { method: 'DELETE' }),
    onSettled: refresh,
  });
  const endOthers = useMutation({
    mutationFn: () => apiFetch<{ ended: number }>('/api/account/sessions/sign-out-others', { method: 'POST' }),
    onSettled: refresh,
  });
  return { endOne, endOthers };
}

/** Deletes the account after checking the password; rejects with the server's message. */
export function deleteAccount(password: string): Promise<{ message: string }> {
  return apiFetch<{ message: string }>('/api/account/delete', { method: 'POST', json: { password } });
}

/** Downloads GET /api/account/export as the file the server names. */
export async function downloadMyData(): Promise<void> {
  let response: Response;
  try {
    response = await fetch('/api/account/export', { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new ApiError(
      response.status,
      'EXPORT_FAILED',
      body?.error?.message ?? 'Your data could not be downloaded. Please try again.',
    );
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'savvypig-data.json';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
