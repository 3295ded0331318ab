/**
 * The CRM queue's worker (ADR 0063). Claims due items (one per contact at a time, oldest first,
 * `processing` with this worker's id), sends each without holding a transaction open, then
 * records the result: completed, or pending again after a backoff (or the 429's Retry-After), or
 * failed after max_retries. A claim older than five minutes is taken as a crashed worker's.
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rls.ts';
import { nextStep } from '../../core/crm/retry.ts';
import { CrmRequestError, describeFailure, type HubSpotApi } from './client.ts';
import type { Crm } from './crm.ts';
import { HUBSPOT_RATE_KEY, pauseAll } from './rate-limiter.ts';
import type { CrmSyncType } from './enqueue.ts';

export type ClaimedItem = {
  id: number;
  userId: string | null;
  subjectKey: string;
  syncType: CrmSyncType;
  payload: Record<string, unknown>;
  retryCount: number;
  maxRetries: number;
  consentAuditId: number | null;
  contactInquiryId: string | null;
};

/** hubspot-sync-processor's answer (002 §7). */
export type ProcessResult = { processed: number; failed: number; errors: string[]; success: boolean };

const STALE = sql`interval '5 minutes'`;

/** Claims up to `limit` items: the head of each contact's line when it is due (or its claim is stale). */
export async function claimItems(crm: Crm, limit: number, onlyId?: number): Promise<ClaimedItem[]> {
  return crm.db.transaction(async (tx) => {
    // Claims are made one at a time across instances, so two never take the same contact's items.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('crm-claim'))`);
    const rows = rowsOf<{
      id: string | number;
      user_id: string | null;
      subject_key: string;
      sync_type: CrmSyncType;
      payload: Record<string, unknown>;
      retry_count: number;
      max_retries: number;
      consent_audit_id: string | number | null;
      contact_inquiry_id: string | null;
    }>(
      await tx.execute(sql`
        update hubspot_sync_queue set status = 'processing', locked_by = ${crm.workerId}, locked_at = now()
        where id in (
          select id from (
            select distinct on (subject_key) id, status, scheduled_at, locked_at from hubspot_sync_queue
            where status in ('pending', 'processing') order by subject_key, id
          ) head
          where ((head.status = 'pending' and head.scheduled_at <= now())
              or (head.status = 'processing' and head.locked_at < now() - ${STALE}))
            ${onlyId === undefined ? sql`` : sql`and head.id = ${onlyId}`}
          order by id limit ${limit})
        returning id, user_id, subject_key, sync_type, payload, retry_count, max_retries, consent_audit_id, contact_inquiry_id`),
    );
    return rows
      .map((r) => ({
        id: Number(r.id),
        userId: r.user_id,
        subjectKey: r.subject_key,
        syncType: r.sync_type,
        payload: r.payload,
        retryCount: r.retry_count,
        maxRetries: r.max_retries,
        consentAuditId: r.consent_audit_id === null ? null : Number(r.consent_audit_id),
        contactInquiryId: r.contact_inquiry_id,
      }))
      .sort((a, b) => a.id - b.id);
  });
}

type Outcome = { contactId: string | null; ticketId?: string | null };

/** The contact's id: the one kept on the profile, else HubSpot's by e-mail, else a new one. */
export async function upsertContact(
  api: HubSpotApi,
  email: string,
  properties: Record<string, string>,
  knownId: string | null,
  /** Sent only when the contact is new (a contact form's name fields). */
  createProperties: Record<string, string> = properties,
): Promise<{ id: string; created: boolean }> {
  if (knownId) {
    try {
      await api.updateContact(knownId, properties);
      return { id: knownId, created: false };
    } catch (err) {
      // Merged or deleted in HubSpot: find it again by e-mail.
      if (!(err instanceof CrmRequestError && err.status === 404)) throw err;
    }
  }
  const found = await api.findContactByEmail(email);
  if (found) {
    await api.updateContact(found.id, properties);
    return { id: found.id, created: false };
  }
  const made = await api.createContact({ ...createProperties, ...properties, email });
  if (made.existed) await api.updateContact(made.id, properties);
  return { id: made.id, created: !made.existed };
}

async function knownContactId(crm: Crm, item: ClaimedItem): Promise<string | null> {
  if (!item.userId) return null;
  const [row] = rowsOf<{ hubspot_contact_id: string | null }>(
    await crm.db.execute(sql`select hubspot_contact_id from profiles where id = ${item.userId}`),
  );
  return row?.hubspot_contact_id ?? null;
}

async function send(crm: Crm, api: HubSpotApi, item: ClaimedItem): Promise<Outcome> {
  const properties = (item.payload.properties ?? {}) as Record<string, string>;
  switch (item.syncType) {
    case 'contact_delete': {
      await api.purgeContact(item.subjectKey);
      return { contactId: null };
    }
    case 'contact_inquiry': {
      const contact = await upsertContact(
        api,
        item.subjectKey,
        properties,
        await knownContactId(crm, item),
        (item.payload.createProperties ?? properties) as Record<string, string>,
      );
      const ticket = item.payload.ticket as Record<string, string> | undefined;
      // A ticket made on an attempt whose result was lost is remembered in the payload.
      let ticketId = (item.payload.ticketId as string | undefined) ?? null;
      if (ticket && !ticketId) {
        ticketId = await api.createTicket(ticket, contact.id);
        await crm.db.execute(sql`
          update hubspot_sync_queue set payload = payload || ${JSON.stringify({ ticketId })}::jsonb where id = ${item.id}`);
      }
      return { contactId: contact.id, ticketId };
    }
    default: {
      const contact = await upsertContact(api, item.subjectKey, properties, await knownContactId(crm, item));
      return { contactId: contact.id };
    }
  }
}

