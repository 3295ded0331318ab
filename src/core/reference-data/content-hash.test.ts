import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentHash, sha256Hex, stableStringify } from './content-hash.ts';

describe('sha256Hex', () => {
  it('matches the published test vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('matches node:crypto for any text, including multi-byte characters and block edges', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
      }),
    );
    for (const length of [55, 56, 63, 64, 65, 119, 120]) {
      const text = '£'.repeat(length);
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
    }
  });
});

describe('stableStringify', () => {
  it('sorts object keys at every level and drops undefined values', () => {
    expect(stableStringify({ b: 1, a: { d: [2, { f: 1, e: null }], c: undefined } })).toBe(
      '{"a":{"d":[2,{"e":null,"f":1}]},"b":1}',
    );
  });

  it('gives the same hash whatever order keys were written in', () => {
    expect(contentHash({ a: 1, b: 2 })).toBe(contentHash({ b: 2, a: 1 }));
    expect(contentHash({ a: 1, b: 2 })).not.toBe(contentHash({ a: 1, b: 3 }));
  });
});
