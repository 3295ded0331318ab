import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';
import type { PoolClient } from 'pg';
import type { Logger } from '../logger.ts';
import { errorFields } from '../logger.ts';
import { mustDiscardConnection } from './connection-errors.ts';
import { listenForLostConnections } from './lost-connections.ts';
import { type CommitWith, settledTogether, TRANSACTION_OVER } from './commit-with.ts';
import { compiledWith, type NamedQuery } from './named-query.ts';
import { openPglite } from './pglite.ts';
import { ROLE_AND_ACTOR_CHECK_SQL, ROLE_SWITCH_SQL, admittedAfterSwitch } from './require-found.ts';
import { poolTurns } from './pool-turns.ts';
import { sharedTrips } from './shared-trips.ts';
import type { TurnKind } from './turns.ts';
import { sentTogether } from './together.ts';

export type { CommitWith } from './commit-with.ts';
export type { NamedQuery } from './named-query.ts';

export type Schema = typeof schema;
export type AppDb = PgDatabase<PgQueryResultHKT, Schema>;
export type DbKind = 'pglite' | 'postgres';

export type Notification = { channel: string; payload: string };

/** One database, whichever engine: the rest of the server sees only this. */
export interface Database {
  kind: DbKind;
  db: AppDb;
  /** Subscribes to NOTIFY on a channel; `onReconnect` fires after the listener lost its connection. */
  listen(channel: string, onMessage: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  /**
   * One transaction that starts with the `opening` statement (a named prepared statement on
   * PostgreSQL, so it is parsed and planned once per connection), then runs `work` with the
   * opening's rows. Commits when `work` resolves, rolls back if it throws.
   */
  transactionOpenedWith<T>(
    opening: NamedQuery,
    work: (tx: Tx, openingRows: unknown[], commitWith: CommitWith) => Promise<T>,
  ): Promise<T>;
  /**
   * The opening statement alone, in its own implicit transaction (no BEGIN, no COMMIT: one round
   * trip), for a route whose answer the opening's rows hold (`opening: 'only'`). Its transaction-local
   * settings end with the statement. On PostgreSQL, the openings waiting when a connection comes
   * free go out on it together in one socket write, each still alone (shared-trips.ts, ADR 0074).
   */
  openingOnly(opening: NamedQuery): Promise<unknown[]>;
  /**
   * Reads in one transaction sent with its opening: BEGIN, the opening, the switch to `app_user`
   * and the statements `reads` hands the driver before it first awaits go together
   * (PostgreSQL: one socket write; PGlite: queued in its worker, one turn, served before requests
   * not yet started); `admit` checks the opening's rows before the reads' results are used. The
   * role is switched whatever the opening finds, so reads sent with an opening that found no
   * session see no rows. COMMIT follows when the reads have answered, or goes with them when they
   * are sent `atOnce`. With `actor`, the statements may write (access.ts `commitWith`,
   * `transactionOf`): a check after the switch fails the transaction unless the opening made that
   * user the actor.
   */
  readsOpenedWith<T>(
    opening: NamedQuery,
    admit: (openingRows: unknown[]) => void,
    reads: (tx: Tx) => Promise<T>,
    options?: FramedReadsOptions,
  ): Promise<T>;
  serverVersion(): Promise<string>;
  /**
   * PGlite only: its data folder as an uncompressed tar, taken between transactions, so it opens
   * as the database stood at that instant (docs/decisions/0048). PostgreSQL has pg_dump.
   */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export type Tx = Parameters<Parameters<AppDb['transaction']>[0]>[0];

export type ReadsOptions = {
  /**
   * Every statement of the reads is handed to the driver before they first await (a builder's
   * `.execute()`, not the builder awaited), so COMMIT goes with them and the database commits
   * without waiting for this thread. A statement sent later finds the transaction over and fails.
   */
  atOnce?: boolean;
  /**
   * For writes: the user the opening must admit. A check sent straight after the role switch
   * (`require_found`) fails the transaction unless the opening made this user the row-level-security
   * actor, so statements sent with an opening that found no session never commit. It checks the
   * user only, not what an admin route's `admit` checks besides (the role, two-factor): user
   * routes only (access.ts refuses it on an admin route).
   */
  actor?: string;
};

/** What the frame adds to a handler's `ReadsOptions`; handlers never see it. */
export type FramedReadsOptions = ReadsOptions & {
  /**
   * 'continuing' when the request's opening already ran alone (an on-demand route's reads after a
   * miss, or its write): it then waits for a pooled connection before requests not yet started
   * (pool-turns.ts).
   */
  turn?: TurnKind;
};

export type OpenOptions = {
  databaseUrl?: string;
  /** Folder for PGlite's files; `memory://` for a throwaway database. */
  pgliteDir?: string;
  /**
   * A PGlite data directory dump to start from (tests clone a migrated template). It goes to the
   * engine's thread as it is, so it must be held in memory: Node cannot send a Blob that reads a
   * file (`fs.openAsBlob`) to another thread.
   */
  pgliteLoadDataDir?: Blob | File;
  poolMax?: number;
  logger: Logger;
};

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openPglite(options);
}

/**
 * The longest a request waits for its turn at the pool, and then for node-postgres to lend the
 * connection, before it hears 503 (pool-turns.ts; the second wait is short unless statements sent
 * on the pool itself hold its connections).
 */
export const POOL_WAIT_MS = 5_000;

async function openPostgres(url: string, options: OpenOptions): Promise<Database> {
  const pg = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // bigint columns are read as JS numbers (integer pence stay far below 2^53).
  pg.types.setTypeParser(20, (v: string) => Number(v));
  const poolMax = options.poolMax ?? 20;
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    connectionTimeoutMillis: POOL_WAIT_MS,
    idleTimeoutMillis: 30_000,
    statement_timeout: 30_000,
    application_name: 'savvypig',
    // Queries issued without awaiting the previous one go out at once (node-postgres pipeline
    // mode): a request transaction sends BEGIN and its opening statement in one round trip.
    pipeline: true,
  } as import('pg').PoolConfig);
  const lostConnectionOf = listenForLostConnections(pool, options.logger);
  const db = drizzle(pool, { schema }) as unknown as AppDb;

  /**
   * Runs `work` on a connection checked out for it. A connection that failed in a way that may
   * leave it unusable, or whose socket died, is released with the error so the pool ends it.
   */
  // Every transaction and batch of openings checked out here takes a turn first (pool-turns.ts).
  // Statements sent on the pool itself (drizzle's `db` outside a transaction) take none and wait
  // in node-postgres's own queue; while they hold connections, a request with a turn may wait
  // there too, so its wait can reach twice POOL_WAIT_MS in all.
  const turns = poolTurns(poolMax, { maxWaitMs: POOL_WAIT_MS });
  const withClient = async <T>(
    work: (client: PoolClient, discard: (err: Error) => void) => Promise<T>,
    turn: TurnKind = 'starting',
  ): Promise<T> => {
    await turns.take(turn);
    let client: PoolClient;
    try {
      client = await pool.connect();
    } catch (err) {
      turns.pass();
      throw err;
    }
    let discardWith: Error | undefined;
    try {
      return await work(client, (err) => {
        discardWith ??= err;
      });
    } catch (err) {
      if (mustDiscardConnection(err)) discardWith ??= err as Error;
      throw err;
    } finally {
      try {
        client.release(discardWith ?? lostConnectionOf(client));
      } finally {
        turns.pass();
      }
    }
  };

  // A drizzle instance per pooled connection, for transactions we open ourselves.
  const perClient = new WeakMap<object, AppDb>();
  const drizzleOn = (client: PoolClient): AppDb => {
    let onClient = perClient.get(client);
    if (!onClient) {
      onClient = drizzle(client as never, { schema }) as unknown as AppDb;
      perClient.set(client, onClient);
    }
    return onClient;
  };

  // drizzle's own db.transaction on a pool sends BEGIN before the try/finally that releases its
  // client: a BEGIN that fails (the connection died while idle in the pool) would keep the client
  // checked out for good, and a few of them exhaust the pool (drizzle-orm 0.45, upstream issue
  // 6241). Transactions (the job runner's, better-auth's, withActor's) check out here instead.
  db.transaction = ((work, config) =>
    withClient((client) => drizzleOn(client).transaction(work, config))) as AppDb['transaction'];

  const dialect = new PgDialect();
  const compiledOpenings = new Map<string, { sql: string; params: unknown[] }>();

  /**
   * BEGIN, the opening and what `sendWith` sends, pipelined and corked into one socket write
   * (writes are the dearest thing on a small VM); then `work` with the opening's rows, and
   * COMMIT, unless `work` sent it already with its last statements (`commitWith`). Whatever
   * failed (BEGIN, the opening, a statement sent with them or the work), the transaction is
   * rolled back before the connection goes back to the pool: an aborted transaction there would
   * fail every later request on it.
   */
  const openedTransaction = <T>(
    opening: NamedQuery,
    sendWith: ((client: PoolClient) => Promise<unknown>[]) | null,
    work: (client: PoolClient, openingRows: unknown[], sent: Promise<unknown>[], commitWith: CommitWith) => Promise<T>,
    { commitAfterSent = false, turn }: { commitAfterSent?: boolean; turn?: TurnKind } = {},
  ): Promise<T> =>
    withClient(async (client, discard) => {
      const { text, params } = compiledWith(dialect, compiledOpenings, opening);
      const socket = socketOf(client);
      let commit: Promise<unknown> | undefined;
      const sendCommit = () => {
        commit = client.query('commit');
        closeAfterCommit(client);
      };
      socket?.cork?.();
      const begin = client.query('begin');
      const open = client.query({ name: opening.name, text, values: params });
      let sent: Promise<unknown>[] = [];
      try {
        sent = sendWith?.(client) ?? [];
        if (commitAfterSent) sendCommit();
      } catch (err) {
        sent = [Promise.reject(err)];
      } finally {
        socket?.uncork?.();
      }
      for (const statement of sent) statement.catch(() => undefined);
      const commitWith: CommitWith = async (send) => {
        if (commit) throw new Error(TRANSACTION_OVER);
        socket?.cork?.();
        let last: Promise<unknown>;
        try {
          last = send();
          sendCommit();
        } finally {
          socket?.uncork?.();
        }
        return settledTogether(commit!, last) as never;
      };
      try {
        try {
          const [, opened] = await Promise.all([begin, open]);
          const result = await work(client, opened.rows, sent, commitWith);
          await (commit ?? client.query('commit'));
          return result;
        } catch (err) {
          await Promise.allSettled([begin, open, ...sent]);
          if (commit) await commit.catch(discard);
          else await client.query('rollback').catch(discard);
          throw err;
        }
      } finally {
        reopenAfterCommit(client);
      }
    }, turn);

  const listeners: Array<() => Promise<void>> = [];
  return {
    kind: 'postgres',
    db,
    transactionOpenedWith(opening, work) {
      return openedTransaction(opening, null, (client, rows, _sent, commitWith) =>
        work(drizzleOn(client) as unknown as Tx, rows, commitWith),
      );
    },
    readsOpenedWith<T>(
      opening: NamedQuery,
      admit: (rows: unknown[]) => void,
      reads: (tx: Tx) => Promise<T>,
      { atOnce = false, actor, turn }: FramedReadsOptions = {},
    ) {
      return openedTransaction(
        opening,
        // The opening reads the session as the login role, then switches when it finds one; the
        // switch after it holds whatever it found.
        (client) => [
          actor === undefined
            ? client.query(ROLE_SWITCH_SQL)
            : client.query({ name: 'role_and_actor_check', text: ROLE_AND_ACTOR_CHECK_SQL, values: [actor] }),
          reads(drizzleOn(client) as unknown as Tx),
        ],
        async (_client, rows, [switched, read]) => {
          await admittedAfterSwitch(switched!, () => admit(rows));
          return (await read) as T;
        },
        { commitAfterSent: atOnce, turn },
      );
    },
    openingOnly: sharedTrips<NamedQuery, unknown[], Lent>(
      (work) => withClient((client, discard) => work({ client, discard })),
      ({ client, discard }, openings) => {
        const answers: Promise<unknown[]>[] = new Array(openings.length);
        // Built before anything is sent: a statement that cannot be built fails alone (its items
        // hear why), never leaving statements on the wire that nobody waits for.
        const built = sentTogether(openings).map((sent) => {
          try {
            return { sent, compiled: compiledWith(dialect, compiledOpenings, sent.statement) };
          } catch (err) {
            for (const { item } of sent.callers) answers[item] = Promise.reject(err);
            return undefined;
          }
        });
        const socket = socketOf(client);
        socket?.cork?.();
        try {
          for (const each of built) {
            if (!each) continue;
            const { sent, compiled } = each;
            let sending: Promise<{ rows: unknown[] }>;
            try {
              sending = client.query({ name: sent.statement.name, text: compiled.text, values: compiled.params });
            } catch (err) {
              // Never thrown out of here: the answers made so far would be left with nobody to hear them.
              sending = Promise.reject(err);
            }
            const rows = sending.then(
              (result) => result.rows as unknown[],
              (err: unknown) => {
                // Any one statement's error may say the connection is unusable, not only the first.
                if (mustDiscardConnection(err)) discard(err as Error);
                throw err;
              },
            );
            for (const { item, rowsOf } of sent.callers) answers[item] = rows.then(rowsOf);
          }
        } finally {
          socket?.uncork?.();
        }
        return answers;
      },
    ),
    async listen(channel, onMessage, onReconnect) {
      const stop = await listenWithReconnect(pg, url, channel, onMessage, onReconnect, options.logger);
      listeners.push(stop);
      return stop;
    },
    async serverVersion() {
      const r = await pool.query<{ server_version: string }>('show server_version');
      return r.rows[0]?.server_version ?? 'unknown';
    },
    async close() {
      await Promise.all(listeners.map((stop) => stop()));
      await pool.end();
    },
  };
}

