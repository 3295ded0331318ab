/**
 * The debug API (002 §7 testsprite-debug-api; docs/decisions/0066): auth, navigation, database and
 * system-health tests for an outside test runner. Off, answering 404 like any unknown path, unless
 * DEBUG_API_KEY is set; then each request must send it in X-Debug-Key, compared in constant time.
 * Counts only: no row of anyone's. The tests themselves are in debug-tests.ts; the Debug Console's
 * TestSprite API tab runs the same ones through admin-only routes (routes.ts).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { AppError } from '../errors.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { debugTests, diagnosticsEnv } from './debug-tests.ts';

export const DEBUG_KEY_HEADER = 'x-debug-key';
/** The header as the Debug Console and the docs write it. */
export const DEBUG_KEY_HEADER_NAME = 'X-Debug-Key';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Whether `given` is the configured key: equal-length digests compared in constant time. */
export function debugKeyMatches(configured: string, given: string | undefined): boolean {
  return timingSafeEqual(digest(configured), digest(given ?? ''));
}

function requireDebugKey(deps: Deps, c: Context<AppEnv>): void {
  const configured = deps.config.DEBUG_API_KEY;
  if (!configured) throw new AppError('NOT_FOUND', 'Not found');
  if (!debugKeyMatches(configured, c.req.header(DEBUG_KEY_HEADER)))
    throw new AppError('UNAUTHENTICATED', `A valid debug key is required (${DEBUG_KEY_HEADER_NAME})`);
}

export function debugRoutes(deps: Deps) {
  const app = createRouter();
  const tests = debugTests(deps, diagnosticsEnv(deps));
  for (const [name, test] of Object.entries(tests)) {
    app.openapi(
      defineRoute(deps, '', {
        access: 'public',
        method: 'post',
        path: `/api/debug/${name}`,
        summary: `Debug API: ${test.summary}. Off (404) unless DEBUG_API_KEY is set; send it in X-Debug-Key`,
        responses: {
          200: {
            description: 'The test results',
            content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } },
          },
          401: { description: 'No or wrong debug key' },
          404: { description: 'The debug API is off' },
        },
      }),
      async (c) => {
        requireDebugKey(deps, c);
        return c.json({ ...(await test.run()), timestamp: new Date(deps.clock.now()).toISOString() }, 200);
      },
    );
  }
  return app;
}
