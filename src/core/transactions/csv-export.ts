/**
 * The transactions overview as CSV (RFC 4180: comma-separated, CRLF line ends, cells quoted when
 * they hold a comma, quote or line break). Dates are ISO 'yyyy-MM-dd' and amounts are pounds
 * with two decimals and a minus sign for money out, so a spreadsheet reads both as values.
 *
 * Text a user typed (notes, account names) could start a spreadsheet formula: a cell starting
 * with =, +, -, @, a tab or a carriage return gets a leading apostrophe (OWASP "CSV injection"),
 * which spreadsheets show as text. Amounts are written by us as plain numbers and are left alone.
 */
import { penceToAmountText } from './amount-text.ts';
import { displayNotes } from './standing-order-marker.ts';
import { TRANSACTION_TYPE_LABELS, normaliseTransactionType } from './transaction-types.ts';

export const CSV_HEADER = ['Date', 'Account', 'Type', 'Amount (GBP)', 'Notes'] as const;

export type CsvTransaction = {
  date: string;
  accountName: string;
  type: string;
  amountPence: number;
  notes: string | null;
};

/** A cell of user text, safe to open in a spreadsheet. */
export function csvTextCell(text: string): string {
  const defused = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(defused) ? `"${defused.replace(/"/g, '""')}"` : defused;
}

export function csvRow(transaction: CsvTransaction): string {
  return [
    transaction.date,
    csvTextCell(transaction.accountName),
    TRANSACTION_TYPE_LABELS[normaliseTransactionType(transaction.type)],
    penceToAmountText(transaction.amountPence),
    csvTextCell(displayNotes(transaction.notes) ?? ''),
  ].join(',');
}

/** The header line and one line per transaction, each ending in CRLF. */
export function transactionsCsv(transactions: readonly CsvTransaction[]): string {
  return [CSV_HEADER.join(','), ...transactions.map(csvRow)].map((line) => `${line}\r\n`).join('');
}
