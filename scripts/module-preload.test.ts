import { describe, expect, it } from 'vitest';
import { preloadDependencies } from './module-preload.ts';

const deps = ['assets/button-AbCd1234.js', 'assets/react-Xy_z-123.js'];
const fromEntry = { hostId: 'assets/index-Q1w2E3r4.js', hostType: 'js' as const };

describe('which pages the entry preloads with their dependencies', () => {
  it.each([
    'assets/home-page-Db2MWDPC.js',
    'assets/checker-page-CMEqZtdt.js',
    'assets/plans-page-Wzx8olRa.js',
    'assets/get-started-page-DgmGqVNn.js',
    'assets/feature-pages-DvbeZh3R.js',
    'assets/login-page-a_b-cdef.js',
    'assets/mobile-menu-CJMuo8LA.js',
  ])('a page or part a visitor opens keeps its list: %s', (file) => {
    expect(preloadDependencies(file, deps, fromEntry)).toEqual(deps);
  });

  it.each(['assets/dashboard-page-A9A9yqJs.js', 'assets/users-page-Zz9Yy8Xx.js', 'assets/user-menu-GIs1G4z0.js'])(
    'a signed-in page or part loads its chunks as it imports them: %s',
    (file) => {
      expect(preloadDependencies(file, deps, fromEntry)).toEqual([]);
    },
  );

  it('never trims what index.html names, nor a lazy import inside a page', () => {
    expect(preloadDependencies('assets/index-Q1w2E3r4.js', deps, { hostId: 'index.html', hostType: 'html' })).toEqual(
      deps,
    );
    const fromPage = { hostId: 'assets/account-detail-page-5gDpDS6L.js', hostType: 'js' as const };
    expect(preloadDependencies('assets/account-charts-B3s0mm5h.js', deps, fromPage)).toEqual(deps);
  });
});
