import { ACTIVITY_EVENTS, INACTIVITY_LIMIT_MS } from '../../core/session/limits.ts';

/** Shared by every tab of this browser, so activity in one keeps the others signed in. */
export const LAST_ACTIVITY_KEY = 'savvypig.lastActivityAt';

/**
 * The spec's events (000 §4), plus keydown: 'keypress' does not fire for Tab or the arrow keys,
 * and someone moving through a page with the keyboard alone is active too.
 */
export const WATCHED_EVENTS = [...ACTIVITY_EVENTS, 'keydown'] as const;

/** Writes to shared storage at most this often (mousemove fires dozens of times a second). */
const STORAGE_WRITE_INTERVAL_MS = 1_000;

export interface InactivityMonitorOptions {
  /** Called once when no tab has seen activity for `limitMs`. */
  onIdle: () => void;
  /** Called on each user activity in this tab (throttle it yourself). */
  onActivity?: () => void;
  limitMs?: number;
  target?: Pick<Document, 'addEventListener' | 'removeEventListener'>;
  storage?: Storage | null;
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

function readStored(storage: Storage | null): number {
  try {
    const value = Number(storage?.getItem(LAST_ACTIVITY_KEY));
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

function defaultStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage switched off: this tab still times itself out
  }
}

/**
 * Watches for user activity and calls `onIdle` after `limitMs` without any, in this tab or any
 * other (the last activity time is shared through localStorage). Starting counts as activity:
 * it happens on sign-in or on opening a page. Returns a stop function.
 */
export function startInactivityMonitor(options: InactivityMonitorOptions): () => void {
  const limitMs = options.limitMs ?? INACTIVITY_LIMIT_MS;
  const target = options.target ?? document;
  const events = options.events ?? window;
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  let lastActivity = 0;
  let lastWrite = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const lastSeen = () => Math.max(lastActivity, readStored(storage));

  const schedule = () => {
    clearTimeout(timer);
    if (stopped) return;
    const remaining = lastSeen() + limitMs - Date.now();
    if (remaining <= 0) {
      stop();
      options.onIdle();
      return;
    }
    timer = setTimeout(schedule, remaining);
  };

  const markActive = () => {
    const now = Date.now();
    lastActivity = now;
    if (now - lastWrite >= STORAGE_WRITE_INTERVAL_MS) {
      lastWrite = now;
      try {
        storage?.setItem(LAST_ACTIVITY_KEY, String(now));
      } catch {
        // full or blocked storage: this tab's own time still counts
      }
    }
  };

  const onActivity = () => {
    if (stopped) return;
    markActive();
    options.onActivity?.();
  };

  // Another tab's activity moves our deadline; a timer that slept (laptop lid) is checked at once.
  const onStorage = (event: StorageEvent) => {
    if (event.key === LAST_ACTIVITY_KEY) schedule();
  };
  const onWake = () => schedule();

  function stop() {
    stopped = true;
    clearTimeout(timer);
    for (const name of WATCHED_EVENTS) target.removeEventListener(name, onActivity, { capture: true });
    events.removeEventListener('storage', onStorage as EventListener);
    target.removeEventListener('visibilitychange', onWake);
    events.removeEventListener('focus', onWake);
  }

  for (const name of WATCHED_EVENTS) target.addEventListener(name, onActivity, { capture: true, passive: true });
  events.addEventListener('storage', onStorage as EventListener);
  target.addEventListener('visibilitychange', onWake);
  events.addEventListener('focus', onWake);
  onActivity();
  schedule();
  return stop;
}
