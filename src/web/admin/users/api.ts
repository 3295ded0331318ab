import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUserUpdateInput } from '../../../core/admin-users/user-edit.ts';
import type { AdminUserDetail, AdminUserListItem } from '../../../server/admin/users/routes.ts';
import { apiFetch } from '../../app/api.ts';
import { auditLogKeys } from '../contacts/api.ts';

export type { AdminUserDetail, AdminUserListItem };

export type AdminUsersPage = { users: AdminUserListItem[]; total: number; isCapped: boolean; pageSize: number };

export const adminUserKeys = {
  all: ['admin', 'users'] as const,
  page: (search: string, offset: number) => ['admin', 'users', 'list', { search, offset }] as const,
  one: (userId: string) => ['admin', 'users', 'one', userId] as const,
};

export function useAdminUsers(search: string, offset: number) {
  return useQuery({
    queryKey: adminUserKeys.page(search, offset),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams();
      if (search) query.set('search', search);
      if (offset) query.set('offset', String(offset));
      const text = query.toString();
      return apiFetch<AdminUsersPage>(`/api/admin/users${text ? `?${text}` : ''}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function useAdminUser(userId: string) {
  return useQuery({
    queryKey: adminUserKeys.one(userId),
    queryFn: async ({ signal }) =>
      (await apiFetch<{ user: AdminUserDetail }>(`/api/admin/users/${encodeURIComponent(userId)}`, { signal })).user,
  });
}

export function useUpdateAdminUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (update: AdminUserUpdateInput) =>
      (
        await apiFetch<{ user: AdminUserDetail }>(`/api/admin/users/${encodeURIComponent(userId)}`, {
          method: 'PATCH',
          json: update,
        })
      ).user,
    onSuccess: (user) => {
      queryClient.setQueryData(adminUserKeys.one(userId), user);
      void queryClient.invalidateQueries({ queryKey: adminUserKeys.all });
      void queryClient.invalidateQueries({ queryKey: auditLogKeys.all });
    },
  });
}
