/**
 * A source's tabs → the reference rows they give (exactly the loader's row objects, so they
 * compare with `loaded_data`) and every row that could not be read, with every reason. Pure.
 * Never guesses: a bad cell, a missing column, rows that disagree leave the row (or the tab) out.
 *
 * The ISAs and Pensions tabs find their banking group by FRN in the Banks tab of the same source.
 * Without a readable Banks tab, their rows that name an FRN are invalid (nothing can be looked up);
 * a caller importing one tab alone can pass the stored data's Banks tab (`exportImportTabs`) with it.
 */
import type { CalendarDate } from '../../dates/calendar-date.ts';
import {
  IMPORT_TABLES,
  IMPORT_TABS,
  type ImportRecord,
  type ImportTab,
  type InvalidRow,
  type ParsedImport,
  type RawTab,
} from './contract.ts';
import { NO_LICENCES, parseBanksRows, type LicenceIndex } from './parse-banks.ts';
import { parseIsaRows } from './parse-isas.ts';
import { parsePensionRows } from './parse-pensions.ts';
import { TAB_TABLE, checkTabColumns, describeTabColumns, sourceRows, type SourceRow } from './source-format.ts';

/**
 * The row number a whole-tab problem is reported on (the header's): an InvalidRow on row 1 means
 * the tab could not be read at all, so none of its table's stored rows may be taken for missing.
 */
export const HEADER_ROW = 1;

type Readable = { ok: true; rows: SourceRow[] } | { ok: false; invalid: InvalidRow };

function readTab(tabs: RawTab[], name: ImportTab): Readable | null {
  const given = tabs.filter((tab) => tab.tab === name);
  if (given.length === 0) return null;
  const table = TAB_TABLE[name];
  const headerProblem = (messages: string[]): Readable => ({
    ok: false,
    invalid: { tab: name, rowNumber: HEADER_ROW, id: null, table, messages },
  });
  if (given.length > 1) return headerProblem([`The source has the ${name} tab ${given.length} times.`]);
  const tab = given[0]!;
  const columns = checkTabColumns(tab);
  if (columns.indexOf === null) return headerProblem(describeTabColumns(name, columns).errors);
  return { ok: true, rows: sourceRows(tab, columns.indexOf) };
}

const byId = (a: ImportRecord, b: ImportRecord) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Reads the Banks, ISAs and Pensions tabs given (any of them); `today` bounds the as-at dates. */
export function parseImportTabs(tabs: RawTab[], today: CalendarDate): ParsedImport {
  const records = Object.fromEntries(
    IMPORT_TABLES.map((table) => [table, [] as ImportRecord[]]),
  ) as ParsedImport['records'];
  const invalid: InvalidRow[] = [];
  const [banks, isas, pensions] = IMPORT_TABS.map((name) => readTab(tabs, name));
  for (const tab of [banks, isas, pensions]) if (tab?.ok === false) invalid.push(tab.invalid);

  let licences: LicenceIndex = NO_LICENCES;
  if (banks?.ok) {
    const result = parseBanksRows(banks.rows, today);
    records.banking_groups.push(...result.groups);
    records.bank_references.push(...result.brands);
    invalid.push(...result.invalid);
    licences = result.licences;
  }
  if (isas?.ok) {
    const result = parseIsaRows(isas.rows, today, licences);
    records.isa_providers.push(...result.providers);
    records.banking_groups.push(...result.syntheticGroups);
    invalid.push(...result.invalid);
  }
  if (pensions?.ok) {
    const result = parsePensionRows(pensions.rows, licences);
    records.pension_providers.push(...result.providers);
    invalid.push(...result.invalid);
  }
  for (const table of IMPORT_TABLES) records[table].sort(byId);
  invalid.sort((a, b) => IMPORT_TABS.indexOf(a.tab) - IMPORT_TABS.indexOf(b.tab) || a.rowNumber - b.rowNumber);
  return { records, invalid };
}
