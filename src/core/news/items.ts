/**
 * A feed's items as the news page shows them (ADR 0058): plain text only (a feed's HTML is never
 * rendered), one item per link and per guid, newest first.
 */

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  pound: '£',
  euro: '€',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  copy: '©',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '';
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * `html` as plain text of at most `maxLength` characters (cut at a word, with an ellipsis):
 * scripts, styles and comments dropped with their content, every tag removed, entities decoded,
 * control characters and runs of white space made single spaces.
 */
export function plainText(html: string, maxLength = 400): string {
  const text = decodeEntities(
    html
      .replace(/<!--[\s\S]*?(-->|$)/g, ' ')
      .replace(/<(script|style|iframe|noscript|template)\b[\s\S]*?(<\/\1\s*>|$)/gi, ' ')
      .replace(/<\/?[a-z!?][^>]*(>|$)/gi, ' '),
  )
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > maxLength / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export type FeedItemInput = {
  guid?: string | null;
  link?: string | null;
  title?: string | null;
  summaryHtml?: string | null;
  /** The item's date as the feed gives it (RFC 822 or ISO 8601); missing or unreadable: `fallback`. */
  date?: string | null;
};

export type NewsItemDraft = {
  guid: string | null;
  link: string | null;
  title: string;
  summary: string;
  publishedAt: Date;
};

/** Only http(s) links are kept (a javascript: or data: link is dropped). */
export function safeLink(link: string | null | undefined): string | null {
  if (!link) return null;
  try {
    const url = new URL(link.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A feed's items ready to store: plain text, dated (an item without a readable date, or dated
 * after `now`, takes `now`), without an item whose link or guid came earlier, newest first, at most
 * `limit`. An item with neither a title nor a link is dropped.
 */
export function newsItemDrafts(items: FeedItemInput[], now: Date, limit = 50): NewsItemDraft[] {
  const seenLinks = new Set<string>();
  const seenGuids = new Set<string>();
  const drafts: NewsItemDraft[] = [];
  for (const item of items) {
    const link = safeLink(item.link);
    const guid = item.guid?.trim().slice(0, 500) || null;
    const title = plainText(item.title ?? '', 300);
    if (!title && !link) continue;
    if ((link && seenLinks.has(link)) || (guid && seenGuids.has(guid))) continue;
    if (link) seenLinks.add(link);
    if (guid) seenGuids.add(guid);
    const parsed = item.date ? new Date(item.date) : null;
    const publishedAt = parsed && !Number.isNaN(parsed.getTime()) && parsed.getTime() <= now.getTime() ? parsed : now;
    drafts.push({ guid, link, title: title || (link ?? ''), summary: plainText(item.summaryHtml ?? ''), publishedAt });
  }
  return drafts.sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime()).slice(0, limit);
}
