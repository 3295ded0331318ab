import { describe, expect, it } from 'vitest';
import { decodeBase32, totpAtStep } from '../test/totp.ts';
import { matchingTotpStep } from './totp-steps.ts';

// RFC 6238 Appendix B: the SHA-1 seed is the ASCII string "12345678901234567890".
const RFC_SEED = Buffer.from('12345678901234567890', 'ascii');
const RFC_SHA1_VECTORS: Array<[seconds: number, code: string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe("the tests' own RFC 6238 authenticator", () => {
  it('reproduces the RFC 6238 test vectors', () => {
    for (const [seconds, code] of RFC_SHA1_VECTORS)
      expect(totpAtStep(RFC_SEED, Math.floor(seconds / 30), 8)).toBe(code);
  });

  it('decodes base32 keys (RFC 4648 test vector)', () => {
    expect(decodeBase32('MZXW6YTBOI======').toString('ascii')).toBe('foobar');
    expect(decodeBase32('gezdgnbvgy3tqojqgezdgnbvgy3tqojq').toString('ascii')).toBe('12345678901234567890');
  });
});

describe('the replay guard finds the time step of a code', () => {
  const now = 1_111_111_111_000; // step 37037037
  const step = Math.floor(now / 30_000);

  it('within one step either side, as better-auth accepts', () => {
    for (const offset of [-1, 0, 1])
      expect(matchingTotpStep(RFC_SEED, totpAtStep(RFC_SEED, step + offset), now)).toBe(step + offset);
  });

  it('and none for a code from further away, a wrong code or a malformed one', () => {
    expect(matchingTotpStep(RFC_SEED, totpAtStep(RFC_SEED, step + 2), now)).toBeNull();
    expect(matchingTotpStep(RFC_SEED, totpAtStep(RFC_SEED, step - 2), now)).toBeNull();
    expect(matchingTotpStep(RFC_SEED, '1234567', now)).toBeNull();
    expect(matchingTotpStep(RFC_SEED, '', now)).toBeNull();
  });
});
