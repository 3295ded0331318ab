/**
 * One run of the banking data importer (issue 27): a source's tabs → parsed rows
 * (parse-source.ts) → six-state change detection against what is stored (change-detection.ts) →
 * for a sync, per tab one transaction that writes the new and updated rows (as the source's data,
 * not an admin's edit), queues what needs an admin (a licence or cover change, a conflict with an
 * admin's edit, a row the source no longer lists) and records each write in the audit trail. A
 * preview does the same reading and writes nothing. A failed tab is rolled back whole, and the
 * tabs after it are not run: an ISA provider may name a licence the Banks tab adds.
 */
import { eq, sql } from 'drizzle-orm';
import type { CalendarDate } from '../../../core/dates/calendar-date.ts';
import {
  type ChangeState,
  detectChanges,
  type RowChange,
  type StoredReferenceRow,
  type TableChanges,
} from '../../../core/reference-data/import/change-detection.ts';
import {
  IMPORT_TABS,
  type ImportRecord,
  type ImportTab,
  type ImportTable,
  type InvalidRow,
  type RawTab,
} from '../../../core/reference-data/import/contract.ts';
import { LABEL_FIELD } from '../../../core/reference-data/import/coverage-fields.ts';
import { keepMovedBrandIds } from '../../../core/reference-data/import/moved-brands.ts';
import { exportImportTabs } from '../../../core/reference-data/import/export-source.ts';
import { HEADER_ROW, parseImportTabs } from '../../../core/reference-data/import/parse-source.ts';
import type { Database, Tx } from '../../db/client.ts';
import { withActor } from '../../db/rls.ts';
import { AppError } from '../../errors.ts';
import { NUL_MESSAGE } from '../../http/nul-guard.ts';
import { adminReviewItems, referenceChangeAudit, referenceImportRuns } from '../../db/schema/index.ts';
import { readStoredRows, writeSourceRows } from './reference-tables.ts';
import { accountsNotInData, rejectPendingReferenceReviews, withdrawTabRows } from './withdraw.ts';

/** Why a Fresh Sync rejects the review items pending before it. */
const FRESH_SYNC_REVIEW_NOTE = 'The banking data was cleared and imported afresh (Fresh Sync)';

/** `fresh-sync`: every tab's rows are withdrawn, then the source's written as new (ADR 0052). */
export type ImportMode = 'preview' | 'sync' | 'fresh-sync';
export type ImportSourceKind = 'google_sheets' | 'xlsx' | 'csv';

/** What a tab did (or, in a preview, would do). */
export type TabResult = {
  tab: ImportTab;
  status: 'done' | 'failed' | 'not-run';
  processed: number;
  inserted: number;
  updated: number;
  unchanged: number;
  review: number;
  invalid: number;
  errors: number;
  bankingGroupsUpdated: number;
  /** Rows withdrawn first (a Fresh Sync's or Clear All Data's): brands or providers, not groups. */
  withdrawn: number;
  error: string | null;
};

/** A row that is not unchanged, as a preview lists it. */
export type ChangeLine = {
  tab: ImportTab;
  table: ImportTable;
  id: string;
  label: string;
  state: ChangeState;
  decision: RowChange['decision'];
  changedFields: string[];
  changesCoverage: boolean;
};

export type Diagnostics = { tab: ImportTab; rowCount: number; headers: string[]; sampleRows: string[][] };

export type ImportReport = {
  mode: ImportMode;
  runId: string | null;
  tabs: TabResult[];
  totals: Omit<TabResult, 'tab' | 'status' | 'error'>;
  errors: InvalidRow[];
  changes: ChangeLine[];
  diagnostics: Diagnostics[];
  /** After a Fresh Sync, how many accounts' bank or provider is not in the data (null otherwise). */
  accountsNotInData: number | null;
};

/** The tables a tab writes, groups first (the brands and providers name them). */
const TAB_TABLES: Record<ImportTab, readonly ImportTable[]> = {
  Banks: ['banking_groups', 'bank_references'],
  ISAs: ['banking_groups', 'isa_providers'],
  Pensions: ['pension_providers'],
};

/** An ISA provider's synthetic group (002 §3) is the ISAs tab's; every other licence is the Banks tab's. */
const isSyntheticGroup = (id: string) => id.startsWith('isa-');
function ownedByTab(tab: ImportTab, table: ImportTable, id: string): boolean {
  if (table !== 'banking_groups') return true;
  return tab === 'ISAs' ? isSyntheticGroup(id) : !isSyntheticGroup(id);
}

/** How many changes a preview lists, at most (the counts are always whole). */
export const PREVIEW_CHANGES_MAX = 1_000;
const SAMPLE_ROWS = 3;

export const emptyResult = (tab: ImportTab): TabResult => ({
  tab,
  status: 'not-run',
  processed: 0,
  inserted: 0,
  updated: 0,
  unchanged: 0,
  review: 0,
  invalid: 0,
  errors: 0,
  bankingGroupsUpdated: 0,
  withdrawn: 0,
  error: null,
});

