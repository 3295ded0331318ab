import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createEventStreamParser, handleRealtimeEvent } from './realtime.ts';

function client() {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  return { queryClient, invalidate };
}

describe('realtime events', () => {
  it('invalidates every query when the stream is ready or asks for a resync', () => {
    const { queryClient, invalidate } = client();
    handleRealtimeEvent(queryClient, 'ready', '{"userId":"u1"}');
    handleRealtimeEvent(queryClient, 'resync', '{"reason":"reconnected"}');
    expect(invalidate).toHaveBeenCalledTimes(2);
    expect(invalidate).toHaveBeenNthCalledWith(1);
  });

  it('invalidates exactly the query keys a domain event names', () => {
    const { queryClient, invalidate } = client();
    handleRealtimeEvent(
      queryClient,
      'transaction.created',
      JSON.stringify({ type: 'transaction.created', invalidate: [['accounts'], ['transactions', 'acc-1']] }),
    );
    expect(invalidate.mock.calls).toEqual([[{ queryKey: ['accounts'] }], [{ queryKey: ['transactions', 'acc-1'] }]]);
  });

  it('ignores events without keys and data that is not JSON', () => {
    const { queryClient, invalidate } = client();
    handleRealtimeEvent(queryClient, 'message', JSON.stringify({ type: 'ping' }));
    handleRealtimeEvent(queryClient, 'message', 'not json');
    handleRealtimeEvent(queryClient, 'x', JSON.stringify({ type: 'x', invalidate: [[], 'accounts'] }));
    expect(invalidate).not.toHaveBeenCalled();
  });
});

describe('the event-stream parser', () => {
  it('reads named and unnamed events split across chunks, skipping keep-alives', () => {
    const events: [string, string][] = [];
    const feed = createEventStreamParser((name, data) => events.push([name, data]));
    feed('event: ready\ndata: {"userId":"u1"}\nid: 0\n\n: keep-alive\n\nevent: profile.upd');
    feed('ated\r\ndata: {"type":"profile.updated",\ndata: "invalidate":[["me"]]}\n');
    expect(events).toEqual([['ready', '{"userId":"u1"}']]);
    feed('\ndata: plain\n\n');
    expect(events).toEqual([
      ['ready', '{"userId":"u1"}'],
      ['profile.updated', '{"type":"profile.updated",\n"invalidate":[["me"]]}'],
      ['message', 'plain'],
    ]);
  });
});
