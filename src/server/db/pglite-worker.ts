/**
 * The embedded database's own thread (docs/decisions/0049): PGlite runs here, so its WebAssembly
 * work never holds the server's event loop. The server's side (pglite.ts) sends a request per
 * statement, those it made in one stretch together in one message (handled in order);
 * statements outside a transaction and whole transactions take turns on PGlite's own
 * transaction mutex (first come, first served), so a transaction sees no other statement between
 * its BEGIN and its COMMIT.
 *
 * Turns are taken here before PGlite's mutex (turns.ts): a request's second turn, the reads of an
 * on-demand frame after its opening, goes before requests not yet started.
 *
 * Imports only PGlite, Node, pglite-prepared.ts and turns.ts: it runs from source (type stripping)
 * in tests and from dist-server/pglite-worker.js in production. Parameterised statements run as
 * named prepared statements (pglite-prepared.ts), planned once each.
 */
import { writeFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { preparedStatements } from './pglite-prepared.ts';
import { ARRAY_TYPES_SQL, type ArrayType, OWN_PARSERS } from './pglite-results.ts';
import { StatementStats } from './statement-stats.ts';
import { type TurnKind, Turns } from './turns.ts';

/** A statement: a parameterised query (`query`) or a simple-protocol string (`exec`, several statements). */
export type Statement =
  | { kind: 'query'; sql: string; params: unknown[]; rowMode?: 'array' | 'object'; rawTypes?: number[] }
  | { kind: 'exec'; sql: string };

export type Request =
  /** `turn` is for a statement on its own; one in transaction `tx` runs in the transaction's turn. */
  | { op: 'run'; id: number; tx?: number; statement: Statement; turn?: TurnKind }
  /** Opens transaction `tx` when its turn comes, then runs `first` in it (the request's opening). */
  | { op: 'begin'; id: number; tx: number; first?: Statement; turn?: TurnKind }
  | { op: 'end'; id: number; tx: number; commit: boolean }
  | { op: 'dump'; id: number; compression: 'none' | 'gzip' | 'auto' }
  | { op: 'listen'; id: number; channel: string }
  | { op: 'unlisten'; id: number; channel: string }
  | { op: 'close'; id: number };

/** A kept statement's answer: PostgreSQL's bytes, moved to the server's thread and read there (pglite-results.ts). */
export type RawAnswer = { raw: Uint8Array };

/** The first reply: PGlite has opened, with the array types its connection parses. */
export type Ready = { arrayTypes: ArrayType[] };

export type Reply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { message: string; fields: Record<string, unknown> } }
  | { notify: string; payload: string };

export type WorkerOptions = {
  dataDir: string;
  loadDataDir?: Blob;
  /** PGlite's engine compiled once by the opening thread (pglite-engine.ts); absent, PGlite loads its own. */
  wasmModule?: WebAssembly.Module;
  fsBundle?: ArrayBuffer;
};

type Queued = Extract<Request, { op: 'run' } | { op: 'end' }>;
type OpenTransaction = { inbox: Queued[]; wake?: () => void };

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread');
const options = workerData as WorkerOptions;

const db = await PGlite.create({
  dataDir: options.dataDir,
  loadDataDir: options.loadDataDir,
  pgliteWasmModule: options.wasmModule,
  fsBundle: options.fsBundle ? new Blob([options.fsBundle]) : undefined,
  // The same parsers the server's thread reads kept answers with (pglite-results.ts).
  parsers: OWN_PARSERS,
});

keepFileSizes(db);
const prepared = preparedStatements(db, {
  onNotification: (channel, payload) => {
    if (unlisteners.has(channel)) port.postMessage({ notify: channel, payload } satisfies Reply);
  },
});

/** Where this thread's time goes, written on close to the file named (the PGlite bench's BENCH_STATEMENTS=1). */
const statsFile = process.env.PGLITE_STATEMENT_STATS;
const stats = statsFile ? new StatementStats() : undefined;
const turns = new Turns();
/** A turn, its holding counted when asked. */
const inTurn = <T>(kind: TurnKind, work: () => Promise<T>): Promise<T> =>
  turns.run(kind, stats ? () => stats.turn(work) : work);
const transactions = new Map<number, OpenTransaction>();
const unlisteners = new Map<string, () => Promise<void>>();
/** drizzle asks for some types as the text PostgreSQL sent (dates, intervals): one parser set per list. */
const rawParsers = new Map<string, Record<number, (v: string) => string>>();

