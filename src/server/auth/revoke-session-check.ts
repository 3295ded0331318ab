import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';

export const SESSION_NOT_FOUND_CODE = 'SESSION_NOT_FOUND';
export const SESSION_NOT_FOUND_MESSAGE = 'Session not found';

/**
 * better-auth's `POST /revoke-session` ends a session only when it is the caller's, yet answers
 * `{status: true}` for any token, someone else's or none at all. This answers those 404 instead
 * (as `DELETE /api/account/sessions/{id}` does); unknown and foreign tokens are not told apart.
 */
export function honestRevokeSession() {
  return {
    id: 'savvypig-honest-revoke-session',
    hooks: {
      before: [
        {
          matcher: (context) => context.path === '/revoke-session',
          handler: createAuthMiddleware(async (ctx) => {
            const caller = await getSessionFromCtx(ctx);
            // Signed out: the endpoint's own session check answers 401.
            if (!caller) return;
            const token = (ctx.body as { token?: unknown } | undefined)?.token;
            const target =
              typeof token === 'string' && token ? await ctx.context.internalAdapter.findSession(token) : null;
            if (target?.session.userId !== caller.user.id) {
              throw new APIError('NOT_FOUND', { code: SESSION_NOT_FOUND_CODE, message: SESSION_NOT_FOUND_MESSAGE });
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
