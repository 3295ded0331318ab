import { and, eq, sql } from 'drizzle-orm';
import { deleteCookie } from 'hono/cookie';
import { errorBody } from '../errors.ts';
import { sessionOf, txOf } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { takeThrottle, throttleRefusal } from '../http/throttle.ts';
import { verifyPassword } from '../auth/password.ts';
import { asLoginRole } from '../db/login-role.ts';
import { account, contactInquiries, jobs, user } from '../db/schema/index.ts';
import { accountDeletedMail } from '../mail/templates.ts';
import { publish } from '../realtime/hub.ts';

export const DELETE_ACCOUNT_MESSAGES = {
  wrongPassword: 'Your password is incorrect',
  passwordRequired: 'Enter your password to confirm',
  deleted: 'Your account has been deleted',
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
 * "Delete my account": after the password is checked, every row the user owns goes in this one
 * transaction (they cascade from "user"; contact messages sent from a verified address and the
 * user's queued jobs are removed too), the stored files with them, every session ends and a
 * confirmation is e-mailed.
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

      await asLoginRole(tx, async (t) => {
        if (current.emailVerified)
          await t.delete(contactInquiries).where(sql`lower(${contactInquiries.email}) = lower(${current.email})`);
        await t.delete(jobs).where(eq(jobs.userId, current.userId));
        await deps.storage.removeAllOf(t, current.userId);
        // Profiles, settings, roles, consent log, presence, files, sessions, sign-in methods,
        // two-factor and devices all reference "user" with ON DELETE CASCADE.
        await t.delete(user).where(eq(user.id, current.userId));
        await t.execute(sql`delete from throttles where key = ${`account-delete:${current.userId}`}`);
      });
      await publish(tx, { type: 'account.deleted', userId: current.userId, invalidate: [['me']] });
      deps.mailer.sendInBackground(accountDeletedMail(current.email, `${deps.config.publicUrl}/contact`));

      for (const name of SESSION_COOKIES)
        deleteCookie(c, name, { path: '/', ...(name.startsWith('__Secure-') ? { secure: true } : {}) });
      return c.json({ message: DELETE_ACCOUNT_MESSAGES.deleted }, 200);
    },
  );
  return app;
}
