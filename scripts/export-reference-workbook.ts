/**
 * Writes the shipped reference data (data/reference/) as the banking data importer's XLSX source:
 * the example workbook of docs/banking-data-import-format.md, and a start for an admin's sheet.
 *
 *   node scripts/export-reference-workbook.ts reference-data.xlsx
 */
import fs from 'node:fs';
import { formatIssue } from '../src/core/reference-data/csv.ts';
import { exportImportTabs } from '../src/core/reference-data/import/export-source.ts';
import { loadReferenceData } from '../src/core/reference-data/reference-data.ts';
import { readReferenceFiles } from '../src/server/reference/files.ts';
import { writeWorkbook } from '../src/server/reference/import/workbook.ts';
import { referenceTableRows } from '../src/server/reference/rows.ts';

const out = process.argv[2];
if (out === undefined || process.argv.length > 3) {
  console.error('Usage: node scripts/export-reference-workbook.ts <file.xlsx>');
  process.exit(2);
}
const loaded = loadReferenceData(readReferenceFiles());
if (!loaded.ok) {
  console.error(loaded.issues.map(formatIssue).join('\n'));
  process.exit(1);
}
const tabs = exportImportTabs(referenceTableRows(loaded.loaded.data));
fs.writeFileSync(out, await writeWorkbook(tabs));
console.log(`Wrote ${out}: ${tabs.map((tab) => `${tab.tab} ${tab.rows.length} rows`).join(', ')}`);
