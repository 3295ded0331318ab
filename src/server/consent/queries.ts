import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { ConsentChangeSource } from '../../core/consent/consent.ts';
import type { Tx } from '../db/client.ts';
import { consentAuditLog } from '../db/schema/index.ts';

/** What an audit row keeps in consent_data: the flags, the version, when it was chosen and the privacy signal. */
export type ConsentRecord = (typeof consentAuditLog.$inferSelect)['consentData'];

export type ConsentChange = {
  id: number;
  consentData: ConsentRecord;
  changeSource: string;
  syncStatus: 'pending' | 'completed' | 'failed';
  createdAt: Date;
  syncedAt: Date | null;
};

const changeColumns = {
  id: consentAuditLog.id,
  consentData: consentAuditLog.consentData,
  changeSource: consentAuditLog.changeSource,
  syncStatus: consentAuditLog.syncStatus,
  createdAt: consentAuditLog.createdAt,
  syncedAt: consentAuditLog.syncedAt,
};

/**
 * The user's current choice: the one made last (by the choice's own timestamp, so a choice made
 * offline earlier and synced later does not override a newer one from another device).
 */
export async function findCurrentConsent(tx: Tx, userId: string): Promise<ConsentRecord | null> {
  const [row] = await tx
    .select({ consentData: consentAuditLog.consentData })
    .from(consentAuditLog)
    .where(eq(consentAuditLog.userId, userId))
    .orderBy(sql`(${consentAuditLog.consentData}->>'timestamp')::timestamptz desc`, desc(consentAuditLog.id))
    .limit(1);
  return row?.consentData ?? null;
}

function sameRecord(a: ConsentRecord, b: ConsentRecord): boolean {
  return (
    a.version === b.version &&
    Date.parse(a.timestamp) === Date.parse(b.timestamp) &&
    a.dntRespected === b.dntRespected &&
    a.essential === b.essential &&
    a.functional === b.functional &&
    a.analytics === b.analytics &&
    a.marketing === b.marketing
  );
}

/**
 * Writes one audit row for a change (sync_status pending, for the CRM sync). A repeat of the
 * row last written (a retried request whose answer was lost) writes nothing. The per-user
 * advisory lock makes two identical requests at once write one row.
 */
export async function recordConsentChange(
  tx: Tx,
  input: { userId: string; record: ConsentRecord; source: ConsentChangeSource },
): Promise<{ recorded: boolean; id?: number }> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`consent:${input.userId}`}))`);
  const [last] = await tx
    .select({ consentData: consentAuditLog.consentData })
    .from(consentAuditLog)
    .where(eq(consentAuditLog.userId, input.userId))
    .orderBy(desc(consentAuditLog.id))
    .limit(1);
  if (last && sameRecord(last.consentData, input.record)) return { recorded: false };
  const [row] = await tx
    .insert(consentAuditLog)
    .values({
      userId: input.userId,
      consentData: input.record,
      changeSource: input.source,
      syncStatus: 'pending',
    })
    .returning({ id: consentAuditLog.id });
  return { recorded: true, id: row?.id };
}

/** How many changes the user recorded in the last `seconds` (a cap on writes). */
export async function countRecentChanges(
  tx: Tx,
  userId: string,
  seconds: number,
): Promise<{ count: number; retryAfterSeconds: number }> {
  const [row] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      // The oldest change in the window leaves it first, freeing a place.
      retryAfterSeconds: sql<number>`greatest(1, ceil(extract(epoch from min(${consentAuditLog.createdAt}) + make_interval(secs => ${seconds}) - now())))::int`,
    })
    .from(consentAuditLog)
    .where(
      and(
        eq(consentAuditLog.userId, userId),
        gt(consentAuditLog.createdAt, sql`now() - make_interval(secs => ${seconds})`),
      ),
    );
  return { count: row?.count ?? 0, retryAfterSeconds: Number(row?.retryAfterSeconds ?? seconds) };
}

/** The user's own audit rows, newest first. */
export async function listConsentChanges(tx: Tx, userId: string, limit: number): Promise<ConsentChange[]> {
  return tx
    .select(changeColumns)
    .from(consentAuditLog)
    .where(eq(consentAuditLog.userId, userId))
    .orderBy(desc(consentAuditLog.id))
    .limit(limit);
}
