const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const relative = new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto' });

/** How long ago an instant was, in en-GB words ('5 minutes ago', 'yesterday'); under a minute, 'just now'. */
export function timeAgo(at: string, now: Date): string {
  const seconds = Math.round((now.getTime() - new Date(at).getTime()) / 1000);
  if (seconds < 60) return 'just now';
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return relative.format(-Math.floor(seconds / size), unit);
  }
  return 'just now';
}
