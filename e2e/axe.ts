/**
 * axe-core run in the page as it is, for the journeys' accessibility checks.
 *
 * Why not @axe-core/playwright's AxeBuilder: each of its `analyze()` calls opens a blank tab to
 * finish the run, injects axe twice and sends every pass and inapplicable rule back over the wire:
 * about 800 ms of Chromium's time for a run axe itself does in about 200 ms, and the journeys make
 * hundreds of runs on two cores. This is the same engine with the same rules, run the way axe's
 * own `axe.run` is documented: injected once into each frame that lacks it (a navigation drops it),
 * allowed to talk to same-origin frames only (as AxeBuilder's legacy mode), and asked for the
 * violations alone (`resultTypes`), which are all a check asserts on.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const CONFIGURE = `axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'savvypig-journeys' } });`;

export type AxeFinding = { id: string; nodes: { target: string; failureSummary: string }[] };

export type AxeRun = {
  /** Only these rules (by id); else `tags`. */
  rules?: readonly string[];
  tags?: readonly string[];
  include?: string;
  exclude?: readonly string[];
};

/** Puts axe into every frame of the page that does not have it yet; a frame that goes away meanwhile is skipped. */
async function injectAxe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    try {
      if (await frame.evaluate('typeof window.axe === "object"')) continue;
      await frame.evaluate(AXE_SOURCE);
      await frame.evaluate(CONFIGURE);
    } catch {
      /* detached or navigating frame: axe reports a frame it cannot reach by its own rules */
    }
  }
}

/** The violations axe finds on the page (or on the part `include` selects). */
export async function axeViolations(page: Page, run: AxeRun): Promise<AxeFinding[]> {
  await injectAxe(page);
  const context = { include: run.include ? [run.include] : [], exclude: [...(run.exclude ?? [])] };
  const options: RunOptions = {
    runOnly: run.rules ? { type: 'rule', values: [...run.rules] } : { type: 'tag', values: [...(run.tags ?? [])] },
    resultTypes: ['violations'],
  };
  return page.evaluate(
    async ({ context, options }) => {
      const { axe } = window as unknown as { axe: typeof import('axe-core') };
      const results = await axe.run(context as { include: string[]; exclude: string[] }, options);
      return results.violations.map((v) => ({
        id: v.id,
        nodes: v.nodes.map((n) => ({ target: n.target.join(' '), failureSummary: n.failureSummary ?? '' })),
      }));
    },
    { context, options },
  );
}
