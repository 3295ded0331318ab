/**
 * The footer's content at the edge (issue 30, ADR 0062): what an admin may send (the spec's object,
 * a JSON string of it, or raw HTML), checked with zod, and what is shown, checked again. Colours
 * are hex and pass the content sanitiser's colour check; every address passes its URL check (no
 * `javascript:`); raw HTML goes through the one rich HTML sanitiser (src/server/content/sanitise.ts).
 */
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_FOOTER,
  FOOTER_LIMITS,
  type FooterContent,
  isHexColour,
  normaliseHexColour,
  type StructuredFooter,
} from '../../core/footer/footer-content.ts';
import { isSafeColour, isSafeUrl, sanitiseRichHtml } from '../content/sanitise.ts';
import { z } from '../http/route.ts';

const colour = (name: string) =>
  z
    .string(`${name} must be a hex colour such as #AA1164`)
    .trim()
    .refine((value) => isHexColour(value) && isSafeColour(value), `${name} must be a hex colour such as #AA1164`)
    .transform(normaliseHexColour);

const address = (what: string) =>
  z
    .string(`${what} must be text`)
    .trim()
    .max(FOOTER_LIMITS.url, `${what} must be ${FOOTER_LIMITS.url} characters or fewer`)
    .refine(
      (value) => isSafeUrl(value),
      `${what} must be a path on this site (/legal) or a web, mailto or tel address (https://…)`,
    );

const LOGO_MESSAGE = 'The logo must be an image on this site, such as /icons/logo.svg';
/** Same-site only: the content security policy loads images from this site alone (ADR 0062). */
export const isSameSiteImage = (value: string) => /^\/(?!\/)/.test(value) && isSafeUrl(value);
const logoAddress = z
  .string(LOGO_MESSAGE)
  .trim()
  .max(FOOTER_LIMITS.url, LOGO_MESSAGE)
  .refine(isSameSiteImage, LOGO_MESSAGE);

const LinkSchema = z
  .object({
    id: z.string('A link id must be text').trim().max(64, 'A link id must be 64 characters or fewer').optional(),
    label: z
      .string('Each link needs a label')
      .trim()
      .min(1, 'Each link needs a label')
      .max(FOOTER_LIMITS.label, `A link label must be ${FOOTER_LIMITS.label} characters or fewer`),
    url: address('A link address').refine((value) => value.length > 0, 'Each link needs an address'),
  })
  .openapi('FooterLinkInput');

export const StructuredFooterSchema = z
  .object({
    logoUrl: z
      .union([logoAddress, z.literal('')], LOGO_MESSAGE)
      .optional()
      .default(''),
    backgroundColor: colour('The background colour'),
    textColor: colour('The text colour'),
    links: z
      .array(LinkSchema, 'links must be a list')
      .max(FOOTER_LIMITS.links, `A footer has at most ${FOOTER_LIMITS.links} links`),
    copyrightText: z
      .string('The copyright text must be text')
      .trim()
      .max(FOOTER_LIMITS.copyright, `The copyright text must be ${FOOTER_LIMITS.copyright} characters or fewer`),
  })
  .transform(
    (footer): StructuredFooter => ({
      ...footer,
      logoUrl: footer.logoUrl ?? '',
      // A link sent without an id (a JSON string typed by hand) gets one; duplicates get new ones.
      links: footer.links.map((link, index, all) => ({
        id: link.id && all.findIndex((other) => other.id === link.id) === index ? link.id : randomUUID(),
        label: link.label,
        url: link.url,
      })),
    }),
  )
  .openapi('StructuredFooter');

const HTML_EMPTY = 'The footer’s HTML is empty once unsafe parts are removed';

function structuredOf(value: unknown, ctx: z.RefinementCtx): FooterContent | typeof z.NEVER {
  const result = StructuredFooterSchema.safeParse(value);
  if (!result.success) {
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  }
  return { kind: 'structured', footer: result.data };
}

/**
 * A string is JSON when it starts with `{` (the spec's "JSON string" form), else raw HTML. JSON
 * that cannot be read, or does not hold the footer's fields, is refused rather than shown as HTML.
 */
