import { getSession } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { addressKey, takeThrottle, throttleRefusal } from '../http/throttle.ts';
import { resendForAnyone, resendForSignedInUser } from './verification.ts';

/** The spec's texts for the server's side of resending (000 §8, flows A and B). */
export const RESEND_SERVER_MESSAGES = {
  invalidEmail: 'Please provide a valid email address',
  rateLimited: 'Too many requests. Please wait before trying again',
  tooSoon: 'Please wait before requesting another verification email',
} as const;

/** Per caller address: enough for a few typos and retries, not for sweeping a list of addresses. */
export const RESENDS_PER_IP_PER_HOUR = 20;
/** Per e-mail address: one link a minute, like the provider the spec was written against. */
export const RESEND_SECONDS_PER_ADDRESS = 60;

const ResendSchema = z
  .object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email(RESEND_SERVER_MESSAGES.invalidEmail).max(254, RESEND_SERVER_MESSAGES.invalidEmail)),
    /** Where the verification link should lead once it has done its work: a same-origin path. */
    next: z.string().max(2048).optional(),
  })
  .openapi('ResendVerification');

const ResendResultSchema = z
  .object({
    /** `already_verified` only ever answers a signed-in user asking about their own address. */
    status: z.enum(['sent', 'already_verified']),
  })
  .openapi('ResendVerificationResult');

export function verificationRoutes(deps: Deps) {
  const app = createRouter();

  app.openapi(
    defineRoute(deps, '', {
      access: 'public',
      method: 'post',
      path: '/api/account/resend-verification',
      summary: 'Send the e-mail verification link again',
      description:
        'Anyone may ask for any address and always gets `sent`: the link goes to an unverified account, an "already verified, just log in" note to a verified one, and nothing anywhere for an unknown address. A signed-in user asking for their own address is told `already_verified` when it is.',
      request: { body: { content: { 'application/json': { schema: ResendSchema } }, required: true } },
      responses: {
        200: {
          description: 'Sent (or nothing to send)',
          content: { 'application/json': { schema: ResendResultSchema } },
        },
        429: { description: 'Too many requests from this caller (RATE_LIMITED) or for this address (TOO_SOON)' },
      },
    }),
    async (c) => {
      const { email, next } = c.req.valid('json');
      const { db } = deps.database;
      const perCaller = await takeThrottle(
        db,
        `resend-verification:ip:${c.get('clientIp')}`,
        RESENDS_PER_IP_PER_HOUR,
        3600,
      );
      if (!perCaller.allowed) throw throttleRefusal('RATE_LIMITED', RESEND_SERVER_MESSAGES.rateLimited, perCaller);
      const perAddress = await takeThrottle(
        db,
        `resend-verification:address:${addressKey(email)}`,
        1,
        RESEND_SECONDS_PER_ADDRESS,
      );
      if (!perAddress.allowed) throw throttleRefusal('TOO_SOON', RESEND_SERVER_MESSAGES.tooSoon, perAddress);
      const resendDeps = { db, mailer: deps.mailer, config: deps.config, secret: deps.secret };
      const session = await getSession(c, deps);
      if (session && session.email.toLowerCase() === email) {
        const status = await resendForSignedInUser(resendDeps, session, next);
        return c.json({ status }, 200);
      }
      resendForAnyone(resendDeps, email, next);
      return c.json({ status: 'sent' as const }, 200);
    },
  );

  return app;
}
