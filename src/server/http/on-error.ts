import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { isDatabaseUnavailable } from '../db/connection-errors.ts';
import { AppError, errorBody, type ErrorCode } from '../errors.ts';
import { errorFields } from '../logger.ts';
import type { AppEnv } from './context.ts';

/** What a request hears when the service cannot answer now (the database away, the reads' turns busy). */
export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again shortly.';
/** Seconds a 503 tells the caller to wait before asking again. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

/** The one place an error becomes a response: our shape, a 4xx for bad input, never a stack trace. */
export function handleError(err: Error, c: Context<AppEnv>) {
  const log = c.get('logger');
  if (err instanceof AppError) {
    if (err.status >= 500) log?.error(err.message, errorFields(err));
    if (err.retryAfterSeconds !== undefined) c.header('Retry-After', String(err.retryAfterSeconds));
    return c.json(errorBody(err.code, err.message, err.details), err.status as 400);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const code: ErrorCode =
      status === 413
        ? 'PAYLOAD_TOO_LARGE'
        : status === 401
          ? 'UNAUTHENTICATED'
          : status === 404
            ? 'NOT_FOUND'
            : status === 415
              ? 'UNSUPPORTED_MEDIA_TYPE'
              : /json/i.test(err.message)
                ? 'INVALID_JSON'
                : status < 500
                  ? 'BAD_REQUEST'
                  : 'INTERNAL';
    const message =
      code === 'INVALID_JSON'
        ? 'The request body is not valid JSON'
        : code === 'PAYLOAD_TOO_LARGE'
          ? 'The request body is too large'
          : status < 500
            ? err.message || 'Bad request'
            : 'Something went wrong. Please try again.';
    return c.json(errorBody(code, message), status);
  }
  if (isDatabaseUnavailable(err)) {
    log?.warn('database unavailable', errorFields(err));
    c.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    return c.json(errorBody('SERVICE_UNAVAILABLE', UNAVAILABLE_MESSAGE), 503);
  }
  log?.error('unhandled error', errorFields(err));
  return c.json(errorBody('INTERNAL', 'Something went wrong. Please try again.'), 500);
}
