/**
 * The reference tables an import (or an approved review item) writes, read and written as the
 * loader does (src/server/reference/loader.ts): keyed by id, each row carrying `loaded_data`, the
 * row as the source last gave it.
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { StoredReferenceRow } from '../../../core/reference-data/import/change-detection.ts';
import type { ImportRecord, ImportTable } from '../../../core/reference-data/import/contract.ts';
import type { Tx } from '../../db/client.ts';
import { bankReferences, bankingGroups, isaProviders, pensionProviders } from '../../db/schema/index.ts';

export const REFERENCE_TABLES = {
  banking_groups: bankingGroups,
  bank_references: bankReferences,
  isa_providers: isaProviders,
  pension_providers: pensionProviders,
} as const satisfies Record<ImportTable, unknown>;

export type ReferenceTable = (typeof REFERENCE_TABLES)[ImportTable];

export async function readStoredRows(tx: Tx, table: ImportTable): Promise<StoredReferenceRow[]> {
  const rows = (await tx.select().from(REFERENCE_TABLES[table])) as Array<Record<string, unknown> & { id: string }>;
  return rows.map((row) => ({
    id: row.id,
    loadedData: (row.loadedData as Record<string, unknown> | null) ?? null,
    adminEditedAt: (row.adminEditedAt as Date | null) ?? null,
    isActive: row.isActive === true,
    current: row,
  }));
}

/**
 * A source's values as the table's columns take them: timestamps come back from JSON as text;
 * keys that are not columns (and the bookkeeping ones) are left out.
 */
export function columnValues(table: ImportTable, record: Record<string, unknown>): Record<string, unknown> {
  const columns = getTableColumns(REFERENCE_TABLES[table]) as Record<string, { columnType: string }>;
  const skip = new Set(['loadedData', 'adminEditedAt', 'createdAt', 'updatedAt']);
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    const column = columns[key];
    if (!column || skip.has(key)) continue;
    values[key] = column.columnType === 'PgTimestamp' && typeof value === 'string' ? new Date(value) : value;
  }
  return values;
}

/** Rows per INSERT, keeping the bind parameters well under PostgreSQL's 65,535. */
const ROWS_PER_INSERT = 500;

/**
 * Writes the source's rows: each becomes the row and its loaded data, active (the source lists
 * it). The caller has said the write is the source's (`app.reference_import`), so the admin-edit
 * trigger does not take it for an edit by hand.
 */
export async function writeSourceRows(tx: Tx, table: ImportTable, records: readonly ImportRecord[]): Promise<void> {
  if (records.length === 0) return;
  const target = REFERENCE_TABLES[table];
  const columns = getTableColumns(target) as Record<string, { name: string }>;
  const values = records.map((record) => ({
    ...columnValues(table, record),
    isActive: true,
    loadedData: record,
    adminEditedAt: null,
  }));
  const keys = Object.keys(values[0]!);
  const set: Record<string, SQL> = Object.fromEntries(
    keys.map((key) => [key, sql.raw(`excluded."${columns[key]!.name}"`)]),
  );
  for (let i = 0; i < values.length; i += ROWS_PER_INSERT) {
    await tx
      .insert(target)
      .values(values.slice(i, i + ROWS_PER_INSERT) as never)
      .onConflictDoUpdate({ target: target.id, set: { ...set, updatedAt: sql`now()` } as never });
  }
}
