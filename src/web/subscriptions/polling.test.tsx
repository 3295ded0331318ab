import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNotifications } from '../notifications/api.ts';
import { json, mockApi } from '../test/api-mock.ts';
import { trialView } from './view-test-fixtures.ts';
import { useSubscription } from './api.ts';

// 000 §9: the subscription is polled every 30 s and the notifications reload every 60 s.
function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('what the browser polls', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks for the subscription again every 30 s, not sooner', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({ 'GET /api/subscription': json(200, trialView()) });
    renderHook(() => useSubscription(), { wrapper });
    await waitFor(() => expect(api.calls('GET /api/subscription')).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(api.calls('GET /api/subscription')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    await waitFor(() => expect(api.calls('GET /api/subscription')).toHaveLength(2));
  });

  it('reloads the notifications every 60 s, not sooner', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({ 'GET /api/notifications': json(200, { notifications: [] }) });
    renderHook(() => useNotifications(), { wrapper });
    await waitFor(() => expect(api.calls('GET /api/notifications')).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(api.calls('GET /api/notifications')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    await waitFor(() => expect(api.calls('GET /api/notifications')).toHaveLength(2));
  });
});
