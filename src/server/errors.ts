/** The one list of error codes the API answers with; the web app maps each to UK-English text. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  /** A new password on the shipped list of common ones (docs/decisions/0020-common-passwords.md). */
  PASSWORD_TOO_COMMON: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  /** An admin route (or the admin check) for an admin who has not turned on two-factor authentication. */
  TWO_FACTOR_REQUIRED: 403,
  /** A new account over the user's account cap (plan or admin-set; core/accounts/account-cap.ts). */
  ACCOUNT_LIMIT_REACHED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  /** A feature that needs a verified e-mail address, asked for by a user who has not verified theirs. */
  EMAIL_NOT_VERIFIED: 403,
  /** The same request for the same address again too soon (a per-address limit, not a per-caller one). */
  TOO_SOON: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: unknown;
  /** Sent as `Retry-After` (a limit's refusal says when asking again can succeed). */
  readonly retryAfterSeconds?: number;
  constructor(code: ErrorCode, message: string, details?: unknown, options: { retryAfterSeconds?: number } = {}) {
    super(message);
    this.code = code;
    this.details = details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export type ErrorBody = { error: { code: ErrorCode; message: string; details?: unknown } };

export function errorBody(code: ErrorCode, message: string, details?: unknown): ErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}
