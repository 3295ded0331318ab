/**
 * The CRM queue as the admin screens see it (Consent and Sync Monitor, Sync Debugger, CRM
 * dashboard, system health): measured counts and timings, the latest items, and the repairs.
 * Reads take the admin request's transaction (row-level security lets only admins see the queue)
 * or the server's own connection.
 */
import { sql } from 'drizzle-orm';
import type { AppDb, Tx } from '../db/client.ts';
import { rowsOf } from '../db/rls.ts';
import type { Crm } from './crm.ts';
import { processQueue, type ProcessResult } from './worker.ts';

export type QueueStatus = 'pending' | 'processing' | 'completed' | 'failed';

/** 002 §9: sync queue health — pending under 50, failed under 10, stale pending (older than 24 h) under 5. */
export const QUEUE_HEALTH = { pendingBelow: 50, failedBelow: 10, stalePendingBelow: 5, staleHours: 24 } as const;

export type QueueStats = {
  queue: Record<QueueStatus, number>;
  total: number;
  /** completed ÷ (completed + failed) × 100; null before anything finished. */
  completionRate: number | null;
  /** failed ÷ total × 100 (002 §9's error rate); null for an empty queue. */
  errorRate: number | null;
  oldestPendingAt: string | null;
  oldestPendingAgeSeconds: number | null;
  stalePending: number;
  /** Measured: the mean time an attempt took, from claim to result (finished items of the last 24 h). */
  averageProcessingMs: number | null;
  /** Measured: the mean time from queueing to completion (the last 24 h). */
  averageLatencyMs: number | null;
  lastSyncAt: string | null;
  healthy: boolean;
};

type Reader = AppDb | Tx;

export async function queueStats(db: Reader): Promise<QueueStats> {
  const [row] = rowsOf<{
    pending: number;
    processing: number;
    completed: number;
    failed: number;
    oldest_pending_at: string | null;
    oldest_age: number | null;
    stale: number;
    avg_ms: number | null;
    avg_latency_ms: number | null;
    last_sync_at: string | null;
  }>(
    await db.execute(sql`
      select
        count(*) filter (where status = 'pending')::int as pending,
        count(*) filter (where status = 'processing')::int as processing,
        count(*) filter (where status = 'completed')::int as completed,
        count(*) filter (where status = 'failed')::int as failed,
        min(created_at) filter (where status = 'pending') as oldest_pending_at,
        floor(extract(epoch from now() - min(created_at) filter (where status = 'pending')))::int as oldest_age,
        count(*) filter (where status = 'pending' and created_at < now() - make_interval(hours => ${QUEUE_HEALTH.staleHours}))::int as stale,
        round(avg(processing_ms) filter (where status in ('completed', 'failed') and processed_at > now() - interval '24 hours'))::int as avg_ms,
        round(avg(extract(epoch from processed_at - created_at) * 1000) filter (where status = 'completed' and processed_at > now() - interval '24 hours'))::int as avg_latency_ms,
        max(processed_at) filter (where status = 'completed') as last_sync_at
      from hubspot_sync_queue`),
  );
  const r = row!;
  const total = r.pending + r.processing + r.completed + r.failed;
  const finished = r.completed + r.failed;
  const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
  return {
    queue: { pending: r.pending, processing: r.processing, completed: r.completed, failed: r.failed },
    total,
    completionRate: finished === 0 ? null : Math.round((r.completed / finished) * 1000) / 10,
    errorRate: total === 0 ? null : Math.round((r.failed / total) * 1000) / 10,
    oldestPendingAt: iso(r.oldest_pending_at),
    oldestPendingAgeSeconds: r.oldest_age === null ? null : Number(r.oldest_age),
    stalePending: r.stale,
    averageProcessingMs: r.avg_ms === null ? null : Number(r.avg_ms),
    averageLatencyMs: r.avg_latency_ms === null ? null : Number(r.avg_latency_ms),
    lastSyncAt: iso(r.last_sync_at),
    healthy:
      r.pending < QUEUE_HEALTH.pendingBelow &&
      r.failed < QUEUE_HEALTH.failedBelow &&
      r.stale < QUEUE_HEALTH.stalePendingBelow,
  };
}

export type QueueItem = {
  id: number;
  userId: string | null;
  userEmail: string | null;
  syncType: string;
  status: QueueStatus;
  payload: unknown;
  retryCount: number;
  maxRetries: number;
  scheduledAt: string;
  createdAt: string;
  processedAt: string | null;
  processingMs: number | null;
  errorDetails: string | null;
  hubspotContactId: string | null;
};

