/**
 * The installable app (issue 29): the web app manifest and the service worker that
 * vite-plugin-pwa generates with Workbox (generateSW). docs/decisions/0059-service-worker-and-landing-split.md.
 *
 * What the worker does, and what it never does:
 * - It precaches an offline shell for the public pages only: index.html, the theme script, the
 *   icons, the stylesheet, and the JavaScript of the entry and the public pages (home, plans,
 *   get-started, contact, legal, the feature pages and the protection checker) with what they
 *   import statically. The signed-in pages' code is not precached, so a visitor's first visit downloads
 *   no more than the public site.
 * - A navigation to a public page goes to the network, and only offline gets the precached shell
 *   (index.html of the same build as the precached code, so the two always match): online, every
 *   page load gets the newest index.html and so the newest build, and nobody is stranded on an old
 *   one. No page's HTML is cached at run time.
 * - Nothing under /api is ever cached, nor any signed-in page: the worker passes those requests
 *   to the network untouched.
 * - A new worker takes over at once (skipWaiting, clientsClaim) and removes the old precache;
 *   no page is reloaded under the user, since pages come from the network anyway.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ManifestEntry } from 'workbox-build';
import type { VitePWAOptions } from 'vite-plugin-pwa';

/** The brand magenta (DESIGN.md), the browser's toolbar and the splash screen's accent. */
export const THEME_COLOUR = '#AA1164';
export const BACKGROUND_COLOUR = '#FFFFFF';

/** Sources of the public pages whose code the offline shell holds (keys of dist/.vite/manifest.json). */
export const PUBLIC_PAGE_SOURCES: readonly RegExp[] = [
  /^src\/web\/home\//,
  /^src\/web\/checker\//,
  /^src\/web\/features\//,
  /^src\/web\/contact\/contact-page\.tsx$/,
  /^src\/web\/legal\/legal-page\.tsx$/,
  /^src\/web\/subscriptions\/plans-page\.tsx$/,
  /^src\/web\/subscriptions\/get-started-page\.tsx$/,
  /^src\/web\/not-found\//,
  // What every public page loads after its first render: the toasts, the theme switch, the
  // visitor's mobile menu and the cookie preferences.
  /^src\/web\/app\/toaster\.tsx$/,
  /^_theme-toggle-/,
  /^src\/web\/app\/shell\/mobile-menu\.tsx$/,
  /^src\/web\/consent\//,
];

type ViteManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; css?: string[] };
export type ViteManifest = Record<string, ViteManifestChunk>;

/**
 * The built files (relative to dist/) of the entry and the public pages, with every chunk and
 * stylesheet they import statically: what the offline shell needs. Dynamic imports (other pages,
 * the signed-in shell) are left out on purpose.
 */
export function publicShellFiles(manifest: ViteManifest, pageSources: readonly RegExp[] = PUBLIC_PAGE_SOURCES) {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry || pageSources.some((source) => source.test(key))) visit(key);
  }
  return files;
}

/** Keeps the precache entries under assets/ that the public shell needs; other files pass as globbed. */
export function keepPublicShell<Entry extends ManifestEntry>(entries: Entry[], shell: ReadonlySet<string>): Entry[] {
  return entries.filter((entry) => !entry.url.startsWith('assets/') || shell.has(entry.url));
}

/**
 * Whether a navigation is to a public page the worker may answer offline. Written out inside the
 * worker too (Workbox serialises the matcher's source), so it names no outside variable.
 */
export function isPublicNavigation({
  request,
  url,
  sameOrigin,
}: {
  request: Request;
  url: URL;
  sameOrigin: boolean;
}): boolean {
  return (
    sameOrigin &&
    request.mode === 'navigate' &&
    /^\/(?:|plans|get-started|contact|legal|features\/[a-z-]+)\/?$/.test(url.pathname)
  );
}

export function pwaOptions(distDir: string): Partial<VitePWAOptions> {
  return {
    strategies: 'generateSW',
    registerType: 'autoUpdate',
    // Registered by src/web/app/service-worker.ts, after load and in production builds only.
    injectRegister: false,
    filename: 'sw.js',
    manifestFilename: 'manifest.webmanifest',
    includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
    manifest: {
      id: '/',
      name: 'SavvyPig',
      short_name: 'SavvyPig',
      description: 'Track your UK savings and see how much of your money is covered by FSCS protection.',
      lang: 'en-GB',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLOUR,
      background_color: BACKGROUND_COLOUR,
      categories: ['finance'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['index.html', 'theme-init.js', 'favicon.svg', 'plan-images/*.svg', 'assets/*.{js,css}'],
      manifestTransforms: [
        (entries) => {
          const viteManifest = JSON.parse(
            fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'),
          ) as ViteManifest;
          return { manifest: keepPublicShell(entries, publicShellFiles(viteManifest)), warnings: [] };
        },
      ],
      // '/' must not match the precached index.html: online, the page comes from the network.
      directoryIndex: null,
      navigateFallback: null,
      cleanupOutdatedCaches: true,
      skipWaiting: true,
      clientsClaim: true,
      runtimeCaching: [
        {
          urlPattern: isPublicNavigation,
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: 'index.html' } },
        },
      ],
    },
  };
}
