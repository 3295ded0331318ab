import { PASSWORD_TOO_COMMON_CODE } from '../../core/passwords/common-password.ts';

export { PASSWORD_TOO_COMMON_MESSAGE } from '../../core/passwords/common-password.ts';

/**
 * Whether the server refused a new password as too common: our sign-up route (an `ApiError`) and
 * better-auth's reset and change (its client's `error`) both answer `PASSWORD_TOO_COMMON`.
 */
export function isTooCommonPassword(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === PASSWORD_TOO_COMMON_CODE;
}
