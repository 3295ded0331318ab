/**
 * The spec's `dismissedNotifications` (000 §3): a map of dismissed ids kept in the browser. The
 * server keeps the dismissals too (ADR 0035), so they follow the user to other devices; the local
 * map hides a dismissed notification at once and while the server cannot be reached. An id names
 * the figures a notification states, so a kept id never hides new figures. Cleared on sign-out.
 */
import { onSignOut } from '../session/on-sign-out.ts';

export const DISMISSED_STORAGE_KEY = 'dismissedNotifications';

/** At most this many ids are kept (the newest): old ones name figures long gone. */
const MAX_KEPT = 200;

type DismissedMap = Record<string, string>;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readDismissed(): DismissedMap {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(DISMISSED_STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as DismissedMap) : {};
  } catch {
    return {};
  }
}

export function rememberDismissed(id: string, at = new Date()): void {
  const kept = Object.entries({ ...readDismissed(), [id]: at.toISOString() })
    .sort(([, a], [, b]) => (a < b ? 1 : a > b ? -1 : 0))
    .slice(0, MAX_KEPT);
  try {
    storage()?.setItem(DISMISSED_STORAGE_KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Storage full or refused: the server's copy still holds.
  }
}

onSignOut(() => {
  try {
    storage()?.removeItem(DISMISSED_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
});
