/**
 * Which lazily loaded chunks the entry lists with their dependencies for preloading (vite's
 * `build.modulePreload.resolveDependencies`). For each page it may load, the entry chunk can carry
 * the list of that page's chunks, so they download in parallel with the page's own. Those lists are
 * file names with hashes that hardly compress, and they sit in the JavaScript every visitor
 * downloads before the first render (issue 29: at most 120 kB gzip); for all 60-odd pages they
 * came to 5.4 kB gzip. So only what a visitor opens keeps its list: the visitor's shell parts, the
 * public pages, sign-up and log-in (119.5 → 117.6 kB at the time). A signed-in page's chunks come
 * one import level at a time instead: a round trip or two more, once, the first time it opens
 * (they are cached for a year after). ADR 0059.
 */

/** Chunk file names (assets/<name>-<hash>.js) whose dependencies are preloaded with them. */
const PRELOADED_WITH_DEPENDENCIES = new RegExp(
  `^assets/(?:${[
    // The visitor's shell parts, loaded by every public page after its first render.
    'toaster',
    'theme-toggle',
    'mobile-menu',
    'cookie-preferences-dialog',
    // The public pages and the way in (not the calculators: their charts' lists are long).
    'home-page',
    'checker-page',
    'feature-pages?',
    'plans-page',
    'get-started-page',
    'contact-page',
    'legal-page',
    'not-found-page',
    'login-page',
    'signup-page',
  ].join('|')})-[\\w-]{8}\\.js$`,
);

/** `resolveDependencies`: the dependency list preloaded with `filename` when `hostId` imports it. */
export function preloadDependencies(
  filename: string,
  deps: string[],
  context: { hostId: string; hostType: 'html' | 'js' },
): string[] {
  // The entry's own imports (named in index.html), and the chunks a page loads lazily itself (a
  // chart inside a page), keep theirs: only the entry's table of pages is trimmed.
  if (context.hostType === 'html' || !/^assets\/index-[\w-]{8}\.js$/.test(context.hostId)) return deps;
  return PRELOADED_WITH_DEPENDENCIES.test(filename) ? deps : [];
}
