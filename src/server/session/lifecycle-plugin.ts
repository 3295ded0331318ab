import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { errorFields, type Logger } from '../logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import { newDeviceSignInMail } from '../mail/templates.ts';
import { deviceFingerprint, isSuspended, recordSignIn, recordSignOut } from './queries.ts';

export const ACCOUNT_SUSPENDED_CODE = 'ACCOUNT_SUSPENDED';
export const ACCOUNT_SUSPENDED_MESSAGE = 'Your account has been suspended. Please contact support.';

/** The two-factor cookie better-auth's plugin sets between the password and the second factor. */
const TWO_FACTOR_COOKIE = 'two_factor';

export type SessionLifecycleDeps = { database: Database; mailer: Mailer; logger: Logger; config: Config; clock: Clock };

/**
 * Session bookkeeping that better-auth does not do (spec 000 §4, issue 3):
 * - a suspended user gets no session: refused when the session would be created, which is
 *   after the password check, so the refusal tells nothing to someone without the password (a
 *   verification link, which signs in, is let through to its page without one);
 * - a new session starts active at the injected clock's now;
 * - a completed sign-in (after any second factor, or by a verification link) records
 *   `last_login_at`, puts the user online, and e-mails the owner about a device not seen before
 *   (when login notifications are on);
 * - sign-out records `last_signout_at` and takes the user offline.
 *
 * Must come after better-auth's `twoFactor()` in `plugins`: its sign-in hook ends the password
 * step's session when a second factor is due, and this one must see that (boot fails otherwise).
 */
export function sessionLifecycle(deps: SessionLifecycleDeps) {
  const { database, mailer, logger, config, clock } = deps;
  const db = database.db;

  return {
    id: 'savvypig-session-lifecycle',
    init(ctx) {
      const ids = (ctx.options.plugins ?? []).map((p) => p.id);
      if (ids.includes('two-factor') && ids.indexOf('two-factor') > ids.indexOf('savvypig-session-lifecycle')) {
        throw new Error('sessionLifecycle() must come after twoFactor() in the better-auth plugins');
      }
      return {
        options: {
          databaseHooks: {
            session: {
              create: {
                before: async (session, ctx) => {
                  if (await isSuspended(db, session.userId)) {
                    // A verification link has confirmed the address before it signs in: it leads
                    // on to its page as usual, which asks to sign in, where the refusal is said.
                    const callbackURL = ctx?.path === '/verify-email' ? ctx.query?.callbackURL : undefined;
                    if (ctx && typeof callbackURL === 'string') throw ctx.redirect(callbackURL);
                    throw new APIError('FORBIDDEN', {
                      code: ACCOUNT_SUSPENDED_CODE,
                      message: ACCOUNT_SUSPENDED_MESSAGE,
                    });
                  }
                  return { data: { ...session, lastActiveAt: clock.now() } };
                },
              },
            },
          },
        },
      };
    },
    schema: {
      session: {
        fields: {
          lastActiveAt: { type: 'date', required: false, input: false, returned: false, fieldName: 'lastActiveAt' },
        },
      },
    },
    hooks: {
      before: [
        {
          matcher: (context) => context.path === '/sign-out',
          handler: createAuthMiddleware(async (ctx) => {
            const token = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
            if (!token) return;
            await recordSignOut(db, token, clock.now()).catch((err: unknown) =>
              logger.error('could not record a sign-out', errorFields(err)),
            );
          }),
        },
      ],
      after: [
        {
          matcher: (context) =>
            context.path === '/sign-in/email' ||
            context.path === '/verify-email' ||
            (context.path ?? '').startsWith('/two-factor/verify'),
          handler: createAuthMiddleware(async (ctx) => {
            const signedIn = ctx.context.newSession;
            if (!signedIn) return; // failed, or a second factor is still due
            if (ctx.path === '/verify-email') {
              // A verification link signs in (auth.ts) unless this browser already had the user's
              // session, which it only renews.
              const here = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
              if (here === signedIn.session.token) return;
            } else if (ctx.path !== '/sign-in/email') {
              // A verify call completes a sign-in only when it carries the pending two-factor
              // cookie; with a session it is enabling two-factor for someone signed in already.
              const pending = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
              if (!(await ctx.getSignedCookie(pending.name, ctx.context.secret))) return;
            }
            const now = clock.now();
            const { session, user } = signedIn;
            // Bookkeeping must not cost the user their sign-in: a failure is logged, not thrown.
            const record = await recordSignIn(db, {
              userId: user.id,
              fingerprint: deviceFingerprint(session.userAgent),
              now,
            }).catch((err: unknown) => {
              logger.error('could not record a sign-in', errorFields(err));
              return null;
            });
            if (!record) return;
            if (record.isNewDevice && record.hadDevices && record.loginNotificationsEnabled) {
              mailer.sendInBackground(
                newDeviceSignInMail(user.email, {
                  firstName: record.firstName,
                  signedInAt: now,
                  userAgent: session.userAgent ?? null,
                  ipAddress: session.ipAddress ?? null,
                  resetUrl: `${config.publicUrl}/reset-request`,
                }),
              );
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
