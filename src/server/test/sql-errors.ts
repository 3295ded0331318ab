/** The SQLSTATE of a database error, looked for along its `cause` chain (drizzle wraps driver errors). */
export function sqlState(err: unknown): string | undefined {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** The SQLSTATE a piece of database work fails with, or 'no error' when it succeeds. */
export async function rejection(work: Promise<unknown>): Promise<string | undefined> {
  try {
    await work;
  } catch (err) {
    return sqlState(err);
  }
  return 'no error';
}
