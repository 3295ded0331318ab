/**
 * A bank's CSV export as a table, and a guess at which columns hold what. Comma separated,
 * fields optionally quoted (RFC 4180), CRLF or LF, a byte-order mark ignored. A header row is
 * required; lines above it (some banks put the account name and balance first) are skipped.
 */
import { splitRows } from '../reference-data/csv.ts';
import { type DateFormatId, detectDateFormat } from './dates.ts';

export interface ImportTable {
  /** Column names as the file gives them (a blank one becomes "Column N"). */
  header: string[];
  /** The 1-based line the header is on. */
  headerLine: number;
  /** Data rows: the line each starts on and its cells (a short row is padded with blanks). */
  rows: { line: number; cells: string[] }[];
}

export type AmountMode = 'single' | 'split';

/** Which column (0-based index) holds what; null where none does. */
export interface ColumnMapping {
  date: number | null;
  dateFormat: DateFormatId | null;
  notes: number | null;
  /** One signed amount column, or separate paid in / paid out columns. */
  amountMode: AmountMode;
  amount: number | null;
  paidIn: number | null;
  paidOut: number | null;
}

export const TABLE_MESSAGES = {
  empty: 'The file is empty. Choose a CSV file with a header row and at least one transaction.',
  noRows: 'The file has a header row but no transactions.',
} as const;

/** How far down a file the header row is looked for. */
const HEADER_SEARCH_ROWS = 15;

/**
 * Header names banks use, normalised (lower case, letters and digits; "(£)" and "(GBP)" dropped),
 * in order of preference. Balance columns are never used.
 */
const HEADER_NAMES = {
  date: [
    'date',
    'transaction date',
    'trans date',
    'txn date',
    'date of transaction',
    'posting date',
    'posted date',
    'completed date',
    'booking date',
    'value date',
  ],
  notes: [
    'description',
    'transaction description',
    'memo',
    'notes',
    'narrative',
    'details',
    'transaction details',
    'reference',
    'payee',
    'counter party',
    'name',
    'merchant',
  ],
  amount: ['amount', 'value', 'transaction amount', 'amount gbp', 'net amount', 'amount in gbp'],
  paidIn: ['paid in', 'money in', 'credit', 'credits', 'credit amount', 'in', 'deposits', 'receipts'],
  paidOut: ['paid out', 'money out', 'debit', 'debits', 'debit amount', 'out', 'withdrawals', 'payments'],
} as const;

export function normaliseHeader(name: string): string {
  return name
    .toLowerCase()
    .replace(/\((?:£|gbp)\)/g, '')
    .replace(/£/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function findColumn(header: readonly string[], names: readonly string[], taken: ReadonlySet<number>): number | null {
  const normalised = header.map(normaliseHeader);
  for (const name of names) {
    const index = normalised.findIndex((h, i) => h === name && !taken.has(i));
    if (index !== -1) return index;
  }
  return null;
}

/** The columns a header's names suggest; the date format is read from the date column's values. */
export function guessMapping(header: readonly string[], rows: ImportTable['rows'] = []): ColumnMapping {
  const taken = new Set<number>();
  const pick = (names: readonly string[]) => {
    const index = findColumn(header, names, taken);
    if (index !== null) taken.add(index);
    return index;
  };
  const date = pick(HEADER_NAMES.date);
  const amount = pick(HEADER_NAMES.amount);
  const paidIn = pick(HEADER_NAMES.paidIn);
  const paidOut = pick(HEADER_NAMES.paidOut);
  const notes = pick(HEADER_NAMES.notes);
  // Separate columns win only when the file has both; a lone "Credit" beside "Amount" is not a split.
  const amountMode: AmountMode =
    paidIn !== null && paidOut !== null
      ? 'split'
      : amount === null && (paidIn !== null || paidOut !== null)
        ? 'split'
        : 'single';
  const dateFormat = date === null ? null : detectDateFormat(rows.map((r) => r.cells[date] ?? ''));
  return { date, dateFormat, notes, amountMode, amount, paidIn, paidOut };
}

function looksLikeHeader(cells: readonly string[]): boolean {
  const mapping = guessMapping(cells);
  return mapping.date !== null && (mapping.amount !== null || mapping.paidIn !== null || mapping.paidOut !== null);
}

export type TableReading = { ok: true; table: ImportTable } | { ok: false; message: string };

/** Reads CSV text into a table: the header is the first row naming a date and an amount column (else the first row). */
export function readImportTable(text: string): TableReading {
  const split = splitRows(text, 'file');
  if (!split.ok) return { ok: false, message: `Line ${split.issue.line}: ${split.issue.message}` };
  const rows = split.rows.filter((row) => row.fields.some((f) => f.trim() !== ''));
  if (rows.length === 0) return { ok: false, message: TABLE_MESSAGES.empty };
  const found = rows.slice(0, HEADER_SEARCH_ROWS).findIndex((row) => looksLikeHeader(row.fields));
  const headerIndex = found === -1 ? 0 : found;
  const headerRow = rows[headerIndex]!;
  const data = rows.slice(headerIndex + 1);
  if (data.length === 0) return { ok: false, message: TABLE_MESSAGES.noRows };
  const width = data.reduce((widest, row) => Math.max(widest, row.fields.length), headerRow.fields.length);
  const header = Array.from({ length: width }, (_, i) => headerRow.fields[i]?.trim() || `Column ${i + 1}`);
  return {
    ok: true,
    table: {
      header,
      headerLine: headerRow.line,
      rows: data.map((row) => ({
        line: row.line,
        cells: Array.from({ length: width }, (_, i) => row.fields[i] ?? ''),
      })),
    },
  };
}
