import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { identityOf, isStillRunning, type ProcessIdentity } from './process-identity.ts';

type LockRecord = ProcessIdentity & { nonce: string };

/**
 * PGlite has no cross-process lock: two processes on one folder silently lose writes. A lock file
 * beside the folder (`<folder>.lock`) names its holder by process id, start time and boot, so a
 * holder that exited, a zombie, or a later process given the same id does not keep it (and a
 * live holder is never mistaken for a dead one). Returns the release.
 */
export function acquireFolderLock(dir: string): () => void {
  const folder = path.resolve(dir);
  fs.mkdirSync(path.dirname(folder), { recursive: true });
  const lockPath = `${folder}.lock`;
  const mine = JSON.stringify({ ...identityOf(), nonce: randomBytes(8).toString('hex') } satisfies LockRecord);
  for (let attempt = 0; attempt < 5; attempt++) {
    if (createExclusively(lockPath, mine)) return () => removeIfUnchanged(lockPath, mine);
    const seen = readIfPresent(lockPath);
    if (seen === null) continue; // released meanwhile
    const owner = ownerOf(seen);
    if (owner && isStillRunning(owner)) {
      const who = owner.pid === process.pid ? 'this process' : `process ${owner.pid}`;
      throw new Error(
        `The database folder ${dir} is in use by ${who}. Stop it first, or set DATA_DIR to another folder.`,
      );
    }
    removeIfUnchanged(lockPath, seen);
  }
  throw new Error(`Could not lock the database folder ${dir}`);
}

/**
 * Creates the lock file with its whole content at once: written under a private name, then
 * hard-linked into place (link fails if the name exists), so no reader ever sees it half-written.
 * Where hard links are not supported, an exclusive create.
 */
function createExclusively(lockPath: string, content: string): boolean {
  const draft = `${lockPath}.${process.pid}.${randomBytes(4).toString('hex')}.new`;
  fs.writeFileSync(draft, content, { mode: 0o644 });
  try {
    fs.linkSync(draft, lockPath);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw err;
    return createWithExclusiveOpen(lockPath, content);
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

function createWithExclusiveOpen(lockPath: string, content: string): boolean {
  try {
    const fd = fs.openSync(lockPath, 'wx');
    try {
      fs.writeSync(fd, content);
    } finally {
      fs.closeSync(fd);
    }
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

function readIfPresent(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** The holder a lock file names: a JSON record, or a bare process id (older releases). */
function ownerOf(content: string): ProcessIdentity | null {
  if (/^\s*\d+\s*$/.test(content)) return { pid: Number(content) };
  try {
    const record = JSON.parse(content) as Partial<LockRecord>;
    if (typeof record.pid !== 'number') return null;
    return {
      pid: record.pid,
      startTicks: typeof record.startTicks === 'string' ? record.startTicks : undefined,
      bootId: typeof record.bootId === 'string' ? record.bootId : undefined,
    };
  } catch {
    return null;
  }
}

/**
 * Removes the lock file if it still holds `expected`. Moved aside first (rename is atomic), then
 * checked: a lock another process took after `expected` was read is linked back, not lost.
 */
function removeIfUnchanged(lockPath: string, expected: string): void {
  const aside = `${lockPath}.${process.pid}.${randomBytes(4).toString('hex')}.old`;
  try {
    fs.renameSync(lockPath, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  try {
    if (readIfPresent(aside) !== expected) fs.linkSync(aside, lockPath);
  } catch (err) {
    // EEXIST: a third process locked the folder in the instant the file was aside (three starting
    // at once on a dead holder's lock); the file is its now, and nothing safer is left to do.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    fs.rmSync(aside, { force: true });
  }
}