type FsNode = { mode: number };
type FsStream = { node: FsNode };
type StreamOps = {
  llseek(stream: FsStream, offset: number, whence: number): number;
  write(stream: FsStream, buffer: unknown, offset: number, length: number, position: number): number;
  setattr?(stream: FsStream, attr: unknown): void;
};
type Emscripten = {
  NODEFS?: { stream_ops: StreamOps; node_ops: { setattr(node: FsNode, attr: unknown): void } };
  FS?: { isFile(mode: number): boolean };
};

const SEEK_END = 2;

/**
 * PostgreSQL asks a relation file's size (lseek to its end) each time it plans or extends it, and
 * Emscripten's Node file system answers every one with an fstat: ~25 file-status calls a request.
 * This process alone writes the folder (the lock), and every write and truncation goes through
 * these operations, so the size is asked once per file and then kept: grown by each write past
 * the end, forgotten by any truncation or other attribute change.
 */
function keepFileSizes(pglite: PGlite): void {
  const { NODEFS: nodefs, FS: fs } = (pglite as unknown as { Module?: Emscripten }).Module ?? {};
  if (!nodefs || !fs) return;
  const ops = nodefs.stream_ops;
  const sizes = new WeakMap<FsNode, number>();
  const { llseek, write, setattr } = ops;
  const nodeSetattr = nodefs.node_ops.setattr;
  ops.llseek = (stream, offset, whence) => {
    if (whence !== SEEK_END || !fs.isFile(stream.node.mode)) return llseek(stream, offset, whence);
    let size = sizes.get(stream.node);
    if (size === undefined) {
      size = llseek(stream, 0, SEEK_END);
      sizes.set(stream.node, size);
    }
    return size + offset < 0 ? llseek(stream, offset, whence) : size + offset;
  };
  ops.write = (stream, buffer, offset, length, position) => {
    const written = write(stream, buffer, offset, length, position);
    const size = sizes.get(stream.node);
    if (size !== undefined) sizes.set(stream.node, Math.max(size, position + written));
    return written;
  };
  if (setattr) {
    ops.setattr = (stream, attr) => {
      sizes.delete(stream.node);
      return setattr(stream, attr);
    };
  }
  nodefs.node_ops.setattr = (node, attr) => {
    sizes.delete(node);
    return nodeSetattr(node, attr);
  };
}

function parsersFor(types: number[] | undefined) {
  if (!types?.length) return undefined;
  const key = types.join(',');
  let parsers = rawParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(types.map((oid) => [oid, (v: string) => v]));
    rawParsers.set(key, parsers);
  }
  return parsers;
}

/** Runs `statement` on its own (`on` is PGlite) or in the transaction `on`. */
function run(on: Pick<Transaction, 'query' | 'exec'>, statement: Statement): Promise<unknown> {
  return stats ? stats.timed(statement.sql, () => runStatement(on, statement)) : runStatement(on, statement);
}

function runStatement(on: Pick<Transaction, 'query' | 'exec'>, statement: Statement): Promise<unknown> {
  if (statement.kind === 'exec') return on.exec(statement.sql);
  if (!prepared.handles(statement.sql, statement.params)) {
    const options = { rowMode: statement.rowMode, parsers: parsersFor(statement.rawTypes) };
    return on.query(statement.sql, statement.params, options);
  }
  const kept = { sql: statement.sql, params: statement.params };
  const raw = on === db ? prepared.alone(kept) : prepared.inTransaction(kept);
  return raw.then((bytes): RawAnswer => ({ raw: bytes }));
}

function reply(id: number, work: Promise<unknown>): Promise<void> {
  return work.then(
    (value) => {
      // A kept statement's bytes are moved, not copied: they are this thread's own copy.
      const moved = (value as Partial<RawAnswer> | null)?.raw?.buffer;
      port!.postMessage({ id, ok: true, value } satisfies Reply, moved ? [moved as ArrayBuffer] : []);
    },
    (err: unknown) => port!.postMessage({ id, ok: false, error: errorOf(err) } satisfies Reply),
  );
}

/** The error's message and its own fields (SQLSTATE `code`, `detail`, `constraint`…), which the server reads. */
function errorOf(err: unknown): { message: string; fields: Record<string, unknown> } {
  if (!(err instanceof Error)) return { message: String(err), fields: {} };
  const fields: Record<string, unknown> = { name: err.name };
  for (const [key, value] of Object.entries(err)) {
    if (value === undefined || typeof value === 'function') continue;
    if (key === 'query' || key === 'params') continue;
    fields[key] = typeof value === 'object' && value !== null ? String(value) : value;
  }
  return { message: err.message, fields };
}

