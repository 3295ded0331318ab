import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { loadReferenceData } from '../../core/reference-data/reference-data.ts';
import { withActor } from '../db/rls.ts';
import {
  adminReviewItems,
  bankReferences,
  bankingGroups,
  isaProviders,
  pensionProviders,
  platformPartnerBanks,
  protectionLimits,
  referenceDataLoads,
} from '../db/schema/index.ts';
import { createTestDatabase, quietLogger, testDatabaseKinds } from '../test/databases.ts';
import { readReferenceFiles } from './files.ts';
import { loadReferenceDataIntoDatabase } from './loader.ts';
import { bankReferenceId, referenceTableRows, type ReferenceTableRows } from './rows.ts';

function shippedRows(): ReferenceTableRows {
  const result = loadReferenceData(readReferenceFiles());
  if (!result.ok) throw new Error('shipped data does not load');
  return referenceTableRows(result.loaded.data);
}

const halifaxId = bankReferenceId('frn-169628/Halifax');

describe.each(testDatabaseKinds())('reference data loader on %s', (kind) => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  const db = () => handle.database.db;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await loadReferenceDataIntoDatabase(handle.database, quietLogger);
  }, 60_000);
  afterAll(async () => {
    await handle?.drop();
  });

  it('loads every institution, brand, ISA manager, pension provider and limit of the shipped files', async () => {
    const count = async (
      table:
        | typeof bankReferences
        | typeof isaProviders
        | typeof pensionProviders
        | typeof protectionLimits
        | typeof platformPartnerBanks,
    ) => Number((await db().select({ n: sql<number>`count(*)` }).from(table))[0]!.n);
    const rows = shippedRows();
    expect(await count(bankReferences)).toBe(rows.bankReferences.length);
    expect(rows.bankReferences).toHaveLength(514 + 21); // bank_brands.csv and the everyday names it lacks
    expect(await count(isaProviders)).toBe(481);
    expect(await count(pensionProviders)).toBe(24);
    expect(await count(protectionLimits)).toBe(rows.protectionLimits.length);
    expect(await count(platformPartnerBanks)).toBe(rows.platformPartnerBanks.length);
    const realGroups = Number(
      (await db().select({ n: sql<number>`count(*)` }).from(bankingGroups).where(sql`type <> 'ISA Provider Group'`))[0]!
        .n,
    );
    expect(realGroups).toBe(357);
  });

  it('puts Halifax, Bank of Scotland and BM Savings under one licence, and Lloyds Bank under another', async () => {
    const rows = await db()
      .select({
        name: bankReferences.bankName,
        group: bankReferences.bankingGroupId,
        legal: bankReferences.bankingGroupName,
      })
      .from(bankReferences)
      .where(sql`bank_name in ('Halifax', 'Bank of Scotland', 'Lloyds Bank')`);
    const groupOf = (name: string) => rows.find((r) => r.name === name)?.group;
    expect(groupOf('Halifax')).toBe('frn-169628');
    expect(groupOf('Bank of Scotland')).toBe('frn-169628');
    expect(groupOf('Lloyds Bank')).toBe('frn-119278');
    const [halifax] = await db().select().from(bankReferences).where(eq(bankReferences.id, halifaxId));
    expect(halifax?.bankName).toBe('Halifax');
    expect(halifax?.bankingGroupName).toBe('Bank of Scotland plc');
    const [bm] = await db()
      .select({ search: bankReferences.searchText })
      .from(bankReferences)
      .where(sql`search_text like '%bm savings%'`);
    expect(bm?.search).toContain('bank of scotland');
  });

  it("gives an ISA manager that is not a deposit taker the spec's synthetic group, its limit following its category", async () => {
    const [synthetic] = await db()
      .select()
      .from(bankingGroups)
      .where(eq(bankingGroups.type, 'ISA Provider Group'))
      .limit(1);
    expect(synthetic?.displayToUser).toBe(false);
    const [provider] = await db().select().from(isaProviders).where(eq(isaProviders.bankingGroupId, synthetic!.id));
    expect(provider?.protectionLimitKey).toBe(synthetic?.protectionLimitKey);
    const limitKeys = await db()
      .selectDistinct({ key: bankingGroups.protectionLimitKey })
      .from(bankingGroups)
      .where(eq(bankingGroups.type, 'ISA Provider Group'));
    expect(limitKeys.map((k) => k.key)).toContain('fscs_investment');
  });

  it('skips unchanged files with nothing written', async () => {
    const before = await db().select().from(referenceDataLoads);
    const summary = await loadReferenceDataIntoDatabase(handle.database, quietLogger);
    expect(summary.skipped).toBe(true);
    expect(await db().select().from(referenceDataLoads)).toHaveLength(before.length);
  });

  it('updates a changed row, adds a new one, deactivates a removed one', async () => {
    const rows = shippedRows();
    const changed: ReferenceTableRows = {
      ...rows,
      bankReferences: rows.bankReferences
        .filter((r) => r.bankName !== 'Bank of Wales')
        .map((r) => (r.id === halifaxId ? { ...r, comments: 'Updated note' } : r))
        .concat({
          ...rows.bankReferences.find((r) => r.id === halifaxId)!,
          id: bankReferenceId('frn-169628/Test Brand'),
          referenceKey: 'frn-169628/Test Brand',
          bankName: 'Test Brand',
        }),
    };
    const summary = await loadReferenceDataIntoDatabase(handle.database, quietLogger, changed);
    expect(summary).toMatchObject({ skipped: false, inserted: 1, updated: 1, deactivated: 1, reviewItems: 0 });
    const [halifax] = await db().select().from(bankReferences).where(eq(bankReferences.id, halifaxId));
    expect(halifax?.comments).toBe('Updated note');
    const [wales] = await db().select().from(bankReferences).where(eq(bankReferences.bankName, 'Bank of Wales'));
    expect(wales?.isActive).toBe(false);
    // Back to the shipped files: everything is restored.
    const restored = await loadReferenceDataIntoDatabase(handle.database, quietLogger, rows);
    expect(restored).toMatchObject({ inserted: 0, updated: 2, deactivated: 1 });
  });

  it("keeps an admin's edit and queues the file's difference as one review item, however often it is loaded", async () => {
    await withActor(db(), { userId: 'admin-user', isAdmin: true }, (tx) =>
      tx.update(bankReferences).set({ userMessage: 'Edited by an admin' }).where(eq(bankReferences.id, halifaxId)),
    );
    const rows = shippedRows();
    const fromFile = (note: string): ReferenceTableRows => ({
      ...rows,
      bankReferences: rows.bankReferences.map((r) => (r.id === halifaxId ? { ...r, comments: note } : r)),
    });
    const first = await loadReferenceDataIntoDatabase(handle.database, quietLogger, fromFile('New research note'));
    expect(first.reviewItems).toBe(1);
    const [halifax] = await db().select().from(bankReferences).where(eq(bankReferences.id, halifaxId));
    expect(halifax?.userMessage).toBe('Edited by an admin');
    expect(halifax?.comments).not.toBe('New research note');
    const items = await db().select().from(adminReviewItems);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ itemType: 'reference_data_conflict', status: 'pending', priority: 'medium' });
    expect((items[0]!.currentData as { changedFields: string[] }).changedFields).toEqual(['comments']);

    // The same difference again (after another change elsewhere) does not queue a second item.
    const again = await loadReferenceDataIntoDatabase(handle.database, quietLogger, {
      ...fromFile('New research note'),
      pensionProviders: rows.pensionProviders.map((p, i) => (i === 0 ? { ...p, comments: 'x' } : p)),
    });
    expect(again.reviewItems).toBe(0);
    expect(await db().select().from(adminReviewItems)).toHaveLength(1);
  });

  it('lets no ordinary request change reference data, but lets anyone read it', async () => {
    const read = await withActor(db(), { userId: 'someone' }, (tx) =>
      tx.select({ id: bankReferences.id }).from(bankReferences).limit(1),
    );
    expect(read).toHaveLength(1);
    const updated = await withActor(db(), { userId: 'someone' }, (tx) =>
      tx
        .update(bankReferences)
        .set({ bankName: 'Hacked' })
        .where(eq(bankReferences.id, halifaxId))
        .returning({ id: bankReferences.id }),
    );
    expect(updated).toHaveLength(0);
    const items = await withActor(db(), { userId: 'someone' }, (tx) => tx.select().from(adminReviewItems));
    expect(items).toHaveLength(0);
  });
});
