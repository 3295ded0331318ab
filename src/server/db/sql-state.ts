/**
 * Whether `err`, or an error it wraps (drizzle's "Failed query" wraps the driver's), carries the
 * SQLSTATE `code`: both engines put PostgreSQL's code on the error as `code`.
 */
export function hasSqlState(err: unknown, code: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}
