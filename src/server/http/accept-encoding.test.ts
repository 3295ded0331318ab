import { describe, expect, it } from 'vitest';
import { negotiateEncoding, varyOnAcceptEncoding } from './accept-encoding.ts';

describe('negotiateEncoding', () => {
  it('prefers Brotli when a browser takes both', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
  });

  it('sends gzip to a client without Brotli, and nothing without a header or a coding we have', () => {
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding('')).toBeNull();
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('deflate, zstd')).toBeNull();
  });

  it('follows q-values: zero refuses a coding, a higher weight wins over our order', () => {
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('BR ; Q=1.0, gzip;q=1')).toBe('br');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeNull();
  });

  it('reads * as every coding not named, and offers only what exists', () => {
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('br;q=0, *')).toBe('gzip');
    expect(negotiateEncoding('gzip, deflate, br', ['gzip'])).toBe('gzip');
    expect(negotiateEncoding('gzip, deflate, br', [])).toBeNull();
  });
});

describe('varyOnAcceptEncoding', () => {
  it('adds Accept-Encoding once, beside what Vary already names', () => {
    const headers = new Headers({ Vary: 'Origin' });
    varyOnAcceptEncoding(headers);
    varyOnAcceptEncoding(headers);
    expect(headers.get('vary')).toBe('Origin, Accept-Encoding');
    const fresh = new Headers();
    varyOnAcceptEncoding(fresh);
    expect(fresh.get('vary')).toBe('Accept-Encoding');
  });
});
