/**
 * What an import will do, row by row and in total: rows with errors are never imported;
 * duplicates are left out when the user asks to skip them.
 */
import type { DuplicateOf } from './duplicates.ts';
import type { ImportRow, RowReading } from './rows.ts';

export type PreviewRow =
  | { line: number; status: 'ready' | 'duplicate'; row: ImportRow; duplicateOf: DuplicateOf; errors: [] }
  | { line: number; status: 'error'; row: null; duplicateOf: null; errors: string[] };

export interface ImportSummary {
  /** Data rows in the file. */
  rows: number;
  errors: number;
  duplicates: number;
  /** Rows the import will add. */
  toImport: number;
  /** Totals of the rows it will add, in pence: money in positive, money out as a positive figure. */
  moneyInPence: number;
  moneyOutPence: number;
}

/**
 * Joins each reading with its duplicate finding; `duplicateOf` holds one entry per readable row,
 * in order (what findDuplicates, or the server's preview, returns for the readable rows).
 */
export function previewRows(readings: readonly RowReading[], duplicateOf: readonly DuplicateOf[]): PreviewRow[] {
  let next = 0;
  return readings.map((reading) => {
    if (!reading.ok)
      return { line: reading.line, status: 'error', row: null, duplicateOf: null, errors: reading.errors };
    const found = duplicateOf[next++] ?? null;
    return {
      line: reading.line,
      status: found ? 'duplicate' : 'ready',
      row: reading.row,
      duplicateOf: found,
      errors: [],
    };
  });
}

/** The rows the import sends: every readable row, less duplicates when they are skipped. */
export function rowsToImport(preview: readonly PreviewRow[], skipDuplicates: boolean): ImportRow[] {
  return preview
    .filter((p) => p.status === 'ready' || (p.status === 'duplicate' && !skipDuplicates))
    .map((p) => p.row!);
}

export function summariseImport(preview: readonly PreviewRow[], skipDuplicates: boolean): ImportSummary {
  const importing = rowsToImport(preview, skipDuplicates);
  return {
    rows: preview.length,
    errors: preview.filter((p) => p.status === 'error').length,
    duplicates: preview.filter((p) => p.status === 'duplicate').length,
    toImport: importing.length,
    moneyInPence: importing.reduce((sum, r) => sum + Math.max(0, r.amountPence), 0),
    moneyOutPence: importing.reduce((sum, r) => sum + Math.max(0, -r.amountPence), 0),
  };
}
