// The order vitest starts its test files in (`sequence.sequencer` in vitest.config.ts): each
// project's files together, the projects in PROJECT_ORDER, and within a project the slowest file
// first by the times a full run took (scripts/vitest-durations.json). Vitest's own order is by its
// cache of the last run's times, which a clean clone (CI) has not got: it then went by file size,
// project by project in alphabetical order, and the 88 s API fuzz started halfway through and the
// 44 s account page test last of all, running nearly alone at the end (docs/testing.md).
import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds each test file took in a full run, by its path from the repository's root. */
export const DURATIONS_FILE = 'scripts/vitest-durations.json';

/**
 * Projects run one after another, never mixed: a worker keeps its module graph from one file to
 * the next only while the next file is of the same project. The long API and database files
 * first; the pure rules' many short files last, where they fill the cores the others leave.
 */
export const PROJECT_ORDER = ['node', 'web-isolated', 'web', 'core'];

export type FileToOrder = { project: string; file: string };

/**
 * `files` in the order to start them: by project (PROJECT_ORDER, any other after them), then a
 * file without a time (new, so of unknown length) before the timed ones, then slowest first.
 */
export function orderTestFiles<T extends FileToOrder>(files: readonly T[], durations: Record<string, number>): T[] {
  const projectRank = (project: string) => {
    const rank = PROJECT_ORDER.indexOf(project);
    return rank === -1 ? PROJECT_ORDER.length : rank;
  };
  const seconds = (file: string) => durations[file] ?? Number.POSITIVE_INFINITY;
  return [...files].sort(
    (a, b) =>
      projectRank(a.project) - projectRank(b.project) ||
      a.project.localeCompare(b.project) ||
      seconds(b.file) - seconds(a.file) ||
      a.file.localeCompare(b.file),
  );
}

/** The committed times, or none when the file is missing or unreadable (then new files' order holds). */
export function readDurations(root: string): Record<string, number> {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, DURATIONS_FILE), 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

export default class SlowestFirstSequencer extends BaseSequencer {
  override async sort(specs: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const keyed = specs.map((spec) => ({
      spec,
      project: spec.project.name,
      file: path.relative(root, spec.moduleId).split(path.sep).join('/'),
    }));
    return orderTestFiles(keyed, readDurations(root)).map((entry) => entry.spec);
  }
}
