import {
  consentCookieString,
  readConsentCookie,
  type ConsentChangeSource,
  type CookieConsent,
} from '../../core/consent/consent.ts';

/** The choice stored in this browser's consent cookie, or null (none, unreadable, or of an older version). */
export function readStoredConsent(): CookieConsent | null {
  return readConsentCookie(document.cookie);
}

/** Writes the consent cookie; false when the browser did not keep it (cookies blocked). */
export function storeConsent(consent: CookieConsent): boolean {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we support.
  document.cookie = consentCookieString(consent, { secure: window.location.protocol === 'https:' });
  return readStoredConsent()?.timestamp === consent.timestamp;
}

/** localStorage key (listed in the cookie catalogue's browser storage). */
export const PENDING_SYNC_KEY = 'cookieConsentPendingSync';

export type PendingSync = { consent: CookieConsent; source: ConsentChangeSource };

function readAll(): Record<string, PendingSync> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(PENDING_SYNC_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, PendingSync>) : {};
  } catch {
    return {};
  }
}

function writeAll(all: Record<string, PendingSync>): void {
  try {
    if (Object.keys(all).length === 0) localStorage.removeItem(PENDING_SYNC_KEY);
    else localStorage.setItem(PENDING_SYNC_KEY, JSON.stringify(all));
  } catch {
    // Storage full or blocked: the choice is still in the cookie and is reconciled on the next visit.
  }
}

/** Keeps a signed-in user's choice until it reaches the server (per user: a shared browser keeps them apart). */
export function queuePendingSync(userId: string, pending: PendingSync): void {
  writeAll({ ...readAll(), [userId]: pending });
}

export function readPendingSync(userId: string): PendingSync | null {
  const pending = readAll()[userId];
  return pending && typeof pending.consent?.timestamp === 'string' ? pending : null;
}

/** Forgets the pending choice once sent, unless a newer one was queued meanwhile. */
export function clearPendingSync(userId: string, sentTimestamp: string): void {
  const all = readAll();
  if (all[userId]?.consent.timestamp !== sentTimestamp) return;
  delete all[userId];
  writeAll(all);
}
