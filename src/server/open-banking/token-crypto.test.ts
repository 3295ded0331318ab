import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptToken, encryptToken, keyringOf, parseTokenKey, TokenKeyError } from './token-crypto.ts';

const key = () => randomBytes(32).toString('base64');

describe('tokens at rest (AES-256-GCM)', () => {
  const keyring = keyringOf(key());

  it('round-trips, with a fresh nonce each time, and never shows the token', () => {
    const a = encryptToken(keyring, 'at-secret-token', 'c1:access');
    const b = encryptToken(keyring, 'at-secret-token', 'c1:access');
    expect(a).not.toBe(b);
    expect(a).not.toContain('secret');
    expect(decryptToken(keyring, a, 'c1:access')).toBe('at-secret-token');
  });

  it('refuses a changed byte, another row or field, and another key', () => {
    const sealed = encryptToken(keyring, 'at-secret-token', 'c1:access');
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    for (const at of [0, 14, raw.length - 1]) {
      const changed = Buffer.from(raw);
      changed[at]! ^= 1;
      expect(() => decryptToken(keyring, `v1.${changed.toString('base64url')}`, 'c1:access')).toThrow(TokenKeyError);
    }
    expect(() => decryptToken(keyring, sealed, 'c2:access')).toThrow(TokenKeyError);
    expect(() => decryptToken(keyring, sealed, 'c1:refresh')).toThrow(TokenKeyError);
    expect(() => decryptToken(keyringOf(key()), sealed, 'c1:access')).toThrow(TokenKeyError);
    expect(() => decryptToken(keyring, 'v2.abc', 'c1:access')).toThrow(TokenKeyError);
  });

  it('reads values written with the previous key after a rotation, and writes with the new one', () => {
    const old = key();
    const sealed = encryptToken(keyringOf(old), 'rt-token', 'c1:refresh');
    const rotated = keyringOf(key(), old);
    expect(decryptToken(rotated, sealed, 'c1:refresh')).toBe('rt-token');
    const resealed = encryptToken(rotated, 'rt-token', 'c1:refresh');
    expect(() => decryptToken(keyringOf(old), resealed, 'c1:refresh')).toThrow(TokenKeyError);
  });

  it('accepts only a 32-byte base64 key', () => {
    expect(parseTokenKey(key())).toHaveLength(32);
    expect(() => parseTokenKey(randomBytes(16).toString('base64'))).toThrow(/32 random bytes/);
    expect(() => parseTokenKey('not a key at all!')).toThrow(/32 random bytes/);
  });
});
