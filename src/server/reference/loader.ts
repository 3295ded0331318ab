/**
 * Loads data/reference/ into the reference tables on start, idempotently:
 * - files unchanged since the last load (same content hash): one query, nothing written;
 * - a changed row is updated, a new row inserted, a row gone from the files deactivated;
 * - a row an admin has edited is never overwritten: the difference becomes an admin review item
 *   (one per difference, however often the same files are loaded).
 * Several instances starting at once take turns on an advisory lock.
 */
import { desc, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { contentHash, sha256Hex, stableStringify } from '../../core/reference-data/content-hash.ts';
import { loadReferenceData } from '../../core/reference-data/reference-data.ts';
import { formatIssue } from '../../core/reference-data/csv.ts';
import type { Database, Tx } from '../db/client.ts';
import {
  adminReviewItems,
  bankReferences,
  bankingGroups,
  isaProviders,
  pensionProviders,
  platformPartnerBanks,
  protectionLimits,
  referenceDataLoads,
} from '../db/schema/index.ts';
import type { Logger } from '../logger.ts';
import { readReferenceFiles } from './files.ts';
import { referenceTableRows, type ReferenceTableRows } from './rows.ts';

const LOAD_LOCK = 727_274_412;

export type LoadSummary = {
  skipped: boolean;
  contentHash: string;
  inserted: number;
  updated: number;
  deactivated: number;
  reviewItems: number;
};

/** The tables an admin may edit: keyed by id, each row carrying `loaded_data` and `admin_edited_at`. */
const EDITABLE = [
  {
    name: 'banking_groups',
    table: bankingGroups,
    rows: (r: ReferenceTableRows) => r.bankingGroups,
    label: 'groupName',
  },
  {
    name: 'bank_references',
    table: bankReferences,
    rows: (r: ReferenceTableRows) => r.bankReferences,
    label: 'bankName',
  },
  {
    name: 'isa_providers',
    table: isaProviders,
    rows: (r: ReferenceTableRows) => r.isaProviders,
    label: 'platformName',
  },
  {
    name: 'pension_providers',
    table: pensionProviders,
    rows: (r: ReferenceTableRows) => r.pensionProviders,
    label: 'providerDisplayName',
  },
] as const;

type EditableTable = (typeof EDITABLE)[number]['table'];
type Record_ = { id: string } & Record<string, unknown>;
type Existing = {
  id: string;
  loadedData: unknown;
  adminEditedAt: Date | null;
  isActive: boolean;
  current: Record<string, unknown>;
};

/** Rows per INSERT, keeping the bind parameters well under PostgreSQL's 65,535. */
function chunks<T>(rows: T[], columns: number): T[][] {
  const size = Math.max(1, Math.floor(20_000 / columns));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** `SET col = excluded.col` for every column a loaded row writes. */
function excludedSet(table: PgTable, keys: string[]): Record<string, SQL> {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  return Object.fromEntries(keys.map((key) => [key, sql.raw(`excluded."${columns[key]!.name}"`)]));
}

async function upsert(tx: Tx, table: EditableTable, records: Record_[]): Promise<void> {
  if (records.length === 0) return;
  const keys = [...Object.keys(records[0]!), 'loadedData'];
  const set = { ...excludedSet(table, keys), updatedAt: sql`now()` };
  for (const chunk of chunks(records, keys.length)) {
    const values = chunk.map((record) => ({ ...record, loadedData: record }));
    await tx
      .insert(table)
      .values(values as never)
      .onConflictDoUpdate({ target: table.id, set: set as never });
  }
}

async function existingRows(tx: Tx, table: EditableTable): Promise<Map<string, Existing>> {
  const rows = (await tx.select().from(table)) as unknown as (Record<string, unknown> & Omit<Existing, 'current'>)[];
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        loadedData: row.loadedData,
        adminEditedAt: row.adminEditedAt,
        isActive: row.isActive,
        current: row,
      },
    ]),
  );
}

type ReviewItem = typeof adminReviewItems.$inferInsert;

function reviewItem(tableName: string, label: string, existing: Existing, incoming: Record_ | null): ReviewItem {
  const { loadedData: _loaded, createdAt: _created, updatedAt: _updated, ...current } = existing.current;
  const changed =
    incoming === null
      ? []
      : Object.keys(incoming).filter(
          (key) =>
            stableStringify(incoming[key]) !== stableStringify((existing.loadedData as Record<string, unknown>)[key]),
        );
  return {
    title:
      incoming === null
        ? `Reference data: '${label}' is no longer in the data files`
        : `Reference data: new values for '${label}'`,
    description:
      incoming === null
        ? `An admin edited ${tableName} row ${existing.id}; the data files no longer list it, so it was left active.`
        : `An admin edited ${tableName} row ${existing.id}; the data files now give new values for ${changed.join(', ')}. The admin's values were kept.`,
    itemType: 'reference_data_conflict',
    priority: 'medium',
    suggestedAction:
      incoming === null ? 'Deactivate the row, or keep it' : "Apply the file's values, or keep the admin's edit",
    currentData: {
      table: tableName,
      id: existing.id,
      current,
      incoming,
      previouslyLoaded: existing.loadedData,
      changedFields: changed,
    },
    dedupeKey: `reference:${tableName}:${existing.id}:${sha256Hex(stableStringify(incoming))}`,
  };
}

