/** How the importer's answers and the review queue read on screen and in copies (en-GB). */
import type { ImportReport, ImportRowError } from './api.ts';

const dateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** An instant as '21 Nov 2026, 14:05' in London. */
export function dateTimeText(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** An instant's London date as 'yyyy-MM-dd', for file names. */
export function fileDate(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(now);
}

export function countText(n: number): string {
  return n.toLocaleString('en-GB');
}

/** 'bank_references' as 'bank references', 'coverage_change' as 'coverage change'. */
export function spaced(name: string): string {
  return name.replaceAll('_', ' ');
}

/** One error as a line: where it is, then every reason. */
export function errorLine(error: ImportRowError): string {
  const id = error.id ? ` (${error.id})` : '';
  return `${error.tab} row ${error.rowNumber}${id}: ${error.messages.join('; ')}`;
}

/** Copy All: every error, one a line. */
export function errorsText(errors: ImportRowError[]): string {
  return errors.map(errorLine).join('\n');
}

const csvCell = (value: string | number) => {
  const text = String(value);
  // A leading = + - @ would run as a formula in a spreadsheet: quote it as text.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** Download CSV: a row per error, with a header. */
export function errorsCsv(errors: ImportRowError[]): string {
  const rows = [
    ['Tab', 'Row', 'Id', 'Table', 'Messages'],
    ...errors.map((e) => [e.tab, e.rowNumber, e.id ?? '', e.table, e.messages.join('; ')]),
  ];
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Copy Details: what was run, each tab's result and every error, for a support note. */
export function reportDetailsText(report: ImportReport): string {
  const tabs = report.tabs.map(
    (t) =>
      `${t.tab}: ${t.status}; processed ${t.processed}, inserted ${t.inserted}, updated ${t.updated}, unchanged ${t.unchanged}, sent to review ${t.review}, errors ${t.errors}, banking groups updated ${t.bankingGroupsUpdated}${t.error ? `; ${t.error}` : ''}`,
  );
  return [
    `Mode: ${report.mode}${report.runId ? ` (run ${report.runId})` : ''}`,
    ...tabs,
    `Errors (${report.errors.length}):`,
    ...report.errors.map(errorLine),
  ].join('\n');
}

/** Saves text as a file through the browser's download. */
export function downloadText(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** What a Fresh Sync or Clear All Data left savers with: accounts whose bank is not in the data. */
export function accountsNotInDataText(count: number): string {
  if (count === 0) return 'Every saver’s account is still linked to a bank or provider in the data.';
  const accounts = count === 1 ? '1 account says' : `${countText(count)} accounts say`;
  return `${accounts} “bank not in our data” until its bank is back or its saver chooses it again.`;
}
