/**
 * Events already committed, on their way to the other app instances: whatever is waiting when the
 * last send has answered goes in one statement of its own, outside any writer's transaction
 * (docs/decisions/0078). A NOTIFY inside a writer's transaction holds PostgreSQL's notification
 * lock from before its commit until after its WAL flush, so every notifying commit waits for the
 * one before it; a deposit's own event cost it about a third of its database time that way.
 *
 * One send at a time: events that arrive while one is out wait for it, then go together, so under
 * load a batch carries many and when idle an event leaves on the next turn of the event loop. A
 * send that fails is tried again with what arrived since, at most `attempts` times in all, then
 * dropped with a warning (the instances that missed it tell their clients to resync when their own
 * listener comes back, which is what a lost database connection means there).
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

  constructor(send: SendEvents, logger: Logger, { attempts = 3 }: { attempts?: number } = {}) {
    this.#send = send;
    this.#logger = logger;
    this.#attempts = attempts;
  }

  /** Queues an event's payload; it leaves with the next send. */
  add(payload: string): void {
    this.#waiting.push(payload);
    if (!this.#sending) this.#sending = this.#sendWaiting();
  }

  /** Resolves once every event queued so far has been sent or dropped (shutdown, tests). */
  async flushed(): Promise<void> {
    while (this.#sending) await this.#sending;
  }

  async #sendWaiting(): Promise<void> {
    // The rest of this turn's events go with the first.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (this.#waiting.length > 0) {
      const batch = this.#waiting;
      this.#waiting = [];
      try {
        await this.#send(batch);
        this.#failures = 0;
      } catch (err) {
        this.#failures += 1;
        if (this.#failures < this.#attempts) {
          this.#waiting = [...batch, ...this.#waiting];
          await new Promise<void>((resolve) => setTimeout(resolve, 50 * this.#failures));
        } else {
          this.#logger.warn('realtime events for other instances dropped', {
            ...errorFields(err),
            events: batch.length,
          });
          this.#failures = 0;
        }
      }
    }
    this.#sending = null;
  }
}
