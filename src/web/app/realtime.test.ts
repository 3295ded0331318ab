import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { handleRealtimeEvent } from './realtime.ts';

function client() {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  return { queryClient, invalidate };
}

describe('realtime events', () => {
  it('invalidates every query when the stream is ready or asks for a resync', () => {
    const { queryClient, invalidate } = client();
    handleRealtimeEvent(queryClient, 'ready', '');
    handleRealtimeEvent(queryClient, 'resync', '{}');
    expect(invalidate).toHaveBeenCalledTimes(2);
    expect(invalidate).toHaveBeenNthCalledWith(1);
  });

  it('invalidates exactly the query keys a domain event names', () => {
    const { queryClient, invalidate } = client();
    handleRealtimeEvent(
      queryClient,
      'message',
      JSON.stringify({ type: 'transaction.created', invalidate: [['accounts'], ['transactions', 'acc-1']] }),
    );
    expect(invalidate.mock.calls).toEqual([[{ queryKey: ['accounts'] }], [{ queryKey: ['transactions', 'acc-1'] }]]);
  });

  it('ignores events without keys and data that is not JSON', () => {
    const { queryClient, invalidate } = client();
    handleRealtimeEvent(queryClient, 'message', JSON.stringify({ type: 'ping' }));
    handleRealtimeEvent(queryClient, 'message', 'not json');
    handleRealtimeEvent(queryClient, 'message', JSON.stringify({ type: 'x', invalidate: [[], 'accounts'] }));
    expect(invalidate).not.toHaveBeenCalled();
  });
});
