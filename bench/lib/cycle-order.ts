/**
 * Which saver the g-th request of `bench:mixed` is for, and which step of that saver's cycle: request
 * g goes to saver g mod N, its n-th request (n = ⌊g/N⌋). In lockstep (the default) that request is
 * step n of the cycle for every saver, so the N requests sent together are mostly one step (twice
 * a cycle, N adds at once); staggered (BENCH_STAGGER=1), saver i's cycle is shifted by i, so any N
 * requests in a row hold the cycle's mix.
 */
export function cycleOrder(
  sent: number,
  savers: number,
  cycleLength: number,
  staggered: boolean,
): { saver: number; n: number; step: number } {
  const saver = sent % savers;
  const n = Math.floor(sent / savers);
  return { saver, n, step: (n + (staggered ? saver : 0)) % cycleLength };
}
