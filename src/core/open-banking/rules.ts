/**
 * Open Banking's rules (issue 32), pure so the server, the web app and the tests share them:
 * a connection's status as the saver sees it, the UK limit on unattended refreshes, and how the
 * bank account number is shown.
 */
import { type ConnectionStatus, CONSENT_DAYS, RECONFIRM_WARNING_DAYS, UNATTENDED_SYNCS_PER_DAY } from './api-types.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export type StoredConnectionStatus = 'active' | 'expired' | 'revoked' | 'error';

/** When a consent given (or reconfirmed) at `at` must be reconfirmed by. */
export function consentExpiry(at: Date): Date {
  return new Date(at.getTime() + CONSENT_DAYS * DAY_MS);
}

/**
 * The status shown: a consent past its end is expired whatever was stored; one within
 * RECONFIRM_WARNING_DAYS of it is expiring (the saver is asked to reconfirm ahead of time).
 */
export function connectionStatus(stored: StoredConnectionStatus, consentExpiresAt: Date, now: Date): ConnectionStatus {
  if (stored === 'revoked' || stored === 'expired') return stored;
  if (consentExpiresAt.getTime() <= now.getTime()) return 'expired';
  if (stored === 'error') return 'error';
  return consentExpiresAt.getTime() - now.getTime() <= RECONFIRM_WARNING_DAYS * DAY_MS ? 'expiring' : 'active';
}

/** Whether a connection in this stored state may still be synced (tokens kept, consent running). */
export function maySync(stored: StoredConnectionStatus, consentExpiresAt: Date, now: Date): boolean {
  const shown = connectionStatus(stored, consentExpiresAt, now);
  return shown === 'active' || shown === 'expiring' || shown === 'error';
}

/** The unattended syncs that count towards today's limit: those of the last 24 hours. */
export function recentUnattendedSyncs(times: readonly Date[], now: Date): Date[] {
  return times.filter((t) => now.getTime() - t.getTime() < DAY_MS && t.getTime() <= now.getTime());
}

/** UK rules: at most four unattended refreshes per consent in any 24 hours; a saver's own request is extra. */
export function mayRunUnattended(times: readonly Date[], now: Date): boolean {
  return recentUnattendedSyncs(times, now).length < UNATTENDED_SYNCS_PER_DAY;
}

/** The gap the scheduler leaves between unattended syncs, so four spread over the day. */
export const UNATTENDED_SYNC_GAP_MS = DAY_MS / UNATTENDED_SYNCS_PER_DAY;

/** The times to keep after an unattended sync at `now` (the last day's, newest last). */
export function withUnattendedSync(times: readonly Date[], now: Date): Date[] {
  return [...recentUnattendedSyncs(times, now), now].slice(-UNATTENDED_SYNCS_PER_DAY);
}

/** Only the last four characters of an account number are ever kept or shown. */
export function maskAccountNumber(value: string | null | undefined): string {
  const digits = (value ?? '').replace(/\s+/g, '');
  return digits.length === 0 ? '••••' : `•••• ${digits.slice(-4)}`;
}

/** Whole pence from the provider's decimal amount (e.g. 1234.5 → 123450), exactly. */
export function penceOf(amount: number | string): number {
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount.trim();
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?\d*$/.exec(text);
  if (!match) throw new Error('Not an amount');
  const pence = Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
  return match[1] ? -pence : pence;
}