function contentOfString(text: string, ctx: z.RefinementCtx): FooterContent | typeof z.NEVER {
  const trimmed = text.trim();
  if (trimmed === '') {
    ctx.addIssue({ code: 'custom', message: 'The footer’s content is empty' });
    return z.NEVER;
  }
  if (trimmed.length > FOOTER_LIMITS.html) {
    ctx.addIssue({
      code: 'custom',
      message: `The footer’s HTML must be ${FOOTER_LIMITS.html.toLocaleString('en-GB')} characters or fewer`,
    });
    return z.NEVER;
  }
  if (trimmed.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'The footer’s JSON could not be read' });
      return z.NEVER;
    }
    return structuredOf(parsed, ctx);
  }
  const html = sanitiseRichHtml(trimmed).trim();
  if (!html) {
    ctx.addIssue({ code: 'custom', message: HTML_EMPTY });
    return z.NEVER;
  }
  return { kind: 'html', html };
}

const CONTENT_TYPE_MESSAGE = 'The footer’s content must be its fields, JSON or HTML';

/**
 * What an admin sends to create or change a footer: `content` is the spec's object, a JSON string
 * of it, or raw HTML. Told apart by hand rather than as a zod union, so a refusal names the field
 * at fault (a union would only say that no form matched).
 */
export const FooterInputSchema = z
  .object({
    content: z
      .unknown()
      .transform((content, ctx): FooterContent | typeof z.NEVER => {
        if (typeof content === 'string') return contentOfString(content, ctx);
        if (typeof content === 'object' && content !== null && !Array.isArray(content))
          return structuredOf(content, ctx);
        ctx.addIssue({ code: 'custom', message: CONTENT_TYPE_MESSAGE });
        return z.NEVER;
      })
      .openapi({
        description: 'The spec’s footer object (StructuredFooter), a JSON string of it, or raw HTML (sanitised)',
      }),
  })
  .openapi('FooterInput');

/** What is kept in `cms_footers.content`: the object, or the sanitised HTML string. */
export function storedContent(content: FooterContent): unknown {
  return content.kind === 'html' ? content.html : content.footer;
}

/**
 * Stored content as shown, checked again (the sanitiser or the rules may have tightened since it
 * was saved): HTML sanitised once more; a structured footer's unsafe colours fall back to the
 * defaults and its unsafe links and logo are left out. Unreadable content shows the defaults.
 */
export function shownContent(stored: unknown): FooterContent {
  if (typeof stored === 'string') {
    const html = sanitiseRichHtml(stored.slice(0, FOOTER_LIMITS.html)).trim();
    return html ? { kind: 'html', html } : { kind: 'structured', footer: DEFAULT_FOOTER };
  }
  if (typeof stored !== 'object' || stored === null) return { kind: 'structured', footer: DEFAULT_FOOTER };
  const raw = stored as Partial<Record<keyof StructuredFooter, unknown>>;
  const text = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '');
  const safeColour = (value: unknown, fallback: string) =>
    typeof value === 'string' && isHexColour(value) && isSafeColour(value) ? normaliseHexColour(value) : fallback;
  const safeAddress = (value: unknown, isSafe: (url: string) => boolean = isSafeUrl) => {
    const url = text(value, FOOTER_LIMITS.url);
    return url && isSafe(url) ? url : '';
  };
  const links = Array.isArray(raw.links) ? raw.links : [];
  return {
    kind: 'structured',
    footer: {
      logoUrl: safeAddress(raw.logoUrl, isSameSiteImage),
      backgroundColor: safeColour(raw.backgroundColor, DEFAULT_FOOTER.backgroundColor),
      textColor: safeColour(raw.textColor, DEFAULT_FOOTER.textColor),
      links: links
        .slice(0, FOOTER_LIMITS.links)
        .map((link: unknown, index) => {
          const item = (typeof link === 'object' && link !== null ? link : {}) as Record<string, unknown>;
          return {
            id: text(item.id, 64) || `link-${index}`,
            label: text(item.label, FOOTER_LIMITS.label),
            url: safeAddress(item.url),
          };
        })
        .filter((link) => link.label && link.url),
      copyrightText: text(raw.copyrightText, FOOTER_LIMITS.copyright),
    },
  };
}
