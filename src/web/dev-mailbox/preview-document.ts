/** Makes every link in a previewed e-mail open in the whole tab, not inside the preview frame. */
const BASE = '<base target="_top">';

/**
 * The e-mail's HTML for the mailbox preview's `srcdoc`, with `<base target="_top">` first in its
 * head: our own pages refuse to be framed (`frame-ancestors 'none'`), so a link followed inside the
 * frame would only show a broken page. The frame's sandbox allows top navigation on a click and
 * nothing else (no scripts, forms or pop-ups).
 */
export function previewDocument(html: string): string {
  const head = /<head(?:\s[^>]*)?>/i.exec(html);
  if (head) return insertAt(html, head.index + head[0].length, BASE);
  const root = /<html(?:\s[^>]*)?>/i.exec(html);
  if (root) return insertAt(html, root.index + root[0].length, `<head>${BASE}</head>`);
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  if (doctype) return insertAt(html, doctype[0].length, BASE);
  return BASE + html;
}

function insertAt(text: string, at: number, insert: string): string {
  return text.slice(0, at) + insert + text.slice(at);
}

/** The preview frame's sandbox: a click on a link may navigate the tab; nothing else is allowed. */
export const PREVIEW_SANDBOX = 'allow-top-navigation-by-user-activation';
