import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import { AppError } from '../errors.ts';
import {
  findSessionUser,
  readSessionToken,
  sessionFromOpening,
  sessionOpening,
  type SessionUser,
} from '../auth/session.ts';
import type { ReadsOptions, Tx } from '../db/client.ts';
import { sharedKnownSessions } from '../auth/known-sessions.ts';
import { runAfterCommit } from './after-commit.ts';
import { UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER_SECONDS } from './on-error.ts';
import { ReadTurnNotCome } from './read-turns.ts';
import type { AppEnv, Deps } from './context.ts';

/**
 * Who may call a route. Every API route declares one; the authorisation harness
 * (src/server/http/authorisation.test.ts) fails for a route that does not.
 * - public: anyone, signed in or not.
 * - user: a signed-in user; rows are scoped to them by the query and by row-level security.
 * - admin: a signed-in user with the admin role in `user_roles`, checked on the server.
 */
export type Access = 'public' | 'user' | 'admin';

const registry = new Map<string, Access>();

export function routeKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
}

export function declareAccess(method: string, path: string, access: Access): void {
  registry.set(routeKey(method, path), access);
}

export function declaredAccess(): ReadonlyMap<string, Access> {
  return registry;
}

/** Resolves the session once per request (cached on the context). */
export async function getSession(c: Context<AppEnv>, deps: Deps): Promise<SessionUser | null> {
  if (c.get('session') !== undefined) return c.get('session');
  const token = readSessionToken(c.req.header('cookie'), deps.secret);
  const session = token ? await findSessionUser(deps.database.db, token, deps.clock.now()) : null;
  c.set('session', session);
  return session;
}

/** Thrown inside the request transaction to roll it back after the error handler has answered. */
class RollBack extends Error {}

/**
 * For `user` and `admin` routes: one transaction per request that finds the session, sets the
 * row-level-security actor and switches to `app_user` in the same round trip as BEGIN; the
 * handler works in it (`txOf(c)`); it commits before the response leaves, or rolls back when
 * the handler failed.
 */
export type FrameOptions = {
  adminRefusal?: string | undefined;
  /**
   * 'opening-only': the route's answer is in the opening's rows, so the opening runs alone in one
   * round trip, with no transaction around the handler (`txOf` throws there).
   * 'on-demand': the opening runs alone too; the handler's reads run in a transaction opened
   * only when it asks (`readsOf`), which starts with the opening again (row-level security and
   * a session still valid) and commits before the handler computes its answer, so a pooled
   * connection is held only while statements run. For read-only routes whose answer is often
   * kept (docs/decisions/0039): a kept answer costs one statement. And for writes a handler can
   * send at once (`commitWith`): their transaction starts with the opening again and a check that
   * it admits the same user, and commits with them, so the database never waits for this thread
   * in it (PGlite's one connection sat idle a quarter of its time in such waits).
   * 'deferred': as 'on-demand', except when this process has admitted the cookie's session before
   * (auth/known-sessions.ts): then no opening runs alone. The handler acts for that session's user
   * (`actorOf`), and its first transaction (`commitWith`, `transactionOf`, `readsOf`) starts with
   * the opening, whose check refuses the transaction unless the opening admits that same user:
   * a write that reads nothing first is one round trip in all (docs/decisions/0072); on PostgreSQL
   * only, PGlite takes the 'on-demand' path. A handler
   * that answers before any transaction (bad input) has the opening run after it, so an ended
   * session still hears 401 first. User routes only.
   * Default: the request transaction, from the session check to the answer.
   */
  frame?: 'transaction' | 'opening-only' | 'on-demand' | 'deferred' | undefined;
  /** The opening also reads the profile's name and avatar (`SessionUser.profile`). */
  withProfile?: boolean | undefined;
  /** The handler waits on another service (an outside API): its reads never take a turn (ADR 0076). */
  callsOutside?: boolean | undefined;
};

/**
 * Reads framed to hold a connection only while statements run take turns: a GET (or HEAD) of an
 * 'opening-only' or 'on-demand' route that waits on nothing but the database. Writes never wait
 * behind them (ADR 0076).
 */
function waitsForReadTurn(method: string, options: FrameOptions): boolean {
  return (
    (method === 'GET' || method === 'HEAD') &&
    (options.frame === 'opening-only' || options.frame === 'on-demand') &&
    options.callsOutside !== true
  );
}

/** `work` in its read turn; a read whose turn did not come in time hears 503, as when the pool is exhausted. */
async function inReadTurn(deps: Deps, work: () => Promise<void>): Promise<void> {
  try {
    await deps.readTurns.inTurn(work);
  } catch (err) {
    if (!(err instanceof ReadTurnNotCome)) throw err;
    throw new AppError('SERVICE_UNAVAILABLE', UNAVAILABLE_MESSAGE, undefined, {
      retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS,
    });
  }
}

