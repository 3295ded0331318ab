import type { BetterAuthPlugin } from 'better-auth';
import {
  APIError,
  createAuthEndpoint,
  createAuthMiddleware,
  getSessionFromCtx,
  isAPIError,
  sessionMiddleware,
} from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { symmetricDecrypt } from 'better-auth/crypto';
import { twoFactor as twoFactorPlugin } from 'better-auth/plugins/two-factor';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { twoFactor } from '../db/schema/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import { twoFactorCodeMail } from '../mail/templates.ts';
import { matchingTotpStep } from './totp-steps.ts';
import { EMAIL_NOT_VERIFIED_MESSAGE } from './verified-email.ts';

export const TWO_FACTOR_ISSUER = 'SavvyPig';
/** How long an e-mailed sign-in code works. */
export const EMAIL_CODE_MINUTES = 5;
/** The spec's verification banner text, also the answer to an unverified user who tries to enrol. */
export const VERIFY_EMAIL_MESSAGE = EMAIL_NOT_VERIFIED_MESSAGE;
export const CODE_ALREADY_USED_MESSAGE =
  'This code has already been used. Wait for the next code in your authenticator app.';

/** What `GET /api/auth/two-factor-status` answers: the spec's factors (id, factor type). */
export type TwoFactorStatus = {
  enabled: boolean;
  factors: Array<{ id: string; factorType: 'totp' | 'email' }>;
  /** Unused backup codes, when an authenticator app is set up. */
  backupCodesRemaining: number | null;
};

type Deps = { database: Database; mailer: Mailer };

/**
 * Two-factor authentication (docs/decisions/0009-two-factor.md): better-auth's plugin with an
 * authenticator app (TOTP), e-mailed codes and backup codes, plus our rules around it.
 */
export function twoFactorPlugins({ database, mailer }: Deps) {
  return [
    twoFactorPlugin({
      issuer: TWO_FACTOR_ISSUER,
      otpOptions: {
        period: EMAIL_CODE_MINUTES,
        storeOTP: 'hashed',
        // In the background, like every other e-mail: the answer does not wait for the send.
        sendOTP: ({ user, otp }) => {
          mailer.sendInBackground(twoFactorCodeMail(user.email, otp, EMAIL_CODE_MINUTES));
        },
      },
    }),
    twoFactorRules(database),
  ];
}

const onPaths = (paths: string[]) => (context: { path?: string }) => paths.includes(context.path ?? '');

