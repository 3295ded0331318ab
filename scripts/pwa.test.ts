import { describe, expect, it } from 'vitest';
import { isPublicNavigation, keepPublicShell, publicShellFiles, type ViteManifest } from './pwa.ts';

const manifest: ViteManifest = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_react-b.js'], css: ['assets/index-c.css'] },
  '_react-b.js': { file: 'assets/react-b.js' },
  '_button-d.js': { file: 'assets/button-d.js', imports: ['_react-b.js'] },
  '_chart-e.js': { file: 'assets/chart-e.js' },
  'src/web/home/home-page.tsx': { file: 'assets/home-page-f.js', imports: ['_button-d.js'] },
  'src/web/checker/checker-page.tsx': { file: 'assets/checker-page-g.js', imports: ['_button-d.js'] },
  'src/web/dashboard/dashboard-page.tsx': { file: 'assets/dashboard-page-h.js', imports: ['_chart-e.js'] },
  'src/web/app/signed-in-routes.ts': { file: 'assets/signed-in-routes-i.js' },
};

describe('the offline shell', () => {
  it('holds the entry, its stylesheet and the public pages with what they import statically', () => {
    expect([...publicShellFiles(manifest)].sort()).toEqual([
      'assets/button-d.js',
      'assets/checker-page-g.js',
      'assets/home-page-f.js',
      'assets/index-a.js',
      'assets/index-c.css',
      'assets/react-b.js',
    ]);
  });

  it('leaves out the signed-in pages and their code', () => {
    const shell = publicShellFiles(manifest);
    const entries = [
      { url: 'index.html', revision: '1' },
      { url: 'assets/home-page-f.js', revision: null },
      { url: 'assets/dashboard-page-h.js', revision: null },
      { url: 'assets/chart-e.js', revision: null },
      { url: 'assets/signed-in-routes-i.js', revision: null },
    ];
    expect(keepPublicShell(entries, shell).map((e) => e.url)).toEqual(['index.html', 'assets/home-page-f.js']);
  });
});

describe('which navigations the worker may answer offline', () => {
  const origin = 'https://savvypig.example';
  const navigation = (href: string, mode: RequestMode = 'navigate') => ({
    request: { mode } as Request,
    url: new URL(href),
    sameOrigin: new URL(href).origin === origin,
  });

  it.each(['/', '/plans', '/get-started', '/contact', '/legal', '/features/fscs-protection-checker'])(
    'the public page %s',
    (page) => {
      expect(isPublicNavigation(navigation(`${origin}${page}`))).toBe(true);
    },
  );

  it.each(['/dashboard', '/accounts', '/settings', '/admin', '/api/me', '/subscribe', '/login'])(
    'never the signed-in page, API or sign-in %s',
    (page) => {
      expect(isPublicNavigation(navigation(`${origin}${page}`))).toBe(false);
    },
  );

  it('not a script or data request, nor another origin', () => {
    expect(isPublicNavigation(navigation(`${origin}/`, 'cors'))).toBe(false);
    expect(isPublicNavigation(navigation('https://elsewhere.example/'))).toBe(false);
  });
});
