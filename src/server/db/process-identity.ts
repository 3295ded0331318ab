import fs from 'node:fs';

/**
 * Who a process is, beyond its id: an id is reused once its process is gone, so a lock names its
 * holder by id, start time (clock ticks after boot, from /proc/<pid>/stat) and boot. Linux only;
 * elsewhere only the id is known.
 */
export type ProcessIdentity = { pid: number; startTicks?: string; bootId?: string };

type ProcStat = { state: string; startTicks: string };

const hasProc = fs.existsSync('/proc/self/stat');

/** State and start time of a process from /proc, or null when there is no such process (or no /proc). */
export function readProcStat(pid: number): ProcStat | null {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // "pid (comm) state ppid …": comm may hold spaces and parentheses, so fields count from the last ')'.
  // After it come field 3 (state) onwards; field 22 is the start time.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const state = fields[0];
  const startTicks = fields[22 - 3];
  return state && startTicks ? { state, startTicks } : null;
}

function currentBootId(): string | undefined {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The identity of the process `pid` as it is now (this process by default). */
export function identityOf(pid = process.pid): ProcessIdentity {
  const stat = hasProc ? readProcStat(pid) : null;
  return stat ? { pid, startTicks: stat.startTicks, bootId: currentBootId() } : { pid };
}

/**
 * Whether the process a lock names still runs: not exited, not a zombie (exited, not yet reaped by
 * its parent), not a later process that was given the same id, not from before a restart. A lock
 * that names only an id (written by an older release, or where there is no /proc) counts as held
 * while a process with that id is running.
 */
export function isStillRunning(owner: ProcessIdentity): boolean {
  if (!Number.isSafeInteger(owner.pid) || owner.pid <= 0) return false;
  if (!hasProc) return exists(owner.pid);
  const stat = readProcStat(owner.pid);
  // Missing from /proc is gone, unless /proc hides other users' processes (hidepid): kill 0 still tells.
  if (!stat) return exists(owner.pid);
  if (stat.state === 'Z' || stat.state === 'X') return false;
  if (owner.bootId && owner.bootId !== currentBootId()) return false;
  return owner.startTicks === undefined || owner.startTicks === stat.startTicks;
}

/** kill(pid, 0): true when the process exists (delivered, or refused because it is another user's). */
function exists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
