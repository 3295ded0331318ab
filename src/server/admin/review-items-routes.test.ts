import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadReferenceData } from '../../core/reference-data/reference-data.ts';
import { withActor } from '../db/rls.ts';
import { adminReviewItems, bankReferences, referenceChangeAudit } from '../db/schema/index.ts';
import { readReferenceFiles } from '../reference/files.ts';
import { loadReferenceDataIntoDatabase } from '../reference/loader.ts';
import { bankReferenceId, type ReferenceTableRows, referenceTableRows } from '../reference/rows.ts';
import { quietLogger, testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, grantAdmin, signUpAndSignIn, type TestServer } from '../test/server.ts';

type Item = { id: string; status: string; resolutionNotes: string | null; currentData: { id: string } };

const HALIFAX = bankReferenceId('frn-169628/Halifax');

function shippedRows(): ReferenceTableRows {
  const result = loadReferenceData(readReferenceFiles());
  if (!result.ok) throw new Error('shipped data does not load');
  return referenceTableRows(result.loaded.data);
}

describe.each(testDatabaseKinds())('approving and rejecting review items on %s', (kind) => {
  let server: TestServer;
  let admin: { cookie: string; userId: string };
  let saver: { cookie: string; userId: string };
  let shipped: ReferenceTableRows;
  /** Each test's rows differ from the last, so each load raises its own item. */
  let round = 0;

  beforeAll(async () => {
    server = await createTestServer(kind);
    admin = await signUpAndSignIn(server, { email: 'admin.review@example.com' });
    await grantAdmin(server, admin.userId, { twoFactor: true });
    saver = await signUpAndSignIn(server, { email: 'saver.review@example.com' });
    shipped = shippedRows();
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    round += 1;
  });

  const halifaxRow = async () => {
    const [row] = await server.deps.database.db.select().from(bankReferences).where(eq(bankReferences.id, HALIFAX));
    return row!;
  };

  /** An admin's edit of Halifax by hand, then a load whose Halifax differs: one review item. */
  async function conflictItem(change: (row: ReferenceTableRows['bankReferences'][number]) => object): Promise<Item> {
    await withActor(server.deps.database.db, { userId: admin.userId, isAdmin: true }, (tx) =>
      tx
        .update(bankReferences)
        .set({ userMessage: `Checked by the team (${round})` })
        .where(eq(bankReferences.id, HALIFAX)),
    );
    const rows = {
      ...shipped,
      bankReferences: shipped.bankReferences.map((r) => (r.id === HALIFAX ? { ...r, ...change(r) } : r)),
    };
    expect((await loadReferenceDataIntoDatabase(server.deps.database, quietLogger, rows)).reviewItems).toBe(1);
    const { items } = (await (
      await server.request('/api/admin/review-items?status=pending', { cookie: admin.cookie })
    ).json()) as { items: Item[] };
    const item = items.find((i) => i.currentData.id === HALIFAX);
    expect(item).toBeDefined();
    return item!;
  }

  const post = (path: string, json: unknown, cookie = admin.cookie) =>
    server.request(path, { method: 'POST', cookie, json });

  it('applies an approved change in the same transaction, as the source’s data, with an audit row', async () => {
    const item = await conflictItem(() => ({ comments: `Newer research ${round}` }));
    const res = await post(`/api/admin/review-items/${item.id}/approve`, { notes: '  Checked the register  ' });
    expect(res.status, await res.clone().text()).toBe(200);
    const { item: resolved } = (await res.json()) as { item: Item };
    expect(resolved).toMatchObject({ status: 'approved', resolutionNotes: 'Checked the register' });

    const row = await halifaxRow();
    expect(row.comments).toBe(`Newer research ${round}`);
    // The source's values, not an admin's edit: the next import of the same source changes nothing.
    expect(row.adminEditedAt).toBeNull();
    expect((row.loadedData as { comments: string }).comments).toBe(`Newer research ${round}`);
    const audit = await server.deps.database.db
      .select()
      .from(referenceChangeAudit)
      .where(eq(referenceChangeAudit.reviewItemId, item.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      tableName: 'bank_references',
      rowId: HALIFAX,
      action: 'update',
      changedBy: admin.userId,
    });
    expect((audit[0]!.before as { userMessage: string }).userMessage).toBe(`Checked by the team (${round})`);

    const again = await post(`/api/admin/review-items/${item.id}/approve`, {});
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      'This review item has already been resolved',
    );
  });

  it('keeps the data as it is when an item is rejected', async () => {
    const item = await conflictItem(() => ({ comments: `Rejected research ${round}` }));
    const res = await post(`/api/admin/review-items/${item.id}/reject`, { notes: 'The team’s note stands' });
    expect(res.status).toBe(200);
    const row = await halifaxRow();
    expect(row.userMessage).toBe(`Checked by the team (${round})`);
    expect(row.comments).not.toBe(`Rejected research ${round}`);
    expect(row.adminEditedAt).not.toBeNull();
    const [stored] = await server.deps.database.db
      .select()
      .from(adminReviewItems)
      .where(eq(adminReviewItems.id, item.id));
    expect(stored).toMatchObject({ status: 'rejected', resolutionNotes: 'The team’s note stands' });
    expect(stored!.resolvedAt).not.toBeNull();
  });

  it('applies an item once when two admins approve it at the same moment', async () => {
    const item = await conflictItem(() => ({ comments: `Raced ${round}` }));
    const statuses = (await Promise.all([1, 2].map(() => post(`/api/admin/review-items/${item.id}/approve`, {})))).map(
      (r) => r.status,
    );
    expect(statuses.sort()).toEqual([200, 409]);
    const audit = await server.deps.database.db
      .select()
      .from(referenceChangeAudit)
      .where(eq(referenceChangeAudit.reviewItemId, item.id));
    expect(audit).toHaveLength(1);
  });

  it('moves a brand to another licence when approved, and the saver’s bank search shows the new licence', async () => {
    const lloyds = shipped.bankReferences.find((r) => r.bankFrn === '119278')!;
    const item = await conflictItem(() => ({
      bankingGroupId: lloyds.bankingGroupId,
      bankingGroupName: lloyds.bankingGroupName,
      bankFrn: lloyds.bankFrn,
      bankGroupFrn: lloyds.bankGroupFrn,
    }));
    expect((await post(`/api/admin/review-items/${item.id}/approve`, {})).status).toBe(200);
    const res = await server.request('/api/reference/banks?q=Halifax', { cookie: saver.cookie });
    const { banks } = (await res.json()) as { banks: { bankName: string; legalName: string; frn: string }[] };
    expect(banks.find((b) => b.bankName === 'Halifax')).toMatchObject({ legalName: 'Lloyds Bank PLC', frn: '119278' });
    // Back as shipped for the tests after this one.
    await loadReferenceDataIntoDatabase(server.deps.database, quietLogger, shipped);
    expect((await halifaxRow()).bankFrn).toBe('169628');
  });

  it('deactivates a row the source no longer lists when that item is approved', async () => {
    await withActor(server.deps.database.db, { userId: admin.userId, isAdmin: true }, (tx) =>
      tx
        .update(bankReferences)
        .set({ userMessage: `Kept by hand ${round}` })
        .where(eq(bankReferences.id, HALIFAX)),
    );
    const without = { ...shipped, bankReferences: shipped.bankReferences.filter((r) => r.id !== HALIFAX) };
    expect((await loadReferenceDataIntoDatabase(server.deps.database, quietLogger, without)).reviewItems).toBe(1);
    expect((await halifaxRow()).isActive).toBe(true);
    const [item] = await server.deps.database.db
      .select()
      .from(adminReviewItems)
      .where(
        and(
          eq(adminReviewItems.status, 'pending'),
          eq(adminReviewItems.title, "Reference data: 'Halifax' is no longer in the data files"),
        ),
      );
    expect((await post(`/api/admin/review-items/${item!.id}/approve`, {})).status).toBe(200);
    expect((await halifaxRow()).isActive).toBe(false);
    await loadReferenceDataIntoDatabase(server.deps.database, quietLogger, shipped);
    expect((await halifaxRow()).isActive).toBe(true);
  });

  it('resolves many items at once and says which could not be, and why', async () => {
    const first = await conflictItem(() => ({ comments: `Bulk one ${round}` }));
    round += 1;
    const second = await conflictItem(() => ({ comments: `Bulk two ${round}` }));
    await post(`/api/admin/review-items/${first.id}/reject`, {});
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = await post('/api/admin/review-items/bulk', { ids: [first.id, second.id, unknown], action: 'approve' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({
      resolved: [second.id],
      failed: [
        { id: first.id, message: 'This review item has already been resolved' },
        { id: unknown, message: 'Review item not found' },
      ],
    });
    expect((await halifaxRow()).comments).toBe(`Bulk two ${round}`);
  });

  it('refuses bad input with the schema’s message and non-admins with 403', async () => {
    const empty = await post('/api/admin/review-items/bulk', { ids: [], action: 'approve' });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: { message: string } }).error.message).toBe('Select at least one item');
    const long = await post('/api/admin/review-items/00000000-0000-4000-8000-000000000000/reject', {
      notes: 'x'.repeat(2_001),
    });
    expect(long.status).toBe(400);
    expect((await post('/api/admin/review-items/not-an-id/approve', {})).status).toBe(400);
    for (const path of [
      '/api/admin/review-items/00000000-0000-4000-8000-000000000000/approve',
      '/api/admin/review-items/00000000-0000-4000-8000-000000000000/reject',
      '/api/admin/review-items/bulk',
    ]) {
      expect(
        (await post(path, { ids: ['00000000-0000-4000-8000-000000000000'], action: 'reject' }, saver.cookie)).status,
      ).toBe(403);
    }
  });
});
