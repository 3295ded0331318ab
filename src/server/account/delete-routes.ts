import { and, eq, sql } from 'drizzle-orm';
import { deleteCookie } from 'hono/cookie';
import { revokeAllConsents } from '../open-banking/routes.ts';
import { AppError, errorBody } from '../errors.ts';
import { sessionOf, txOf } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { takeThrottle, throttleRefusal } from '../http/throttle.ts';
import { verifyPassword } from '../auth/password.ts';
import { asLoginRole } from '../db/login-role.ts';
import type { Tx } from '../db/client.ts';
import { account, contactInquiries, jobs, profiles, subscriptions, user } from '../db/schema/index.ts';
import { enqueueErasure } from '../crm/enqueue.ts';
import { afterCommit } from '../http/after-commit.ts';
import { planName } from '../mail/billing-templates.ts';
import { isPlanTier } from '../../core/subscriptions/plans.ts';
import { accountDeletedMail } from '../mail/templates.ts';
import { publish } from '../realtime/hub.ts';

export const DELETE_ACCOUNT_MESSAGES = {
  wrongPassword: 'Your password is incorrect',
  passwordRequired: 'Enter your password to confirm',
  deleted: 'Your account has been deleted',
  providerUnavailable:
    'We could not cancel your subscription with the card provider, so nothing has been deleted. Please try again in a few minutes.',
} as const;

/** Wrong passwords allowed per user in 15 minutes before deletion is refused for a while. */
const ATTEMPTS_PER_WINDOW = 5;
const WINDOW_SECONDS = 15 * 60;

const DeleteAccountSchema = z
  .object({
    password: z
      .string(DELETE_ACCOUNT_MESSAGES.passwordRequired)
      .min(1, DELETE_ACCOUNT_MESSAGES.passwordRequired)
      .max(1024),
  })
  .openapi('DeleteAccount');

const SESSION_COOKIES = ['better-auth.session_token', '__Secure-better-auth.session_token'];

/**
 * Cancels the user's paid subscription at the card provider, at once, when there is one; the plan's
 * name, or null when there was nothing to cancel. A provider failure answers 503 (nothing deleted).
 * No refund is asked for: the provider's own cancellation rules apply (Stripe's: none).
 */
async function cancelSubscriptionAtProvider(deps: Deps, tx: Tx, userId: string): Promise<string | null> {
  const [row] = await tx
    .select({
      subscriptionId: subscriptions.stripeSubscriptionId,
      status: subscriptions.paymentStatus,
      tier: subscriptions.tier,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  if (!row?.subscriptionId || row.status === 'canceled') return null;
  const subscriptionId = row.subscriptionId;
  try {
    await deps.billing.cancelSubscription(subscriptionId);
  } catch (err) {
    deps.logger.error('account deletion: could not cancel the subscription', { userId, error: String(err) });
    throw new AppError('SERVICE_UNAVAILABLE', DELETE_ACCOUNT_MESSAGES.providerUnavailable);
  }
  deps.logger.info('account deletion: subscription cancelled at the provider', { userId, subscriptionId });
  return isPlanTier(row.tier) ? planName(row.tier) : 'paid';
}

/**
 * "Delete my account": after the password is checked, every row the user owns goes in this one
 * transaction (they cascade from "user"; contact messages sent from a verified address and the
 * user's queued jobs are removed too), the stored files with them, every session ends and a
 * confirmation is e-mailed once the deletion has committed. A paid subscription is cancelled at the
 * card provider before anything is deleted.
 */
export function deleteAccountRoutes(deps: Deps) {
  const app = createRouter();
  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'post',
      path: '/api/account/delete',
      summary: 'Delete the signed-in user and everything they own (re-authenticates with the password)',
      request: { body: { content: { 'application/json': { schema: DeleteAccountSchema } }, required: true } },
      responses: {
        200: {
          description: 'Deleted; the session cookie is cleared',
          content: { 'application/json': { schema: z.object({ message: z.string() }) } },
        },
        403: { description: 'Wrong password' },
        429: { description: 'Too many wrong passwords' },
        503: { description: 'The card provider could not cancel the subscription; nothing was deleted' },
      },
    }),
    async (c) => {
      const current = sessionOf(c);
      const { password } = c.req.valid('json');
      const tx = txOf(c);

      const check = await asLoginRole(tx, async (t) => {
        const throttle = await takeThrottle(t, `account-delete:${current.userId}`, ATTEMPTS_PER_WINDOW, WINDOW_SECONDS);
        if (!throttle.allowed) return throttle;
        const [credential] = await t
          .select({ hash: account.password })
          .from(account)
          .where(and(eq(account.userId, current.userId), eq(account.providerId, 'credential')));
        const matches = credential?.hash ? await verifyPassword({ hash: credential.hash, password }) : false;
        return matches ? ('ok' as const) : ('wrong' as const);
      });
      if (typeof check === 'object')
        throw throttleRefusal('RATE_LIMITED', 'Too many requests. Please wait before trying again', check);
      // Answered, not thrown: the attempt just counted must be committed with the request.
      if (check === 'wrong') {
        return c.json(errorBody('FORBIDDEN', DELETE_ACCOUNT_MESSAGES.wrongPassword, { field: 'password' }), 403);
      }

      // The subscription is cancelled at the provider first (ADR 0037): if that fails, nothing is
      // deleted, so a saver is never left paying for an account that no longer exists.
      const cancelled = await cancelSubscriptionAtProvider(deps, tx, current.userId);
      // Every Open Banking consent is ended at the provider too (ADR 0067).
      await revokeAllConsents(deps, tx, current.userId);

      await asLoginRole(tx, async (t) => {
        if (current.emailVerified)
          await t.delete(contactInquiries).where(sql`lower(${contactInquiries.email}) = lower(${current.email})`);
        await t.delete(jobs).where(eq(jobs.userId, current.userId));
        // The CRM contact's GDPR erasure, queued to outlive the user's row (ADR 0063).
        const [crm] = await t
          .select({ contactId: profiles.hubspotContactId })
          .from(profiles)
          .where(eq(profiles.id, current.userId));
        await enqueueErasure(deps.crm, t, {
          userId: current.userId,
          email: current.email,
          hubspotContactId: crm?.contactId ?? null,
        });
        await deps.storage.removeAllOf(t, current.userId);
        // Profiles, settings, roles, consent log, presence, files, sessions, sign-in methods,
        // two-factor and devices all reference "user" with ON DELETE CASCADE.
        await t.delete(user).where(eq(user.id, current.userId));
        await t.execute(sql`delete from throttles where key = ${`account-delete:${current.userId}`}`);
      });
      await publish(tx, { type: 'account.deleted', userId: current.userId, invalidate: [['me']] });
      const mail = accountDeletedMail(current.email, `${deps.config.publicUrl}/contact`, { cancelledPlan: cancelled });
      afterCommit(c, () => deps.mailer.sendInBackground(mail));

      for (const name of SESSION_COOKIES)
        deleteCookie(c, name, { path: '/', ...(name.startsWith('__Secure-') ? { secure: true } : {}) });
      return c.json({ message: DELETE_ACCOUNT_MESSAGES.deleted }, 200);
    },
  );
  return app;
}
