/**
 * A kept statement's answer as PostgreSQL's wire bytes, read into PGlite's `Results` wherever it
 * lands (docs/decisions/0049's addendum of 30 Nov). The worker hands the bytes over untouched,
 * moved rather than copied, and the server's thread builds the rows: building them was a fifth
 * of the worker's time, and the worker is the one thread every request waits for.
 *
 * Imports only PGlite: the worker runs it too.
 */
import { messages, parse, protocol, type Results, types } from '@electric-sql/pglite';

type Parsers = Record<number, (value: string, typeId?: number) => unknown>;
export type ReadOptions = { rowMode?: 'array' | 'object' | undefined; parsers?: Parsers | undefined };

/** An element type and its array type, as PGlite reads them from pg_type when it opens. */
export type ArrayType = { oid: number; typarray: number };

/** PGlite's own query for the array types it parses (`_initArrayTypes`). */
export const ARRAY_TYPES_SQL = `
  select b.oid, b.typarray
  from pg_catalog.pg_type a
  left join pg_catalog.pg_type b on b.oid = a.typelem
  where a.typcategory = 'A'
  group by b.oid, b.typarray
  order by b.oid`;

/** bigint columns are read as JS numbers (integer pence stay far below 2^53), as on PostgreSQL. */
export const OWN_PARSERS: Parsers = { 20: (v: string) => Number(v) };

/**
 * The parsers PGlite's connection holds: its defaults, ours, and one for each array type it found
 * when it opened, built the way PGlite builds them.
 */
export function parsersLikePglite(arrayTypes: readonly ArrayType[]): Parsers {
  const parsers: Parsers = { ...(types.parsers as Parsers), ...OWN_PARSERS };
  for (const { oid, typarray } of arrayTypes) {
    parsers[typarray] = (value: string) =>
      types.arrayParser(value, parsers[oid] as (v: string) => unknown, typarray) as unknown;
  }
  return parsers;
}

type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

function messagesOf(raw: Uint8Array): BackendMessage[] {
  const found: BackendMessage[] = [];
  new protocol.Parser().parse(raw, (message) => {
    found.push(message as BackendMessage);
  });
  return found;
}

/**
 * The answer's rows and fields, as PGlite's `query` gives them: read straight from the bytes when
 * the answer holds only what a kept statement's run sends (one result, text format), else by
 * PGlite's own parser.
 */
export function resultsOf(raw: Uint8Array, parsers: Parsers, options: ReadOptions = {}): Results {
  return (
    readDirectly(raw, parsers, options) ??
    parse.parseResults(messagesOf(raw), parsers, { rowMode: options.rowMode, parsers: options.parsers })[0]!
  );
}

const decoder = new TextDecoder();
const ROW_DESCRIPTION = 0x54; // 'T'
const DATA_ROW = 0x44; // 'D'
const COMMAND_COMPLETE = 0x43; // 'C'
/** BindComplete, ParseComplete, NoData, ReadyForQuery: nothing to read. */
const NOTHING_TO_READ = new Set([0x32, 0x31, 0x6e, 0x5a]);
const COUNTED_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

type Parser = (value: string, typeId?: number) => unknown;

/**
 * PGlite's `parseResults` over its `Parser`'s messages, in one pass over the bytes: each field's
 * text is decoded from a view of the answer (the parser copies it out first) and its parser is
 * looked up once per column, not once per value. Null when the answer holds anything else (a
 * notice, binary fields, a column named `__proto__`, several results): the caller parses it the
 * long way. `pglite-prepared.test.ts` holds the two to the same answers.
 */
function readDirectly(raw: Uint8Array, parsers: Parsers, options: ReadOptions): Results | null {
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  let fields: Array<{ name: string; dataTypeID: number }> = [];
  let columnParsers: Array<Parser | undefined> = [];
  const rows: unknown[] = [];
  let result: Results | null = null;
  const asArrays = options.rowMode === 'array';
  let at = 0;
  while (at + 5 <= raw.length) {
    const type = raw[at]!;
    const end = at + 1 + view.getUint32(at + 1);
    let p = at + 5;
    if (type === DATA_ROW) {
      const count = view.getUint16(p);
      p += 2;
      const row: unknown[] | Record<string, unknown> = asArrays ? new Array(count) : {};
      for (let i = 0; i < count; i++) {
        const length = view.getInt32(p);
        p += 4;
        let value: unknown = null;
        if (length >= 0) {
          const text = decoder.decode(raw.subarray(p, p + length));
          p += length;
          const parser = columnParsers[i];
          value = parser ? parser(text, fields[i]!.dataTypeID) : text;
        }
        if (asArrays) (row as unknown[])[i] = value;
        else (row as Record<string, unknown>)[fields[i]!.name] = value;
      }
      rows.push(row);
    } else if (type === ROW_DESCRIPTION) {
      const count = view.getUint16(p);
      p += 2;
      fields = [];
      for (let i = 0; i < count; i++) {
        const nameEnd = raw.indexOf(0, p);
        const name = decoder.decode(raw.subarray(p, nameEnd));
        p = nameEnd + 1 + 6; // the table's oid and the column's number
        const dataTypeID = view.getUint32(p);
        p += 4 + 2 + 4; // the type, its size and modifier
        const format = view.getUint16(p);
        p += 2;
        if (format !== 0 || name === '__proto__') return null;
        fields.push({ name, dataTypeID });
      }
      columnParsers = fields.map(
        ({ dataTypeID }) =>
          (options.parsers?.[dataTypeID] ?? parsers[dataTypeID] ?? (types.parsers as Parsers)[dataTypeID]) as
            | Parser
            | undefined,
      );
    } else if (type === COMMAND_COMPLETE) {
      if (result) return null;
      const words = decoder.decode(raw.subarray(p, raw.indexOf(0, p))).split(' ');
      const command = words[0]!;
      const count = Number.parseInt(words[words.length - 1]!, 10);
      result = { rows, fields, command, affectedRows: COUNTED_COMMANDS.has(command) ? count : 0 } as Results;
      if (!Number.isNaN(count)) (result as Results & { rowCount?: number }).rowCount = count;
    } else if (!NOTHING_TO_READ.has(type)) {
      return null;
    }
    at = end;
  }
  return result;
}

const ERROR = 0x45; // 'E'
const NOTIFICATION = 0x41; // 'A'

/**
 * What the worker must act on before it hands the bytes over: an error (it throws, as PGlite's
 * `query` would) and notifications (it passes them to their listeners, as PGlite would). Only the
 * messages' headers are read unless one of those is there.
 */
export function scanned(raw: Uint8Array): {
  error: messages.DatabaseError | undefined;
  notifications: Array<{ channel: string; payload: string }>;
} {
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  let at = 0;
  let notable = false;
  while (at + 5 <= raw.length) {
    const type = raw[at]!;
    if (type === ERROR || type === NOTIFICATION) {
      notable = true;
      break;
    }
    at += 1 + view.getUint32(at + 1);
  }
  if (!notable) return { error: undefined, notifications: [] };
  let error: messages.DatabaseError | undefined;
  const notifications: Array<{ channel: string; payload: string }> = [];
  for (const message of messagesOf(raw)) {
    if (message instanceof messages.DatabaseError) error ??= message;
    else if (message instanceof messages.NotificationResponseMessage)
      notifications.push({ channel: message.channel, payload: message.payload });
  }
  return { error, notifications };
}
