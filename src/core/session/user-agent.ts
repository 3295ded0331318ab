/**
 * Plain-words descriptions of a sign-in's device for the new-device e-mail. Best effort: an
 * unknown user agent reads 'an unknown browser' / 'an unknown system', never a raw string.
 */

export type DeviceDescription = { browser: string; os: string };

const BROWSERS: Array<[RegExp, string]> = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Microsoft Edge'],
  [/OPR\/(\d+)|Opera\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/Firefox\/(\d+)|FxiOS\/(\d+)/, 'Firefox'],
  [/CriOS\/(\d+)/, 'Chrome'],
  [/(?:Chrome|Chromium)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)(?:\.\d+)*.*Safari\//, 'Safari'],
];

const SYSTEMS: Array<[RegExp, (m: RegExpMatchArray) => string]> = [
  [/iPhone|iPod/, () => 'iPhone (iOS)'],
  [/iPad/, () => 'iPad (iPadOS)'],
  [/Android(?: (\d+))?/, (m) => (m[1] ? `Android ${m[1]}` : 'Android')],
  [/Windows NT 10\.0/, () => 'Windows 10 or 11'],
  [/Windows NT 6\.3/, () => 'Windows 8.1'],
  [/Windows NT 6\.1/, () => 'Windows 7'],
  [/Windows/, () => 'Windows'],
  [/CrOS/, () => 'ChromeOS'],
  [/Mac OS X/, () => 'macOS'],
  [/Linux/, () => 'Linux'],
];

export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  const ua = userAgent ?? '';
  let browser = 'an unknown browser';
  for (const [pattern, name] of BROWSERS) {
    const m = ua.match(pattern);
    if (m) {
      const version = m.slice(1).find(Boolean);
      browser = version ? `${name} ${version}` : name;
      break;
    }
  }
  let os = 'an unknown system';
  for (const [pattern, name] of SYSTEMS) {
    const m = ua.match(pattern);
    if (m) {
      os = name(m);
      break;
    }
  }
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
