/**
 * The last full run of the Integration Validation Suite, kept in `validation_runs` (issue 31,
 * ADR 0066) so every instance's System Alerts tab raises its critical issues (002 §8).
 */
import { desc, lt } from 'drizzle-orm';
import { isCriticalIssue } from '../../core/diagnostics/health.ts';
import type { AppDb } from '../db/client.ts';
import { validationRuns } from '../db/schema/index.ts';
import type { DiagnosticsRun } from './checks.ts';

/** Runs older than the newest this many are removed as each run is kept. */
const RUNS_KEPT = 50;

/** Keeps a full run (the newest is the last run) and drops those past the newest RUNS_KEPT. */
export async function keepValidationRun(db: AppDb, run: DiagnosticsRun): Promise<void> {
  await db.transaction(async (tx) => {
    const [kept] = await tx
      .insert(validationRuns)
      .values({
        ranAt: new Date(run.ranAt),
        healthScore: run.summary.healthScore,
        criticalIssues: run.results.filter(isCriticalIssue).length,
        run: run as unknown as Record<string, unknown>,
      })
      .returning({ id: validationRuns.id });
    if (kept) await tx.delete(validationRuns).where(lt(validationRuns.id, kept.id - RUNS_KEPT + 1));
  });
}

export type LastValidationRun = { run: DiagnosticsRun; criticalIssues: number; ranAt: string };

/** The newest kept run, or null when the suite has not run here yet. */
export async function lastValidationRun(db: AppDb): Promise<LastValidationRun | null> {
  const [row] = await db
    .select()
    .from(validationRuns)
    .orderBy(desc(validationRuns.ranAt), desc(validationRuns.id))
    .limit(1);
  if (!row) return null;
  return {
    run: row.run as unknown as DiagnosticsRun,
    criticalIssues: row.criticalIssues,
    ranAt: row.ranAt.toISOString(),
  };
}

export type ValidationSummary = { ranAt: string; healthScore: number; criticalIssues: number };

/** The newest kept run's figures alone (what the System Health Dashboard reads on every refresh). */
export async function lastValidationSummary(db: AppDb): Promise<ValidationSummary | null> {
  const [row] = await db
    .select({
      ranAt: validationRuns.ranAt,
      healthScore: validationRuns.healthScore,
      criticalIssues: validationRuns.criticalIssues,
    })
    .from(validationRuns)
    .orderBy(desc(validationRuns.ranAt), desc(validationRuns.id))
    .limit(1);
  return row ? { ...row, ranAt: row.ranAt.toISOString() } : null;
}
