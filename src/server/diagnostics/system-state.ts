/**
 * Export system state (002 §7 export-system-state): what an operator needs to describe this
 * server to someone else, with every secret redacted (core/diagnostics/redact.ts): settings whose
 * names look secret, credentials inside values (URL passwords, tokens, cookies), never request
 * headers or user rows.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { redactDeep } from '../../core/diagnostics/redact.ts';
import type { Deps } from '../http/context.ts';
import { rowsOf } from '../db/rls.ts';
import { tableExists } from './checks.ts';
import { runQuery } from './query-builder.ts';
import { checkQuery } from '../../core/diagnostics/query-spec.ts';
import type { DiagnosticsRun } from './checks.ts';

export async function systemState(deps: Deps, adminUserId: string, diagnostics: DiagnosticsRun): Promise<unknown> {
  const { db } = deps.database;
  const jobs = rowsOf<{ status: string; n: number }>(
    await db.execute(sql`select status, count(*)::int as n from jobs group by status order by status`),
  );
  const syncQueue = (await tableExists(db, 'hubspot_sync_queue'))
    ? rowsOf<{ status: string; n: number }>(
        await db.execute(
          sql`select status::text, count(*)::int as n from hubspot_sync_queue group by status order by status`,
        ),
      )
    : null;
  const counts = checkQuery({ table: 'row_counts', limit: 100 });
  const rowCounts = counts.ok ? (await runQuery(db, adminUserId, counts.spec)).rows : [];
  const state = {
    exportedAt: new Date(deps.clock.now()).toISOString(),
    app: {
      version: deps.version,
      uptimeSeconds: Math.round((Date.now() - deps.startedAt) / 1000),
      node: process.version,
      platform: `${os.platform()} ${os.arch()}`,
      memory: process.memoryUsage(),
    },
    database: { kind: deps.database.kind },
    config: deps.config,
    jobs,
    syncQueue,
    rowCounts,
    diagnostics: { summary: diagnostics.summary, results: diagnostics.results },
  };
  return redactDeep(JSON.parse(JSON.stringify(state)));
}
