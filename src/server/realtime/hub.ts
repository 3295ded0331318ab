import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { Tx } from '../db/rls.ts';
import type { Logger } from '../logger.ts';
import { preparedPerConnection, ONE_ROW } from '../db/prepared.ts';
import { errorFields } from '../logger.ts';
import { EventsToOthers } from './events-to-others.ts';

export const EVENTS_CHANNEL = 'app_events';

/** A change a user's open tabs should know about; `invalidate` names the query keys to refetch. */
export type AppEvent = {
  type: string;
  userId?: string;
  /** Sent to every signed-in admin as well as to `userId`. */
  admins?: boolean;
  invalidate?: string[][];
  data?: Record<string, unknown>;
  /**
   * The user's sessions have ended (an admin suspended them): every instance sends this event to
   * the user's open event streams and then closes them, as a request would now be refused.
   */
  endsStreams?: boolean;
};

export type Subscriber = {
  userId: string;
  isAdmin: boolean;
  send: (event: string, data: unknown) => void;
  /** Ends the subscriber's stream (server shutdown). */
  close: () => void;
};

export interface RealtimeHub {
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * For a change already committed (an after-commit task): this instance's streams hear it at
   * once, the other instances' through one NOTIFY sent outside any writer's transaction with
   * whatever else is waiting (docs/decisions/0078). `publish` inside the transaction is the other
   * way, for writes that are not hot: there PostgreSQL drops the event if the writer rolls back.
   */
  publishCommitted(event: AppEvent): void;
  /** Resolves once the committed events published so far have gone to the other instances. */
  eventsSent(): Promise<void>;
  subscribe(subscriber: Subscriber): () => void;
  subscriberCount(): number;
}

/**
 * Publishes inside the writer's transaction: PostgreSQL delivers on COMMIT and drops on
 * ROLLBACK, so a browser never hears of a change that did not happen.
 */
export async function publish(tx: Tx, event: AppEvent): Promise<void> {
  const payload = payloadOf(event);
  // execute() hands the statement to the driver at once (awaiting the query would only in a
  // microtask), so a caller can send it together with others (`sentTogether`).
  await notifyStatement(tx).execute({ payload });
}

/** `publish`'s NOTIFY, prepared once per connection: every write sends one. */
const notifyStatement = preparedPerConnection((tx) =>
  tx
    .select({ sent: sql`pg_notify(${EVENTS_CHANNEL}, ${sql.placeholder('payload')})` })
    .from(ONE_ROW)
    .prepare('publish_event'),
);

/** An event as NOTIFY carries it; `origin` names the instance that already delivered it itself. */
function payloadOf(event: AppEvent & { origin?: string }): string {
  const payload = JSON.stringify(event);
  // PostgreSQL's limit is in bytes (8,000), a little under it here.
  if (Buffer.byteLength(payload) > 7_500) throw new Error('Realtime payload too large; send ids, not rows');
  return payload;
}

/**
 * How long stopping waits for the committed events still on their way to the other instances:
 * it is called twice at shutdown, which the process gives 10 s in all (docs/operations.md).
 */
const STOP_FLUSH_MS = 2_000;

/** One LISTEN per process, fanned out to this process's SSE subscribers, filtered by user. */
export function createRealtimeHub(database: Database, logger: Logger): RealtimeHub {
  const subscribers = new Set<Subscriber>();
  let stopListening: (() => Promise<void>) | undefined;
  // Which of the events this instance hears back are its own (already delivered here).
  const instance = randomUUID();
  // The committed events of one batch, one NOTIFY each, in one statement of their own. PGlite's
  // data folder has one instance (its lock), so there is nobody else to tell.
  const notifyEach =
    database.kind === 'postgres'
      ? database.db
          .select({ sent: sql`pg_notify(${EVENTS_CHANNEL}, payload)` })
          .from(sql`unnest(${sql.placeholder('payloads')}::text[]) as payload`)
          .prepare('publish_committed_events')
      : undefined;
  const toOthers = notifyEach
    ? new EventsToOthers(async (payloads) => {
        await notifyEach.execute({ payloads });
      }, logger)
    : undefined;

  const deliver = (payload: string) => {
    let event: AppEvent & { origin?: string };
    try {
      event = JSON.parse(payload) as AppEvent & { origin?: string };
    } catch (err) {
      logger.warn('ignored malformed realtime payload', errorFields(err));
      return;
    }
    if (typeof event !== 'object' || event === null) {
      logger.warn('ignored malformed realtime payload', { payload: payload.slice(0, 100) });
      return;
    }
    if (event.origin === instance) return;
    deliverHere(event);
  };

  const deliverHere = (event: AppEvent) => {
    for (const s of subscribers) {
      if (s.userId === event.userId || (event.admins && s.isAdmin)) {
        s.send(event.type, { type: event.type, invalidate: event.invalidate, data: event.data });
        if (event.endsStreams && s.userId === event.userId) s.close();
      }
    }
  };

  // Notifications sent while the listener was reconnecting are lost: tell every client to refetch.
  const resync = () => {
    for (const s of subscribers) s.send('resync', { reason: 'reconnected' });
  };

  return {
    async start() {
      stopListening = await database.listen(EVENTS_CHANNEL, deliver, resync);
    },
    publishCommitted(event) {
      // Queued first: a stream here that fails to take it must not keep it from the others.
      toOthers?.add(payloadOf({ ...event, origin: instance }));
      deliverHere(event);
    },
    eventsSent: async () => {
      await toOthers?.flushed();
    },
    async stop() {
      await toOthers?.flushed(STOP_FLUSH_MS);
      await stopListening?.();
      for (const s of subscribers) s.close();
      subscribers.clear();
    },
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    subscriberCount: () => subscribers.size,
  };
}
