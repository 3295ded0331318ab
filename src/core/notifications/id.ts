/**
 * A short, stable digest of the figures a notification states (FNV-1a, 32 bits, base 36): the
 * same figures give the same id on every reload and every device; any change gives a new one.
 * Not a secret and not for integrity: an id names a notification the server works out again.
 */
export function figuresHash(figures: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < figures.length; i++) {
    hash ^= figures.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** `kind:subject:hash-of-figures`. */
export function notificationId(kind: string, subject: string, figures: readonly (string | number | null)[]): string {
  return `${kind}:${subject}:${figuresHash(figures.map((f) => (f === null ? '' : String(f))).join('|'))}`;
}
