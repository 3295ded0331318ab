import { createRoute, OpenAPIHono, z, type RouteConfig } from '@hono/zod-openapi';
import { AppError } from '../errors.ts';
import { declareAccess, type FrameOptions, requireAccess, type Access } from './access.ts';
import type { AppEnv, Deps } from './context.ts';

export const ErrorSchema = z
  .object({
    error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
  })
  .openapi('Error');

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorSchema } },
});

/** A router whose validation failures answer with our one error shape and the schema's message. */
export function createRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        const issue = result.error.issues[0];
        const field = issue?.path.join('.');
        throw new AppError('VALIDATION_FAILED', issue?.message ?? 'Invalid request', {
          field: field || undefined,
          issues: result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
        });
      }
    },
  });
}

type DefineInput = Omit<RouteConfig, 'middleware'> & {
  access: Access;
  /**
   * An admin route's answer to a signed-in user who is not an admin, when the spec words it
   * (001 §6: a non-admin adding an account type reads 'Only admins can add account types').
   * Default 'Admin access required'.
   */
  adminRefusal?: string;
  /** How the request reaches the database (`FrameOptions` in access.ts); default one transaction. */
  frame?: FrameOptions['frame'];
  withProfile?: boolean;
  callsOutside?: boolean;
};

/**
 * Declares a route with its access rule: enforced by middleware, published in the
 * OpenAPI document as `x-access`, and recorded for the authorisation harness.
 */
export function defineRoute<const R extends DefineInput>(deps: Deps, basePath: string, route: R) {
  const { access, adminRefusal, frame, withProfile, callsOutside, ...config } = route;
  declareAccess(config.method, `${basePath}${config.path}`, access);
  const responses = {
    ...config.responses,
    ...(access !== 'public' ? { 401: errorResponse('Not signed in') } : {}),
    ...(access === 'admin' ? { 403: errorResponse(adminRefusal ?? 'Not an admin') } : {}),
    400: errorResponse('Invalid input'),
  };
  const created = createRoute({
    ...(config as unknown as RouteConfig),
    responses,
    middleware: [requireAccess(deps, access, { adminRefusal, frame, withProfile, callsOutside })],
    'x-access': access,
  } as RouteConfig);
  return created as unknown as Omit<R, 'access' | 'adminRefusal' | 'frame' | 'withProfile' | 'callsOutside'> & {
    getRoutingPath(): string;
  };
}

export { z };
