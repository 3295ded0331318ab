import { APIError } from 'better-auth/api';
import { AppError } from '../errors.ts';
import { requireAdminTwoFactor, sessionOf } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { takeThrottle, throttleRefusal } from '../http/throttle.ts';
import type { ResponseFloor } from '../http/timing.ts';
import { CLIENT_IP_HEADER, type SignUpDetails, signUpDetails } from './auth.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password.ts';
import { SIGN_UP_MESSAGES, signUpErrorMessage } from './messages.ts';
import { retryOnDuplicateKey } from './sign-up-retry.ts';
import { verificationCallbackPath } from './verification.ts';
import { ResolvedFeaturesSchema } from '../subscriptions/features-json.ts';
import { signUpTrialExtension } from '../subscriptions/redeem.ts';

export const SignUpSchema = z
  .object({
    firstName: z.string().trim().min(1, 'First name is required').max(100),
    lastName: z.string().trim().min(1, 'Last name is required').max(100),
    email: z.string().trim().toLowerCase().pipe(z.email('Please provide a valid email address')),
    password: z
      .string()
      .min(MIN_PASSWORD_LENGTH, SIGN_UP_MESSAGES.passwordTooShort)
      .max(MAX_PASSWORD_LENGTH, 'Password is too long'),
    promoCode: z.string().trim().max(64).optional(),
  })
  .openapi('SignUp');

const MeSchema = z
  .object({
    user: z.object({ id: z.string(), email: z.string(), emailVerified: z.boolean(), twoFactorEnabled: z.boolean() }),
    profile: z.object({
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      avatarUrl: z.string().nullable(),
    }),
    isAdmin: z.boolean(),
    tier: z.enum(['piglet', 'boar', 'bigpig', 'trial_bigpig']),
    features: ResolvedFeaturesSchema,
  })
  .openapi('Me');

const SIGN_UPS_PER_IP_PER_HOUR = 20;

// A new account costs several writes that an already registered address does not (about 45 ms
// more on PGlite, 85 ms on a loaded machine): every successful sign-up answers no sooner than
// SIGN_UP_MIN_RESPONSE_MS (400 ms by default) nor than recent new accounts took (`floor`,
// http/timing.ts ResponseFloor), so the time does not tell the two apart (docs/decisions/0003,
// 0013; e2e/security.test.ts measures it against the production build).

/** A named statement (PostgreSQL parses and plans it once per connection), built once per connection. */

export function accountRoutes(deps: Deps, floor: ResponseFloor) {
  const app = createRouter();

  app.openapi(
    defineRoute(deps, '', {
      access: 'public',
      method: 'post',
      path: '/api/account/sign-up',
      summary: 'Create an account (does not sign in; sends the confirmation e-mail)',
      description:
        'Answers the same for a new and an already registered address; the owner of a registered address is told by e-mail. A password on the shipped list of common ones is refused (400 PASSWORD_TOO_COMMON).',
      request: { body: { content: { 'application/json': { schema: SignUpSchema } }, required: true } },
      responses: {
        200: {
          description: 'Registered, or already registered',
          content: {
            'application/json': {
              schema: z.object({
                message: z.string(),
                userId: z.string(),
                promoTrial: z
                  .object({ durationDays: z.number().int().nullable(), durationMonths: z.number().int().nullable() })
                  .nullable()
                  .openapi({ description: 'What a valid free_trial code adds to the trial once verified; else null' }),
              }),
            },
          },
        },
        429: { description: 'Too many sign-ups from this address' },
      },
    }),
    async (c) => {
      const startedAt = performance.now();
      const input = c.req.valid('json');
      const throttle = await takeThrottle(
        deps.database.db,
        `sign-up:${c.get('clientIp')}`,
        SIGN_UPS_PER_IP_PER_HOUR,
        3600,
      );
      if (!throttle.allowed) throw throttleRefusal('RATE_LIMITED', SIGN_UP_MESSAGES.rateLimited, throttle);
      const headers = new Headers({ [CLIENT_IP_HEADER]: c.get('clientIp') });
      // The new account's id, or for a registered address an id made up the same way: the answer
      // is the same shape either way (docs/decisions/0003). The page keeps it as pendingUserSignup.
      let userId: string;
      const details: SignUpDetails = {
        firstName: input.firstName,
        lastName: input.lastName,
        promoCode: input.promoCode,
      };
      try {
        const result = await retryOnDuplicateKey(() =>
          signUpDetails.run(details, () =>
            deps.auth.api.signUpEmail({
              body: {
                name: `${input.firstName} ${input.lastName}`,
                email: input.email,
                password: input.password,
                callbackURL: verificationCallbackPath('/dashboard'),
              },
              headers,
            }),
          ),
        );
        if (!result?.user) throw new AppError('INTERNAL', SIGN_UP_MESSAGES.registrationFailed);
        userId = result.user.id;
      } catch (err) {
        if (err instanceof AppError) throw err;
        if (err instanceof APIError) {
          const { code, message, status } = signUpErrorMessage(err);
          throw new AppError(code, message, { status });
        }
        throw err;
      }
      // The same for a new and a registered address: it depends on the code alone.
      const promoTrial = await signUpTrialExtension(deps.database.db, input.promoCode, deps.clock.now());
      if (details.created) floor.recordSlower(performance.now() - startedAt);
      await floor.wait(startedAt);
      return c.json({ message: SIGN_UP_MESSAGES.success, userId, promoTrial }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      path: '/api/me',
      summary: 'The signed-in user, their profile and role',
      description:
        'One statement: the session opening reads the profile too, and runs alone (no transaction around it), so the app’s most frequent question costs one round trip.',
      responses: { 200: { description: 'The signed-in user', content: { 'application/json': { schema: MeSchema } } } },
      frame: 'opening-only',
      withProfile: true,
    }),
    async (c) => {
      const session = sessionOf(c);
      const profile = session.profile;
      return c.json(
        {
          user: {
            id: session.userId,
            email: session.email,
            emailVerified: session.emailVerified,
            twoFactorEnabled: session.twoFactorEnabled,
          },
          profile: profile ?? { firstName: null, lastName: null, avatarUrl: null },
          isAdmin: session.isAdmin,
          tier: session.tier,
          features: session.features,
        },
        200,
      );
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      path: '/api/admin/check',
      summary: "The spec's is_admin: whether the signed-in user holds the admin role",
      responses: {
        200: {
          description: 'Admin status',
          content: { 'application/json': { schema: z.object({ isAdmin: z.boolean() }) } },
        },
        403: { description: 'An admin who has not turned on two-factor authentication (TWO_FACTOR_REQUIRED)' },
      },
    }),
    (c) => {
      const session = sessionOf(c);
      if (session.isAdmin) requireAdminTwoFactor(session);
      return c.json({ isAdmin: session.isAdmin }, 200);
    },
  );

  return app;
}
