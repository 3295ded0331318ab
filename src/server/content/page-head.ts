/**
 * What the server adds for content pages outside the API (issue 30, ADR 0061): the history
 * fallback's answer for `/{slug}` (the page's own <title>, description and Open Graph tags for
 * sharing, or HTTP 404 for an unknown or unpublished slug, on the app's own 404 page), and
 * /sitemap.xml with the public pages and every published content page.
 */
import type { Hono } from 'hono';
import { RESERVED_SLUGS, SLUG_PATTERN } from '../../core/content/slug.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import type { SpaPage } from '../http/spa.ts';
import { findPublishedPage, listPublishedPages } from './routes.ts';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The slug a path names, or null when the path is not a possible content page. */
export function slugOfPath(path: string): string | null {
  const match = /^\/([^/]+)\/?$/.exec(path);
  const slug = match?.[1];
  if (slug === undefined || !SLUG_PATTERN.test(slug) || RESERVED_SLUGS.has(slug)) return null;
  return slug;
}

/** For mountSpa: the page a history-fallback path is, when it is a content page's place. */
export function contentPageFor(deps: Deps) {
  return async (path: string): Promise<SpaPage | null> => {
    const slug = slugOfPath(path);
    if (slug === null) return null;
    const page = await findPublishedPage(deps, slug);
    if (!page) return { status: 404 };
    const description = page.metaDescription.trim();
    return {
      status: 200,
      head: {
        title: `${page.title} · SavvyPig`,
        description,
        ogTitle: page.title,
        url: `${deps.config.publicUrl}/${page.slug}`,
      },
    };
  };
}

/** index.html with a page's head: its <title>, its description and Open Graph tags. */
export function withPageHead(html: string, head: NonNullable<SpaPage['head']>): string {
  const title = escapeHtml(head.title);
  const description = escapeHtml(head.description);
  const og = [
    `<meta property="og:type" content="article" />`,
    `<meta property="og:title" content="${escapeHtml(head.ogTitle)}" />`,
    ...(head.description ? [`<meta property="og:description" content="${description}" />`] : []),
    `<meta property="og:url" content="${escapeHtml(head.url)}" />`,
    `<meta property="og:site_name" content="SavvyPig" />`,
  ].join('\n    ');
  let out = html.replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>`);
  if (head.description) {
    out = out.replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${description}" />`,
    );
  }
  return out.replace('</head>', () => `    ${og}\n  </head>`);
}

/** The public pages of the app (000 §2), as the sitemap lists them. */
export const SITEMAP_PATHS = [
  '/',
  '/get-started',
  '/contact',
  '/legal',
  '/plans',
  '/features/savings-calculator',
  '/features/interest-calculator',
  '/features/fscs-protection-checker',
  '/features/account-management',
  '/features/rate-monitoring',
  '/features/portfolio-analytics',
] as const;

export function mountSitemap(app: Hono<AppEnv>, deps: Deps) {
  app.get('/sitemap.xml', async (c) => {
    const origin = deps.config.publicUrl;
    const pages = await listPublishedPages(deps);
    const entries = [
      ...SITEMAP_PATHS.map((path) => `  <url><loc>${escapeHtml(origin + path)}</loc></url>`),
      ...pages.map(
        (page) =>
          `  <url><loc>${escapeHtml(`${origin}/${page.slug}`)}</loc><lastmod>${page.updatedAt.toISOString().slice(0, 10)}</lastmod></url>`,
      ),
    ];
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
    return c.body(xml, 200, {
      'Content-Type': 'application/xml; charset=UTF-8',
      'Cache-Control': 'public, max-age=300',
    });
  });
}