async function complete(crm: Crm, item: ClaimedItem, outcome: Outcome, ms: number): Promise<boolean> {
  return crm.db.transaction(async (tx) => {
    const erased = item.syncType === 'contact_delete';
    const done = rowsOf(
      await tx.execute(sql`
        update hubspot_sync_queue set status = 'completed', processed_at = now(), processing_ms = ${ms},
          error_details = null, locked_by = null, locked_at = null, hubspot_contact_id = ${outcome.contactId},
          -- An erasure keeps no e-mail once done.
          ${erased ? sql`payload = jsonb_build_object('erased', true), subject_key = 'erased:' || id::text, ` : sql``}
          retry_count = retry_count
        where id = ${item.id} and locked_by = ${crm.workerId} and status = 'processing' returning id`),
    );
    if (done.length === 0) return false;
    if (item.userId && outcome.contactId)
      await tx.execute(sql`
        update profiles set hubspot_contact_id = ${outcome.contactId}, hubspot_synced_at = now() where id = ${item.userId}`);
    if (item.consentAuditId !== null)
      await tx.execute(sql`
        update consent_audit_log set sync_status = 'completed', synced_at = now(), hubspot_contact_id = ${outcome.contactId},
          error_details = null where id = ${item.consentAuditId}`);
    if (item.contactInquiryId !== null)
      await tx.execute(sql`
        update contact_inquiries set hubspot_contact_id = ${outcome.contactId}, hubspot_ticket_id = ${outcome.ticketId ?? null},
          hubspot_synced_at = now() where id = ${item.contactInquiryId}`);
    return true;
  });
}

async function fail(crm: Crm, item: ClaimedItem, error: CrmRequestError, ms: number): Promise<'retry' | 'failed'> {
  const failures = item.retryCount + 1;
  const step = nextStep(error.failure, failures, item.maxRetries, Date.now(), crm.settings.retry);
  if (error.failure.status === 429 && step.action === 'retry') await pauseAll(crm.db, HUBSPOT_RATE_KEY, step.delayMs);
  await crm.db.transaction(async (tx) => {
    const updated = rowsOf(
      await tx.execute(
        step.action === 'retry'
          ? sql`
            update hubspot_sync_queue set status = 'pending', retry_count = ${failures}, processing_ms = ${ms},
              scheduled_at = now() + make_interval(secs => ${step.delayMs / 1000}), error_details = ${error.message},
              locked_by = null, locked_at = null
            where id = ${item.id} and locked_by = ${crm.workerId} returning id`
          : sql`
            update hubspot_sync_queue set status = 'failed', retry_count = ${failures}, processing_ms = ${ms},
              processed_at = now(), error_details = ${error.message}, locked_by = null, locked_at = null
            where id = ${item.id} and locked_by = ${crm.workerId} returning id`,
      ),
    );
    if (updated.length > 0 && step.action === 'fail' && item.consentAuditId !== null)
      await tx.execute(sql`
        update consent_audit_log set sync_status = 'failed', error_details = ${error.message} where id = ${item.consentAuditId}`);
  });
  return step.action === 'retry' ? 'retry' : 'failed';
}

/** Sends one claimed item and records what happened. */
export async function processItem(crm: Crm, item: ClaimedItem): Promise<'completed' | 'retry' | 'failed'> {
  const api = crm.api;
  if (!api) throw new Error('The CRM is not configured');
  const started = performance.now();
  try {
    const outcome = await send(crm, api, item);
    await complete(crm, item, outcome, Math.round(performance.now() - started));
    return 'completed';
  } catch (err) {
    const error = describeFailure(err, '');
    const result = await fail(crm, item, error, Math.round(performance.now() - started));
    crm.logger.warn('crm sync item failed', {
      itemId: item.id,
      syncType: item.syncType,
      attempt: item.retryCount + 1,
      result,
      status: error.status,
      err: error.message,
    });
    return result;
  }
}

/**
 * Works through the due items until none is left or `budgetMs` has passed; several items at once
 * (different contacts), all under the one shared rate window.
 */
export async function processQueue(
  crm: Crm,
  options: { budgetMs?: number; concurrency?: number; onlyId?: number } = {},
): Promise<ProcessResult> {
  const result: ProcessResult = { processed: 0, failed: 0, errors: [], success: true };
  if (!crm.enabled) return { ...result, success: false, errors: [crm.whatToSet ?? 'The CRM is not configured'] };
  const deadline = Date.now() + (options.budgetMs ?? 60_000);
  const concurrency = options.concurrency ?? 4;
  while (Date.now() < deadline) {
    const claimed = await claimItems(crm, concurrency, options.onlyId);
    if (claimed.length === 0) break;
    const outcomes = await Promise.all(claimed.map(async (item) => ({ item, outcome: await processItem(crm, item) })));
    for (const { item, outcome } of outcomes) {
      if (outcome === 'completed') result.processed += 1;
      else if (outcome === 'failed') {
        result.failed += 1;
        result.errors.push(`Item ${item.id} (${item.syncType}) failed`);
      }
    }
    if (options.onlyId !== undefined) break;
  }
  result.success = result.failed === 0;
  return result;
}
