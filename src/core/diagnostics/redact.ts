/**
 * Redaction for the exported system state (docs/decisions/0066): a value goes out as '[redacted]'
 * when its name looks secret, and credentials inside values (a URL's password, a bearer token, a
 * cookie, a long key-like string) are cut out even under harmless names.
 */

export const REDACTED = '[redacted]';

const SECRET_NAME =
  /secret|token|password|passwd|pwd|key|cookie|session|credential|auth|signature|dsn|private|api_?key/i;

/** Whether a setting or field of this name holds something secret. */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** Credentials inside a text value: URL user-info, bearer/basic tokens, cookies and key-like strings. */
export function redactText(text: string): string {
  return (
    text
      // scheme://user:password@host → scheme://user:[redacted]@host (SMTP, PostgreSQL, Redis DSNs).
      .replace(/([a-z][a-z0-9+.-]*:\/\/[^:/?#@\s]*):[^@/\s]*@/gi, `$1:${REDACTED}@`)
      .replace(/\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`)
      .replace(/\b([A-Za-z0-9_.-]*(?:session|token|secret|key)[A-Za-z0-9_.-]*=)[^;&\s]+/gi, `$1${REDACTED}`)
      // Stripe-like and JWT-like keys, and any unbroken run of 32+ key characters
      // with letters and digits (hex and base64 keys; a word or a path of words stays).
      .replace(/\b(?:sk|pk|rk|whsec|pat)_[A-Za-z0-9_]{8,}\b/g, REDACTED)
      .replace(/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g, REDACTED)
      .replace(/[A-Za-z0-9+/_]{32,}={0,2}/g, (run) => (/\d/.test(run) && /[A-Za-z]/.test(run) ? REDACTED : run))
  );
}

/** A deep copy of `value` with every secret-named field and every credential in text redacted. */
export function redactDeep(value: unknown, name = ''): unknown {
  if (name && isSecretName(name) && value !== null && value !== undefined && value !== false && value !== '')
    return typeof value === 'boolean' ? value : REDACTED;
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.map((item) => redactDeep(item));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, redactDeep(inner, key)]));
  }
  return value;
}
