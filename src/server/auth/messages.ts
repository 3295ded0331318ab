import type { APIError } from 'better-auth/api';
import type { ErrorCode } from '../errors.ts';
import { PASSWORD_TOO_COMMON_CODE, PASSWORD_TOO_COMMON_MESSAGE } from '../../core/passwords/common-password.ts';

/** The spec's sign-up texts (000 §8), with the 8-character minimum of docs/decisions/0002. */
export const SIGN_UP_MESSAGES = {
  success: 'Registration successful! Please check your email to verify your account and activate your 7-day trial.',
  passwordTooShort: 'Password is too short. Please use at least 8 characters.',
  registrationFailed: 'Registration failed. Please try again.',
  rateLimited: 'Too many requests. Please wait before trying again',
  invalidEmail: 'Please provide a valid email address',
  fallback: 'Failed to sign up',
} as const;

/** Maps better-auth's error codes (never shown verbatim) to the spec's texts. */
export function signUpErrorMessage(err: APIError): { code: ErrorCode; message: string; status: number } {
  const libraryCode = (err.body as { code?: string } | undefined)?.code ?? '';
  const status = typeof err.statusCode === 'number' ? err.statusCode : 400;
  if (libraryCode === 'PASSWORD_TOO_SHORT')
    return { code: 'VALIDATION_FAILED', message: SIGN_UP_MESSAGES.passwordTooShort, status };
  if (libraryCode === PASSWORD_TOO_COMMON_CODE)
    return { code: 'PASSWORD_TOO_COMMON', message: PASSWORD_TOO_COMMON_MESSAGE, status };
  if (libraryCode === 'INVALID_EMAIL')
    return { code: 'VALIDATION_FAILED', message: SIGN_UP_MESSAGES.invalidEmail, status };
  if (libraryCode === 'FAILED_TO_CREATE_USER')
    return { code: 'INTERNAL', message: SIGN_UP_MESSAGES.registrationFailed, status };
  if (status === 429) return { code: 'RATE_LIMITED', message: SIGN_UP_MESSAGES.rateLimited, status };
  if (status >= 500) return { code: 'INTERNAL', message: SIGN_UP_MESSAGES.fallback, status };
  return { code: 'BAD_REQUEST', message: SIGN_UP_MESSAGES.fallback, status };
}
