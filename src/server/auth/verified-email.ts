import { createMiddleware } from 'hono/factory';
import { APIError, getSessionFromCtx } from 'better-auth/api';
import { AppError } from '../errors.ts';
import type { AppEnv } from '../http/context.ts';
import type { SessionUser } from './session.ts';

/**
 * Features that need a verified e-mail address (docs/decisions/0013-verified-email-and-sign-in-limits.md):
 * they move money-related data in or change how the account is secured, so the address they
 * would e-mail about must be known to belong to the user first.
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

/**
 * better-auth endpoints that need a verified address (paths below /api/auth). Two-factor
 * enrolment: the codes and recovery e-mails would go to an address nobody has proved.
 */
export const VERIFIED_ONLY_AUTH_PATHS = ['/two-factor/enable'] as const;

/**
 * The refusal for a better-auth endpoint, for a `hooks.before` middleware:
 * `throw verifiedOnlyAuthRefusal(ctx.path, session.user)` when it returns one.
 */
export function verifiedOnlyAuthRefusal(
  path: string,
  user: { emailConfirmedAt?: Date | string | null } | null | undefined,
): APIError | null {
  if (!(VERIFIED_ONLY_AUTH_PATHS as readonly string[]).includes(path)) return null;
  if (user?.emailConfirmedAt) return null;
  return new APIError('FORBIDDEN', { code: EMAIL_NOT_VERIFIED_CODE, message: EMAIL_NOT_VERIFIED_MESSAGE });
}

/** A `hooks.before` step: refuses a verified-only better-auth endpoint to an unverified user. */
export async function refuseUnverifiedAuthRequest(ctx: Parameters<typeof getSessionFromCtx>[0]): Promise<void> {
  if (!(VERIFIED_ONLY_AUTH_PATHS as readonly string[]).includes(ctx.path ?? '')) return;
  const session = await getSessionFromCtx(ctx);
  if (!session) return; // the endpoint itself answers 401
  const refusal = verifiedOnlyAuthRefusal(ctx.path, session.user as { emailConfirmedAt?: Date | string | null });
  if (refusal) throw refusal;
}
