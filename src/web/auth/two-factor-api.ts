import { useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../app/api.ts';
import { TOO_MANY_REQUESTS } from './auth-errors.ts';

/** The second factors better-auth offers at the sign-in challenge (`twoFactorMethods`). */
export type ChallengeMethod = 'totp' | 'otp';
/** How the user answers the challenge: authenticator app, e-mailed code or a backup code. */
export type ChallengeAnswer = 'totp' | 'otp' | 'backup-code';

/** The spec's two-factor factor: id and factor type. */
export interface TwoFactorFactor {
  id: string;
  factorType: 'totp' | 'email' | 'other';
}

export interface TwoFactorStatus {
  enabled: boolean;
  factors: TwoFactorFactor[];
  backupCodesRemaining: number | null;
}

export const twoFactorStatusQueryKey = ['two-factor-status'] as const;

const AUTH = '/api/auth';

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: twoFactorStatusQueryKey,
    queryFn: () => apiFetch<TwoFactorStatus>(`${AUTH}/two-factor-status`),
  });
}

/** Starts authenticator-app enrolment: the `otpauth://` URI for the QR code and the backup codes. */
export function startAuthenticatorEnrolment(password: string) {
  return apiFetch<{ totpURI: string; backupCodes: string[] }>(`${AUTH}/two-factor/enable`, {
    method: 'POST',
    json: { password, method: 'totp' },
  });
}

/** Turns two-factor on with e-mailed codes only. */
export function enableEmailCodes(password: string) {
  return apiFetch(`${AUTH}/two-factor/enable`, { method: 'POST', json: { password, method: 'otp' } });
}

/** Verifies an authenticator code: finishes enrolment when signed in. */
export function verifyAuthenticatorCode(code: string) {
  return apiFetch(`${AUTH}/two-factor/verify-totp`, { method: 'POST', json: { code } });
}

export function regenerateBackupCodes(password: string) {
  return apiFetch<{ backupCodes: string[] }>(`${AUTH}/two-factor/generate-backup-codes`, {
    method: 'POST',
    json: { password },
  });
}

export function disableTwoFactor(password: string) {
  return apiFetch(`${AUTH}/two-factor/disable`, { method: 'POST', json: { password } });
}

/** Sends a sign-in code to the address of the user halfway through signing in. */
export function sendSignInCode() {
  return apiFetch(`${AUTH}/two-factor/send-otp`, { method: 'POST', json: {} });
}

/** Answers the sign-in challenge; on success the server sets the session cookie. */
export function answerChallenge(answer: ChallengeAnswer, code: string) {
  return apiFetch(`${AUTH}/two-factor/verify-${answer}`, { method: 'POST', json: { code } });
}

/** The base32 key inside an `otpauth://` URI: what the user types when they cannot scan. */
export function setupKeyFromUri(uri: string): string {
  try {
    return new URL(uri).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
}

/** A sign-in challenge the server no longer knows (expired after 10 minutes, or used up). */
export function isChallengeExpired(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'INVALID_TWO_FACTOR_COOKIE';
}

/** The spec's verification text; the server answers enrolment by an unverified user with it. */
export const VERIFY_EMAIL_MESSAGE = 'Please verify your email to access all features.';

const MESSAGES: Record<string, string> = {
  INVALID_CODE: 'That code is not right. Check it and try again.',
  INVALID_BACKUP_CODE: 'That backup code is not right, or it has already been used.',
  CODE_ALREADY_USED: 'This code has already been used. Wait for the next code in your authenticator app.',
  OTP_HAS_EXPIRED: 'This code has expired. Send yourself a new one.',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'Too many attempts. Please request a new code.',
  INVALID_TWO_FACTOR_COOKIE: 'Your sign-in took too long. Please log in again.',
  INVALID_PASSWORD: 'Incorrect password',
  EMAIL_NOT_VERIFIED: VERIFY_EMAIL_MESSAGE,
};

/** The text for a failed two-factor call: ours for known codes, else the server's message, else `fallback`. */
export function twoFactorErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 429) return TOO_MANY_REQUESTS;
  return MESSAGES[error.code] ?? (error.code.startsWith('HTTP_') ? fallback : error.message || fallback);
}