/**
 * The tabs to parse: the source's, and when it has no Banks tab but needs one (ISAs and Pensions
 * find their licence by FRN there), the stored licences and brands as a Banks tab, read only.
 */
async function tabsToParse(database: Database, adminId: string, source: RawTab[]): Promise<RawTab[]> {
  if (source.some((t) => t.tab === 'Banks')) return source;
  const stored = await withActor(database.db, { userId: adminId, isAdmin: true }, async (tx) => ({
    bankingGroups: await readStoredRows(tx, 'banking_groups'),
    bankReferences: await readStoredRows(tx, 'bank_references'),
  }));
  const asLoaded = (rows: StoredReferenceRow[]) =>
    rows.filter((r) => r.isActive).map((r) => ({ ...(r.loadedData ?? r.current), id: r.id }) as ImportRecord);
  const banks = exportImportTabs({
    bankingGroups: asLoaded(stored.bankingGroups),
    bankReferences: asLoaded(stored.bankReferences),
    isaProviders: [],
    pensionProviders: [],
  }).find((t) => t.tab === 'Banks')!;
  return [...source, banks];
}

/**
 * Each of the tab's tables' changes. `fresh`: the stored rows are about to be withdrawn, so every
 * source row is new (a brand that moved licence still keeps its stored id: its accounts follow it).
 */
function tabChanges(
  tab: ImportTab,
  stored: Record<ImportTable, StoredReferenceRow[]>,
  records: Record<ImportTable, ImportRecord[]>,
  invalid: InvalidRow[],
  fresh: boolean,
): TableChanges[] {
  return TAB_TABLES[tab].map((table) => {
    const own = stored[table].filter((r) => ownedByTab(tab, table, r.id));
    const invalidIds = invalid.flatMap((i) => (i.table === table && i.id !== null ? [i.id] : []));
    const given = records[table].filter((r) => ownedByTab(tab, table, r.id));
    const incoming = table === 'bank_references' ? keepMovedBrandIds(given, own, invalidIds) : given;
    return detectChanges({ table, incoming, stored: fresh ? [] : own, invalidIds });
  });
}

function resultOf(tab: ImportTab, tables: TableChanges[], invalidRows: number): TabResult {
  const result = { ...emptyResult(tab), status: 'done' as const, invalid: invalidRows, errors: invalidRows };
  for (const changes of tables) {
    const main = changes.table !== 'banking_groups';
    for (const change of changes.changes) {
      if (change.decision === 'review') result.review += 1;
      if (change.decision !== 'apply') {
        if (main && change.state === 'unchanged') result.unchanged += 1;
        continue;
      }
      if (!main) result.bankingGroupsUpdated += 1;
      else if (change.state === 'new') result.inserted += 1;
      else result.updated += 1;
    }
    if (main) result.processed = changes.changes.filter((c) => c.after !== null).length + invalidRows;
  }
  return result;
}

function changeLines(tab: ImportTab, tables: TableChanges[]): ChangeLine[] {
  return tables.flatMap((changes) =>
    changes.changes
      .filter((c) => c.state !== 'unchanged')
      .map((c) => ({
        tab,
        table: changes.table,
        id: c.id,
        label: String((c.after ?? c.before)?.[LABEL_FIELD[changes.table]] ?? c.id),
        state: c.state,
        decision: c.decision,
        changedFields: c.changedFields,
        changesCoverage: c.changesCoverage,
      })),
  );
}

/** Rows per INSERT, keeping the bind parameters well under PostgreSQL's 65,535. */
const ROWS_PER_INSERT = 500;
function* inChunks<T>(rows: T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) yield rows.slice(i, i + ROWS_PER_INSERT);
}

/** Writes a tab's applied rows, queues its review items and records the audit trail. */
async function applyTab(tx: Tx, tables: TableChanges[], runId: string, adminId: string): Promise<void> {
  await tx.execute(sql`select set_config('app.reference_import', 'true', true)`);
  for (const changes of tables) {
    await writeSourceRows(tx, changes.table, changes.writes);
    const audit = changes.changes
      .filter((c) => c.decision === 'apply')
      .map((c) => ({
        runId,
        tableName: changes.table,
        rowId: c.id,
        action: c.state === 'new' ? 'insert' : 'update',
        before: c.before,
        after: c.after,
        changedBy: adminId,
      }));
    for (const rows of inChunks(audit)) await tx.insert(referenceChangeAudit).values(rows);
    const reviews = changes.changes.flatMap((c) => (c.review ? [c.review] : []));
    for (const rows of inChunks(reviews))
      await tx.insert(adminReviewItems).values(rows).onConflictDoNothing({ target: adminReviewItems.dedupeKey });
  }
  await tx.execute(sql`select set_config('app.reference_import', 'false', true)`);
}

const sumOf = (tabs: TabResult[]): ImportReport['totals'] => {
  const keys = [
    'processed',
    'inserted',
    'updated',
    'unchanged',
    'review',
    'invalid',
    'errors',
    'bankingGroupsUpdated',
    'withdrawn',
  ] as const;
  return Object.fromEntries(keys.map((k) => [k, tabs.reduce((n, t) => n + t[k], 0)])) as ImportReport['totals'];
};

