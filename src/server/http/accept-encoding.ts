/** The content codings the server sends, in its order of preference (Brotli is smaller). */
export const CONTENT_CODINGS = ['br', 'gzip'] as const;
export type ContentCoding = (typeof CONTENT_CODINGS)[number];

/** Each coding's weight in an Accept-Encoding header (`q`, 1 when absent; RFC 9110 §12.5.3). */
function weights(header: string): Map<string, number> {
  const weighted = new Map<string, number>();
  for (const item of header.split(',')) {
    const [name = '', ...params] = item.split(';').map((part) => part.trim().toLowerCase());
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=').map((part) => part.trim());
      if (key === 'q') q = Number(value);
    }
    weighted.set(name, Number.isFinite(q) ? q : 0);
  }
  return weighted;
}

/**
 * The coding to send among `offered`, for a request's Accept-Encoding: one the client lists (or
 * covers with `*`) with q > 0, the highest q first and our order on a tie. Null: send the bytes as
 * they are (no header, or nothing offered that the client takes).
 */
export function negotiateEncoding(
  header: string | null | undefined,
  offered: readonly ContentCoding[] = CONTENT_CODINGS,
): ContentCoding | null {
  if (!header) return null;
  const weighted = weights(header);
  let chosen: ContentCoding | null = null;
  let chosenQ = 0;
  for (const coding of offered) {
    const q =
      weighted.get(coding) ?? (coding === 'gzip' ? weighted.get('x-gzip') : undefined) ?? weighted.get('*') ?? 0;
    if (q > chosenQ) {
      chosen = coding;
      chosenQ = q;
    }
  }
  return chosen;
}

/** Adds Accept-Encoding to a response's Vary header, once. */
export function varyOnAcceptEncoding(headers: Headers): void {
  const vary = headers.get('vary');
  if (!vary) headers.set('Vary', 'Accept-Encoding');
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) headers.set('Vary', `${vary}, Accept-Encoding`);
}
