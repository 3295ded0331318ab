import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RESERVED_SLUGS, SLUG_PATTERN, slugProblem } from '../../core/content/slug.ts';
import { routeIds, routes } from './paths.ts';

/** The first segment of a route pattern, or null when it is a parameter or a wildcard. */
function firstSegment(pattern: string): string | null {
  const segment = pattern.split('/').filter(Boolean)[0];
  if (segment === undefined || segment.startsWith(':') || segment.includes('*')) return null;
  return segment;
}

describe('content page slugs', () => {
  it('can never be the first segment of an app route, registered or not', () => {
    const free = routeIds
      .map((id) => ({ id, segment: firstSegment(routes[id].pattern) }))
      .filter(({ segment }) => segment !== null && slugProblem(segment) === null);
    expect(free).toEqual([]);
  });

  it('leaves /:slug as the only single-parameter route at the top level', () => {
    const topLevelParams = routeIds.filter((id) => /^\/:[^/]+$/.test(routes[id].pattern));
    expect(topLevelParams).toEqual(['contentPage']);
  });

  it('can never be a file or folder the server serves from public/', () => {
    const entries = fs.readdirSync(path.resolve('public'));
    const free = entries.filter((name) => SLUG_PATTERN.test(name) && !RESERVED_SLUGS.has(name));
    expect(free).toEqual([]);
  });

  it('can never be the server’s own paths', () => {
    for (const segment of ['api', 'assets', 'sitemap', 'preview']) expect(slugProblem(segment)).toBe('reserved');
  });
});
