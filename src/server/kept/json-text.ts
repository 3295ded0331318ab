import type { Context, TypedResponse } from 'hono';
import type { AppEnv } from '../http/context.ts';

/**
 * An answer already written as JSON (a kept one, say), sent as `c.json` would send it. `T` is the
 * route's declared schema, which the text holds: the route's own code built it.
 */
export function jsonText<T>(c: Context<AppEnv>, text: string) {
  return c.body(text, 200, { 'Content-Type': 'application/json' }) as unknown as TypedResponse<T, 200, 'json'>;
}
