import { ApiError } from '../app/api.ts';

/** The spec's password-reset texts (000 §8). */
export const RESET_MESSAGES = {
  requestSent: 'Password reset link sent to your email. Please check your inbox including spam folder.',
  tooSoon: 'For security purposes, you can only request this after some time has passed.',
  requestFailed: 'Failed to send password reset email',
  updated: 'Password updated successfully',
  updateFailed: 'Failed to update password',
  deprecatedCode: 'This reset method is deprecated. Please use the email link instead.',
  linkInvalid: 'This reset link has expired or has already been used. Please request a new one.',
} as const;

/** A request refused by the rate limiter is the spec's 'For security purposes' case. */
export function resetRequestErrorMessage(error: unknown): { message: string; isWarning: boolean } {
  if (error instanceof ApiError && (error.status === 429 || /for security purposes/i.test(error.message))) {
    return { message: RESET_MESSAGES.tooSoon, isWarning: true };
  }
  return { message: RESET_MESSAGES.requestFailed, isWarning: false };
}

export function resetPasswordErrorMessage(error: unknown): string {
  if (error instanceof ApiError && /INVALID_TOKEN/.test(error.code)) return RESET_MESSAGES.linkInvalid;
  if (error instanceof ApiError && error.code === 'PASSWORD_TOO_SHORT') return 'Password must be at least 8 characters';
  return RESET_MESSAGES.updateFailed;
}
