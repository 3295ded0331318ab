/**
 * Approving or rejecting an admin review item (002 §2, issue 27). Approving a reference data item
 * applies its change in the same transaction that marks it resolved: the source's values become
 * the row's (and what was last loaded, so the next import of the same source finds it unchanged),
 * or, for a row the source no longer lists, the row is deactivated (and comes back if the source
 * lists it again: the admin took the source's view, so neither is an edit by hand any more). The item is taken with
 * `status = 'pending'` in the UPDATE itself, so when two admins approve it at once the second finds
 * it resolved and nothing is applied twice. Every applied change is in the audit trail.
 */
import { and, eq, sql } from 'drizzle-orm';
import { IMPORT_TABLES, type ImportTable } from '../../core/reference-data/import/contract.ts';
import type { Tx } from '../db/client.ts';
import { causeWhere, sqlStateOf } from '../db/sql-state.ts';
import { adminReviewItems, type bankingGroups, referenceChangeAudit } from '../db/schema/index.ts';
import { columnValues, REFERENCE_TABLES } from '../reference/import/reference-tables.ts';
import { AppError } from '../errors.ts';

export const REVIEW_MESSAGES = {
  notFound: 'Review item not found',
  alreadyResolved: 'This review item has already been resolved',
  rowGone: 'The row this item changes no longer exists',
  notApplied: 'The change could not be applied',
} as const;

/** A rule of the data the change breaks (SQLSTATE class 22 or 23): said to the admin, not a 500. */
function dataRuleBroken(error: unknown): string | null {
  const broken = causeWhere(error, (e) => /^2[23]/.test(sqlStateOf(e) ?? ''));
  return broken === undefined ? null : (broken as Error).message;
}

/** What a reference data item proposes: the row, and its values from the source (null: deactivate it). */
type ProposedChange = { table: ImportTable; id: string; incoming: Record<string, unknown> | null };

function proposedChangeOf(currentData: unknown): ProposedChange | null {
  if (typeof currentData !== 'object' || currentData === null) return null;
  const { table, id, incoming } = currentData as Record<string, unknown>;
  if (typeof table !== 'string' || !(IMPORT_TABLES as readonly string[]).includes(table)) return null;
  if (typeof id !== 'string' || !('incoming' in (currentData as object))) return null;
  if (incoming !== null && (typeof incoming !== 'object' || Array.isArray(incoming))) return null;
  return { table: table as ImportTable, id, incoming: incoming as Record<string, unknown> | null };
}

/** Applies a proposed change as the source's data (not an admin's edit), with its audit row. */
async function applyChange(tx: Tx, change: ProposedChange, itemId: string, adminId: string): Promise<void> {
  const table = REFERENCE_TABLES[change.table];
  const idColumn = (table as typeof bankingGroups).id;
  await tx.execute(sql`select set_config('app.reference_import', 'true', true)`);
  const [before] = await tx.select().from(table).where(eq(idColumn, change.id)).for('update');
  if (change.incoming === null) {
    if (!before) throw new AppError('CONFLICT', REVIEW_MESSAGES.rowGone);
    await tx
      .update(table)
      .set({ isActive: false, adminEditedAt: null } as never)
      .where(eq(idColumn, change.id));
  } else {
    const values = { ...columnValues(change.table, change.incoming), id: change.id };
    const written = { ...values, loadedData: change.incoming, adminEditedAt: null, isActive: true };
    try {
      await tx
        .insert(table)
        .values(written as never)
        .onConflictDoUpdate({ target: idColumn, set: written as never });
    } catch (error) {
      const broken = dataRuleBroken(error);
      if (broken === null) throw error;
      throw new AppError('CONFLICT', `${REVIEW_MESSAGES.notApplied}: ${broken}`);
    }
  }
  await tx.execute(sql`select set_config('app.reference_import', 'false', true)`);
  await tx.insert(referenceChangeAudit).values({
    reviewItemId: itemId,
    tableName: change.table,
    rowId: change.id,
    action: change.incoming === null ? 'deactivate' : before ? 'update' : 'insert',
    before: before ?? null,
    after: change.incoming,
    changedBy: adminId,
  });
}

export type Resolution = 'approved' | 'rejected';

/**
 * Resolves a pending item: approved applies its change first (a failure rolls both back), rejected
 * keeps the data as it is. Throws NOT_FOUND for an unknown item, CONFLICT for a resolved one.
 */
export async function resolveReviewItem(
  tx: Tx,
  input: { id: string; resolution: Resolution; notes: string | null; adminId: string },
): Promise<typeof adminReviewItems.$inferSelect> {
  const [item] = await tx
    .update(adminReviewItems)
    .set({
      status: input.resolution,
      resolutionNotes: input.notes,
      resolvedAt: sql`now()`,
      // An approved change is done: should the same difference arise again later (a row deactivated
      // here, listed again, then dropped again), it is queued anew. A rejected one stays refused.
      ...(input.resolution === 'approved' ? { dedupeKey: null } : {}),
    })
    .where(and(eq(adminReviewItems.id, input.id), eq(adminReviewItems.status, 'pending')))
    .returning();
  if (!item) {
    const [exists] = await tx
      .select({ id: adminReviewItems.id })
      .from(adminReviewItems)
      .where(eq(adminReviewItems.id, input.id));
    throw new AppError(
      exists ? 'CONFLICT' : 'NOT_FOUND',
      exists ? REVIEW_MESSAGES.alreadyResolved : REVIEW_MESSAGES.notFound,
    );
  }
  const change = input.resolution === 'approved' ? proposedChangeOf(item.currentData) : null;
  if (change) await applyChange(tx, change, item.id, input.adminId);
  return item;
}
