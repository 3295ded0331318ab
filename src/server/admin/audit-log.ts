/**
 * The admin audit log (issue 28): every admin action is recorded by `recordAdminAction` in the
 * transaction that performs it (the request's, `txOf(c)`), so the entry and the action commit or
 * roll back together. `listAdminActions` reads it newest first for the admin screens.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { adminAuditLog } from '../db/schema/index.ts';
import { sessionOf } from '../http/access.ts';

export type AdminActor = { userId: string; email: string };

/** The signed-in admin of a request, as the log names them. */
export function actingAdmin(c: Parameters<typeof sessionOf>[0]): AdminActor {
  const { userId, email } = sessionOf(c);
  return { userId, email };
}

export type AdminAction = {
  /** Dotted verb: 'user.update', 'user.suspend', 'contact.update', 'ticket.reply'… */
  action: string;
  subjectType: string;
  subjectId: string;
  /** The subject's fields the action changed, as they were (null: it did not exist). */
  before?: unknown;
  /** The same fields after (null: it no longer exists). */
  after?: unknown;
};

/** Adds one entry for `admin`'s action, in `tx` (the action's own transaction). */
export async function recordAdminAction(tx: Tx, admin: AdminActor, entry: AdminAction): Promise<void> {
  await tx.insert(adminAuditLog).values({
    adminId: admin.userId,
    adminEmail: admin.email,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    // When it was written, not when its transaction began (now()): the entries of one save, and
    // of saves that waited on each other, list in the order they happened.
    createdAt: sql`clock_timestamp()`,
  });
}

export type AdminActionEntry = {
  id: string;
  adminId: string;
  adminEmail: string;
  action: string;
  subjectType: string;
  subjectId: string;
  before: unknown;
  after: unknown;
  createdAt: string;
};

/**
 * Up to `limit` entries, newest first, optionally of one subject; after `afterId` (the last entry
 * of the page before) when given. The position is read from the stored row, whose time has
 * microseconds a JavaScript date would round away.
 */
export async function listAdminActions(
  tx: Tx,
  {
    subjectType,
    subjectId,
    afterId,
    limit = 50,
  }: { subjectType?: string; subjectId?: string; afterId?: string; limit?: number },
): Promise<AdminActionEntry[]> {
  const conditions: SQL[] = [];
  if (subjectType) conditions.push(eq(adminAuditLog.subjectType, subjectType));
  if (subjectId) conditions.push(eq(adminAuditLog.subjectId, subjectId));
  if (afterId) {
    conditions.push(
      sql`(${adminAuditLog.createdAt}, ${adminAuditLog.seq}) < (select created_at, seq from admin_audit_log where id = ${afterId})`,
    );
  }
  const rows = await tx
    .select()
    .from(adminAuditLog)
    .where(and(...conditions))
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.seq))
    .limit(limit);
  return rows.map(({ createdAt, seq: _, ...row }) => ({ ...row, createdAt: createdAt.toISOString() }));
}
