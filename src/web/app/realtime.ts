import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { meQueryKey } from './api.ts';
import { whenOnline } from '../session/online.ts';

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

/** Applies one server event to the cache. */
export function handleRealtimeEvent(queryClient: QueryClient, eventName: string, data: string): void {
  if (eventName === 'ready' || eventName === 'resync') {
    // Connected, or reconnected after missing notifications: anything may be stale.
    void queryClient.invalidateQueries();
    return;
  }
  const event = parseEvent(data);
  if (!event || !Array.isArray(event.invalidate)) return;
  for (const key of event.invalidate) {
    if (Array.isArray(key) && key.length > 0) void queryClient.invalidateQueries({ queryKey: key });
  }
}

/**
 * An incremental parser for the text/event-stream format: feed it text as it arrives and it calls
 * `onEvent(name, data)` for each complete event (name 'message' when the event has none).
 */
export function createEventStreamParser(onEvent: (name: string, data: string) => void) {
  let buffer = '';
  let name = '';
  let data: string[] = [];

  const dispatch = () => {
    if (data.length > 0) onEvent(name || 'message', data.join('\n'));
    name = '';
    data = [];
  };

  return (text: string) => {
    buffer += text;
    let newline = buffer.indexOf('\n');
    while (newline !== -1) {
      const line = buffer.slice(0, newline).replace(/\r$/, '');
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf('\n');
      if (line === '') {
        dispatch();
        continue;
      }
      if (line.startsWith(':')) continue; // comment / keep-alive
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      let value = colon === -1 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'event') name = value;
      else if (field === 'data') data.push(value);
    }
  };
}

type StreamEnd = 'ended' | 'signed-out';

/** Reads /api/events until the stream ends. */
async function readEventStream(signal: AbortSignal, onEvent: (name: string, data: string) => void): Promise<StreamEnd> {
  const response = await fetch(EVENTS_URL, {
    headers: { Accept: 'text/event-stream' },
    credentials: 'same-origin',
    cache: 'no-store',
    signal,
  });
  if (response.status === 401) return 'signed-out';
  if (!response.ok || !response.body) throw new Error(`Event stream answered ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const feed = createEventStreamParser(onEvent);
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return 'ended';
    feed(decoder.decode(value, { stream: true }));
  }
}

const MAX_BACKOFF_MS = 30_000;

/**
 * Keeps one connection to /api/events open while mounted (the protected layout mounts it once).
 *
 * It reads the stream with fetch rather than EventSource, because EventSource only delivers
 * events whose names it was told in advance, and domain events are named after their type
 * (`event: profile.updated`). On `ready` and `resync` every query is refreshed; other events
 * refresh the query keys they list in `invalidate`. A dropped connection is reopened with a
 * growing delay (1 s, 2 s, 4 s … up to 30 s); a 401 means the session has ended, so the
 * "who am I" query is refreshed (the layout then sends the user to sign in) and it stops.
 */
export function useRealtime(enabled = true): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!enabled || typeof window === 'undefined' || typeof ReadableStream === 'undefined') return;
    const controller = new AbortController();
    let attempts = 0;

    const run = async () => {
      while (!controller.signal.aborted) {
        await whenOnline(controller.signal);
        if (controller.signal.aborted) return;
        try {
          const end = await readEventStream(controller.signal, (name, data) => {
            if (name === 'ready') attempts = 0;
            handleRealtimeEvent(queryClient, name, data);
          });
          if (end === 'signed-out') {
            void queryClient.invalidateQueries({ queryKey: meQueryKey });
            return;
          }
        } catch {
          if (controller.signal.aborted) return;
        }
        attempts += 1;
        const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(attempts - 1, 5));
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    };

    void run();
    return () => controller.abort();
  }, [enabled, queryClient]);
}
