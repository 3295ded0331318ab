/**
 * Clear All Data and Fresh Sync's first half (002 §2 Danger Zone, ADR 0052): withdrawing the
 * reference rows a tab owns. A withdrawn row stays in its table, inactive and without an admin's
 * edit mark, so no saver's account ever points at a bank that no longer exists: it keeps its
 * bank's name and says "bank not in our data" until a later import brings the row back (the same
 * id, so the account is linked again by itself) or the saver chooses another bank. Pickers, the
 * checker, the admin screens and every protection answer read active rows only.
 */
import { sql } from 'drizzle-orm';
import type { ImportTab, ImportTable } from '../../../core/reference-data/import/contract.ts';
import type { Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rls.ts';

/** The rows of `table` that `tab` owns: an ISA provider's synthetic group is the ISAs tab's. */
const OWNED: Record<ImportTab, ReadonlyArray<{ table: ImportTable; where: ReturnType<typeof sql> }>> = {
  Banks: [
    { table: 'bank_references', where: sql`true` },
    { table: 'banking_groups', where: sql`id not like 'isa-%'` },
  ],
  ISAs: [
    { table: 'isa_providers', where: sql`true` },
    { table: 'banking_groups', where: sql`id like 'isa-%'` },
  ],
  Pensions: [{ table: 'pension_providers', where: sql`true` }],
};

/**
 * Withdraws every active row `tab` owns, in `tx` (which has said the write is the importer's,
 * `app.reference_import`), with one audit row each; returns how many rows were withdrawn.
 */
export async function withdrawTabRows(tx: Tx, tab: ImportTab, runId: string, adminId: string): Promise<number> {
  let withdrawn = 0;
  for (const { table, where } of OWNED[tab]) {
    const result = await tx.execute(sql`
      with withdrawn as (
        update ${sql.identifier(table)} set is_active = false, admin_edited_at = null
        where is_active and ${where} returning id
      )
      insert into reference_change_audit (run_id, table_name, row_id, action, before, after, changed_by)
      select ${runId}::uuid, ${table}, id::text, 'deactivate', '{"isActive": true}'::jsonb, '{"isActive": false}'::jsonb, ${adminId}
      from withdrawn returning row_id`);
    if (table !== 'banking_groups') withdrawn += rowsOf(result).length;
  }
  return withdrawn;
}

/**
 * Pending review items about the reference data are moot once it is withdrawn: approving one
 * later would bring back a row the admin cleared. They are rejected, saying why.
 */
export async function rejectPendingReferenceReviews(tx: Tx, note: string): Promise<number> {
  const result = await tx.execute(sql`
    update admin_review_items set status = 'rejected', resolution_notes = ${note}, resolved_at = now()
    where status = 'pending' and item_type like 'reference_data_%' returning id`);
  return rowsOf(result).length;
}

/** How many accounts (every saver's) are linked to a bank or provider that is withdrawn now. */
export async function accountsNotInData(tx: Tx): Promise<number> {
  const result = await tx.execute(sql`
    select count(*)::int as n from accounts a
    where a.archived_at is null and (
          exists (select 1 from bank_references b where b.id in (a.bank_id, a.platform_bank_reference_id) and not b.is_active)
       or exists (select 1 from isa_accounts i join isa_providers p on p.id = i.provider_id
                  where i.account_id = a.id and not p.is_active)
       or exists (select 1 from pension_accounts pa join pension_providers pp on pp.id = pa.provider_id
                  where pa.account_id = a.id and not pp.is_active))`);
  return rowsOf<{ n: number }>(result)[0]!.n;
}
