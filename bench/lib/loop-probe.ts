/**
 * Loaded into the measured server with `--import` (BENCH_LOOP_PROBE=1 in bench/pglite-load.ts):
 * once a second it appends to LOOP_PROBE_FILE the event loop's longest delay in that second and
 * the garbage collector's pauses (count, total, longest), so a stall can be told apart from a
 * collection. It changes nothing in the server.
 */
import fs from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const file = process.env.LOOP_PROBE_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let gcCount = 0;
  let gcTotalMs = 0;
  let gcLongestMs = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcCount++;
      gcTotalMs += entry.duration;
      gcLongestMs = Math.max(gcLongestMs, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  const started = performance.now();
  setInterval(() => {
    const t = ((performance.now() - started) / 1000).toFixed(0);
    fs.appendFileSync(
      file,
      `${t} s  loop delay max ${(delay.max / 1e6).toFixed(0)} ms  gc ${gcCount}× ${gcTotalMs.toFixed(0)} ms (longest ${gcLongestMs.toFixed(0)} ms)\n`,
    );
    delay.reset();
    gcCount = 0;
    gcTotalMs = 0;
    gcLongestMs = 0;
  }, 1_000).unref();
}
