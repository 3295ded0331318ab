/**
 * Parameterised statements on PGlite as node-postgres sends them to PostgreSQL: parsed and planned
 * once as a named prepared statement, then each run is one Bind, Describe, Execute and Sync handed
 * to PGlite's engine in a single call (docs/decisions/0049's addendum). PGlite's own `query` parses
 * and plans the text again every time, row-level security's rewriting included, and makes six
 * calls into the engine to do it. A run answers with PostgreSQL's bytes, unread but for an error
 * or a notification: `resultsOf` (pglite-results.ts) builds the rows where they are used.
 *
 * The caller serialises: a run outside a transaction holds PGlite's transaction and query locks,
 * as `query` would; inside one, the transaction already holds the first.
 */
import { parse, type PGlite, protocol } from '@electric-sql/pglite';
import { scanned } from './pglite-results.ts';

type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

/** Distinct statement texts kept prepared; the least recently used beyond this are closed. */
export const MAX_PREPARED_STATEMENTS = 200;

/**
 * Statements with more parameters than this are not kept: they are bulk writes (the reference
 * data's loads, an import) whose kept parse and plan take megabytes each, and they run rarely.
 */
export const MAX_KEPT_PARAMETERS = 100;

/** What PostgreSQL says when a kept plan's columns no longer match the table (a migration ran since). */
const PLAN_CHANGED = '0A000';

/** Statements PostgreSQL can prepare; anything else (SET, BEGIN, DDL) runs as PGlite's `query` runs it. */
const PREPARABLE = /^\s*(select|insert|update|delete|with|values)\b/i;

type Prepared = { name: string; paramTypes: number[] };

export type PreparedRun = { sql: string; params: unknown[] };

type Locks = Pick<PGlite, '_runExclusiveQuery' | '_runExclusiveTransaction' | 'syncToFs'>;

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

type Options = {
  max?: number;
  /** A NOTIFY delivered with a kept statement's answer (one run on its own that committed it). */
  onNotification?: (channel: string, payload: string) => void;
};

export function preparedStatements(
  db: PGlite,
  { max = MAX_PREPARED_STATEMENTS, onNotification = () => undefined }: Options = {},
) {
  const kept = new Map<string, Prepared>();
  let made = 0;
  const { serialize } = protocol;
  const send = (parts: Uint8Array[]): Promise<BackendMessage[]> =>
    db.execProtocolStream(joined(parts), { syncToFs: false });

  async function prepare(sql: string): Promise<Prepared> {
    const name = `savvypig_${++made}`;
    const messages = await send([
      serialize.parse({ name, text: sql }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]);
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    kept.set(sql, statement);
    if (kept.size > max) {
      const [oldestSql, oldest] = kept.entries().next().value as [string, Prepared];
      kept.delete(oldestSql);
      await send([serialize.close({ type: 'S', name: oldest.name }), serialize.sync()]);
    }
    return statement;
  }

  /** Bind, Describe, Execute and Sync in one call; the answer's bytes as PostgreSQL sent them. */
  async function execute(statement: Prepared, run: PreparedRun): Promise<Uint8Array> {
    const values = run.params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = db.serializers[statement.paramTypes[i]!];
      return serializer ? serializer(value) : String(value);
    });
    const chunks: Uint8Array[] = [];
    await db.execProtocolRawStream(
      joined([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      // Each chunk is a view of the engine's memory, reused for the next: copied out.
      { syncToFs: false, onRawData: (chunk) => chunks.push(chunk.slice()) },
    );
    const raw = chunks.length === 1 ? chunks[0]! : joined(chunks);
    const { error, notifications } = scanned(raw);
    for (const { channel, payload } of notifications) onNotification(channel, payload);
    if (error) throw error;
    return raw;
  }

  /**
   * Runs `run` under its kept statement (prepared on first use), the least recently used last out.
   * When its table changed under it, the statement is forgotten; on its own it is prepared again
   * and run once more, but a transaction is aborted by the failure, so there the error stands.
   */
  async function runKept(run: PreparedRun, inTransaction: boolean): Promise<Uint8Array> {
    let statement = kept.get(run.sql);
    if (statement) {
      kept.delete(run.sql);
      kept.set(run.sql, statement);
    } else {
      statement = await prepare(run.sql);
    }
    try {
      return await execute(statement, run);
    } catch (err) {
      if ((err as { code?: string }).code !== PLAN_CHANGED) throw err;
      kept.delete(run.sql);
      await send([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]).catch(() => undefined);
      if (inTransaction) throw err;
      return execute(await prepare(run.sql), run);
    }
  }

  return {
    /** Whether a statement goes through a kept statement; when not, the caller runs PGlite's `query`. */
    handles: (sql: string, params: readonly unknown[] = []) =>
      params.length <= MAX_KEPT_PARAMETERS && PREPARABLE.test(sql),
    /** Inside a transaction this thread holds open. */
    inTransaction: (run: PreparedRun) => (db as Locks)._runExclusiveQuery(() => runKept(run, true)),
    /** On its own: waits for its turn between transactions, as `query` does, and syncs after. */
    alone: (run: PreparedRun) =>
      (db as Locks)._runExclusiveTransaction(async () => {
        const result = await (db as Locks)._runExclusiveQuery(() => runKept(run, false));
        await db.syncToFs();
        return result;
      }),
    /** How many statements are kept prepared now. */
    get size() {
      return kept.size;
    },
  };
}
