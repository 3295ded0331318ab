import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportRecord, ImportTab, RawTab } from '../../../core/reference-data/import/contract.ts';
import { brandReferenceId } from '../../../core/reference-data/import/brand-id.ts';
import { exportImportTabs } from '../../../core/reference-data/import/export-source.ts';
import { parseImportTabs } from '../../../core/reference-data/import/parse-source.ts';
import { loadReferenceData } from '../../../core/reference-data/reference-data.ts';
import { readReferenceFiles } from '../files.ts';
import { bankReferenceId, referenceTableRows, type ReferenceTableRows } from '../rows.ts';
import { MAX_IMPORT_FILE_BYTES, readCsvTab, readWorkbook, writeWorkbook } from './workbook.ts';

const TODAY = '2026-11-29';

let shipped: ReferenceTableRows;
let shippedTabs: RawTab[];

beforeAll(() => {
  const loaded = loadReferenceData(readReferenceFiles());
  if (!loaded.ok) throw new Error('the shipped reference data does not load');
  shipped = referenceTableRows(loaded.loaded.data);
  shippedTabs = exportImportTabs(shipped);
});

const byId = (rows: readonly { id: string }[]) => [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

function expectShippedRows(records: Record<string, ImportRecord[]>) {
  expect(records.banking_groups).toEqual(byId(shipped.bankingGroups));
  expect(records.bank_references).toEqual(byId(shipped.bankReferences));
  expect(records.isa_providers).toEqual(byId(shipped.isaProviders));
  expect(records.pension_providers).toEqual(byId(shipped.pensionProviders));
}

/** CSV as a spreadsheet saves it: every field quoted, inner quotes doubled, CRLF line ends. */
const toCsv = (tab: RawTab) =>
  [tab.headers, ...tab.rows].map((row) => row.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(',')).join('\r\n');

describe('the shipped reference data in the source format', () => {
  it('round-trips through an XLSX workbook to exactly the rows the loader stores', async () => {
    const workbook = await writeWorkbook(shippedTabs);
    const tabs = await readWorkbook(workbook);
    expect(tabs).toEqual(shippedTabs);
    const parsed = parseImportTabs(tabs, TODAY);
    expect(parsed.invalid).toEqual([]);
    expectShippedRows(parsed.records);
  });

  it('round-trips through one CSV per tab', () => {
    const tabs = shippedTabs.map((tab) => readCsvTab(toCsv(tab), tab.tab));
    expect(tabs).toEqual(shippedTabs);
    const parsed = parseImportTabs(tabs, TODAY);
    expect(parsed.invalid).toEqual([]);
    expectShippedRows(parsed.records);
  });

  it("gives every brand the id the loader gives it (core's SHA-1 against node:crypto)", () => {
    for (const key of ['frn-119278/Lloyds Bank', 'frn-121878/Sainsbury’s Bank é', 'x'.repeat(300), ''])
      expect(brandReferenceId(key)).toBe(bankReferenceId(key));
  });
});

describe('readWorkbook', () => {
  it('reads each cell as the text an admin sees, and only the sheets named after tabs', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Read me').addRow(['not a tab']);
    const sheet = workbook.addWorksheet(' banks ');
    sheet.addRow(['Iso date', 'UK date', 'FRN', 'Score', 'Formula', 'Rich', 'Link', 'Flag', 'Error']);
    const row = sheet.addRow([
      new Date(Date.UTC(2024, 0, 31)),
      new Date(Date.UTC(2024, 0, 31)),
      100014,
      75,
      { formula: 'C2+1', result: 100015 },
      { richText: [{ text: 'Hali' }, { font: { bold: true }, text: 'fax' }] },
      { text: 'halifax.co.uk', hyperlink: 'https://www.halifax.co.uk' },
      true,
      { error: '#N/A' },
    ]);
    row.getCell(1).numFmt = 'yyyy-mm-dd';
    row.getCell(2).numFmt = 'dd/mm/yyyy';
    row.getCell(4).numFmt = '0.00';
    sheet.addRow([]);
    sheet.addRow(['last']);
    const tabs = await readWorkbook(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(tabs).toEqual([
      {
        tab: 'Banks',
        headers: ['Iso date', 'UK date', 'FRN', 'Score', 'Formula', 'Rich', 'Link', 'Flag', 'Error'],
        rows: [
          ['2024-01-31', '31/01/2024', '100014', '75.00', '100015', 'Halifax', 'halifax.co.uk', 'TRUE', '#N/A'],
          ['', '', '', '', '', '', '', '', ''],
          ['last', '', '', '', '', '', '', '', ''],
        ],
      },
    ]);
  });

  it('refuses a file over 5 MB, saying so', async () => {
    const big = Buffer.alloc(MAX_IMPORT_FILE_BYTES + 1);
    await expect(readWorkbook(big)).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: /limit is 5 MB/ });
  });

  it('refuses a file that is not a workbook, an old .xls, and a zip that is not an XLSX', async () => {
    await expect(readWorkbook(Buffer.from('%PDF-1.7 …'))).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    const xls = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    await expect(readWorkbook(xls)).rejects.toMatchObject({ message: /\.xls\) file: save it as \.xlsx/ });
    await expect(readWorkbook(zipOf(100))).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'This file is not an XLSX workbook that can be read.',
    });
  });

  it('refuses a small zip that would unpack into more than 50 MB', async () => {
    await expect(readWorkbook(zipOf(60 * 1024 * 1024))).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('readCsvTab', () => {
  it('numbers rows as a spreadsheet shows the file: a blank line is a row, a multi-line cell is one', () => {
    const tab = readCsvTab('\uFEFFBrand name,Notes\r\nA,"two\nlines"\r\n\r\nB,x\n', 'Banks');
    expect(tab).toEqual({
      tab: 'Banks',
      headers: ['Brand name', 'Notes'],
      rows: [['A', 'two\nlines'], [], ['B', 'x']],
    });
  });

  it.each<[string, string, ImportTab, string]>([
    [
      'an unclosed quote',
      'Brand name\n"Halifax',
      'Banks',
      'The Banks CSV could not be read: line 2: a quoted field is never closed.',
    ],
    ['binary data', 'PK\u0003\u0004\u0000\u0000', 'ISAs', 'This file is not a CSV text file (it holds binary data).'],
  ])('refuses %s with a clear message', (_, text, tab, message) => {
    expect(() => readCsvTab(text, tab)).toThrow(message);
  });

  it('refuses a CSV over 5 MB', () => {
    expect(() => readCsvTab('x'.repeat(MAX_IMPORT_FILE_BYTES + 1), 'Pensions')).toThrow(/limit is 5 MB/);
  });
});

/** A zip with one stored entry whose central directory declares `declaredBytes` unzipped. */
function zipOf(declaredBytes: number): Buffer {
  const name = Buffer.from('a.txt');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt32LE(declaredBytes, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length, 16);
  return Buffer.concat([local, name, central, name, end]);
}