export function requireAccess(deps: Deps, access: Access, options: FrameOptions = {}) {
  if (options.frame === 'deferred' && access !== 'user') throw new Error("Frame 'deferred' is for user routes");
  return createMiddleware<AppEnv>(async (c, next) => {
    if (access === 'public') return next();
    const token = readSessionToken(c.req.header('cookie'), deps.secret);
    if (!token) throw new AppError('UNAUTHENTICATED', 'Authentication required');
    const afterCommit: (() => void)[] = [];
    c.set('afterCommit', afterCommit);
    const now = deps.clock.now();
    const opening = sessionOpening(token, access === 'admin', now, { withProfile: options.withProfile === true });
    /** The signed-in user the opening found, refused when the route is not theirs. */
    const admitted = (rows: unknown[]) => {
      const session = sessionFromOpening(rows, now);
      if (!session) {
        sharedKnownSessions.forget(token);
        throw new AppError('UNAUTHENTICATED', 'Authentication required');
      }
      sharedKnownSessions.remember(token, session.userId);
      if (access === 'admin' && !session.isAdmin)
        throw new AppError('FORBIDDEN', options.adminRefusal ?? ADMIN_REFUSAL_MESSAGE);
      if (access === 'admin') requireAdminTwoFactor(session);
      return session;
    };
    // PostgreSQL only: PGlite has no socket round trip to save, and its writes then queue as a
    // request's first turn rather than a continuing one, which measured a longer tail (ADR 0072).
    const knownUser =
      options.frame === 'deferred' && deps.database.kind === 'postgres' ? sharedKnownSessions.userOf(token) : undefined;
    if (knownUser !== undefined) {
      await deferredOpening(c, next, deps, { opening, admitted, knownUser, token });
      if (!c.error) runAfterCommit(afterCommit, c.get('logger'));
      return;
    }
    if (options.frame === 'opening-only' || options.frame === 'on-demand' || options.frame === 'deferred') {
      const framed = async () => {
        c.set('session', admitted(await deps.database.openingOnly(opening)));
        if (options.frame !== 'opening-only') {
          const { database } = deps;
          c.set('reads', (work, readsOptions) => {
            // The actor check holds the user, not an admin's role or two-factor: admin routes
            // write in their request transaction.
            if (readsOptions?.actor !== undefined && access === 'admin')
              throw new Error('Writes sent whole with the opening are for user routes');
            // Its opening ran alone above: back for its reads, it goes before requests not yet started.
            return database.readsOpenedWith(opening, admitted, work, { ...readsOptions, turn: 'continuing' });
          });
        }
        await next();
      };
      await (waitsForReadTurn(c.req.method, options) ? inReadTurn(deps, framed) : framed());
      if (!c.error) runAfterCommit(afterCommit, c.get('logger'));
      return;
    }
    try {
      await deps.database.transactionOpenedWith(opening, async (tx, rows, commitWith) => {
        const session = admitted(rows);
        c.set('session', session);
        c.set('tx', tx);
        c.set('commitWith', commitWith);
        await next();
        c.set('tx', undefined);
        c.set('commitWith', undefined);
        if (c.error) throw new RollBack();
      });
    } catch (err) {
      if (!(err instanceof RollBack)) throw err;
      return;
    }
    runAfterCommit(afterCommit, c.get('logger'));
  });
}

/**
 * Frame 'deferred' for a session this process knows: the handler acts for `knownUser` until its
 * first transaction, sent with the opening, admits the session (and only that user: the opening's
 * check holds the same). If the handler answered without one, the opening runs alone after it and
 * a refused session's 401 replaces the answer.
 *
 * A write sent whole goes with its COMMIT before the opening's rows are looked at here, so every
 * refusal `admitted` makes for a user route must also fail the transaction in SQL: today it
 * refuses only a session the opening did not find, which leaves `app.user_id` unset and fails the
 * actor check. A refusal worked out here alone (a tier, a verified e-mail) would answer an error
 * for a write that committed: such a route must read first (`transactionOf`) or not be deferred.
 */
