import { createMiddleware } from 'hono/factory';
import { AppError } from '../errors.ts';
import type { AppEnv } from '../http/context.ts';
import type { SessionUser } from './session.ts';

/**
 * Features that need a verified e-mail address (docs/decisions/0013-verified-email-and-sign-in-limits.md):
 * they bring financial data in, take payment, or change how the account is secured, so the
 * address they would e-mail about must be known to belong to the user first. Two-factor
 * enrolment, a better-auth endpoint, is refused by the same rule in auth/two-factor.ts.
 */
export const EMAIL_NOT_VERIFIED_MESSAGE = 'Please verify your email to access all features.';

/** The stable error code the web app turns into a visit to /verification-required. */
export const EMAIL_NOT_VERIFIED_CODE = 'EMAIL_NOT_VERIFIED';

/** Refuses a user whose `"user".email_confirmed_at` is not set: 403 EMAIL_NOT_VERIFIED. */
export function assertEmailVerified(session: Pick<SessionUser, 'emailVerified'>): void {
  if (!session.emailVerified) throw new AppError(EMAIL_NOT_VERIFIED_CODE, EMAIL_NOT_VERIFIED_MESSAGE);
}

/**
 * For a `user` route that needs a verified address: add after the access check, e.g.
 * `app.use('/api/accounts', requireVerifiedEmail())` or in the route's handler call
 * `assertEmailVerified(sessionOf(c))`.
 */
export function requireVerifiedEmail() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const session = c.get('session');
    if (!session) throw new AppError('UNAUTHENTICATED', 'Authentication required');
    assertEmailVerified(session);
    await next();
  });
}
