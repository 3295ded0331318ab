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

/** The answer's rows and fields, as PGlite's `query` gives them. */
export function resultsOf(raw: Uint8Array, parsers: Parsers, options: ReadOptions = {}): Results {
  return parse.parseResults(messagesOf(raw), parsers, {
    rowMode: options.rowMode,
    parsers: options.parsers,
  })[0]!;
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
