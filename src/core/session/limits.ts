/**
 * Session timings from spec 000 §4 and §9, shared by the server (which enforces them) and the
 * web app (which acts on them first). All durations in milliseconds.
 */

/** A session with no user activity for this long is signed out, by the browser and the server. */
export const INACTIVITY_LIMIT_MS = 10 * 60_000;

/** `last_active_at` is written at most this often (browser reports and server writes alike). */
export const ACTIVITY_WRITE_INTERVAL_MS = 30_000;

/** A signed-in tab refreshes its presence this often. */
export const PRESENCE_REFRESH_MS = 30_000;

/** A user counts as online while their presence is at most this old (two missed refreshes). */
export const ONLINE_WINDOW_MS = 60_000;

/** How long the 'logged out due to inactivity' toast stays. */
export const INACTIVITY_TOAST_MS = 5_000;

/** The admin check runs at most once in this window unless forced. */
export const ADMIN_CHECK_THROTTLE_MS = 10_000;

/** The admin check gives up after this many attempts. */
export const ADMIN_CHECK_MAX_ATTEMPTS = 3;

/** The spec's user-activity events (000 §4); background polling is not activity. */
export const ACTIVITY_EVENTS = [
  'mousedown',
  'mousemove',
  'keypress',
  'scroll',
  'touchstart',
  'click',
  'touchmove',
] as const;
