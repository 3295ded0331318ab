import { createHmac, timingSafeEqual } from 'node:crypto';

/** better-auth's TOTP settings (its defaults, which we do not change): 6 digits, 30 s steps, ±1 step. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_WINDOW_STEPS = 1;

/** RFC 4226 HOTP (HMAC-SHA-1, dynamic truncation) of one counter value. */
function hotp(secret: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', secret).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, '0');
}

/**
 * The highest time step, within the window better-auth accepts around `nowMs`, whose code is
 * `code`; null when the code matches none. `secret` is the raw key (better-auth keys are the
 * UTF-8 bytes of a random string). Every step is computed, so timing does not depend on which
 * one matched.
 */
export function matchingTotpStep(secret: Buffer, code: string, nowMs: number): number | null {
  const current = Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);
  const given = Buffer.from(code);
  let matched: number | null = null;
  for (let step = current - TOTP_WINDOW_STEPS; step <= current + TOTP_WINDOW_STEPS; step++) {
    const expected = Buffer.from(hotp(secret, step));
    if (given.length === expected.length && timingSafeEqual(given, expected)) matched = step;
  }
  return matched;
}
