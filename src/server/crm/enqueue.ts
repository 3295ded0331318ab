/**
 * Queueing a change for the CRM, in the same transaction as the change itself (ADR 0063): a
 * change that rolls back queues nothing, and one that commits is never lost. Items are written as
 * the login role (a saver's request has no grant on the queue), so savers never read it.
 */
import { eq, or, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { asLoginRole } from '../db/login-role.ts';
import { rowsOf } from '../db/rls.ts';
import { hubspotSyncQueue, profiles } from '../db/schema/index.ts';
import { jobs } from '../db/schema/index.ts';
import {
  consentProperties,
  inquiryProperties,
  profileProperties,
  subjectKeyOf,
  type ConsentForCrm,
  type InquiryForCrm,
} from '../../core/crm/contact-properties.ts';
import type { Crm } from './crm.ts';

export const CRM_QUEUE_JOB = 'crm:sync-queue';

export type CrmSyncType = (typeof hubspotSyncQueue.$inferInsert)['syncType'];

export type CrmItemInput = {
  userId: string | null;
  email: string;
  syncType: CrmSyncType;
  payload: Record<string, unknown>;
  consentAuditId?: number | null;
  contactInquiryId?: string | null;
  maxRetries: number;
};

/**
 * Writes one item and a job that wakes a worker at once (keyed by the item, so it runs once
 * however many instances see it). The caller's transaction must be able to write both: the
 * login role (inside `asLoginRole`) or the server's own connection.
 */
export async function insertCrmItem(t: Tx, input: CrmItemInput): Promise<number> {
  const subjectKey = subjectKeyOf(input.email);
  const [row] = rowsOf<{ id: number }>(
    await t.execute(sql`
      insert into hubspot_sync_queue (user_id, subject_key, sync_type, payload, max_retries, consent_audit_id, contact_inquiry_id)
      values (${input.userId}, ${subjectKey}, ${input.syncType}, ${JSON.stringify(input.payload)}::jsonb, ${input.maxRetries},
        ${input.consentAuditId ?? null}, ${input.contactInquiryId ?? null})
      returning id`),
  );
  const id = Number(row!.id);
  await t
    .insert(jobs)
    .values({ name: CRM_QUEUE_JOB, key: `crm:item:${id}`, payload: { itemId: id }, maxAttempts: 3 })
    .onConflictDoNothing();
  return id;
}

/** The profile as the CRM gets it, read in the caller's transaction after the change. */
async function profileForCrm(t: Tx, userId: string, email: string) {
  const [p] = await t
    .select({
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      mobileNumber: profiles.mobileNumber,
      companyName: profiles.companyName,
      profession: profiles.profession,
      marketingOptIn: profiles.marketingOptIn,
      leadSource: profiles.leadSource,
    })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return p ? profileProperties({ userId, email, ...p }) : null;
}

/** A saver's (or an admin's edit of a saver's) profile change. Nothing when the CRM is off. */
export async function enqueueProfileSync(crm: Crm, tx: Tx, input: { userId: string; email: string }): Promise<void> {
  if (!crm.enabled) return;
  const properties = await profileForCrm(tx, input.userId, input.email);
  if (!properties) return;
  await asLoginRole(tx, (t) =>
    insertCrmItem(t, {
      userId: input.userId,
      email: input.email,
      syncType: 'profile_update',
      payload: { properties },
      maxRetries: crm.settings.maxRetries,
    }),
  );
}

/**
 * A new user (sign-up, ADR 0063): their contact, queued as a `user_sync` item in the sign-up's own
 * transaction on the server's connection (`tx` writes the queue directly), after their profile row.
 * Nothing when the CRM is off.
 */
export async function enqueueNewContact(crm: Crm, tx: Tx, input: { userId: string; email: string }): Promise<void> {
  if (!crm.enabled) return;
  const properties = await profileForCrm(tx, input.userId, input.email);
  if (!properties) return;
  await insertCrmItem(tx, {
    userId: input.userId,
    email: input.email,
    syncType: 'user_sync',
    payload: { properties },
    maxRetries: crm.settings.maxRetries,
  });
}

/** A signed-in saver's cookie choice; its audit row's sync status follows the item. */
export async function enqueueConsentSync(
  crm: Crm,
  tx: Tx,
  input: { userId: string; email: string; consentAuditId: number; consent: ConsentForCrm },
): Promise<void> {
  if (!crm.enabled) return;
  await asLoginRole(tx, (t) =>
    insertCrmItem(t, {
      userId: input.userId,
      email: input.email,
      syncType: 'consent_update',
      payload: { properties: consentProperties(input.email, input.consent) },
      consentAuditId: input.consentAuditId,
      maxRetries: crm.settings.maxRetries,
    }),
  );
}

/** A contact form message: its sender as a contact, and a ticket for the message. */
export async function enqueueInquirySync(
  crm: Crm,
  tx: Tx,
  input: InquiryForCrm & {
    inquiryId: string;
    userId: string | null;
    subject: string;
    message: string;
    priority: string;
  },
): Promise<void> {
  if (!crm.enabled) return;
  await asLoginRole(tx, (t) =>
    insertCrmItem(t, {
      userId: input.userId,
      email: input.email,
      syncType: 'contact_inquiry',
      payload: {
        // A form anyone can send: it names a new contact, but never renames an existing one.
        properties: { email: input.email.toLowerCase(), savvypig_inquiry_type: input.inquiryType },
        createProperties: inquiryProperties(input),
        ticket: {
          subject: input.subject,
          content: input.message,
          hs_pipeline: '0',
          hs_pipeline_stage: '1',
          hs_ticket_priority: ticketPriority(input.priority),
        },
      },
      contactInquiryId: input.inquiryId,
      maxRetries: crm.settings.maxRetries,
    }),
  );
}

function ticketPriority(priority: string): string {
  if (priority === 'urgent' || priority === 'high') return 'HIGH';
  if (priority === 'low') return 'LOW';
  return 'MEDIUM';
}

/**
 * Account deletion (GDPR erasure): drops every item still waiting for this person (their payloads
 * hold personal data, and a late profile update would bring the contact back) and queues the
 * contact's erasure, which outlives the user's row. Runs inside the deletion's login-role block.
 */
export async function enqueueErasure(
  crm: Crm,
  t: Tx,
  input: { userId: string; email: string; hubspotContactId: string | null },
): Promise<void> {
  const subjectKey = subjectKeyOf(input.email);
  await t
    .delete(hubspotSyncQueue)
    .where(
      sql`(${or(eq(hubspotSyncQueue.userId, input.userId), eq(hubspotSyncQueue.subjectKey, subjectKey))}) and ${hubspotSyncQueue.status} <> 'processing'`,
    );
  if (!crm.enabled) return;
  await insertCrmItem(t, {
    userId: input.userId,
    email: input.email,
    syncType: 'contact_delete',
    payload: { email: subjectKey, hubspotContactId: input.hubspotContactId },
    maxRetries: crm.settings.maxRetries,
  });
}
