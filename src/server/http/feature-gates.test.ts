/**
 * A plan card ticks only what the gates know (issue 29): every feature the cards sell
 * (`SOLD_FEATURES`) is named by at least one gate, on the server (`requireFeature`, a session's
 * `features.x`) or in the browser (a route's `feature`), so no card sells a feature nothing grants
 * or refuses. A feature added to the list without a gate fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEATURES, SOLD_FEATURES } from '../../core/subscriptions/features.ts';

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const SOURCE = ['src/server', 'src/web'].flatMap(sourceFiles).map((file) => fs.readFileSync(file, 'utf8'));

/** The gates that name `feature`: a server check, a session flag read, or a route's feature. */
function gatesNaming(feature: string): number {
  const patterns = [
    new RegExp(`requireFeature\\([^)]*'${feature}'`),
    new RegExp(`features\\.${feature}\\b`),
    new RegExp(`feature: '${feature}'`),
  ];
  return SOURCE.filter((text) => patterns.some((pattern) => pattern.test(text))).length;
}

describe('the plan cards and the gates', () => {
  it.each(SOLD_FEATURES.map((feature) => [feature]))('a gate knows %s, which the plan cards sell', (feature) => {
    expect(gatesNaming(feature)).toBeGreaterThan(0);
  });

  it('finds no gate for a name that is not a feature (the search can fail)', () => {
    expect(FEATURES as readonly string[]).not.toContain('teleportation');
    expect(gatesNaming('teleportation')).toBe(0);
  });
});
