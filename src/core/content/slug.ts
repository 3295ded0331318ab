/**
 * The slug rule for CMS content pages (issue 30, ADR 0061). A published page lives at `/{slug}`,
 * the same place the app's own pages live, so a slug may never be the first segment of an app
 * route (it would shadow the page, or be shadowed by it), of the server's own paths, or of a file
 * or folder the server serves from public/. src/web/app/content-slug.test.ts fails when a route in
 * the registry (src/web/app/paths.ts), registered or not, or a folder in public/ is missing here.
 */

export const SLUG_MAX_LENGTH = 80;

/** Lower-case letters and digits in words joined by single hyphens: `isa-guide-2026`. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * First path segments that are not free for content. Route registry first segments, the
 * server's (`api`, `assets`), public/ folders, and names kept for what a site grows
 * (`sitemap`, `robots`, `static`, ...).
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  // src/web/app/paths.ts (every route's first segment, registered or not)
  'account',
  'accounts',
  'admin',
  'auth',
  'calculators',
  'contact',
  'dashboard',
  'dev',
  'features',
  'get-started',
  'legal',
  'login',
  'news',
  'notifications',
  'open-banking',
  'plans',
  'preview',
  'profile',
  'protection',
  'reset-request',
  'settings',
  'signup',
  'smart-pig',
  'subscribe',
  'subscription',
  'transactions',
  'verification-required',
  // the server and the build
  'api',
  'assets',
  'icons',
  'plan-images',
  'src',
  'sitemap',
  'robots',
  'manifest',
  'favicon',
  'sw',
  'static',
  'public',
  'health',
  'metrics',
  'index',
  'home',
  'logout',
  'new',
  'edit',
  'content',
  'null',
  'undefined',
]);

export const SLUG_MESSAGES = {
  required: 'Slug is required',
  tooLong: `Slug must be ${SLUG_MAX_LENGTH} characters or fewer`,
  format: 'Slug may contain only lower-case letters, numbers and single hyphens between words',
  reserved: 'That slug is used by a page of the app; choose another',
  taken: 'Another page already uses that slug',
} as const;

export type SlugProblem = keyof Omit<typeof SLUG_MESSAGES, 'taken'>;

/** Why a slug cannot be used, or null when it can (uniqueness is the database's to say). */
export function slugProblem(slug: string): SlugProblem | null {
  if (slug.length === 0) return 'required';
  if (slug.length > SLUG_MAX_LENGTH) return 'tooLong';
  if (!SLUG_PATTERN.test(slug)) return 'format';
  if (RESERVED_SLUGS.has(slug)) return 'reserved';
  return null;
}

/** A slug suggested from a title: `ISA guide (2026)!` → `isa-guide-2026`. */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, '');
}
