/**
 * The embedded default: PGlite on a worker thread of this process (src/server/db/pglite-worker.ts,
 * docs/decisions/0049), one connection, its data folder locked to this process. The server sees
 * the same `Database` as before: drizzle talks to a stand-in client that sends each statement to
 * the worker, so HTTP parsing, handlers and JSON run on the main thread beside PGlite's work.
 */
import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import { PgDialect } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';
import type { AppDb, Database, OpenOptions, Tx } from './client.ts';
import { ROLE_AND_ACTOR_CHECK_SQL, ROLE_SWITCH_SQL, admittedAfterSwitch } from './require-found.ts';
import { type CommitWith, settledTogether, TRANSACTION_OVER } from './commit-with.ts';
import { compiledWith, type NamedQuery } from './named-query.ts';
import { acquireFolderLock } from './folder-lock.ts';
import { pgliteEngine } from './pglite-engine.ts';
import { ONE_CLIENT_PER_TRANSACTION } from './prepared.ts';
import { parsersLikePglite, type ReadOptions, resultsOf } from './pglite-results.ts';
import type { RawAnswer, Ready, Reply, Request, Statement, WorkerOptions } from './pglite-worker.ts';
import type { TurnKind } from './turns.ts';

/**
 * The types drizzle's PGlite driver reads as the text PostgreSQL sent (timestamp, timestamptz,
 * interval, date and their arrays, numeric[]), for statements sent without drizzle.
 */
const TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const AS_TEXT = Object.fromEntries(TEXT_TYPES.map((oid) => [oid, (v: string) => v]));

const CLOSE_GRACE_MS = 5_000;

/** A request before it is given its id. */
type Outgoing = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void };
type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, (value: string) => unknown> };

/** What drizzle's PGlite driver (and the test helpers, through `db.$client`) call on a client. */
export type WorkerClient = {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  transaction<T>(work: (tx: WorkerTransaction) => Promise<T>): Promise<T>;
  dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob>;
};
type WorkerTransaction = Pick<WorkerClient, 'query' | 'exec'> & {
  rollback(): Promise<void>;
  readonly closed: boolean;
  readonly [ONE_CLIENT_PER_TRANSACTION]: true;
};

/** The worker module beside this one: the source in tests and dev, the bundle's own file in production. */
function workerUrl(): URL {
  const here = import.meta.url;
  return new URL(here.endsWith('.ts') ? './pglite-worker.ts' : './pglite-worker.js', here);
}

/** A stand-in error for what the worker threw: its message and fields (`code` is the SQLSTATE). */
function rebuiltError(error: { message: string; fields: Record<string, unknown> }): Error {
  return Object.assign(new Error(error.message), error.fields);
}

function statementOf(sql: string, params: unknown[] | undefined, options: QueryOptions | undefined): Statement {
  return {
    kind: 'query',
    sql,
    params: params ?? [],
    rowMode: options?.rowMode,
    // drizzle passes parsers that keep some types as text; the worker rebuilds them from the type ids.
    rawTypes: options?.parsers ? Object.keys(options.parsers).map(Number) : undefined,
  };
}

/** Starts the worker and answers once PGlite has opened; a failed open rejects. */
async function startWorker(options: WorkerOptions) {
  const worker = new Worker(workerUrl(), { workerData: options });
  const pending = new Map<number, Pending>();
  const channels = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let stopped: Error | undefined;

  // A waiting reply keeps the process alive; an idle worker does not (as PGlite in-process did not).
  worker.unref();
  const settle = (id: number) => {
    const entry = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    return entry;
  };
  const stopAll = (err: Error) => {
    stopped ??= err;
    for (const [id, entry] of pending) {
      pending.delete(id);
      entry.reject(stopped);
    }
    worker.unref();
  };

  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const ready = new Promise<Ready>((resolve, reject) => {
    pending.set(0, { resolve: (value) => resolve(value as Ready), reject });
    worker.ref();
  });
  worker.on('message', (message: Reply) => {
    if ('notify' in message) {
      for (const listener of channels.get(message.notify) ?? []) listener(message.payload);
      return;
    }
    const entry = settle(message.id);
    if (message.ok) entry?.resolve(message.value);
    else entry?.reject(rebuiltError(message.error));
  });
  worker.on('error', (err) => stopAll(new Error(`The embedded database stopped: ${err.message}`, { cause: err })));
  worker.on('exit', (code) => stopAll(new Error(`The embedded database stopped (its thread exited with ${code})`)));

  /**
   * Requests made in one stretch of this thread's work (a transaction's statements and its COMMIT,
   * sent at once) go to the worker as one message once the stretch ends: the worker finds them all
   * queued together and runs them with no wait between them, and posting is paid once.
   */
  let outbox: Request[] = [];
  const flush = () => {
    const batch = outbox;
    outbox = [];
    try {
      worker.postMessage(batch.length === 1 ? batch[0] : batch);
    } catch (err) {
      // A request that cannot be copied to the thread fails every request sent with it.
      for (const request of batch) settle(request.id)?.reject(err as Error);
    }
  };
  const call = <T>(request: Outgoing): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      if (outbox.push({ ...request, id } as Request) === 1) queueMicrotask(flush);
    });
  };

  const { arrayTypes } = await ready;
  const parsers = parsersLikePglite(arrayTypes);
  /** A statement's answer: read here when the worker sent PostgreSQL's bytes (a kept statement). */
  const answerOf = (value: unknown, options: ReadOptions): unknown =>
    (value as Partial<RawAnswer> | null)?.raw ? resultsOf((value as RawAnswer).raw, parsers, options) : value;
  return { worker, call, answerOf, channels, exited, isStopped: () => stopped !== undefined };
}

