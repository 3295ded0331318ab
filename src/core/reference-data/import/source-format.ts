/**
 * The importer's one source format (issue 27; docs/banking-data-import-format.md): three tabs,
 * each with exactly 14 mandatory columns, headed as an admin types them in a Google Sheet.
 * Headers match whatever their case and spacing; columns may come in any order; extra columns
 * are ignored (and reported); a missing or repeated mandatory column makes the whole tab unreadable.
 */
import type { ImportTab, ImportTable, RawTab } from './contract.ts';

/** The Banks columns that describe the licence (banking group): every row of one licence repeats them. */
export const LICENCE_COLUMNS = [
  'FRN',
  'Licence holder',
  'Licence ID',
  'Institution type',
  'Register section',
  'Corporate group',
  'Licence sources',
  'Licence confidence score',
  'Licence notes',
] as const;

/** The Banks columns that describe the brand, after its name; blank on a row that lists a licence only. */
export const BRAND_DETAIL_COLUMNS = [
  'Everyday names',
  'Brand sources',
  'Brand confidence score',
  'Brand notes',
] as const;

/** A Banks row is one brand under one licence, and carries its licence's (banking group's) columns. */
export const BANKS_COLUMNS = ['Brand name', ...LICENCE_COLUMNS, ...BRAND_DETAIL_COLUMNS] as const;

export const ISAS_COLUMNS = [
  'HMRC reference',
  'Legal name',
  'Platform name',
  'FCA reference',
  'ISA types',
  'FSCS category',
  'Banking group FRN',
  'Website URL',
  'User message',
  'Warn user level',
  'Source',
  'Source as at',
  'Confidence score',
  'Notes',
] as const;

export const PENSIONS_COLUMNS = [
  'Provider name',
  'Legal entity',
  'Legal entity role',
  'Regulator',
  'FRN',
  'FRN status',
  'Category',
  'User message',
  'Warn user level',
  'Display to user',
  'Sources',
  'As at',
  'Confidence score',
  'Notes',
] as const;

export type BanksColumn = (typeof BANKS_COLUMNS)[number];
export type IsasColumn = (typeof ISAS_COLUMNS)[number];
export type PensionsColumn = (typeof PENSIONS_COLUMNS)[number];

export const SOURCE_COLUMNS: Readonly<Record<ImportTab, readonly string[]>> = {
  Banks: BANKS_COLUMNS,
  ISAs: ISAS_COLUMNS,
  Pensions: PENSIONS_COLUMNS,
};

/** The table a tab's rows are stored in (a Banks row also gives its licence's banking_groups row). */
export const TAB_TABLE: Readonly<Record<ImportTab, ImportTable>> = {
  Banks: 'bank_references',
  ISAs: 'isa_providers',
  Pensions: 'pension_providers',
};

/** Between the items of a list cell ("cash; lisa"). */
export const LIST_SEPARATOR = '; ';

const headerKey = (header: string) => header.trim().replace(/\s+/g, ' ').toLowerCase();

export interface TabColumns {
  /** Mandatory columns the header lacks. */
  missing: string[];
  /** Mandatory columns the header has more than once (which one is meant would be a guess). */
  repeated: string[];
  /** Headers that are not part of the format, as written: ignored. */
  extra: string[];
  /** Where each mandatory column is, when none is missing or repeated. */
  indexOf: Record<string, number> | null;
}

/** Checks a tab's header row against its 14 mandatory columns. */
export function checkTabColumns(tab: RawTab): TabColumns {
  const wanted = new Map(SOURCE_COLUMNS[tab.tab].map((column) => [headerKey(column), column]));
  const indexOf: Record<string, number> = {};
  const repeated = new Set<string>();
  const extra: string[] = [];
  tab.headers.forEach((header, index) => {
    const column = wanted.get(headerKey(header));
    if (column === undefined) {
      if (header.trim() !== '') extra.push(header.trim());
    } else if (column in indexOf) repeated.add(column);
    else indexOf[column] = index;
  });
  const missing = SOURCE_COLUMNS[tab.tab].filter((column) => !(column in indexOf));
  const isReadable = missing.length === 0 && repeated.size === 0;
  return { missing, repeated: [...repeated], extra, indexOf: isReadable ? indexOf : null };
}

/** What the header's problems mean, one sentence each ("The Banks tab lacks the mandatory column 'FRN'."). */
export function describeTabColumns(tab: ImportTab, columns: TabColumns): { errors: string[]; notices: string[] } {
  return {
    errors: [
      ...columns.missing.map((column) => `The ${tab} tab lacks the mandatory column '${column}'.`),
      ...columns.repeated.map((column) => `The ${tab} tab has the column '${column}' more than once.`),
    ],
    notices: columns.extra.map((header) => `The ${tab} tab's column '${header}' is not part of the format: ignored.`),
  };
}

/** One data row's mandatory cells by column, trimmed, with its row number as a spreadsheet shows it. */
export interface SourceRow {
  rowNumber: number;
  cells: Record<string, string>;
}

/** The tab's data rows (row 2 on), leaving out blank ones. */
export function sourceRows(tab: RawTab, indexOf: Record<string, number>): SourceRow[] {
  const rows: SourceRow[] = [];
  tab.rows.forEach((row, index) => {
    const cells: Record<string, string> = {};
    for (const [column, at] of Object.entries(indexOf)) cells[column] = (row[at] ?? '').trim();
    if (Object.values(cells).some((cell) => cell !== '')) rows.push({ rowNumber: index + 2, cells });
  });
  return rows;
}
