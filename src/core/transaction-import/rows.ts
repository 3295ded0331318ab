/**
 * A mapped table's rows as transactions to import, or the reasons a row cannot be one. Amounts
 * are signed pence (001 §3: withdrawals and fees negative); the type follows the sign, and money
 * in whose description mentions interest is interest.
 */
import { type CalendarDate, isSupportedDate, SUPPORTED_YEARS } from '../dates/calendar-date.ts';
import { TRANSACTION_MESSAGES } from '../transactions/validation.ts';
import { parseAmountPence } from './amounts.ts';
import { dateFormatLabel, parseDateAs } from './dates.ts';
import type { ColumnMapping, ImportTable } from './table.ts';

/** The types an import may create (an opening balance is set when the account is made). */
export const IMPORT_TRANSACTION_TYPES = ['deposit', 'withdrawal', 'interest', 'fee'] as const;
export type ImportTransactionType = (typeof IMPORT_TRANSACTION_TYPES)[number];

/** One import holds at most this many transactions (one database transaction, one request). */
export const MAX_IMPORT_ROWS = 5000;
export const NOTES_MAX = 500;

export function tooManyRowsMessage(count: number): string {
  return `This file has ${count.toLocaleString('en-GB')} transactions; one import can hold at most ${MAX_IMPORT_ROWS.toLocaleString('en-GB')}. Split the file and import each part.`;
}

export interface ImportRow {
  date: CalendarDate;
  /** Signed: money in positive, money out negative. */
  amountPence: number;
  type: ImportTransactionType;
  notes: string | null;
}

export type RowReading = { line: number; ok: true; row: ImportRow } | { line: number; ok: false; errors: string[] };

/** Money in is a deposit (interest when the description says so); money out a withdrawal. */
export function inferTransactionType(amountPence: number, notes: string | null): ImportTransactionType {
  if (amountPence < 0) return 'withdrawal';
  return notes !== null && /interest/i.test(notes) ? 'interest' : 'deposit';
}

/** Whether a signed amount suits a type (the database's CHECK says the same: 001 §3). */
export function amountFitsType(type: ImportTransactionType, amountPence: number): boolean {
  return type === 'withdrawal' || type === 'fee' ? amountPence < 0 : amountPence > 0;
}

/** What is missing from a mapping before rows can be read; empty when it is complete. */
export function mappingProblems(mapping: ColumnMapping): string[] {
  const problems: string[] = [];
  if (mapping.date === null) problems.push('Choose the column that holds the date');
  else if (mapping.dateFormat === null) problems.push('Choose the date format');
  if (mapping.amountMode === 'single' && mapping.amount === null)
    problems.push('Choose the column that holds the amount');
  if (mapping.amountMode === 'split' && mapping.paidIn === null && mapping.paidOut === null) {
    problems.push('Choose the paid in column, the paid out column or both');
  }
  return problems;
}

// Invisible characters some exports carry (NUL cannot be stored in a text column at all).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

function cell(cells: readonly string[], index: number | null): string {
  return index === null ? '' : (cells[index] ?? '').trim();
}

function readAmount(cells: readonly string[], mapping: ColumnMapping, errors: string[]): number | null {
  if (mapping.amountMode === 'single') {
    const reading = parseAmountPence(cell(cells, mapping.amount));
    if (reading.kind === 'blank') errors.push('The amount is missing');
    if (reading.kind === 'invalid') errors.push(`Amount: ${reading.message}`);
    return reading.kind === 'amount' ? reading.pence : null;
  }
  const paidIn = parseAmountPence(cell(cells, mapping.paidIn));
  const paidOut = parseAmountPence(cell(cells, mapping.paidOut));
  if (paidIn.kind === 'invalid') errors.push(`Paid in: ${paidIn.message}`);
  if (paidOut.kind === 'invalid') errors.push(`Paid out: ${paidOut.message}`);
  if (paidIn.kind === 'invalid' || paidOut.kind === 'invalid') return null;
  // A zero in the other column is as good as a blank ("0.00" fills empty cells in some exports).
  const inPence = paidIn.kind === 'amount' ? Math.abs(paidIn.pence) : 0;
  const outPence = paidOut.kind === 'amount' ? Math.abs(paidOut.pence) : 0;
  if (inPence !== 0 && outPence !== 0) {
    errors.push('Both paid in and paid out have an amount');
    return null;
  }
  if (paidIn.kind === 'blank' && paidOut.kind === 'blank') {
    errors.push('Paid in and paid out are both empty');
    return null;
  }
  return inPence !== 0 ? inPence : -outPence;
}

/** Every data row of the table read with the mapping (which must have no `mappingProblems`). */
export function readRows(table: ImportTable, mapping: ColumnMapping): RowReading[] {
  return table.rows.map(({ line, cells }) => {
    const errors: string[] = [];
    const dateText = cell(cells, mapping.date);
    let date: CalendarDate | null = null;
    if (dateText === '') errors.push('The date is missing');
    else if (mapping.dateFormat === null) errors.push('Choose the date format');
    else {
      date = parseDateAs(dateText, mapping.dateFormat);
      if (date === null)
        errors.push(`Date: '${dateText}' is not a real date in the form ${dateFormatLabel(mapping.dateFormat)}`);
      else if (!isSupportedDate(date)) errors.push(`Date: '${dateText}' is not in the years ${SUPPORTED_YEARS}`);
    }
    const amountPence = readAmount(cells, mapping, errors);
    // The one amount rule (docs/decisions/0024): a £0 row says what a £0 transaction says anywhere.
    if (amountPence === 0) errors.push(TRANSACTION_MESSAGES.notPositive);
    const notesText = cell(cells, mapping.notes).replace(CONTROL_CHARACTERS, '').replace(/\s+/g, ' ').trim();
    if (notesText.length > NOTES_MAX) errors.push(`The description is longer than ${NOTES_MAX} characters`);
    if (errors.length > 0 || date === null || amountPence === null) return { line, ok: false, errors };
    const notes = notesText === '' ? null : notesText;
    return { line, ok: true, row: { date, amountPence, type: inferTransactionType(amountPence, notes), notes } };
  });
}
