type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export type Logger = {
  [L in Level]: (msg: string, fields?: Record<string, unknown>) => void;
} & { child(fields: Record<string, unknown>): Logger };

/** Structured JSON lines on stdout; one object per event. */
export function createLogger(
  level: Level | 'silent' = 'info',
  base: Record<string, unknown> = {},
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Logger {
  const emit = (lvl: Level) => (msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[lvl] < ORDER[level]) return;
    write(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...base, ...fields }));
  };
  return {
    debug: emit('debug'),
    info: emit('info'),
    warn: emit('warn'),
    error: emit('error'),
    child: (fields) => createLogger(level, { ...base, ...fields }, write),
  };
}

export function errorFields(err: unknown): Record<string, unknown> {
  if (err instanceof Error) {
    const cause = (err as { cause?: unknown }).cause;
    return {
      err: err.message,
      code: (err as { code?: unknown }).code,
      stack: err.stack,
      ...(cause instanceof Error ? { cause: cause.message, causeCode: (cause as { code?: unknown }).code } : {}),
    };
  }
  return { err: String(err) };
}
