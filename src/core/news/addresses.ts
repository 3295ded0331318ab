/**
 * Which IP addresses an outbound fetch may reach (SSRF, ADR 0058): the public internet only. A
 * feed URL that resolves to a private, loopback, link-local, shared (CGNAT), multicast, reserved
 * or documentation address is refused, in IPv4 and IPv6 and in IPv6's forms that carry an IPv4
 * address (mapped, compatible, NAT64, 6to4).
 */

/** The four bytes of a dotted IPv4 address, or null when it is not one. */
export function parseIpv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((part) => (/^\d{1,3}$/.test(part) ? Number(part) : Number.NaN));
  return bytes.every((b) => Number.isInteger(b) && b >= 0 && b <= 255) ? bytes : null;
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 allowed), or null. */
export function parseIpv6(text: string): number[] | null {
  let address = text.toLowerCase();
  const zone = address.indexOf('%');
  if (zone >= 0) address = address.slice(0, zone);
  if (address.startsWith('[') && address.endsWith(']')) address = address.slice(1, -1);
  const lastColon = address.lastIndexOf(':');
  if (lastColon >= 0 && address.slice(lastColon + 1).includes('.')) {
    const v4 = parseIpv4(address.slice(lastColon + 1));
    if (!v4) return null;
    const hex = (a: number, b: number) => ((a << 8) | b).toString(16);
    address = `${address.slice(0, lastColon + 1)}${hex(v4[0]!, v4[1]!)}:${hex(v4[2]!, v4[3]!)}`;
  }
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string) => (half === '' ? [] : half.split(':'));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  if ([...head, ...rest].some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  const known = head.length + rest.length;
  if (halves.length === 1 && known !== 8) return null;
  if (halves.length === 2 && known > 7) return null;
  const zeros = Array.from({ length: 8 - known }, () => 0);
  return [...head.map((g) => Number.parseInt(g, 16)), ...zeros, ...rest.map((g) => Number.parseInt(g, 16))];
}

type Range4 = [number, number, number, number, number];

/** IPv4 ranges no feed may be fetched from: [a, b, c, d, prefix length]. */
const BLOCKED_V4: readonly Range4[] = [
  [0, 0, 0, 0, 8], // "this" network
  [10, 0, 0, 0, 8], // private
  [100, 64, 0, 0, 10], // shared address space (CGNAT)
  [127, 0, 0, 0, 8], // loopback
  [169, 254, 0, 0, 16], // link-local (cloud metadata)
  [172, 16, 0, 0, 12], // private
  [192, 0, 0, 0, 24], // IETF protocol assignments
  [192, 0, 2, 0, 24], // documentation
  [192, 88, 99, 0, 24], // 6to4 relay anycast
  [192, 168, 0, 0, 16], // private
  [198, 18, 0, 0, 15], // benchmarking
  [198, 51, 100, 0, 24], // documentation
  [203, 0, 113, 0, 24], // documentation
  [224, 0, 0, 0, 4], // multicast
  [240, 0, 0, 0, 4], // reserved, and broadcast
];

const v4Number = (b: number[]) => ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0;

function isBlockedV4(bytes: number[]): boolean {
  const value = v4Number(bytes);
  return BLOCKED_V4.some(([a, b, c, d, prefix]) => {
    const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
    return (value & mask) >>> 0 === (v4Number([a, b, c, d]) & mask) >>> 0;
  });
}

const embeddedV4 = (g: number[], at: number) => [g[at]! >> 8, g[at]! & 0xff, g[at + 1]! >> 8, g[at + 1]! & 0xff];

function isBlockedV6(g: number[]): boolean {
  const firstSix = g.slice(0, 6);
  // ::/96 holds the unspecified and loopback addresses and the old IPv4-compatible form.
  if (firstSix.every((x) => x === 0)) return true;
  // ::ffff:a.b.c.d (IPv4-mapped) and 64:ff9b::a.b.c.d (NAT64): the IPv4 address decides.
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return isBlockedV4(embeddedV4(g, 6));
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return isBlockedV4(embeddedV4(g, 6));
  // 2002::/16 (6to4) carries its IPv4 address in the next 32 bits.
  if (g[0] === 0x2002) return isBlockedV4(embeddedV4(g, 1));
  const first = g[0]!;
  if ((first & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((first & 0xffc0) === 0xfe80) return true; // link-local fe80::/10
  if ((first & 0xffc0) === 0xfec0) return true; // site-local fec0::/10 (deprecated)
  if ((first & 0xff00) === 0xff00) return true; // multicast ff00::/8
  if (first === 0x2001 && g[1] === 0x0db8) return true; // documentation 2001:db8::/32
  if (first === 0x0100 && g.slice(1, 4).every((x) => x === 0)) return true; // discard-only 100::/64
  return false;
}

/** Whether a fetch may connect to `address` (IPv4 or IPv6 text). Anything unreadable is refused. */
export function isPublicAddress(address: string): boolean {
  const v4 = parseIpv4(address);
  if (v4) return !isBlockedV4(v4);
  const v6 = parseIpv6(address);
  if (v6) return !isBlockedV6(v6);
  return false;
}
