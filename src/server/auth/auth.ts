import { AsyncLocalStorage } from 'node:async_hooks';
import { betterAuth } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import * as schema from '../db/schema/index.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import { sessionLifecycle } from '../session/lifecycle-plugin.ts';
import { hashPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, verifyPassword } from './password.ts';
import { sendResetMailInBackground } from './reset-mail.ts';
import { withRetryAfter } from './retry-after.ts';
import { clearSignInFailures, signInThrottleHooks } from './sign-in-throttle.ts';
import { AUTH_PATHS_WE_SERVE_OURSELVES } from './disabled-paths.ts';
import {
  noticeSignUpWithRegisteredAddress,
  recordEmailConfirmed,
  sendVerificationMailInBackground,
  VERIFICATION_LINK_SECONDS,
} from './verification.ts';
import { twoFactorPlugins } from './two-factor.ts';
import { honestRevokeSession } from './revoke-session-check.ts';
import { commonPasswordRule } from './common-passwords.ts';
import { keepSignUpPromoCode } from '../subscriptions/redeem.ts';
import type { Crm } from '../crm/crm.ts';

/** Sign-up details that belong in `profiles`, handed from our sign-up route to the user-created hook. */
export type SignUpDetails = {
  firstName: string;
  lastName: string;
  promoCode?: string;
  /** Set by the seed and admin script, which mark the address verified themselves. */
  skipVerificationEmail?: boolean;
  /** Set by the user-created hook: this sign-up made a new account (not a registered address). */
  created?: boolean;
};
export const signUpDetails = new AsyncLocalStorage<SignUpDetails>();

/** The header our server sets (never the client) with the caller's address, for rate limiting. */
export const CLIENT_IP_HEADER = 'x-savvypig-client-ip';

export const SESSION_EXPIRES_IN_SECONDS = 60 * 60 * 24 * 7;
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60 * 24;

export type AuthDeps = {
  config: Config;
  database: Database;
  mailer: Mailer;
  logger: Logger;
  secret: string;
  clock: Clock;
  /** The CRM: when configured, a new user's contact is queued when their address is first confirmed. */
  crm?: Crm;
};

export function createAuth({ config, database, mailer, logger, secret, clock, crm }: AuthDeps) {
  const { db } = database;
  const signInThrottle = signInThrottleHooks(database);
  const auth = betterAuth({
    appName: 'SavvyPig',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: config.trustedOrigins,
    // Sign-up, resending the verification e-mail and profile changes go through our routes (auth/disabled-paths.ts).
    disabledPaths: [...AUTH_PATHS_WE_SERVE_OURSELVES],
    database: drizzleAdapter(db as never, { provider: 'pg', schema }),
    logger: {
      log: (level, message, ...args) => {
        const fields = { args: args.map((a) => (a instanceof Error ? a.message : a)) };
        if (level === 'error') logger.error(`auth: ${message}`, fields);
        else if (level === 'warn') logger.warn(`auth: ${message}`, fields);
        else logger.debug(`auth: ${message}`, fields);
      },
    },
    user: {
      additionalFields: {
        emailConfirmedAt: { type: 'date', required: false, input: false, fieldName: 'emailConfirmedAt' },
      },
    },
    session: {
      expiresIn: SESSION_EXPIRES_IN_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
      // No cookie cache: a revoked session must stop working at once (see docs/decisions).
      cookieCache: { enabled: false },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: false,
      requireEmailVerification: false,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: ({ user }) => clearSignInFailures(database, user.email),
      resetPasswordTokenExpiresIn: 60 * 60,
      // In the background: answering only after a send would tell who has an account.
      sendResetPassword: async ({ user, url }) => sendResetMailInBackground(db, mailer, user.email, url),
      password: { hash: hashPassword, verify: verifyPassword },
      onExistingUserSignUp: async ({ user }) => noticeSignUpWithRegisteredAddress(db, mailer, config, user.email),
    },
    emailVerification: {
      sendOnSignUp: true,
      // The link proves the address is theirs: it signs them in (a first verification only; never
      // past two-factor, see two-factor.ts; decision 0013).
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_LINK_SECONDS,
      sendVerificationEmail: async ({ user, url }) => {
        if (signUpDetails.getStore()?.skipVerificationEmail) return;
        sendVerificationMailInBackground(db, mailer, user, url);
      },
      afterEmailVerification: (user) => recordEmailConfirmed(db, user.id, clock.now(), crm),
    },
    databaseHooks: {
      user: {
        create: {
          after: async (created) => {
            const details = signUpDetails.getStore();
            if (details) details.created = true;
            const [first, ...rest] = created.name.split(' ');
            await db.transaction(async (tx) => {
              await tx
                .insert(schema.profiles)
                .values({
                  id: created.id,
                  firstName: details?.firstName ?? first ?? null,
                  lastName: details?.lastName ?? (rest.join(' ') || null),
                })
                .onConflictDoNothing();
              await tx
                .insert(schema.userRoles)
                .values({ userId: created.id, role: 'subscriber' })
                .onConflictDoNothing();
              await tx.insert(schema.userSettings).values({ userId: created.id }).onConflictDoNothing();
              await keepSignUpPromoCode(tx, created.id, details?.promoCode);
            });
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        await signInThrottle.before(ctx);
      }),
      after: createAuthMiddleware(async (ctx) => {
        await signInThrottle.after(ctx);
      }),
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: 'rateLimit',
      window: 60,
      max: 100,
    },
    advanced: {
      disableCSRFCheck: false,
      disableOriginCheck: false,
      useSecureCookies: config.publicUrl.startsWith('https://'),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    telemetry: { enabled: false },
    // Session bookkeeping (src/server/session/lifecycle-plugin.ts) goes after twoFactor().
    plugins: [
      ...twoFactorPlugins({ database, mailer }),
      sessionLifecycle({ database, mailer, logger, config, clock }),
      honestRevokeSession(),
      commonPasswordRule(),
    ],
  });
  return withRetryAfter(auth);
}

export type Auth = ReturnType<typeof createAuth>;