const ROLLBACK = Symbol('rollback');

function begin(request: Extract<Request, { op: 'begin' }>): void {
  const open: OpenTransaction = { inbox: [] };
  transactions.set(request.tx, open);
  const next = (): Promise<Queued> =>
    open.inbox.length
      ? Promise.resolve(open.inbox.shift()!)
      : new Promise((resolve) => {
          const asked = performance.now();
          open.wake = () => {
            open.wake = undefined;
            stats?.waited(performance.now() - asked);
            resolve(open.inbox.shift()!);
          };
        });
  let endId: number | undefined;
  let begun = false;
  let mark = 0;
  const done = inTurn(request.turn ?? 'starting', () => {
    mark = performance.now();
    return db.transaction(async (tx) => {
      begun = true;
      stats?.add('BEGIN', performance.now() - mark);
      await reply(request.id, request.first ? run(tx, request.first) : Promise.resolve(null));
      for (;;) {
        const queued = await next();
        if (queued.op === 'end') {
          endId = queued.id;
          mark = performance.now();
          if (queued.commit) return;
          throw ROLLBACK;
        }
        await reply(queued.id, run(tx, queued.statement));
      }
    });
  });
  done.then(
    () => {
      stats?.add('COMMIT', performance.now() - mark);
      finish(null);
    },
    (err: unknown) => finish(err === ROLLBACK ? null : err),
  );
  function finish(err: unknown) {
    transactions.delete(request.tx);
    // Statements sent ahead that the transaction never reached (its BEGIN or a statement failed).
    for (const queued of open.inbox.splice(0)) {
      if (queued.op === 'end') endId ??= queued.id;
      else void reply(queued.id, Promise.reject(new Error('The transaction is no longer open')));
    }
    // BEGIN itself failed: the opening's answer is the error; a later `end` finds nothing to end.
    if (!begun) return void reply(request.id, Promise.reject(err));
    if (endId !== undefined) void reply(endId, err ? Promise.reject(err) : Promise.resolve(null));
  }
}

/** One request, or several the server sent in one stretch of its work, in the order it made them. */
port.on('message', (message: Request | Request[]) => {
  if (Array.isArray(message)) for (const request of message) handle(request);
  else handle(message);
});

function handle(request: Request) {
  switch (request.op) {
    case 'run':
    case 'end': {
      const open = request.tx === undefined ? undefined : transactions.get(request.tx);
      if (open) {
        open.inbox.push(request);
        open.wake?.();
      } else if (request.op === 'end') {
        // Already over (its BEGIN or COMMIT failed, and that was answered).
        void reply(request.id, Promise.resolve(null));
      } else if (request.tx !== undefined) {
        void reply(request.id, Promise.reject(new Error('The transaction is no longer open')));
      } else {
        void reply(
          request.id,
          inTurn(request.turn ?? 'starting', () => run(db, request.statement)),
        );
      }
      return;
    }
    case 'begin':
      return begin(request);
    case 'dump':
      return void reply(
        request.id,
        (async () => {
          // Writes dirty pages out first, so a restore has little WAL to replay; then the copy
          // is taken inside the transaction mutex, between transactions (docs/decisions/0048).
          await turns.run('starting', () => db.exec('checkpoint'));
          const blob = await turns.run('starting', () =>
            db._runExclusiveTransaction(() => db.dumpDataDir(request.compression)),
          );
          return blob.arrayBuffer();
        })(),
      );
    case 'listen':
      return void reply(
        request.id,
        (async () => {
          if (unlisteners.has(request.channel)) return null;
          const stop = await db.listen(request.channel, (payload) =>
            port!.postMessage({ notify: request.channel, payload } satisfies Reply),
          );
          unlisteners.set(request.channel, stop);
          return null;
        })(),
      );
    case 'unlisten':
      return void reply(
        request.id,
        (async () => {
          const stop = unlisteners.get(request.channel);
          unlisteners.delete(request.channel);
          await stop?.();
          return null;
        })(),
      );
    case 'close':
      if (stats && statsFile) writeFileSync(statsFile, JSON.stringify(stats.report()));
      return void reply(request.id, db.close()).then(() => port!.close());
  }
}

const arrayTypes = (await db.query<ArrayType>(ARRAY_TYPES_SQL)).rows;
port.postMessage({ id: 0, ok: true, value: { arrayTypes } satisfies Ready } satisfies Reply);
