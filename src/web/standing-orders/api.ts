import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StandingOrderInput } from '../../core/standing-orders/standing-order-form.ts';
import type { StandingOrderJson } from '../../server/standing-orders/routes.ts';
import { apiFetch } from '../app/api.ts';
import { accountKeys } from '../accounts/query-keys.ts';

export type StandingOrder = StandingOrderJson;
export type ProcessResult = { processed: number; warnings: string[] };

const ordersPath = (accountId: string) => `/api/accounts/${encodeURIComponent(accountId)}/standing-orders`;
const orderPath = (id: string) => `/api/standing-orders/${encodeURIComponent(id)}`;

export function useStandingOrders(accountId: string) {
  return useQuery({
    queryKey: accountKeys.standingOrders(accountId),
    queryFn: async () => (await apiFetch<{ standingOrders: StandingOrder[] }>(ordersPath(accountId))).standingOrders,
  });
}

/**
 * Add, save, delete and 'Process Now'. Every write refreshes the account (its balance, its
 * transactions and these orders: all under the account's key) here at once; the server's realtime
 * event does the same in the owner's other tabs.
 */
export function useStandingOrderMutations(accountId: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: accountKeys.account(accountId) }),
      queryClient.invalidateQueries({ queryKey: accountKeys.list }),
      queryClient.invalidateQueries({ queryKey: accountKeys.overview }),
    ]);
  return {
    add: useMutation({
      mutationFn: (input: StandingOrderInput) =>
        apiFetch<{ standingOrder: StandingOrder }>(ordersPath(accountId), { method: 'POST', json: input }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: string; input: StandingOrderInput }) =>
        apiFetch<{ standingOrder: StandingOrder }>(orderPath(id), { method: 'PUT', json: input }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiFetch<void>(orderPath(id), { method: 'DELETE' }),
      onSuccess: refresh,
    }),
    process: useMutation({
      mutationFn: () => apiFetch<ProcessResult>(`${ordersPath(accountId)}/process`, { method: 'POST' }),
      onSuccess: refresh,
    }),
  };
}
