import { sql } from 'drizzle-orm';
import type { AppDb } from '../db/client.ts';
import { rowsOf } from '../db/rls.ts';
import type { RateWindow } from '../../core/crm/rate-window.ts';

export const HUBSPOT_RATE_KEY = 'hubspot';

/**
 * A slot is kept longer than the window: its time is taken before the request leaves, so a request
 * delayed on its way (a busy event loop, a slow connect) could otherwise arrive inside the next
 * window's requests at the provider. On a busy two-core machine such a delay passed 250 ms, so the
 * margin is a tenth of the window and at least a second: HubSpot's 100 in 10 s become 100 in 11 s.
 */
export function heldForMs(window: RateWindow): number {
  return window.windowMs + Math.max(1_000, Math.round(window.windowMs / 10));
}

/**
 * Takes one request slot of the shared sliding window, or says how long to wait. One transaction
 * under a transaction-scoped advisory lock, on PostgreSQL's clock: every instance counts the same
 * rows, so together they never send more than `limit` in any window (ADR 0063).
 */
export async function tryTakeSlot(db: AppDb, key: string, window: RateWindow): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`crm-rate:${key}`}))`);
    const held = heldForMs(window);
    const [blocked] = rowsOf<{ wait_ms: number }>(
      await tx.execute(sql`
        select ceil(extract(epoch from blocked_until - clock_timestamp()) * 1000)::int as wait_ms
        from crm_rate_state where key = ${key} and blocked_until > clock_timestamp()`),
    );
    if (blocked && blocked.wait_ms > 0) return blocked.wait_ms;
    await tx.execute(sql`
      delete from crm_rate_requests where key = ${key} and sent_at <= clock_timestamp() - make_interval(secs => ${held / 1000})`);
    // The request that must leave the window before one more may go: the limit-th newest.
    const [edge] = rowsOf<{ wait_ms: number }>(
      await tx.execute(sql`
        select greatest(1, ceil(extract(epoch from sent_at + make_interval(secs => ${held / 1000}) - clock_timestamp()) * 1000))::int as wait_ms
        from crm_rate_requests where key = ${key} order by sent_at desc offset ${window.limit - 1} limit 1`),
    );
    if (edge) return edge.wait_ms;
    await tx.execute(sql`insert into crm_rate_requests (key, sent_at) values (${key}, clock_timestamp())`);
    return 0;
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for a slot (polling at the time the window frees one). */
export async function takeSlot(db: AppDb, key: string, window: RateWindow): Promise<void> {
  for (;;) {
    const waitMs = await tryTakeSlot(db, key, window);
    if (waitMs === 0) return;
    // A little jitter, so instances that wait for the same slot do not all ask at once.
    await sleep(Math.min(waitMs, 60_000) + Math.floor(Math.random() * 25));
  }
}

/** After a 429: every instance holds its requests until `ms` from now (never shortens a longer pause). */
export async function pauseAll(db: AppDb, key: string, ms: number): Promise<void> {
  await db.execute(sql`
    insert into crm_rate_state (key, blocked_until) values (${key}, clock_timestamp() + make_interval(secs => ${ms / 1000}))
    on conflict (key) do update set blocked_until = greatest(crm_rate_state.blocked_until, excluded.blocked_until)`);
}
