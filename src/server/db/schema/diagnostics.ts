// The diagnostics' own record (issue 31, ADR 0066). A server table: not granted to app_user.
import { bigserial, index, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * Each full run of the Integration Validation Suite (the System Health Dashboard's Validation Tests
 * and the Debug Console's Data Validation): the newest is "the last run", shared by every instance,
 * whose critical issues the System Alerts tab raises. No one's rows: the checks' counts and ids.
 */
export const validationRuns = pgTable(
  'validation_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
    healthScore: integer('health_score').notNull(),
    /** Failed checks of high or critical severity: §8's "N critical data validation issues found". */
    criticalIssues: integer('critical_issues').notNull(),
    /** The run as the diagnostics API answers it (results and summary). */
    run: jsonb('run').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('validation_runs_ran_at_idx').on(t.ranAt)],
);
