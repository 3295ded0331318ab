import fs from 'node:fs';

/**
 * Where the CPU went during a run, in % of one core (the machine has `cpus × 100`%).
 * On a small machine the server, PostgreSQL and the load generator compete for the same cores,
 * and anything else running (a test suite, a build) skews the figures: `other` shows it.
 */
export type CpuShare = { server: number; postgres: number; loadGenerator: number; other: number; idle: number };

type Snapshot = { at: number; busy: number; idle: number; server: number; postgres: number; self: number };

/** Linux reports process and machine times in clock ticks, 100 per second on every mainstream kernel. */
const TICKS_PER_SECOND = 100;

export function cpuSnapshot(serverPid: number): Snapshot {
  const machine = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal ...; guest time is already inside user.
  const idle = (machine[3] ?? 0) + (machine[4] ?? 0);
  const busy = machine.slice(0, 8).reduce((a, b) => a + b, 0) - idle;
  return {
    at: performance.now(),
    busy,
    idle,
    server: processTicks(serverPid),
    postgres: postgresTicks(),
    self: processTicks(process.pid),
  };
}

export function cpuShare(before: Snapshot, after: Snapshot): CpuShare {
  const seconds = (after.at - before.at) / 1000;
  const pct = (ticks: number) => Math.round((ticks / TICKS_PER_SECOND / seconds) * 100);
  const server = pct(after.server - before.server);
  const postgres = pct(after.postgres - before.postgres);
  const loadGenerator = pct(after.self - before.self);
  const busy = pct(after.busy - before.busy);
  return {
    server,
    postgres,
    loadGenerator,
    other: Math.max(0, busy - server - postgres - loadGenerator),
    idle: pct(after.idle - before.idle),
  };
}

/** /proc/<pid>/stat: the command name in parentheses, then utime and stime as the 12th and 13th fields after it. */
function readStat(pid: number | string): { name: string; ticks: number } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    return { name: stat.slice(stat.indexOf('(') + 1, close), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null; // The process has exited.
  }
}

/** utime + stime of each thread of a process, by thread id. */
export function threadTicks(pid: number): Map<string, number> {
  const ticks = new Map<string, number>();
  try {
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      const stat = readStat(`${pid}/task/${tid}`);
      if (stat) ticks.set(tid, stat.ticks);
    }
  } catch {
    // The process has exited.
  }
  return ticks;
}

/**
 * The busiest thread other than the main one between two `threadTicks` readings, in % of one core:
 * in a PGlite server, PGlite's worker thread (docs/decisions/0049), the one every request waits for.
 */
export function busiestOtherThreadPct(
  pid: number,
  before: Map<string, number>,
  after: Map<string, number>,
  seconds: number,
): number {
  let most = 0;
  for (const [tid, ticks] of after) {
    if (tid === String(pid)) continue;
    most = Math.max(most, ticks - (before.get(tid) ?? 0));
  }
  return Math.round((most / TICKS_PER_SECOND / seconds) * 100);
}

/** utime + stime of one process (all its threads). */
function processTicks(pid: number): number {
  return readStat(pid)?.ticks ?? 0;
}

/** Every process named `postgres` on this machine: the backends serving the server, plus PostgreSQL's own workers. */
function postgresTicks(): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    if (stat?.name === 'postgres') total += stat.ticks;
  }
  return total;
}

/**
 * Times one round of a job runner (`runDue`) after enqueuing `jobName` again when it is not the
 * first run: a new schedule is due at once (boot's first run) and the next slot is an hour away,
 * so a second run is enqueued by hand, as that slot would.
 */
export async function timeJobRound(
  jobs: { enqueue(input: { name: string; key: string }): Promise<boolean>; runDue(): Promise<number> },
  jobName: string,
  { first }: { first: boolean },
): Promise<{ seconds: number; ran: number; cpu: ReturnType<typeof cpuShare> }> {
  if (!first) await jobs.enqueue({ name: jobName, key: `bench-${Date.now()}` });
  const before = cpuSnapshot(process.pid);
  const start = performance.now();
  const ran = await jobs.runDue();
  const seconds = (performance.now() - start) / 1000;
  return { seconds, ran, cpu: cpuShare(before, cpuSnapshot(process.pid)) };
}

/**
 * This machine's speed, to read a figure against another day's: milliseconds for a hundred million
 * steps of a plain loop, the best of three (machines of the same kind here differ by 5× or more).
 */
export function loopMsPer1e8(): number {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    let x = 0;
    for (let i = 0; i < 1e8; i++) x = (x + i) | 0;
    best = Math.min(best, performance.now() - started);
    if (x === 42) console.log(''); // keeps the loop from being optimised away
  }
  return Math.round(best);
}
