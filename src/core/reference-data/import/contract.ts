/**
 * The banking data importer's shapes (issue 27), shared by its sources (Google Sheets, an uploaded
 * XLSX or CSV), the parser that turns a source's tabs into reference rows, the change detection
 * that compares them with what is stored, and the server that applies the result.
 */

/** The source's tabs, in the order a full sync reads them. */
export const IMPORT_TABS = ['Banks', 'ISAs', 'Pensions'] as const;
export type ImportTab = (typeof IMPORT_TABS)[number];

/** One tab as a source gives it: the header row, then every row below it, each cell as text ('' when empty). */
export type RawTab = { tab: ImportTab; headers: string[]; rows: string[][] };

/** The reference tables an import writes, keyed by id like the loader's (src/server/reference/loader.ts). */
export const IMPORT_TABLES = ['banking_groups', 'bank_references', 'isa_providers', 'pension_providers'] as const;
export type ImportTable = (typeof IMPORT_TABLES)[number];

/** A row as the table stores it (camelCase keys, the loader's `loaded_data` shape), with its id. */
export type ImportRecord = { id: string } & Record<string, unknown>;

/** A source row that could not be read: where it is and every reason, in the spec's words where it has them. */
export type InvalidRow = {
  tab: ImportTab;
  /** 1-based, the header being row 1 (as a spreadsheet numbers it). */
  rowNumber: number;
  /** The row's id when it could be worked out, so the stored row is not taken for missing. */
  id: string | null;
  table: ImportTable;
  messages: string[];
};

/** What a source's tabs give: the rows per table, and the rows that could not be read. */
export type ParsedImport = { records: Record<ImportTable, ImportRecord[]>; invalid: InvalidRow[] };
