/** The restart soak's summary: a row per restart, the answers by kind, the checks, and PASS or FAIL. */
import { ACKNOWLEDGED, type AccountCheck, type WriterTally } from '../../src/server/test/transaction-writers.ts';

export type RestartResult = {
  n: number;
  /** Writers' requests sent and not yet answered when the restart began. */
  inFlight: number;
  /** How long the restart command took: the database is accepting connections again when it returns. */
  restartMs: number;
  /** Per instance, from the database being back to /api/health/db answering 200; null if never. */
  healthyMs: Array<number | null>;
  /** From the database being back to the next acknowledged write; null if none. */
  firstWriteMs: number | null;
  alive: boolean[];
  /** Answers from this restart to the next one. */
  unavailable: number;
  failures: number;
};

export type SoakOutcome = {
  restarts: RestartResult[];
  tally: WriterTally;
  checks: AccountCheck[];
  aliveAtEnd: boolean[];
  withinMs: number;
};

/** Prints the summary; true when every check passed. */
export function printSummary({ restarts, tally, checks, aliveAtEnd, withinMs }: SoakOutcome): boolean {
  const ms = (v: number | null) => (v === null ? 'never' : `${v} ms`);
  const instances = aliveAtEnd.length;
  const header = [
    'restart',
    'in flight',
    'server back',
    ...Array.from({ length: instances }, (_, i) => `healthy ${i + 1}`),
    'first write',
    '503s',
    'failures',
    'alive',
  ];
  const rows = restarts.map((r) => [
    String(r.n),
    String(r.inFlight),
    ms(r.restartMs),
    ...r.healthyMs.map(ms),
    ms(r.firstWriteMs),
    String(r.unavailable),
    String(r.failures),
    r.alive.map((a) => (a ? 'yes' : 'NO')).join(' / '),
  ]);
  console.log(
    "\nAfter each immediate restart ('server back': the restart command's time; the rest from the database accepting connections again):",
  );
  printTable(header, rows);

  const acknowledged = tally.outcomes.get(ACKNOWLEDGED) ?? 0;
  const stored = checks.reduce((n, c) => n + c.rows, 0);
  const lost = checks.reduce((n, c) => n + c.missing.length, 0);
  console.log('\nAnswers to the writers:');
  printTable(
    ['answer', 'count'],
    [...tally.outcomes].sort(([a], [b]) => a.localeCompare(b)).map(([kind, count]) => [kind, String(count)]),
  );
  console.log(
    `\nAcknowledged writes: ${acknowledged}; rows in the database: ${stored} ` +
      `(${stored - acknowledged} committed but answered 503: the connection went before the commit's reply); lost: ${lost}`,
  );
  for (const sample of tally.failureSamples) console.log(`  failure: ${sample}`);
  for (const c of checks.filter((c) => c.missing.length > 0))
    console.log(`  account ${c.accountId} lost: ${c.missing.slice(0, 10).join(', ')}`);

  const worst = (values: Array<number | null>) => (values.includes(null) ? null : Math.max(...(values as number[])));
  const healthiest = worst(restarts.flatMap((r) => r.healthyMs));
  const firstWrite = worst(restarts.map((r) => r.firstWriteMs));
  const results: Array<[boolean, string]> = [
    [
      restarts.every((r) => r.alive.every(Boolean)) && aliveAtEnd.every(Boolean),
      'every instance alive after every restart and at the end',
    ],
    [
      healthiest !== null && healthiest <= withinMs,
      `/api/health/db 200 on every instance within ${withinMs / 1000} s (slowest ${ms(healthiest)})`,
    ],
    [
      firstWrite !== null && firstWrite <= withinMs,
      `a write acknowledged within ${withinMs / 1000} s (slowest ${ms(firstWrite)})`,
    ],
    [
      tally.failures === 0,
      `only 201 or 503 with Retry-After: no 500, no other status, no dropped connection (${tally.failures} failures)`,
    ],
    [lost === 0, `no acknowledged write lost (${lost} missing of ${acknowledged} acknowledged)`],
    [
      checks.every((c) => c.balancePence === c.sumPence),
      `balance = sum of transactions on every account (${checks.length})`,
    ],
  ];
  console.log('');
  for (const [ok, what] of results) console.log(`${ok ? 'PASS' : 'FAIL'}  ${what}`);
  const passed = results.every(([ok]) => ok);
  console.log(`\n${passed ? 'PASS' : 'FAIL'}`);
  return passed;
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  for (const r of rows) console.log(line(r));
}
