import { createMiddleware } from 'hono/factory';
import { AppError } from '../errors.ts';
import { isJsonRequest, readBodyText } from './body-text.ts';
import type { AppEnv } from './context.ts';

export const UPDATE_USER_PATH = '/api/auth/update-user';
export const USER_NAME_MESSAGE = 'Name must be text';
export const USER_IMAGE_MESSAGE = 'Image must be text or null';

/**
 * better-auth's update-user passes `name` and `image` to the database as sent, so `name: null`
 * reached the NOT NULL column as a 500. Refused here with 400, whatever better-auth does later.
 */
export function refuseNonTextUserFields() {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method === 'POST' && isJsonRequest(c)) {
      const body = parseJson(await readBodyText(c));
      if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
        const { name, image } = body as Record<string, unknown>;
        if (name !== undefined && typeof name !== 'string') throw new AppError('VALIDATION_FAILED', USER_NAME_MESSAGE, { field: 'name' });
        if (image !== undefined && image !== null && typeof image !== 'string') throw new AppError('VALIDATION_FAILED', USER_IMAGE_MESSAGE, { field: 'image' });
      }
    }
    await next();
  });
}

/** The parsed body, or undefined when it is not JSON (better-auth answers that itself). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
