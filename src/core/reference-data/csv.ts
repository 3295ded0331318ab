/**
 * A small RFC 4180 CSV reader for the reference-data files in `data/reference/`.
 *
 * Fields may be quoted; inside quotes a doubled quote is a quote, and commas and line breaks
 * are data. Lines end with CRLF or LF (the research pack's files use CRLF). A leading byte-order
 * mark is dropped. Every record remembers the physical line it starts on, so a validation
 * message can point at the line a person sees in an editor.
 */

/** Where a problem is: file name, 1-based physical line, and the column's header name when known. */
export interface ReferenceIssue {
  file: string;
  line: number;
  column?: string;
  message: string;
}

export interface CsvRecord {
  /** 1-based physical line the record starts on (the header is line 1). */
  line: number;
  values: Record<string, string>;
}

export type CsvResult = { ok: true; header: string[]; records: CsvRecord[] } | { ok: false; issue: ReferenceIssue };

/** "bank_brands.csv line 12, column frn: not a 6- or 7-digit FRN ('12a')". */
export function formatIssue(issue: ReferenceIssue): string {
  const column = issue.column === undefined ? '' : `, column ${issue.column}`;
  return `${issue.file} line ${issue.line}${column}: ${issue.message}`;
}

export interface RawRow {
  line: number;
  fields: string[];
}

/**
 * The rows of CSV text as fields, each with the physical line it starts on; no header handling
 * and no field-count check (the transaction importer reads bank exports with ragged rows).
 */
export function splitRows(
  text: string,
  file: string,
): { ok: true; rows: RawRow[] } | { ok: false; issue: ReferenceIssue } {
  const rows: RawRow[] = [];
  let fields: string[] = [];
  let field = '';
  let inQuotes = false;
  let quotedFieldStartLine = 0;
  let line = 1;
  let rowLine = 1;
  let fieldWasQuoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;

  const endRow = () => {
    fields.push(field);
    // A blank physical line (one empty unquoted field) is not a record.
    if (!(fields.length === 1 && fields[0] === '' && !fieldWasQuoted)) rows.push({ line: rowLine, fields });
    fields = [];
    field = '';
    fieldWasQuoted = false;
  };

  for (; i < text.length; i++) {
    const ch = text[i]!;
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          inQuotes = false;
        }
      } else {
        if (ch === '\n') line++;
        field += ch;
      }
      continue;
    }
    if (ch === '"') {
      if (field !== '' || fieldWasQuoted) {
        return {
          ok: false,
          issue: {
            file,
            line,
            message: 'a quote inside an unquoted field (quote the whole field and double inner quotes)',
          },
        };
      }
      inQuotes = true;
      fieldWasQuoted = true;
      quotedFieldStartLine = line;
    } else if (ch === ',') {
      fields.push(field);
      field = '';
      fieldWasQuoted = false;
    } else if (ch === '\r' && text[i + 1] === '\n') {
      // CRLF: handled at the '\n'.
    } else if (ch === '\n') {
      endRow();
      line++;
      rowLine = line;
    } else {
      if (fieldWasQuoted) {
        return {
          ok: false,
          issue: { file, line, message: 'text after a closing quote (a field is either wholly quoted or not at all)' },
        };
      }
      field += ch;
    }
  }
  if (inQuotes) {
    return { ok: false, issue: { file, line: quotedFieldStartLine, message: 'a quoted field is never closed' } };
  }
  if (field !== '' || fields.length > 0 || fieldWasQuoted) endRow();
  return { ok: true, rows };
}

/**
 * Parses CSV text with a header row into records keyed by header name.
 * Refuses a missing header, blank or repeated header names, and rows with the wrong field count.
 */
export function parseCsv(text: string, file: string): CsvResult {
  const split = splitRows(text, file);
  if (!split.ok) return split;
  const [headerRow, ...dataRows] = split.rows;
  if (!headerRow)
    return { ok: false, issue: { file, line: 1, message: 'the file is empty (a header row is required)' } };
  const header = headerRow.fields.map((name) => name.trim());
  const seen = new Set<string>();
  for (const name of header) {
    if (name === '') return { ok: false, issue: { file, line: headerRow.line, message: 'a header name is blank' } };
    if (seen.has(name))
      return {
        ok: false,
        issue: { file, line: headerRow.line, column: name, message: 'the header repeats this name' },
      };
    seen.add(name);
  }
  const records: CsvRecord[] = [];
  for (const row of dataRows) {
    if (row.fields.length !== header.length) {
      return {
        ok: false,
        issue: { file, line: row.line, message: `expected ${header.length} fields, found ${row.fields.length}` },
      };
    }
    const values: Record<string, string> = {};
    header.forEach((name, index) => {
      values[name] = row.fields[index]!;
    });
    records.push({ line: row.line, values });
  }
  return { ok: true, header, records };
}