/** The latest items, newest first (002 §9: 100 on the monitor, 20 in the Sync Debugger). */
export async function listQueueItems(db: Reader, limit: number): Promise<QueueItem[]> {
  const rows = rowsOf<{
    id: string | number;
    user_id: string | null;
    subject_key: string;
    sync_type: string;
    status: QueueStatus;
    payload: unknown;
    retry_count: number;
    max_retries: number;
    scheduled_at: string | Date;
    created_at: string | Date;
    processed_at: string | Date | null;
    processing_ms: number | null;
    error_details: string | null;
    hubspot_contact_id: string | null;
  }>(
    await db.execute(sql`
      select id, user_id, subject_key, sync_type, status, payload, retry_count, max_retries, scheduled_at, created_at,
        processed_at, processing_ms, error_details, hubspot_contact_id
      from hubspot_sync_queue order by created_at desc, id desc limit ${limit}`),
  );
  const iso = (v: string | Date) => new Date(v).toISOString();
  return rows.map((r) => ({
    id: Number(r.id),
    userId: r.user_id,
    userEmail: r.subject_key.startsWith('erased:') ? null : r.subject_key,
    syncType: r.sync_type,
    status: r.status,
    payload: r.payload,
    retryCount: r.retry_count,
    maxRetries: r.max_retries,
    scheduledAt: iso(r.scheduled_at),
    createdAt: iso(r.created_at),
    processedAt: r.processed_at === null ? null : iso(r.processed_at),
    processingMs: r.processing_ms,
    errorDetails: r.error_details,
    hubspotContactId: r.hubspot_contact_id,
  }));
}

export type ConsentLogEntry = {
  id: number;
  userId: string;
  userEmail: string | null;
  consentData: { essential: boolean; analytics: boolean; functional: boolean; marketing: boolean };
  changeSource: string;
  hubspotContactId: string | null;
  syncStatus: 'pending' | 'completed' | 'failed';
  /** Whether a sync item was ever queued for it: none while the CRM was off when it was recorded. */
  queued: boolean;
  createdAt: string;
  syncedAt: string | null;
  errorDetails: string | null;
};

/**
 * The consent audit log, newest first, with each user's e-mail (the monitor's Consent Audit Log tab).
 * Reads the auth table "user": run it as the login role inside an admin's request (`asLoginRole`).
 */
export async function listConsentLog(db: Reader, limit: number): Promise<ConsentLogEntry[]> {
  const rows = rowsOf<{
    id: string | number;
    user_id: string;
    email: string | null;
    consent_data: ConsentLogEntry['consentData'];
    change_source: string;
    hubspot_contact_id: string | null;
    sync_status: ConsentLogEntry['syncStatus'];
    created_at: string | Date;
    synced_at: string | Date | null;
    error_details: string | null;
    queued: boolean;
  }>(
    await db.execute(sql`
      select c.id, c.user_id, u.email, c.consent_data, c.change_source, c.hubspot_contact_id, c.sync_status, c.created_at,
        c.synced_at, c.error_details,
        exists (select 1 from hubspot_sync_queue q where q.consent_audit_id = c.id) as queued
      from consent_audit_log c left join "user" u on u.id = c.user_id
      order by c.created_at desc, c.id desc limit ${limit}`),
  );
  const iso = (v: string | Date) => new Date(v).toISOString();
  return rows.map((r) => ({
    id: Number(r.id),
    userId: r.user_id,
    userEmail: r.email,
    consentData: {
      essential: r.consent_data.essential,
      analytics: r.consent_data.analytics,
      functional: r.consent_data.functional,
      marketing: r.consent_data.marketing,
    },
    changeSource: r.change_source,
    hubspotContactId: r.hubspot_contact_id,
    syncStatus: r.sync_status,
    queued: r.queued,
    createdAt: iso(r.created_at),
    syncedAt: r.synced_at === null ? null : iso(r.synced_at),
    errorDetails: r.error_details,
  }));
}

/** Process Sync Queue: works through what is due now (the worker does the same on its own). */
export function processQueueNow(crm: Crm): Promise<ProcessResult> {
  return processQueue(crm, { budgetMs: 25_000 });
}

/**
 * Clear Queue: `finished` removes completed and failed items; `all` also every pending one (the
 * screens ask for a confirmation). Items being sent right now stay. Returns how many went.
 */
export async function clearQueue(db: Reader, scope: 'finished' | 'all'): Promise<number> {
  const removed = rowsOf(
    await db.execute(
      scope === 'all'
        ? sql`delete from hubspot_sync_queue where status <> 'processing' returning id`
        : sql`delete from hubspot_sync_queue where status in ('completed', 'failed') returning id`,
    ),
  );
  return removed.length;
}

/** Retry failed items: back to pending, due now, with a fresh count of attempts. */
export async function retryFailed(db: Reader): Promise<number> {
  const retried = rowsOf(
    await db.execute(sql`
      update hubspot_sync_queue set status = 'pending', retry_count = 0, scheduled_at = now(), processed_at = null
      where status = 'failed' returning id`),
  );
  await db.execute(sql`
    update consent_audit_log set sync_status = 'pending', error_details = null
    where sync_status = 'failed' and id in (select consent_audit_id from hubspot_sync_queue where status = 'pending')`);
  return retried.length;
}
