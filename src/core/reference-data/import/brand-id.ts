/**
 * A brand's `bank_references.id` worked out in core, so the parser runs where `node:crypto` is
 * missing (the browser). It must equal `bankReferenceId` in src/server/reference/rows.ts for every
 * key, or an import would take every stored brand for a new one; a test holds the two together.
 */

/** The namespace rows.ts derives brand ids in. */
const BRAND_ID_NAMESPACE = 'b6f0c1a4-3d2e-5f8a-9c7b-5a4e3d2c1b0a';

const rotl = (x: number, n: number) => (x << n) | (x >>> (32 - n));

/** SHA-1 of `bytes` (RFC 3174): 20 bytes. */
function sha1(bytes: Uint8Array): Uint8Array {
  const paddedLength = Math.ceil((bytes.length + 9) / 64) * 64;
  const data = new Uint8Array(paddedLength);
  data.set(bytes);
  data[bytes.length] = 0x80;
  const view = new DataView(data.buffer);
  const bitLength = bytes.length * 8;
  view.setUint32(paddedLength - 8, Math.floor(bitLength / 0x100000000));
  view.setUint32(paddedLength - 4, bitLength >>> 0);
  const h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];
  const w = new Uint32Array(80);
  for (let offset = 0; offset < paddedLength; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4);
    for (let i = 16; i < 80; i++) w[i] = rotl(w[i - 3]! ^ w[i - 8]! ^ w[i - 14]! ^ w[i - 16]!, 1);
    let [a, b, c, d, e] = h as [number, number, number, number, number];
    for (let i = 0; i < 80; i++) {
      const [f, k] =
        i < 20
          ? [(b & c) | (~b & d), 0x5a827999]
          : i < 40
            ? [b ^ c ^ d, 0x6ed9eba1]
            : i < 60
              ? [(b & c) | (b & d) | (c & d), 0x8f1bbcdc]
              : [b ^ c ^ d, 0xca62c1d6];
      const t = (rotl(a, 5) + f + e + k + w[i]!) >>> 0;
      [e, d, c, b, a] = [d, c, rotl(b, 30), a, t];
    }
    h[0] = (h[0]! + a) >>> 0;
    h[1] = (h[1]! + b) >>> 0;
    h[2] = (h[2]! + c) >>> 0;
    h[3] = (h[3]! + d) >>> 0;
    h[4] = (h[4]! + e) >>> 0;
  }
  const digest = new Uint8Array(20);
  const out = new DataView(digest.buffer);
  for (const [i, word] of h.entries()) out.setUint32(i * 4, word);
  return digest;
}

/** The RFC 4122 version-5 UUID of `referenceKey` (`<institutionId>/<brand as listed>`). */
export function brandReferenceId(referenceKey: string): string {
  const namespace = BRAND_ID_NAMESPACE.replace(/-/g, '');
  const name = new TextEncoder().encode(referenceKey);
  const input = new Uint8Array(16 + name.length);
  for (let i = 0; i < 16; i++) input[i] = Number.parseInt(namespace.slice(i * 2, i * 2 + 2), 16);
  input.set(name, 16);
  const hash = sha1(input);
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = [...hash.subarray(0, 16)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join('-');
}
