/**
 * `npm run bench:metrics`: what the request metrics (issue 31, ADR 0065) add to every answer: the
 * time of one `recordRequest` (a ring write, two map look-ups, a counter and a histogram bucket)
 * over the app's real route patterns, beside a bare `Date.now()` in the same loop, and that time
 * as a share of the server's CPU for the cheapest answer there is (`GET /api/health`: 12,571
 * req/s on a quiet machine in `npm run bench` on at most a core, so at least ~80 µs; 70 µs is
 * taken). Pure in-process code: no server, no database. The target: under 1% of that cheapest
 * answer, so no measurable cost on any route. (The middleware also reads the matched route's
 * pattern, `hono/route`'s `routePath`: an array read, not counted here.)
 *
 * Overrides: BENCH_CALLS (2,000,000), BENCH_ROUNDS (5; the median round is reported).
 */
import os from 'node:os';
import { createMetrics } from '../src/server/metrics/metrics.ts';

const CALLS = Number(process.env.BENCH_CALLS ?? 2_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** Server CPU of one `GET /api/health` answer, rounded down (docs/performance.md, `npm run bench`). */
const CHEAPEST_ANSWER_NS = 70_000;
const TARGET_SHARE = 0.01;

// Sixty route patterns, as many as a busy server answers, with the usual spread of methods and statuses.
const ROUTES = Array.from({ length: 60 }, (_, i) => `/api/area-${i % 12}/:id/part-${i}`);
const METHODS = ['GET', 'GET', 'GET', 'POST', 'PATCH', 'DELETE'];
const STATUSES = [200, 200, 200, 201, 204, 400, 404, 500];

function nsPerCall(body: (i: number) => void): number {
  const started = process.hrtime.bigint();
  for (let i = 0; i < CALLS; i++) body(i);
  return Number(process.hrtime.bigint() - started) / CALLS;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const metrics = createMetrics();
let sink = 0;
const record: number[] = [];
const clock: number[] = [];
for (let round = 0; round < ROUNDS + 1; round++) {
  const r = nsPerCall((i) => metrics.recordRequest(METHODS[i % 6]!, ROUTES[i % 60]!, STATUSES[i % 8]!, (i % 997) / 10));
  const c = nsPerCall(() => {
    sink += Date.now();
  });
  // The first round warms the JIT up; it is not counted.
  if (round > 0) {
    record.push(r);
    clock.push(c);
  }
}

const recordNs = median(record);
const share = recordNs / CHEAPEST_ANSWER_NS;
console.log(
  `SavvyPig request metrics — Node ${process.version}, ${os.cpus().length} CPU (${os.cpus()[0]?.model ?? '?'})`,
);
console.log(
  `${CALLS.toLocaleString('en-GB')} calls a round, median of ${ROUNDS} rounds (sink ${sink > 0 ? 'used' : '0'})`,
);
console.log(`recordRequest: ${recordNs.toFixed(0)} ns a call (rounds ${record.map((n) => n.toFixed(0)).join(' / ')})`);
console.log(`Date.now() in the same loop: ${median(clock).toFixed(0)} ns a call`);
console.log(
  `share of the cheapest answer's server CPU (${CHEAPEST_ANSWER_NS / 1000} µs): ${(share * 100).toFixed(3)}% (target < ${TARGET_SHARE * 100}%)`,
);
const pass = share < TARGET_SHARE;
console.log(pass ? 'PASS' : 'FAIL');
process.exit(pass ? 0 : 2);
