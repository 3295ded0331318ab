/**
 * Prints where PGlite's thread spent its time (BENCH_STATEMENTS=1): the statements that took most
 * of it, and how the turns' holding divides between statements running, waits for the server's
 * thread to send the next one, and the rest.
 */
import fs from 'node:fs';
import type { StatementReport } from '../../src/server/db/statement-stats.ts';
import { int } from './report.ts';

const SHOWN = 15;

export function printStatements(file: string): void {
  if (!fs.existsSync(file)) {
    console.log(`statements: no report at ${file} (did the server close its database?)`);
    return;
  }
  const { statements, turns } = JSON.parse(fs.readFileSync(file, 'utf8')) as StatementReport;
  const pct = (ms: number) => Math.round((100 * ms) / Math.max(turns.heldMs, 1));
  const other = turns.heldMs - turns.runningMs - turns.waitedMs;
  console.log(
    `PGlite's turns: ${int(turns.count)} held ${int(turns.heldMs)} ms: statements ran ${int(turns.runningMs)} ms (${pct(turns.runningMs)}%), ` +
      `${int(turns.waits)} waits for the server's thread's next statement ${int(turns.waitedMs)} ms (${pct(turns.waitedMs)}%), ` +
      `the rest (answers sent, turns handed on) ${int(other)} ms (${pct(other)}%)`,
  );
  console.log(`the ${SHOWN} statements that took most of it (whole server life, warm-up included):`);
  for (const s of statements.slice(0, SHOWN)) {
    const share = Math.round((1000 * s.ms) / Math.max(turns.runningMs, 1)) / 10;
    console.log(
      `  ${String(share).padStart(5)}%  ${int(s.count).padStart(8)} × ${int((1000 * s.ms) / s.count).padStart(6)} µs  ${s.sql}`,
    );
  }
}
