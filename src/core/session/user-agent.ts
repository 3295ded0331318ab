/**
 * A sign-in's device in plain words, from its User-Agent header. One reading, two wordings:
 * `describeDevice` for lists ("Edge", "Windows"), `describeUserAgent` for the new-device e-mail
 * ("Microsoft Edge 126", "Windows 10 or 11"). Best effort: never a raw user-agent string.
 */

export type DeviceDescription = { browser: string; os: string };

type Browser = { pattern: RegExp; name: string; fullName?: string };

// Order matters: Chromium-based browsers also say "Chrome", and Chrome also says "Safari".
const BROWSERS: Browser[] = [
  { pattern: /\bEdg(?:e|A|iOS)?\/(\d+)/, name: 'Edge', fullName: 'Microsoft Edge' },
  { pattern: /\bOPR\/(\d+)|\bOpera\/(\d+)|\bOpera\b/, name: 'Opera' },
  { pattern: /\bSamsungBrowser\/(\d+)/, name: 'Samsung Internet' },
  { pattern: /\bFirefox\/(\d+)|\bFxiOS\/(\d+)/, name: 'Firefox' },
  { pattern: /\bVivaldi\/(\d+)/, name: 'Vivaldi' },
  { pattern: /\bCriOS\/(\d+)/, name: 'Chrome' },
  { pattern: /(?:Chrome|Chromium)\/(\d+)/, name: 'Chrome' },
  { pattern: /\bVersion\/(\d+)(?:\.\d+)*.*\bSafari\//, name: 'Safari' },
];

type System = { pattern: RegExp; name: string; detail?: (m: RegExpMatchArray) => string };

const SYSTEMS: System[] = [
  { pattern: /\b(?:iPhone|iPod)\b/, name: 'iPhone', detail: () => 'iPhone (iOS)' },
  { pattern: /\biPad\b/, name: 'iPad', detail: () => 'iPad (iPadOS)' },
  { pattern: /\bAndroid(?: (\d+))?/, name: 'Android', detail: (m) => (m[1] ? `Android ${m[1]}` : 'Android') },
  { pattern: /\bCrOS\b/, name: 'ChromeOS' },
  { pattern: /Windows NT 10\.0/, name: 'Windows', detail: () => 'Windows 10 or 11' },
  { pattern: /Windows NT 6\.3/, name: 'Windows', detail: () => 'Windows 8.1' },
  { pattern: /Windows NT 6\.1/, name: 'Windows', detail: () => 'Windows 7' },
  { pattern: /\bWindows\b/, name: 'Windows' },
  { pattern: /\bMac OS X\b|\bMacintosh\b/, name: 'macOS' },
  { pattern: /\bLinux\b/, name: 'Linux' },
];

function firstMatch<T extends { pattern: RegExp }>(table: T[], ua: string): [T, RegExpMatchArray] | null {
  for (const entry of table) {
    const m = ua.match(entry.pattern);
    if (m) return [entry, m];
  }
  return null;
}

/** Short names for a list of sessions; parts it cannot tell are "Unknown browser" and "unknown system". */
export function describeDevice(userAgent: string | null | undefined): DeviceDescription {
  const ua = userAgent ?? '';
  return {
    browser: firstMatch(BROWSERS, ua)?.[0].name ?? 'Unknown browser',
    os: firstMatch(SYSTEMS, ua)?.[0].name ?? 'unknown system',
  };
}

/** Fuller words for an e-mail: the browser's major version and the system's release where known. */
export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  const ua = userAgent ?? '';
  let browser = 'an unknown browser';
  const b = firstMatch(BROWSERS, ua);
  if (b) {
    const [entry, m] = b;
    const version = m.slice(1).find(Boolean);
    browser = version ? `${entry.fullName ?? entry.name} ${version}` : (entry.fullName ?? entry.name);
  }
  const o = firstMatch(SYSTEMS, ua);
  const os = o ? (o[0].detail?.(o[1]) ?? o[0].name) : 'an unknown system';
  return { browser, os };
}

/**
 * An address coarsened for an e-mail: IPv4 keeps its first three parts (198.51.100.x), IPv6 its
 * first three groups (a /48). Enough to recognise a network, not to point at a household.
 */
export function approximateIp(ip: string | null | undefined): string {
  if (!ip) return 'unknown';
  const mapped = ip.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i);
  const address = mapped ? mapped[1]! : ip;
  const v4 = address.match(/^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.x`;
  if (address.includes(':')) {
    const [head] = address.split('::');
    const groups = (head ?? '').split(':').filter(Boolean).slice(0, 3);
    return groups.length > 0 ? `${groups.join(':')}::/48` : 'unknown';
  }
  return 'unknown';
}
