/**
 * True for a path on this site: it starts with exactly one '/', and contains no backslash or
 * control character that a browser could turn into another origin ('/\evil.com'). The only
 * kind of `next` or remembered route the app ever follows.
 */
export function isSameOriginPath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return false;
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  if (value.includes('\\')) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    const base = 'http://savvypig.invalid';
    return new URL(value, base).origin === base;
  } catch {
    return false;
  }
}
