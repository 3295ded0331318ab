/**
 * The release before this tree's newest migrations, taken from git history, for the rolling-upgrade
 * test: the newest commit on main's first-parent line whose migrations are a strict beginning of
 * this tree's (HEAD itself when a migration is not committed yet), and its server's source in a
 * folder of its own that runs on this tree's node_modules (Node runs the TypeScript as it is).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type PreviousRelease = {
  commit: string;
  /** Its migrations, and the ones this tree adds after them. */
  migrations: string[];
  added: string[];
};

const JOURNAL = 'drizzle/meta/_journal.json';

function git(root: string, args: string[]): string {
  return execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

function tagsOf(journal: string): string[] {
  return (JSON.parse(journal) as { entries: Array<{ tag: string }> }).entries.map((e) => e.tag);
}

function journalAt(root: string, commit: string): string[] | null {
  try {
    return tagsOf(git(root, ['show', `${commit}:${JOURNAL}`]));
  } catch {
    return null; // no journal yet at that commit
  }
}

const isStrictBeginning = (older: string[], newer: string[]) =>
  older.length < newer.length && older.every((tag, i) => newer[i] === tag);

export function findPreviousRelease(root: string, from?: string): PreviousRelease {
  const current = tagsOf(fs.readFileSync(path.join(root, JOURNAL), 'utf8'));
  const found = (commit: string, migrations: string[]): PreviousRelease => ({
    commit,
    migrations,
    added: current.slice(migrations.length),
  });
  if (from) {
    // An older release asked for by name (several releases at once, or a bisection).
    const commit = git(root, ['rev-parse', '--verify', `${from}^{commit}`]).trim();
    const then = journalAt(root, commit);
    if (!then || !isStrictBeginning(then, current))
      throw new Error(`${from}: its migrations are not a strict beginning of this tree's`);
    return found(commit, then);
  }
  const head = git(root, ['rev-parse', 'HEAD']).trim();
  const atHead = journalAt(root, head);
  if (atHead && isStrictBeginning(atHead, current)) return found(head, atHead);
  // Commits on the first-parent line that changed the journal, newest first: the release before
  // the newest migrations is the first parent of the commit that added them.
  const changed = git(root, ['log', '--first-parent', '--format=%H', 'HEAD', '--', JOURNAL])
    .split('\n')
    .filter(Boolean);
  for (const commit of changed) {
    const parent = git(root, ['rev-parse', `${commit}^1`]).trim();
    const then = journalAt(root, parent);
    if (then && isStrictBeginning(then, current)) return found(parent, then);
  }
  refuseShallowClone(root);
  throw new Error(`No commit on HEAD's first-parent line has migrations that begin this tree's (${current.at(-1)}).`);
}

/** Releases are read from git history, which a shallow clone cuts short. */
function refuseShallowClone(root: string): void {
  if (git(root, ['rev-parse', '--is-shallow-repository']).trim() === 'true')
    throw new Error(
      "This is a shallow clone: the migrations' releases are read from git history (git fetch --unshallow).",
    );
}

/**
 * The server of `commit` in a new temporary folder: package.json, src/server, src/core, drizzle and
 * data (all the server reads), with this tree's node_modules linked in. Returns the folder.
 */
export function extractServer(root: string, commit: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-previous-'));
  const archive = execFileSync(
    'git',
    ['-C', root, 'archive', '--format=tar', commit, 'package.json', 'src/server', 'src/core', 'drizzle', 'data'],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  execFileSync('tar', ['-x', '-C', folder], { input: archive });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(folder, 'node_modules'), 'dir');
  return folder;
}

/**
 * The release that first shipped each of this tree's migrations: the commit on HEAD's first-parent
 * line whose journal first held it ('uncommitted' for one only in the working tree). Migrations
 * of one release went out together, so what one creates is new to the previous release in all.
 */
export function releaseOfEachMigration(root: string): Map<string, string> {
  refuseShallowClone(root);
  const current = tagsOf(fs.readFileSync(path.join(root, JOURNAL), 'utf8'));
  const release = new Map<string, string>();
  const atHead = journalAt(root, 'HEAD') ?? [];
  for (const tag of current) if (!atHead.includes(tag)) release.set(tag, 'uncommitted');
  const changed = git(root, ['log', '--first-parent', '--format=%H %P', 'HEAD', '--', JOURNAL])
    .split('\n')
    .filter(Boolean);
  for (const line of changed) {
    const [commit, parent] = line.split(' ') as [string, string | undefined];
    const before = parent ? (journalAt(root, parent) ?? []) : [];
    for (const tag of journalAt(root, commit) ?? []) {
      // Newest first, so the oldest commit that added a migration has the last word.
      if (!before.includes(tag) && current.includes(tag) && release.get(tag) !== 'uncommitted')
        release.set(tag, commit);
    }
  }
  return release;
}
