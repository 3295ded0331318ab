/**
 * What an import will do, row by row and in total: rows with errors are never imported;
 * duplicates are left out when the user asks to skip them; rows dated before the account's
 * latest stated balance are history, already counted in it, and leave the balance as it is
 * (ADR 0022).
 */
import type { BalanceStatementType } from '../balance/balance-rule.ts';
import type { CalendarDate } from '../dates/calendar-date.ts';
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
  /** Of the rows it will add, those dated before the account's latest stated balance: already counted in it. */
  alreadyCounted: number;
  /** What the import changes the balance by (signed): the rows it will add dated on or after that statement. */
  balanceChangePence: number;
}

/** The account's latest stated balance (the import preview's answer names it), or null when it has none. */
export type LatestStatement = { date: CalendarDate; type: BalanceStatementType };

/** Whether a row is history: dated before the account's latest stated balance, so already counted in it. */
export function isAlreadyCounted(row: { date: CalendarDate }, latest: LatestStatement | null): boolean {
  return latest !== null && row.date < latest.date;
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

export function summariseImport(
  preview: readonly PreviewRow[],
  skipDuplicates: boolean,
  latest: LatestStatement | null = null,
): ImportSummary {
  const importing = rowsToImport(preview, skipDuplicates);
  const counted = importing.filter((r) => !isAlreadyCounted(r, latest));
  return {
    rows: preview.length,
    errors: preview.filter((p) => p.status === 'error').length,
    duplicates: preview.filter((p) => p.status === 'duplicate').length,
    toImport: importing.length,
    moneyInPence: importing.reduce((sum, r) => sum + Math.max(0, r.amountPence), 0),
    moneyOutPence: importing.reduce((sum, r) => sum + Math.max(0, -r.amountPence), 0),
    alreadyCounted: importing.length - counted.length,
    balanceChangePence: counted.reduce((sum, r) => sum + r.amountPence, 0),
  };
}
