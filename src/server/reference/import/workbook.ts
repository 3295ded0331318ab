/**
 * The importer's uploaded files (issue 27): an XLSX workbook with a sheet per tab (Banks, ISAs,
 * Pensions), or one CSV per tab, read into the source format's raw tabs; and the tabs written back
 * as a workbook (the shipped data as the example an admin starts from). Node-only: exceljs.
 *
 * Cells are read as the text an admin sees in the sheet: a date in its number format (so
 * yyyy-mm-dd stays 2024-01-31 and dd/mm/yyyy shows 31/01/2024, which the parser then refuses
 * rather than guesses), a number as written, a formula as its result.
 */
import type ExcelJS from 'exceljs';
import { splitRows } from '../../../core/reference-data/csv.ts';
import { IMPORT_TABS, type ImportTab, type RawTab } from '../../../core/reference-data/import/contract.ts';
import { AppError } from '../../errors.ts';

/** exceljs is loaded by the first import, not at start (~170 ms and ~30 MB a server need not pay). */
const newWorkbook = async (): Promise<ExcelJS.Workbook> => new (await import('exceljs')).default.Workbook();

/** Uploads larger than this are refused before they are read: the shipped data is under 1 MB as XLSX. */
export const MAX_IMPORT_FILE_BYTES = 5 * 1024 * 1024;
/** A workbook's parts unzipped may not exceed this, so a small zip cannot unpack into gigabytes. */
const MAX_UNZIPPED_BYTES = 50 * 1024 * 1024;

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((byte, i) => bytes[i] === byte);

function refuseTooLarge(size: number): void {
  if (size > MAX_IMPORT_FILE_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', `The file is ${(size / 1024 / 1024).toFixed(1)} MB; the limit is 5 MB.`);
}

/**
 * The unzipped size the zip's central directory declares, or null when the directory cannot be
 * read (not a zip, or a ZIP64 one, which no workbook of this size needs).
 */
function declaredUnzippedBytes(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const entries = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return null;
    const size = view.getUint32(at + 24, true);
    if (size === 0xffffffff) return null;
    total += size;
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return total;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A date as its cell's number format shows it (day, month and year parts); yyyy-mm-dd without one. */
function dateText(date: Date, numFmt: string | undefined): string {
  const format = (numFmt ?? '').replace(/\[[^\]]*\]|"[^"]*"|\\/g, '').toLowerCase();
  if (!/[dmy]/.test(format) || /[hs]/.test(format)) {
    return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  }
  const parts: Record<string, string> = {
    yyyy: String(date.getUTCFullYear()),
    yy: pad(date.getUTCFullYear() % 100),
    mmmm: date.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' }),
    mmm: MONTHS[date.getUTCMonth()]!,
    mm: pad(date.getUTCMonth() + 1),
    m: String(date.getUTCMonth() + 1),
    dd: pad(date.getUTCDate()),
    d: String(date.getUTCDate()),
  };
  return format.replace(/yyyy|yy|mmmm|mmm|mm|m|dd|d/g, (token) => parts[token]!);
}

/** A number as a fixed-decimals or plain format shows it. */
function numberText(value: number, numFmt: string | undefined): string {
  const decimals = /^0(?:\.(0+))?$/.exec(numFmt ?? '');
  return decimals ? value.toFixed(decimals[1]?.length ?? 0) : String(value);
}

function valueText(value: ExcelJS.CellValue, numFmt: string | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateText(value, numFmt);
  if (typeof value === 'number') return numberText(value, numFmt);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'string') return value;
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('error' in value) return value.error;
  if ('formula' in value || 'sharedFormula' in value) return valueText(value.result as ExcelJS.CellValue, numFmt);
  if ('text' in value) return typeof value.text === 'string' ? value.text : valueText(value.text, numFmt);
  return '';
}

function sheetTab(sheet: ExcelJS.Worksheet, tab: ImportTab): RawTab {
  const width = sheet.columnCount;
  const rowText = (rowNumber: number) => {
    const row = sheet.getRow(rowNumber);
    return Array.from({ length: width }, (_, i) => {
      const cell = row.getCell(i + 1);
      return valueText(cell.value, cell.numFmt);
    });
  };
  const rows: string[][] = [];
  for (let n = 2; n <= sheet.rowCount; n++) rows.push(rowText(n));
  return { tab, headers: rowText(1), rows };
}

/**
 * The workbook's Banks, ISAs and Pensions sheets (named so, in any case; other sheets are not
 * read). Throws AppError for a file that is too large or not an XLSX workbook.
 */
export async function readWorkbook(buffer: Buffer | Uint8Array): Promise<RawTab[]> {
  refuseTooLarge(buffer.length);
  if (startsWith(buffer, OLE_MAGIC))
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'This is an Excel 97–2003 (.xls) file: save it as .xlsx and upload that.',
    );
  const unzipped = startsWith(buffer, ZIP_MAGIC) ? declaredUnzippedBytes(buffer) : null;
  if (unzipped === null)
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'This file is not an XLSX workbook or a CSV file.');
  if (unzipped > MAX_UNZIPPED_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', 'The workbook unpacks to more than 50 MB; the data needs far less.');
  const workbook = await newWorkbook();
  try {
    await workbook.xlsx.load(
      buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer,
    );
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'This file is not an XLSX workbook that can be read.');
  }
  const tabs: RawTab[] = [];
  for (const sheet of workbook.worksheets) {
    const tab = IMPORT_TABS.find((name) => name.toLowerCase() === sheet.name.trim().toLowerCase());
    if (tab !== undefined) tabs.push(sheetTab(sheet, tab));
  }
  return tabs;
}

/** The tabs as a workbook, a sheet each, every cell as text (so an FRN stays 100014 and a date 2024-01-31). */
export async function writeWorkbook(tabs: RawTab[]): Promise<Buffer> {
  const workbook = await newWorkbook();
  for (const tab of tabs) {
    const sheet = workbook.addWorksheet(tab.tab, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.addRow(tab.headers).font = { bold: true };
    for (const row of tab.rows) sheet.addRow(row);
    tab.headers.forEach((header, i) => {
      const longest = Math.max(header.length, ...tab.rows.map((row) => Math.min((row[i] ?? '').length, 60)));
      sheet.getColumn(i + 1).width = longest + 2;
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * One CSV file as one tab. Rows are numbered as a spreadsheet shows the file: a blank line is a
 * (blank) row, a quoted cell over several lines is one. Throws AppError for a file that is too
 * large, not text, or not CSV (an unclosed quote, say).
 */
export function readCsvTab(text: string, tab: ImportTab): RawTab {
  refuseTooLarge(Buffer.byteLength(text, 'utf8'));
  if (text.includes('\u0000'))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'This file is not a CSV text file (it holds binary data).');
  const split = splitRows(text, `${tab}.csv`);
  if (!split.ok)
    throw new AppError(
      'VALIDATION_FAILED',
      `The ${tab} CSV could not be read: line ${split.issue.line}: ${split.issue.message}.`,
    );
  const [header, ...records] = split.rows;
  const rows: string[][] = [];
  let nextLine = header === undefined ? 0 : header.line + lineBreaks(header.fields) + 1;
  for (const record of records) {
    for (; nextLine < record.line; nextLine++) rows.push([]);
    rows.push(record.fields);
    nextLine = record.line + lineBreaks(record.fields) + 1;
  }
  return { tab, headers: header?.fields ?? [], rows };
}

const lineBreaks = (fields: string[]) => fields.reduce((sum, field) => sum + (field.match(/\n/g)?.length ?? 0), 0);