export type ImportInput = {
  mode: ImportMode;
  source: { kind: ImportSourceKind; name: string | null; tabs: RawTab[] };
  adminId: string;
  today: CalendarDate;
};

/** PostgreSQL's text cannot hold U+0000: a cell with it is refused before anything is read. */
function refuseNulCells(tabs: RawTab[]): void {
  for (const tab of tabs)
    for (const [i, row] of [tab.headers, ...tab.rows].entries())
      if (row.some((cell) => cell.includes('\u0000')))
        throw new AppError('VALIDATION_FAILED', `${NUL_MESSAGE} (in the ${tab.tab} tab, row ${i + 1})`);
}

/** Fresh Sync replaces all the data: a source without one of the tabs would leave that tab empty. */
export function freshSyncMissingTabsMessage(missing: readonly ImportTab[]): string {
  return `Fresh Sync needs the Banks, ISAs and Pensions tabs: the source has no ${missing.join(' or ')} tab`;
}

export async function runImport(database: Database, input: ImportInput): Promise<ImportReport> {
  const { mode, source, adminId } = input;
  const fresh = mode === 'fresh-sync';
  refuseNulCells(source.tabs);
  const tabs = IMPORT_TABS.filter((tab) => source.tabs.some((t) => t.tab === tab));
  const missing = IMPORT_TABS.filter((tab) => !tabs.includes(tab));
  if (fresh && missing.length > 0) throw new AppError('VALIDATION_FAILED', freshSyncMissingTabsMessage(missing));
  const parsed = parseImportTabs(await tabsToParse(database, adminId, source.tabs), input.today);
  const ownInvalid = (tab: ImportTab) => parsed.invalid.filter((i) => i.tab === tab);
  const headerFailure = (tab: ImportTab) => ownInvalid(tab).find((i) => i.rowNumber === HEADER_ROW);
  const report: ImportReport = {
    mode,
    runId: null,
    tabs: tabs.map(emptyResult),
    totals: sumOf([]),
    errors: parsed.invalid.filter((i) => tabs.includes(i.tab)),
    changes: [],
    diagnostics: source.tabs.map((t) => ({
      tab: t.tab,
      rowCount: t.rows.length,
      headers: t.headers,
      sampleRows: t.rows.slice(0, SAMPLE_ROWS),
    })),
    accountsNotInData: null,
  };
  const asAdmin = { userId: adminId, isAdmin: true };
  if (mode !== 'preview') {
    const [run] = await withActor(database.db, asAdmin, (tx) =>
      tx
        .insert(referenceImportRuns)
        .values({
          startedBy: adminId,
          source: source.kind,
          sourceName: source.name,
          mode,
          tabs,
          status: 'running',
          results: [],
        })
        .returning({ id: referenceImportRuns.id }),
    );
    report.runId = run!.id;
  }
  for (const [index, tab] of tabs.entries()) {
    const unreadable = headerFailure(tab);
    if (unreadable) {
      report.tabs[index] = { ...emptyResult(tab), status: 'failed', errors: 1, error: unreadable.messages.join(' ') };
      break;
    }
    try {
      report.tabs[index] = await withActor(database.db, asAdmin, async (tx) => {
        const stored = {} as Record<ImportTable, StoredReferenceRow[]>;
        for (const table of TAB_TABLES[tab]) stored[table] = await readStoredRows(tx, table);
        const tables = tabChanges(tab, stored, parsed.records, parsed.invalid, fresh);
        report.changes.push(...changeLines(tab, tables));
        let withdrawn = 0;
        if (fresh) {
          await tx.execute(sql`select set_config('app.reference_import', 'true', true)`);
          withdrawn = await withdrawTabRows(tx, tab, report.runId!, adminId);
        }
        if (mode !== 'preview') await applyTab(tx, tables, report.runId!, adminId);
        return { ...resultOf(tab, tables, ownInvalid(tab).length), withdrawn };
      });
    } catch (error) {
      report.tabs[index] = { ...emptyResult(tab), status: 'failed', errors: 1, error: (error as Error).message };
      break;
    }
  }
  report.totals = sumOf(report.tabs);
  report.changes = report.changes.slice(0, PREVIEW_CHANGES_MAX);
  if (fresh)
    report.accountsNotInData = await withActor(database.db, asAdmin, async (tx) => {
      // A failed tab kept its rows, and the items about them still stand.
      if (report.tabs.every((t) => t.status === 'done'))
        await rejectPendingReferenceReviews(tx, FRESH_SYNC_REVIEW_NOTE);
      return accountsNotInData(tx);
    });
  if (report.runId) {
    const failed = report.tabs.some((t) => t.status !== 'done');
    await withActor(database.db, asAdmin, (tx) =>
      tx
        .update(referenceImportRuns)
        .set({
          status: failed ? 'failed' : 'succeeded',
          results: report.tabs,
          errors: report.errors,
          finishedAt: sql`now()`,
        })
        .where(eq(referenceImportRuns.id, report.runId!)),
    );
  }
  return report;
}
