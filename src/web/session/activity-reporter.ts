import { ACTIVITY_WRITE_INTERVAL_MS } from '../../core/session/limits.ts';

/**
 * Reports to the server at most every 30 s (plus a second's margin, so the server's own 30 s
 * throttle never drops a report for arriving a moment early). Activity inside the window is sent
 * once at its end, so the server's `last_active_at` never lags the user's last activity: the
 * server refuses a session only after the browser's own timer has fired.
 */
export const ACTIVITY_REPORT_SPACING_MS = ACTIVITY_WRITE_INTERVAL_MS + 1_000;

export function createActivityReporter(send: () => void, spacingMs = ACTIVITY_REPORT_SPACING_MS) {
  let lastSentAt = Number.NEGATIVE_INFINITY;
  let trailing: ReturnType<typeof setTimeout> | undefined;

  const sendNow = () => {
    trailing = undefined;
    lastSentAt = Date.now();
    send();
  };

  return {
    activity() {
      const now = Date.now();
      const wait = lastSentAt + spacingMs - now;
      if (wait <= 0) sendNow();
      else if (now > lastSentAt) trailing ??= setTimeout(sendNow, wait); // not already in that report
    },
    stop() {
      clearTimeout(trailing);
      trailing = undefined;
    },
  };
}