/** The thread a PGlite database runs on, for tests that end it as a crash would. */
const workers = new WeakMap<Database, Worker>();
export function pgliteWorkerOf(database: Database): Worker | undefined {
  return workers.get(database);
}

export async function openPglite(options: OpenOptions): Promise<Database> {
  const pglite = await import('drizzle-orm/pglite');
  const dir = options.pgliteDir ?? 'memory://';
  const releaseLock = dir.startsWith('memory://') ? () => undefined : acquireFolderLock(dir);
  let started: Awaited<ReturnType<typeof startWorker>>;
  try {
    // The Blob itself goes to the thread (a Blob is shared, not copied): reading it into an
    // ArrayBuffer here, then into a Blob again there, copied a 64 MB test template twice per open.
    const engine = await pgliteEngine();
    started = await startWorker({ dataDir: dir, loadDataDir: options.pgliteLoadDataDir, ...engine });
  } catch (err) {
    releaseLock();
    throw err;
  }
  const { worker, call, answerOf, channels } = started;
  /** A statement on its own or in transaction `tx`, its answer read as drizzle asked. */
  const query = (sql: string, params: unknown[] | undefined, opts: QueryOptions | undefined, tx?: number) =>
    call({ op: 'run', tx, statement: statementOf(sql, params, opts) }).then((value) => answerOf(value, opts ?? {}));

  let nextTx = 1;
  /** A transaction's client; `isOver` says COMMIT has been sent, and later statements are refused. */
  const transactionClient = (tx: number, isOver: () => boolean): WorkerTransaction => {
    let closed = false;
    const refused = () => Promise.reject(new Error(TRANSACTION_OVER));
    return {
      [ONE_CLIENT_PER_TRANSACTION]: true,
      query: (sql, params, opts) => (isOver() ? refused() : (query(sql, params, opts, tx) as never)),
      exec: (sql) => (isOver() ? refused() : call({ op: 'run', tx, statement: { kind: 'exec', sql } })),
      async rollback() {
        closed = true;
        throw new Error('Roll back by throwing from the transaction');
      },
      get closed() {
        return closed;
      },
    };
  };
  /**
   * BEGIN (with `first` run straight after it, in the same turn), the statements `sendWith` sends
   * at once (queued in the worker behind `first`), `work`, then COMMIT; ROLLBACK if anything failed.
   * COMMIT goes as soon as it may: with `work`'s last statements (`commitWith`), or, with
   * `commitAfterSent`, straight after what `sendWith` sent, so the worker commits without
   * waiting for this thread.
   */
  const inTransaction = async <T>(
    first: Statement | undefined,
    work: (tx: WorkerTransaction, firstResult: unknown, sent: Promise<unknown>[], commitWith: CommitWith) => Promise<T>,
    {
      turn = 'starting',
      sendWith,
      commitAfterSent = false,
    }: {
      turn?: TurnKind;
      sendWith?: (tx: WorkerTransaction) => Promise<unknown>[];
      commitAfterSent?: boolean;
    } = {},
  ) => {
    const tx = nextTx++;
    let commit: Promise<unknown> | undefined;
    const sendCommit = () => {
      commit = call({ op: 'end', tx, commit: true });
    };
    const client = transactionClient(tx, () => commit !== undefined);
    const opened = call<unknown>({ op: 'begin', tx, first, turn });
    let sent: Promise<unknown>[] = [];
    try {
      sent = sendWith?.(client) ?? [];
      if (commitAfterSent) sendCommit();
    } catch (err) {
      sent = [Promise.reject(err)];
    }
    // Awaited by `work`: one that fails before it gets there is not an unhandled rejection.
    for (const statement of sent) statement.catch(() => undefined);
    const commitWith: CommitWith = (send) => {
      if (commit) return Promise.reject(new Error(TRANSACTION_OVER));
      const last = send();
      sendCommit();
      return settledTogether(commit!, last);
    };
    try {
      const result = await work(client, await opened, sent, commitWith);
      await (commit ?? call({ op: 'end', tx, commit: true }));
      return result;
    } catch (err) {
      await Promise.allSettled(sent);
      if (commit) await commit.catch(() => undefined);
      else await call({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw err;
    }
  };

  const client: WorkerClient = {
    query: (sql, params, opts) => query(sql, params, opts) as never,
    exec: (sql) => call({ op: 'run', statement: { kind: 'exec', sql } }),
    transaction: (work) => inTransaction(undefined, (tx) => work(tx)),
    async dumpDataDir(compression = 'none') {
      return new Blob([await call<ArrayBuffer>({ op: 'dump', compression })]);
    },
  };

  const db = pglite.drizzle(client as never, { schema }) as unknown as AppDb;
  const dialect = new PgDialect();
  const compiledOpenings = new Map<string, { sql: string; params: unknown[] }>();
  // The opening as drizzle's `execute` would send it: rows as objects, dates and times as text.
  const openingStatement = (opening: NamedQuery): Statement => {
    const { text, params } = compiledWith(dialect, compiledOpenings, opening);
    return { kind: 'query', sql: text, params, rowMode: 'object', rawTypes: TEXT_TYPES };
  };
  const rowsOf = (result: unknown) =>
    (answerOf(result, { rowMode: 'object', parsers: AS_TEXT }) as { rows: unknown[] }).rows;

  const database: Database = {
    kind: 'pglite',
    db,
    transactionOpenedWith(opening, work) {
      // BEGIN and the opening go in one message and one turn; the work then runs in the transaction.
      return inTransaction(openingStatement(opening), (tx, opened, _sent, commitWith) =>
        work(drizzleTransaction(pglite, db, tx), rowsOf(opened), commitWith),
      );
    },
    readsOpenedWith(opening, admit, reads, { atOnce = false, actor } = {}) {
      // As on PostgreSQL: the switch to app_user and the reads queue behind the opening in the
      // worker, so they run in the same turn with no wait for this thread between them; `admit`
      // sees the opening's rows before the reads' results are used. It is the request's second
      // turn, served before requests not yet started (turns.ts).
      return inTransaction(
        openingStatement(opening),
        async (_tx, opened, [switched, read]) => {
          await admittedAfterSwitch(switched!, () => admit(rowsOf(opened)));
          return (await read) as never;
        },
        {
          turn: 'continuing',
          sendWith: (tx) => [
            actor === undefined ? tx.exec(ROLE_SWITCH_SQL) : tx.query(ROLE_AND_ACTOR_CHECK_SQL, [actor]),
            reads(drizzleTransaction(pglite, db, tx)),
          ],
          commitAfterSent: atOnce,
        },
      );
    },
    async openingOnly(opening) {
      return rowsOf(await call({ op: 'run', statement: openingStatement(opening) }));
    },
    async listen(channel, onMessage) {
      let listeners = channels.get(channel);
      if (!listeners) {
        listeners = new Set();
        channels.set(channel, listeners);
        await call({ op: 'listen', channel });
      }
      listeners.add(onMessage);
      return async () => {
        listeners.delete(onMessage);
        if (listeners.size === 0 && channels.get(channel) === listeners) {
          channels.delete(channel);
          if (!started.isStopped()) await call({ op: 'unlisten', channel }).catch(() => undefined);
        }
      };
    },
    async serverVersion() {
      const r = await client.query<{ server_version: string }>('show server_version');
      return r.rows[0]?.server_version ?? 'unknown';
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    async close() {
      try {
        if (!started.isStopped()) await call({ op: 'close' });
      } finally {
        // The thread ends by itself once PGlite has closed (writing a CPU profile, if asked);
        // one that does not within the grace time is ended.
        const grace = setTimeout(() => void worker.terminate(), CLOSE_GRACE_MS);
        await started.exited;
        clearTimeout(grace);
        releaseLock();
      }
    },
  };
  workers.set(database, worker);
  return database;
}

/**
 * A drizzle transaction on an open worker transaction: what drizzle's own `db.transaction` hands
 * out (a PgliteTransaction over a session on the transaction's client), so savepoints and
 * `tx.rollback()` behave alike.
 */
function drizzleTransaction(pglite: typeof import('drizzle-orm/pglite'), db: AppDb, client: WorkerTransaction): Tx {
  const root = (db as unknown as { session: { dialect: PgDialect; schema: unknown; options: unknown } }).session;
  const session = new pglite.PgliteSession(client as never, root.dialect, root.schema as never, root.options as never);
  return new pglite.PgliteTransaction(root.dialect, session, root.schema as never) as unknown as Tx;
}