async function loadEditable(tx: Tx, rows: ReferenceTableRows, summary: LoadSummary): Promise<ReviewItem[]> {
  const reviews: ReviewItem[] = [];
  for (const { name, table, rows: pick, label } of EDITABLE) {
    const incoming = pick(rows) as unknown as Record_[];
    const existing = await existingRows(tx, table);
    const toWrite: Record_[] = [];
    for (const record of incoming) {
      const row = existing.get(record.id);
      existing.delete(record.id);
      if (row && stableStringify(row.loadedData) === stableStringify(record) && row.isActive) continue;
      if (row?.adminEditedAt) {
        if (stableStringify(row.loadedData) !== stableStringify(record))
          reviews.push(reviewItem(name, String(record[label]), row, record));
        continue;
      }
      if (row) summary.updated++;
      else summary.inserted++;
      toWrite.push(record);
    }
    await upsert(tx, table, toWrite);
    // What is left was not in the files: deactivate it, unless an admin has taken it over.
    const gone = [...existing.values()].filter((row) => row.isActive);
    const untouched = gone.filter((row) => !row.adminEditedAt).map((row) => row.id);
    for (const row of gone.filter((r) => r.adminEditedAt))
      reviews.push(reviewItem(name, String(row.current[label]), row, null));
    if (untouched.length > 0) {
      await tx
        .update(table)
        .set({ isActive: false, updatedAt: sql`now()` } as never)
        .where(inArray(table.id, untouched));
      summary.deactivated += untouched.length;
    }
  }
  return reviews;
}

/** Platform partners and limits are not edited by admins: the files replace them. */
async function replaceDerivedTables(tx: Tx, rows: ReferenceTableRows): Promise<void> {
  await tx.delete(platformPartnerBanks);
  for (const chunk of chunks(rows.platformPartnerBanks, 9)) await tx.insert(platformPartnerBanks).values(chunk);
  await tx.delete(protectionLimits);
  if (rows.protectionLimits.length > 0) await tx.insert(protectionLimits).values(rows.protectionLimits);
}

async function lastContentHash(db: Database['db'] | Tx): Promise<string | null> {
  const [last] = await db
    .select({ hash: referenceDataLoads.contentHash })
    .from(referenceDataLoads)
    .orderBy(desc(referenceDataLoads.id))
    .limit(1);
  return last?.hash ?? null;
}

/**
 * Loads the reference files (read from data/reference/ unless `rows` is given, for tests) into
 * the database. Throws with every problem listed when the files do not pass their checks.
 */
export async function loadReferenceDataIntoDatabase(
  database: Database,
  logger: Logger,
  given?: ReferenceTableRows,
): Promise<LoadSummary> {
  let rows = given;
  if (!rows) {
    const result = loadReferenceData(readReferenceFiles());
    if (!result.ok)
      throw new Error(
        `The reference data in data/reference/ has problems:\n${result.issues.map(formatIssue).join('\n')}`,
      );
    rows = referenceTableRows(result.loaded.data);
  }
  // Hash the rows, not the files: a change in how rows are derived reloads them too.
  const hash = contentHash(rows);
  const summary: LoadSummary = {
    skipped: true,
    contentHash: hash,
    inserted: 0,
    updated: 0,
    deactivated: 0,
    reviewItems: 0,
  };
  if ((await lastContentHash(database.db)) === hash) return summary;

  const started = performance.now();
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOAD_LOCK})`);
    if ((await lastContentHash(tx)) === hash) return;
    summary.skipped = false;
    const reviews = await loadEditable(tx, rows, summary);
    await replaceDerivedTables(tx, rows);
    if (reviews.length > 0) {
      const added = await tx
        .insert(adminReviewItems)
        .values(reviews)
        .onConflictDoNothing({ target: adminReviewItems.dedupeKey })
        .returning({ id: adminReviewItems.id });
      summary.reviewItems = added.length;
    }
    await tx.insert(referenceDataLoads).values({
      contentHash: hash,
      counts: Object.fromEntries(Object.entries(rows).map(([key, list]) => [key, list.length])),
      reviewItems: summary.reviewItems,
    });
  });
  if (!summary.skipped) {
    logger.info('reference data loaded', { ...summary, ms: Math.round(performance.now() - started) });
  }
  return summary;
}