function twoFactorRules(database: Database) {
  return {
    id: 'savvypig-two-factor-rules',
    endpoints: {
      twoFactorStatus: createAuthEndpoint(
        '/two-factor-status',
        { method: 'GET', use: [sessionMiddleware] },
        async (ctx) => ctx.json(await readStatus(database, ctx.context.secretConfig, ctx.context.session.user)),
      ),
    },
    hooks: {
      before: [
        { matcher: onPaths(['/two-factor/enable']), handler: createAuthMiddleware(requireVerifiedEmail) },
        {
          matcher: onPaths(['/two-factor/send-otp', '/two-factor/verify-otp']),
          handler: createAuthMiddleware(refuseSignedIn),
        },
        {
          matcher: onPaths(['/two-factor/verify-totp']),
          handler: createAuthMiddleware(async (ctx) => claimTotpStep(database, ctx)),
        },
      ],
      after: [
        {
          matcher: onPaths(['/two-factor/verify-totp', '/two-factor/verify-otp', '/two-factor/verify-backup-code']),
          handler: createAuthMiddleware(async (ctx) => addLockRetryAfter(database, ctx)),
        },
        { matcher: onPaths(['/verify-email']), handler: createAuthMiddleware(noLinkSignInPastTwoFactor) },
      ],
    },
  } satisfies BetterAuthPlugin;
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Enrolment needs a verified address (the spec's `email_confirmed_at`): 403 otherwise. */
async function requireVerifiedEmail(ctx: HookContext): Promise<void> {
  const session = await getSessionFromCtx(ctx);
  if (!session) return; // the endpoint answers 401 itself
  if (!(session.user as { emailConfirmedAt?: Date | null }).emailConfirmedAt) {
    throw APIError.from('FORBIDDEN', { code: 'EMAIL_NOT_VERIFIED', message: VERIFY_EMAIL_MESSAGE });
  }
}

/**
 * A verification link signs its user in (auth.ts, `autoSignInAfterVerification`), but never past
 * a second factor: better-auth's two-factor hook watches only the password sign-in, so a session
 * the link made for a user with two-factor on is ended here, and the sign-in page asks for the
 * password and the code as usual. (Enrolment needs a verified address, so this is a backstop.)
 */
async function noLinkSignInPastTwoFactor(ctx: HookContext): Promise<void> {
  const made = ctx.context.newSession;
  if (!made?.user.twoFactorEnabled) return;
  const alreadyHere = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
  if (alreadyHere === made.session.token) return; // signed in here before the link: nothing new was made
  deleteSessionCookie(ctx, true);
  await ctx.context.internalAdapter.deleteSession(made.session.token);
  ctx.context.setNewSession(null);
}

/**
 * E-mailed codes are a sign-in step only. better-auth would also let a signed-in user turn
 * two-factor on by verifying an e-mailed code, without the password; we do not.
 */
async function refuseSignedIn(ctx: HookContext): Promise<void> {
  if (await getSessionFromCtx(ctx)) {
    throw APIError.from('BAD_REQUEST', {
      code: 'NO_SIGN_IN_IN_PROGRESS',
      message:
        'E-mailed codes are for logging in. To turn on two-factor authentication, use your password in Settings.',
    });
  }
}

/** The user a code is for: the signed-in user (enrolment) or the one halfway through signing in. */
async function totpUserId(ctx: HookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie('two_factor');
  const challenge = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!challenge) return null;
  const record = await ctx.context.internalAdapter.findVerificationValue(challenge);
  return record?.value ?? null;
}

/**
 * Replay protection (ASVS 5.0 6.5.1): a TOTP code is accepted at most once. The highest time
 * step accepted so far is kept in `two_factor.last_totp_step`; a code is let through to
 * better-auth only if its step is greater, and claiming the step is one conditional UPDATE, so
 * of two concurrent requests with the same code exactly one gets past. A code that matches no
 * step goes on to better-auth, which refuses it and counts the failure.
 */
async function claimTotpStep(database: Database, ctx: HookContext): Promise<void> {
  const code = (ctx.body as { code?: unknown } | undefined)?.code;
  if (typeof code !== 'string') return; // better-auth's body validation answers
  const userId = await totpUserId(ctx);
  if (!userId)
    throw APIError.from('UNAUTHORIZED', { code: 'INVALID_TWO_FACTOR_COOKIE', message: 'Invalid two factor cookie' });
  const [row] = await database.db
    .select({ id: twoFactor.id, secret: twoFactor.secret })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId));
  if (!row) return; // better-auth answers 'TOTP not enabled'
  const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
  // better-auth marks imported base32 secrets with a prefix; we never import any, so refuse
  // rather than let a code through unguarded.
  if (secret.startsWith('base32:')) throw new Error('Imported TOTP secrets are not supported');
  const step = matchingTotpStep(Buffer.from(secret, 'utf8'), code, Date.now());
  if (step === null) return;
  const claimed = await database.db
    .update(twoFactor)
    .set({ lastTotpStep: step })
    .where(and(eq(twoFactor.id, row.id), or(isNull(twoFactor.lastTotpStep), lt(twoFactor.lastTotpStep, step))))
    .returning({ id: twoFactor.id });
  if (claimed.length === 0) {
    throw APIError.from('UNAUTHORIZED', { code: 'CODE_ALREADY_USED', message: CODE_ALREADY_USED_MESSAGE });
  }
}

/**
 * better-auth locks two-factor for a while after 10 wrong codes in a row and answers 429 without
 * saying for how long; this adds `Retry-After` (seconds until `two_factor.locked_until`), as our
 * own limits send.
 */
async function addLockRetryAfter(database: Database, ctx: HookContext): Promise<void> {
  const refusal = ctx.context.returned;
  if (!isAPIError(refusal) || refusal.statusCode !== 429 || new Headers(refusal.headers).has('Retry-After')) return;
  const userId = await totpUserId(ctx);
  if (!userId) return;
  const [row] = await database.db
    .select({ lockedUntil: twoFactor.lockedUntil })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId));
  if (!row?.lockedUntil) return;
  const seconds = Math.max(1, Math.ceil((row.lockedUntil.getTime() - Date.now()) / 1000));
  throw new APIError('TOO_MANY_REQUESTS', refusal.body, { 'Retry-After': String(seconds) });
}

async function readStatus(
  database: Database,
  secretConfig: Parameters<typeof symmetricDecrypt>[0]['key'],
  user: { id: string; twoFactorEnabled?: boolean | null },
): Promise<TwoFactorStatus> {
  const [row] = await database.db
    .select({ id: twoFactor.id, verified: twoFactor.verified, backupCodes: twoFactor.backupCodes })
    .from(twoFactor)
    .where(eq(twoFactor.userId, user.id));
  const enabled = user.twoFactorEnabled === true;
  const hasTotp = enabled && row?.verified === true;
  const factors: TwoFactorStatus['factors'] = [];
  if (hasTotp) factors.push({ id: row.id, factorType: 'totp' });
  // better-auth offers e-mailed codes to every user with two-factor on.
  if (enabled) factors.push({ id: `${user.id}-email`, factorType: 'email' });
  let backupCodesRemaining: number | null = null;
  if (hasTotp) {
    const codes: unknown = JSON.parse(await symmetricDecrypt({ key: secretConfig, data: row.backupCodes }));
    backupCodesRemaining = Array.isArray(codes) ? codes.length : 0;
  }
  return { enabled, factors, backupCodesRemaining };
}
