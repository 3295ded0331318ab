/**
 * The heavy pages as routers that keep nothing compute them (`keepAnswers: false`): the truth the
 * kept and carried answers are held to (docs/decisions/0039, 0069–0071).
 */
import { accountsRoutes } from '../accounts/routes.ts';
import { dashboardRoutes } from '../dashboard/routes.ts';
import type { Deps } from '../http/context.ts';
import { protectionRoutes } from '../protection/routes.ts';

/** `GET path` for the signed-in cookie, answered afresh: the dashboard, the Protection Hub or the accounts list. */
export function freshAnswers(deps: Deps): (path: string, cookie: string) => Promise<Response> {
  const routers = {
    '/api/dashboard': dashboardRoutes(deps, { keepAnswers: false }),
    '/api/protection': protectionRoutes(deps, { keepAnswers: false }),
    '/api/accounts': accountsRoutes(deps, { keepAnswers: false }),
  };
  return async (path, cookie) => {
    const router = routers[path.split('?')[0] as keyof typeof routers];
    if (!router) throw new Error(`no fresh router for ${path}`);
    return router.request(`http://localhost:3000${path}`, { headers: { cookie } });
  };
}
