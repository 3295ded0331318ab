/**
 * Events already committed, on their way to the other app instances: whatever is waiting when the
 * last send has answered goes in one statement of its own, outside any writer's transaction
 * (docs/decisions/0078). A NOTIFY inside a writer's transaction holds PostgreSQL's notification
 * lock from before its commit until after its WAL flush, so every notifying commit waits for the
 * one before it; a deposit's own event cost it about a quarter of its database time that way.
 *
 * One send at a time: events that arrive while one is out wait for it, then go together, so under
 * load a batch carries many and when idle an event leaves on the next turn of the event loop. A
 * send that fails is tried again with what arrived since, at most `attempts` times in all, then
 * dropped with a warning (ADR 0078 says what the other instances miss then).
 */
import type { Logger } from '../logger.ts';
import { errorFields } from '../logger.ts';

export type SendEvents = (payloads: string[]) => Promise<void>;

export class EventsToOthers {
  readonly #send: SendEvents;
  readonly #logger: Logger;
  readonly #attempts: number;
  #waiting: string[] = [];
  #failures = 0;
  #sending: Promise<void> | null = null;
  /** Events added, and events sent or dropped, since the start: what `flushed` waits on. */
  #added = 0;
  #settled = 0;
  #flushWaiters: Array<{ upTo: number; resolve: () => void }> = [];

  constructor(send: SendEvents, logger: Logger, { attempts = 3 }: { attempts?: number } = {}) {
    this.#send = send;
    this.#logger = logger;
    this.#attempts = attempts;
  }

  /** Queues an event's payload; it leaves with the next send. */
  add(payload: string): void {
    this.#waiting.push(payload);
    this.#added += 1;
    if (!this.#sending) this.#sending = this.#sendWaiting();
  }

  /**
   * Resolves once every event added before this call has been sent or dropped (not those added
   * later, so a steady stream of events cannot hold it), or after `withinMs`, whichever is first.
   */
  flushed(withinMs?: number): Promise<void> {
    const upTo = this.#added;
    if (this.#settled >= upTo) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const waiter = { upTo, resolve };
      this.#flushWaiters.push(waiter);
      if (withinMs !== undefined) setTimeout(resolve, withinMs).unref();
    });
  }

  async #sendWaiting(): Promise<void> {
    try {
      // The rest of this turn's events go with the first.
      await new Promise<void>((resolve) => setImmediate(resolve));
      while (this.#waiting.length > 0) {
        const batch = this.#waiting;
        this.#waiting = [];
        if (await this.#sent(batch)) this.#settle(batch.length);
      }
    } finally {
      this.#sending = null;
    }
  }

  /** Whether `batch` is done with (sent, or dropped after its last attempt); else it waits again. */
  async #sent(batch: string[]): Promise<boolean> {
    try {
      await this.#send(batch);
      this.#failures = 0;
      return true;
    } catch (err) {
      this.#failures += 1;
      if (this.#failures < this.#attempts) {
        this.#waiting = [...batch, ...this.#waiting];
        await new Promise<void>((resolve) => setTimeout(resolve, 50 * this.#failures).unref());
        return false;
      }
      this.#failures = 0;
      try {
        this.#logger.warn('realtime events for other instances dropped', { ...errorFields(err), events: batch.length });
      } catch {
        // A logger that throws must not stop the next events.
      }
      return true;
    }
  }

  #settle(count: number): void {
    this.#settled += count;
    const waiting = this.#flushWaiters;
    this.#flushWaiters = waiting.filter((w) => w.upTo > this.#settled);
    for (const w of waiting) if (w.upTo <= this.#settled) w.resolve();
  }
}