async function deferredOpening(
  c: Context<AppEnv>,
  next: () => Promise<void>,
  { database }: Deps,
  { opening, admitted, knownUser, token }: DeferredOpening,
): Promise<void> {
  const admitKnown = (rows: unknown[]) => {
    const session = admitted(rows);
    if (session.userId !== knownUser) {
      // Cannot happen while a token names one user; refused rather than trusted if it ever does.
      sharedKnownSessions.forget(token);
      throw new AppError('UNAUTHENTICATED', 'Authentication required');
    }
    c.set('session', session);
  };
  c.set('actor', knownUser);
  c.set('reads', (work, readsOptions) => database.readsOpenedWith(opening, admitKnown, work, readsOptions));
  await next();
  // No session admitted: the handler answered before asking (bad input), or went on after a
  // refusal. The opening alone decides, and a refused session's 401 replaces the answer.
  if (c.get('session') === undefined) admitKnown(await database.openingOnly(opening));
}

type DeferredOpening = {
  opening: ReturnType<typeof sessionOpening>;
  admitted: (rows: unknown[]) => SessionUser;
  knownUser: string;
  token: string;
};

/** What a signed-in non-admin hears from an admin route that names no refusal of its own. */
export const ADMIN_REFUSAL_MESSAGE = 'Admin access required';

export const ADMIN_TWO_FACTOR_MESSAGE =
  'Administrators must turn on two-factor authentication before using admin pages. Turn it on in Settings, under Security.';

/** An admin without two-factor authentication gets no admin route (ASVS 4.3.1; docs/decisions/0009-two-factor.md). */
export function requireAdminTwoFactor(session: SessionUser): void {
  if (!session.twoFactorEnabled) throw new AppError('TWO_FACTOR_REQUIRED', ADMIN_TWO_FACTOR_MESSAGE);
}

/** The request's transaction (row-level security already bound to the signed-in user). */
export function txOf(c: Context<AppEnv>): Tx {
  const tx = c.get('tx');
  if (!tx) throw new Error('No request transaction: is the route declared user or admin?');
  return tx;
}

/**
 * Sends the transaction's last statements and its COMMIT together, so the database commits
 * without waiting for this thread (one round trip fewer while a connection is held): the request
 * transaction's, or on a user route framed 'on-demand' a transaction of their own, sent whole
 * with the opening again and its actor check. For a handler whose statements are over once these
 * answer: any sent later fails. A failed statement rolls the transaction back, and the handler's
 * error answers as before.
 */
export function commitWith<R>(c: Context<AppEnv>, send: (tx: Tx) => Promise<R>): Promise<R> {
  const commit = c.get('commitWith');
  if (commit) {
    const tx = txOf(c);
    return commit(() => send(tx));
  }
  // Frame 'on-demand': BEGIN, the opening again, the actor check, the statements and COMMIT go
  // together in a transaction of their own (one turn on PGlite, one socket write on PostgreSQL).
  const reads = c.get('reads');
  if (!reads) throw new Error('No request transaction: is the route declared user or admin?');
  return reads(send, { atOnce: true, actor: actorOf(c) });
}

/**
 * Runs `work`, which may read and then write, in one transaction: the request transaction, or on
 * a route framed 'on-demand' a transaction of its own, opened with the opening again and its
 * actor check, committed when `work` resolves. For the rarer writes of an 'on-demand' route that
 * must read before they know what to write; `commitWith` for the ones that need not.
 */
export function transactionOf(c: Context<AppEnv>): <R>(work: (tx: Tx) => Promise<R>) => Promise<R> {
  const reads = c.get('reads');
  if (reads) return (work) => reads(work, { actor: actorOf(c) });
  return (work) => work(txOf(c));
}

/**
 * Runs `work`'s reads: in a transaction of their own on a route framed 'on-demand' (committed when
 * `work` resolves, so what comes after holds no connection), else in the request transaction.
 */
export function readsOf(c: Context<AppEnv>): <R>(work: (tx: Tx) => Promise<R>, options?: ReadsOptions) => Promise<R> {
  const reads = c.get('reads');
  if (reads) return reads;
  return (work) => work(txOf(c));
}

/**
 * The signed-in user for a route declared `user` or `admin` (the middleware guarantees one); on a
 * route framed 'deferred', once its first transaction has admitted the session.
 */
export function sessionOf(c: Context<AppEnv>): SessionUser {
  const session = c.get('session');
  if (session) return session;
  if (c.get('actor') !== undefined)
    throw new Error("The session is admitted by the route's first transaction: use actorOf(c) before it");
  throw new AppError('UNAUTHENTICATED', 'Authentication required');
}

/**
 * The user a route acts for: the signed-in user's id, or on a route framed 'deferred' before its
 * first transaction the user this process saw the cookie's session admit (that transaction
 * refuses itself unless the session still admits them).
 */
export function actorOf(c: Context<AppEnv>): string {
  return c.get('session')?.userId ?? c.get('actor') ?? sessionOf(c).userId;
}
