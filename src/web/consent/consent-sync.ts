import { reconcile, type ConsentChangeSource, type CookieConsent } from '../../core/consent/consent.ts';
import { ApiError } from '../app/api.ts';
import { fetchConsent, postConsent } from './api.ts';
import {
  clearPendingSync,
  queuePendingSync,
  readPendingSync,
  readStoredConsent,
  storeConsent,
} from './consent-storage.ts';

/** A failure worth trying again later: no connection, a busy or failing server, or too many requests. */
function isTransient(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status === 429 || error.status >= 500);
}

export type SendOutcome =
  /** The server recorded it. */
  | 'synced'
  /** No connection: kept on this device and sent when the connection returns. */
  | 'offline'
  /** The server failed or was busy: kept on this device and sent on the next sync. */
  | 'retry-later'
  /** The server refused it (bad request): only this device keeps it. */
  | 'refused'
  /** The session had ended: only this device keeps it. */
  | 'signed-out';

/** Sends a signed-in user's new choice to the server, or keeps it for later when that cannot happen now. */
export async function sendChoice(
  userId: string,
  consent: CookieConsent,
  source: ConsentChangeSource,
): Promise<SendOutcome> {
  if (!navigator.onLine) {
    queuePendingSync(userId, { consent, source });
    return 'offline';
  }
  try {
    await postConsent(consent, source);
    return 'synced';
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 401) return 'signed-out';
    if (!isTransient(error)) return 'refused';
    queuePendingSync(userId, { consent, source });
    return error.status === 0 ? 'offline' : 'retry-later';
  }
}

export type SyncResult = {
  /** A choice saved earlier (offline) reached the server in this run. */
  flushedPending: boolean;
  /** The server's newer choice, now stored on this device. */
  applied: CookieConsent | null;
};

/**
 * For a signed-in, online user: sends a choice kept while offline, then brings this device and
 * the server into step (the newer choice wins; a new device takes the stored one). An API
 * failure leaves things for the next run.
 */
export async function syncWithServer(userId: string, privacySignal: boolean): Promise<SyncResult> {
  const result: SyncResult = { flushedPending: false, applied: null };
  if (!navigator.onLine) return result;
  try {
    const pending = readPendingSync(userId);
    if (pending) {
      try {
        await postConsent(pending.consent, pending.source);
        result.flushedPending = true;
      } catch (error) {
        if (isTransient(error) || (error instanceof ApiError && error.status === 401)) return result;
      }
      // Sent, or refused for good: either way it is not kept for another try.
      clearPendingSync(userId, pending.consent.timestamp);
    }
    const state = await fetchConsent();
    const decision = reconcile(readStoredConsent(), state.preferences, privacySignal);
    if (decision.action === 'apply-server' && storeConsent(decision.consent)) result.applied = decision.consent;
    if (decision.action === 'push-local') await postConsent(decision.consent, 'device-sync');
  } catch (error) {
    // Offline again, signed out or the server failing: the next sync (reload, reconnect) tries again.
    if (!(error instanceof ApiError)) throw error;
  }
  return result;
}
