import fs from 'node:fs';
import path from 'node:path';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import {
  isListedPassword,
  PASSWORD_TOO_COMMON_CODE,
  PASSWORD_TOO_COMMON_MESSAGE,
} from '../../core/passwords/common-password.ts';

const LIST_PATH = path.join('data', 'common-passwords', 'common-passwords.txt');

/** Finds the committed list from source (src/server/auth) or the bundle (dist-server). */
function listFile(): string {
  let dir = import.meta.dirname;
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, LIST_PATH);
    if (fs.existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error(`Could not find ${LIST_PATH}`);
}

let shipped: ReadonlySet<string> | undefined;

/** The list shipped in data/common-passwords/ (lower case), read once. */
export function commonPasswords(): ReadonlySet<string> {
  shipped ??= new Set(
    fs
      .readFileSync(listFile(), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
  return shipped;
}

/** better-auth's endpoints that set a password, and the body field carrying it. */
const PASSWORD_FIELD_BY_PATH: Readonly<Record<string, 'password' | 'newPassword'>> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
  '/set-password': 'newPassword',
};

/**
 * Refuses a common password wherever better-auth sets one: sign-up (our route, the demo seed and
 * the admin script all go through it), reset and change. 400 `PASSWORD_TOO_COMMON`.
 * The list is read when the plugin is made, so a missing file stops the server at start.
 */
export function commonPasswordRule() {
  const list = commonPasswords();
  return {
    id: 'savvypig-common-passwords',
    hooks: {
      before: [
        {
          matcher: (context) => (context.path ?? '') in PASSWORD_FIELD_BY_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const field = PASSWORD_FIELD_BY_PATH[ctx.path ?? ''];
            const password = field ? (ctx.body as Record<string, unknown> | undefined)?.[field] : undefined;
            if (typeof password === 'string' && isListedPassword(password, list)) {
              throw new APIError('BAD_REQUEST', {
                code: PASSWORD_TOO_COMMON_CODE,
                message: PASSWORD_TOO_COMMON_MESSAGE,
              });
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
