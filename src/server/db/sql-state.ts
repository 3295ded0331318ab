/**
 * The error, or the first error it wraps (drizzle's "Failed query" wraps the driver's), that
 * passes `test`; undefined if none does. The one walk of an error's causes for the database layer.
 */
export function causeWhere(err: unknown, test: (e: unknown) => boolean): unknown {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (test(e)) return e;
  }
  return undefined;
}

/** The SQLSTATE of an error: both engines put PostgreSQL's code on the error as `code`. */
export function sqlStateOf(e: unknown): string | undefined {
  const code = (e as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** Whether `err`, or an error it wraps, carries the SQLSTATE `code`. */
export function hasSqlState(err: unknown, code: string): boolean {
  return causeWhere(err, (e) => sqlStateOf(e) === code) !== undefined;
}
