import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

export const EVENTS_URL = '/api/events';

/** A domain event's JSON data; `invalidate` names the query keys it makes stale. */
export interface DomainEvent {
  type: string;
  invalidate?: QueryKey[];
  [key: string]: unknown;
}

function parseEvent(data: string): DomainEvent | null {
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value !== 'object' || value === null) return null;
    return value as DomainEvent;
  } catch {
    return null;
  }
}

/** Applies one server event to the cache. Exported for tests. */
export function handleRealtimeEvent(queryClient: QueryClient, eventName: string, data: string): void {
  if (eventName === 'ready' || eventName === 'resync') {
    // Connected (or reconnected after missing notifications): everything may be stale.
    void queryClient.invalidateQueries();
    return;
  }
  const event = parseEvent(data);
  if (!event || !Array.isArray(event.invalidate)) return;
  for (const key of event.invalidate) {
    if (Array.isArray(key) && key.length > 0) void queryClient.invalidateQueries({ queryKey: key });
  }
}

const MAX_BACKOFF_MS = 30_000;

/**
 * Keeps one EventSource to /api/events open while mounted (the protected layout mounts it once).
 * The browser reconnects by itself after a dropped connection; if the server refuses the stream
 * (EventSource gives up), we reopen it with a growing delay.
 *
 * Domain events arrive as unnamed SSE messages (`message`) carrying `{ type, invalidate? }`.
 */
export function useRealtime(enabled = true): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!enabled || typeof window === 'undefined' || typeof window.EventSource === 'undefined') return;

    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    let stopped = false;

    const onReady = (event: MessageEvent) => {
      attempts = 0;
      handleRealtimeEvent(queryClient, 'ready', String(event.data ?? ''));
    };
    const onResync = (event: MessageEvent) => handleRealtimeEvent(queryClient, 'resync', String(event.data ?? ''));
    const onMessage = (event: MessageEvent) => handleRealtimeEvent(queryClient, 'message', String(event.data ?? ''));

    const open = () => {
      if (stopped) return;
      source = new EventSource(EVENTS_URL, { withCredentials: true });
      source.addEventListener('ready', onReady);
      source.addEventListener('resync', onResync);
      source.addEventListener('message', onMessage);
      source.addEventListener('error', () => {
        if (!source || source.readyState !== EventSource.CLOSED || stopped) return;
        source = null;
        attempts += 1;
        const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(attempts, 5));
        retryTimer = setTimeout(open, delay);
      });
    };

    open();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [enabled, queryClient]);
}
