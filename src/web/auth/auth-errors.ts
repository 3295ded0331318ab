import { ApiError, NETWORK_ERROR_MESSAGE } from '../app/api.ts';

/** The sign-in form's toasts (password and second step) end when the sign-in succeeds (ADR 0023). */
export const SIGN_IN_FORM = 'sign-in';

export const TOO_MANY_REQUESTS = 'Too many requests. Please wait before trying again';

/** The shape better-auth's client returns as `error`. */
export interface AuthClientError {
  code?: string | undefined;
  message?: string | undefined;
  status?: number | undefined;
}

/** Maps a sign-in failure to the text we show (000 §8 and the mapping). */
export function signInErrorMessage(error: AuthClientError | null | undefined): string {
  if (!error) return 'Failed to sign in';
  if (error.code === 'INVALID_EMAIL_OR_PASSWORD') return 'Invalid email or password';
  // The per-account limit (100 failures an hour): the server's message says how long to wait.
  if (error.code === 'ACCOUNT_SIGN_IN_LOCKED' && error.message) return error.message;
  if (error.code === 'TOO_MANY_REQUESTS' || error.status === 429) return TOO_MANY_REQUESTS;
  if (error.code === 'EMAIL_NOT_VERIFIED') {
    return 'Please verify your email before logging in. Check your inbox (including spam folder) for the verification link.';
  }
  if (error.code === 'BANNED_USER') return 'This account has been suspended. Please contact us for help.';
  if (error.status === 0) return NETWORK_ERROR_MESSAGE;
  return error.message?.trim() || 'Failed to sign in';
}

/** Maps a sign-up failure (`POST /api/account/sign-up`) to the text we show. */
export function signUpErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Failed to sign up';
  if (error.status === 429) return TOO_MANY_REQUESTS;
  if (error.code === 'USER_ALREADY_EXISTS') {
    return 'This email is already registered. Please use a different email or try logging in.';
  }
  // A bare status with no error body: use the spec's default.
  if (error.code.startsWith('HTTP_')) return 'Failed to sign up';
  return error.message || 'Failed to sign up';
}
