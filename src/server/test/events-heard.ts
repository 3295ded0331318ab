import type { RealtimeHub } from '../realtime/hub.ts';

/** The names of the realtime events `userId`'s open tabs on this instance are told, as a stream would be. */
export function eventsHeard(hub: RealtimeHub, userId: string): { names: string[]; stop: () => void } {
  const names: string[] = [];
  const stop = hub.subscribe({ userId, isAdmin: false, send: (event) => names.push(event), close: () => undefined });
  return { names, stop: () => void stop() };
}
