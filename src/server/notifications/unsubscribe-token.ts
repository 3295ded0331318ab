/**
 * The digest's unsubscribe link works without signing in (issue 16): its token names the user and
 * is signed with the server's secret (HMAC-SHA256), so only the link we sent turns the digest
 * off, and it keeps working (turning off what is already off says so). It grants nothing else.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'notification-digest-unsubscribe';

function signature(secret: string, userId: string): Buffer {
  return createHmac('sha256', secret).update(`${PURPOSE}:${userId}`).digest();
}

export function unsubscribeToken(secret: string, userId: string): string {
  return `${Buffer.from(userId).toString('base64url')}.${signature(secret, userId).toString('base64url')}`;
}

/** The user the token was made for, or null when it is not one of ours. */
export function userOfUnsubscribeToken(secret: string, token: string): string | null {
  const [encodedUser, encodedSignature, ...rest] = token.split('.');
  if (!encodedUser || !encodedSignature || rest.length > 0) return null;
  const userId = Buffer.from(encodedUser, 'base64url').toString();
  if (userId.length === 0 || userId.length > 64) return null;
  const given = Buffer.from(encodedSignature, 'base64url');
  const expected = signature(secret, userId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