/**
 * After COMMIT went with a transaction's last statements, the connection refuses statements until
 * it goes back to the pool: one sent later would run outside the transaction, as the login role.
 */
function closeAfterCommit(client: PoolClient): void {
  (client as { query: unknown }).query = () => Promise.reject(new Error(TRANSACTION_OVER));
}

function reopenAfterCommit(client: PoolClient): void {
  delete (client as { query?: unknown }).query;
}

/** A pooled connection's socket, to cork statements into one write (node-postgres keeps it there). */
function socketOf(client: PoolClient): { cork?(): void; uncork?(): void } | undefined {
  return (client as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } }).connection?.stream;
}

type PgModule = typeof import('pg').default;

/** A pooled connection lent to a batch of statements, and how to have it ended instead of reused. */
type Lent = { client: PoolClient; discard: (err: Error) => void };

/** One dedicated LISTEN connection that survives server restarts (a pooled one would not). */
async function listenWithReconnect(
  pg: PgModule,
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onReconnect: (() => void) | undefined,
  logger: Logger,
): Promise<() => Promise<void>> {
  let client: InstanceType<PgModule['Client']> | undefined;
  let stopped = false;
  let delayMs = 250;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (isReconnect: boolean): Promise<void> => {
    const c = new pg.Client({ connectionString: url, application_name: 'savvypig-listen' });
    c.on('error', (err) => logger.warn('listen connection error', errorFields(err)));
    c.on('notification', (n) => {
      if (n.channel === channel) onMessage(n.payload ?? '');
    });
    c.on('end', () => {
      if (stopped) return;
      logger.warn('listen connection ended; reconnecting', { channel });
      schedule();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${quoteIdent(channel)}`);
    } catch (err) {
      c.removeAllListeners('end');
      await c.end().catch(() => undefined);
      throw err;
    }
    client = c;
    delayMs = 250;
    if (isReconnect) onReconnect?.();
  };

  const schedule = () => {
    if (stopped || timer) return;
    timer = setTimeout(async () => {
      timer = undefined;
      try {
        await connect(true);
      } catch (err) {
        logger.warn('listen reconnect failed', { ...errorFields(err), retryInMs: delayMs });
        delayMs = Math.min(delayMs * 2, 5_000);
        schedule();
      }
    }, delayMs);
  };

  await connect(false);
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await client?.end().catch(() => undefined);
  };
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Invalid channel name: ${name}`);
  return `"${name}"`;
}
