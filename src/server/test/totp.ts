// An RFC 6238 authenticator written for the tests, independent of better-auth and of the
// server's replay guard: it reads the base32 key the user is shown, as a phone app would.
import crypto from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function decodeBase32(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  let bits = '';
  for (const char of clean) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The TOTP code for `key` at time step `step` (RFC 6238 §4 with RFC 4226 §5.3 truncation). */
export function totpAtStep(
  key: Buffer,
  step: number,
  digits = 6,
  algorithm: 'sha1' | 'sha256' | 'sha512' = 'sha1',
): string {
  const counter = Buffer.alloc(8);
  counter.writeUInt32BE(Math.floor(step / 2 ** 32), 0);
  counter.writeUInt32BE(step % 2 ** 32, 4);
  const hash = crypto.createHmac(algorithm, key).update(counter).digest();
  const offset = hash[hash.length - 1]! & 0xf;
  const binary =
    ((hash[offset]! & 0x7f) << 24) | (hash[offset + 1]! << 16) | (hash[offset + 2]! << 8) | hash[offset + 3]!;
  return (binary % 10 ** digits).toString().padStart(digits, '0');
}

export function currentStep(nowMs = Date.now(), periodSeconds = 30): number {
  return Math.floor(nowMs / 1000 / periodSeconds);
}

/** The code an authenticator app shows now for a base32 key, or `stepOffset` steps later. */
export function totpNow(base32Key: string, stepOffset = 0): string {
  return totpAtStep(decodeBase32(base32Key), currentStep() + stepOffset);
}

/** The base32 key in an `otpauth://totp/...` URI (what the QR code holds). */
export function secretFromOtpauthUri(uri: string): string {
  const url = new URL(uri);
  if (url.protocol !== 'otpauth:') throw new Error(`not an otpauth URI: ${uri}`);
  const secret = url.searchParams.get('secret');
  if (!secret) throw new Error('otpauth URI without a secret');
  return secret;
}
