import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppDb } from '../db/client.ts';
import { rowsOf } from '../db/rls.ts';

export type SessionUser = {
  userId: string;
  sessionId: string;
  email: string;
  emailVerified: boolean;
  isAdmin: boolean;
};

const COOKIE_NAMES = ['__Secure-better-auth.session_token', 'better-auth.session_token'];

/** Reads better-auth's signed session cookie (`token.hmac`), checking the HMAC in process. */
export function readSessionToken(cookieHeader: string | undefined, secret: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!COOKIE_NAMES.includes(name)) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
    const dot = value.lastIndexOf('.');
    if (dot <= 0) return null;
    const token = value.slice(0, dot);
    if (!isWellFormedToken(token)) return null;
    const given = Buffer.from(value.slice(dot + 1), 'base64');
    const expected = createHmac('sha256', secret).update(token).digest();
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return token;
  }
  return null;
}

type Row = { user_id: string; session_id: string; email: string; email_verified: boolean; is_admin: boolean };

function toSessionUser(row: Row | undefined): SessionUser | null {
  if (!row) return null;
  return {
    userId: row.user_id,
    sessionId: row.session_id,
    email: row.email,
    emailVerified: row.email_verified,
    isAdmin: row.is_admin,
  };
}

/** better-auth session tokens are 32 random letters and digits; anything else is not ours. */
const TOKEN_SHAPE = /^[A-Za-z0-9]{16,128}$/;

/**
 * The statement that opens a signed-in request's transaction, sent in one round trip with
 * BEGIN: `app_open_request` (drizzle/0002) finds the unexpired session and admin role, sets
 * `app.user_id`, sets `app.is_admin` only for an admin route and an admin user, and switches
 * to `app_user`, so row-level security binds everything the handler does afterwards. The
 * token is inlined, so it must have passed the HMAC check and the shape check first.
 */
export function sessionOpening(token: string, adminRoute: boolean): string[] {
  if (!TOKEN_SHAPE.test(token)) throw new Error('Refusing to inline a malformed session token');
  return [`select * from app_open_request('${token}', ${adminRoute ? 'true' : 'false'})`];
}

export function sessionFromOpening(openingRows: unknown[][]): SessionUser | null {
  return toSessionUser((openingRows[0] as Row[] | undefined)?.[0]);
}

export function isWellFormedToken(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}

/**
 * One round trip: the session (unexpired), its user and the admin role from `user_roles`.
 * No cookie cache, so a revoked session stops working on the next request.
 */
export async function findSessionUser(db: AppDb, token: string): Promise<SessionUser | null> {
  const result = await db.execute(sql`
    select s.user_id, s.id as session_id, u.email, u.email_verified,
      exists (select 1 from user_roles r where r.user_id = s.user_id and r.role = 'admin') as is_admin
    from session s join "user" u on u.id = s.user_id
    where s.token = ${token} and s.expires_at > now()`);
  return toSessionUser(rowsOf<Row>(result)[0]);
}
