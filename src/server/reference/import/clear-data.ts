/**
 * Clear All Data (002 §2 Danger Zone, ADR 0052): every banking group, brand, ISA provider and
 * pension provider withdrawn in one transaction, kept as a run with an audit row per row. Pending
 * review items about the data are rejected (approving one later would bring a row back). What
 * savers see: every account linked to the data keeps its bank's name and says "bank not in our
 * data" until an import brings its bank back.
 */
import { sql } from 'drizzle-orm';
import { IMPORT_TABS, type ImportTab } from '../../../core/reference-data/import/contract.ts';
import type { Database } from '../../db/client.ts';
import { withActor } from '../../db/rls.ts';
import { referenceImportRuns } from '../../db/schema/index.ts';
import { emptyResult } from './run-import.ts';
import { accountsNotInData, rejectPendingReferenceReviews, withdrawTabRows } from './withdraw.ts';

export type ClearReport = {
  runId: string;
  /** Brands or providers withdrawn per tab (banking groups go with them, uncounted). */
  tabs: Array<{ tab: ImportTab; withdrawn: number }>;
  reviewItemsRejected: number;
  /** Accounts (every saver's) whose bank or provider is not in the data now. */
  accountsNotInData: number;
};

const CLEAR_REVIEW_NOTE = 'All bank reference data was cleared';

export async function clearReferenceData(database: Database, adminId: string): Promise<ClearReport> {
  return withActor(database.db, { userId: adminId, isAdmin: true }, async (tx) => {
    await tx.execute(sql`select set_config('app.reference_import', 'true', true)`);
    const [run] = await tx
      .insert(referenceImportRuns)
      .values({
        startedBy: adminId,
        source: 'admin',
        sourceName: null,
        mode: 'clear',
        tabs: [...IMPORT_TABS],
        status: 'running',
        results: [],
      })
      .returning({ id: referenceImportRuns.id });
    const runId = run!.id;
    const tabs: ClearReport['tabs'] = [];
    for (const tab of IMPORT_TABS) tabs.push({ tab, withdrawn: await withdrawTabRows(tx, tab, runId, adminId) });
    const reviewItemsRejected = await rejectPendingReferenceReviews(tx, CLEAR_REVIEW_NOTE);
    await tx
      .update(referenceImportRuns)
      // As an import's runs keep them, so the runs list reads every run alike.
      .set({
        status: 'succeeded',
        results: tabs.map(({ tab, withdrawn }) => ({ ...emptyResult(tab), status: 'done', withdrawn })),
        finishedAt: sql`now()`,
      })
      .where(sql`${referenceImportRuns.id} = ${runId}`);
    return { runId, tabs, reviewItemsRejected, accountsNotInData: await accountsNotInData(tx) };
  });
}
