/**
 * Tokens at rest (issue 32): AES-256-GCM with a 32-byte key from OPEN_BANKING_TOKEN_KEY, a fresh
 * 12-byte nonce per value, and the row and field as associated data, so a value copied to another
 * row or column does not decrypt. A changed byte fails the tag check. Rotation: the old key goes in
 * OPEN_BANKING_TOKEN_KEY_PREVIOUS; values decrypt with either and are written with the new one at
 * the next token refresh (every sync refreshes), after which the old key can go.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export type TokenKeyring = { current: Buffer; previous: Buffer | null };

export class TokenKeyError extends Error {}

/** A base64 key of exactly 32 bytes, else an error naming the variable. */
export function parseTokenKey(value: string, name = 'OPEN_BANKING_TOKEN_KEY'): Buffer {
  const key = Buffer.from(value.trim(), 'base64');
  if (key.length !== 32 || !/^[A-Za-z0-9+/_-]+=*$/.test(value.trim())) {
    throw new TokenKeyError(`${name} must be 32 random bytes in base64 (openssl rand -base64 32)`);
  }
  return key;
}

export function keyringOf(current: string, previous?: string): TokenKeyring {
  return {
    current: parseTokenKey(current),
    previous: previous ? parseTokenKey(previous, 'OPEN_BANKING_TOKEN_KEY_PREVIOUS') : null,
  };
}

/** `v1.<nonce|tag|ciphertext in base64url>`, bound to `context` (e.g. `<connection id>:access`). */
export function encryptToken(keyring: TokenKeyring, plaintext: string, context: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyring.current, nonce);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url')}`;
}

function decryptWith(key: Buffer, raw: Buffer, context: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, NONCE_BYTES));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(raw.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}

/** The token, or an error when the value was changed, moved, or written with a key we no longer hold. */
export function decryptToken(keyring: TokenKeyring, stored: string, context: string): string {
  const [version, body] = stored.split('.', 2);
  if (version !== VERSION || !body) throw new TokenKeyError('Not an encrypted token');
  const raw = Buffer.from(body, 'base64url');
  if (raw.length < NONCE_BYTES + TAG_BYTES) throw new TokenKeyError('Not an encrypted token');
  for (const key of [keyring.current, keyring.previous]) {
    if (!key) continue;
    try {
      return decryptWith(key, raw, context);
    } catch {
      // The next key, if any.
    }
  }
  throw new TokenKeyError('The token could not be decrypted: changed, moved, or written with another key');
}
