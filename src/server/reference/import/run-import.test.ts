import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawTab } from '../../../core/reference-data/import/contract.ts';
import { exportImportTabs } from '../../../core/reference-data/import/export-source.ts';
import { LICENCE_COLUMNS } from '../../../core/reference-data/import/source-format.ts';
import { loadReferenceData } from '../../../core/reference-data/reference-data.ts';
import { withActor } from '../../db/rls.ts';
import {
  adminReviewItems,
  bankingGroups,
  bankReferences,
  referenceChangeAudit,
  referenceImportRuns,
} from '../../db/schema/index.ts';
import { quietLogger, testDatabaseKinds } from '../../test/databases.ts';
import { addAccountAt } from '../../test/accounts-api.ts';
import { createTestServer, grantAdmin, signUpAndSignIn, type TestServer } from '../../test/server.ts';
import { readReferenceFiles } from '../files.ts';
import { loadReferenceDataIntoDatabase } from '../loader.ts';
import { bankReferenceId, type ReferenceTableRows, referenceTableRows } from '../rows.ts';
import { type ImportReport, runImport } from './run-import.ts';

const TODAY = '2026-11-29';
const HALIFAX = bankReferenceId('frn-169628/Halifax');

function shippedRows(): ReferenceTableRows {
  const result = loadReferenceData(readReferenceFiles());
  if (!result.ok) throw new Error('shipped data does not load');
  return referenceTableRows(result.loaded.data);
}

/** The shipped data as the source's tabs (the example workbook's contents). */
function shippedTabs(rows: ReferenceTableRows): RawTab[] {
  return exportImportTabs({
    bankingGroups: rows.bankingGroups,
    bankReferences: rows.bankReferences,
    isaProviders: rows.isaProviders,
    pensionProviders: rows.pensionProviders,
  });
}

/** A copy of the tabs with `column` of the rows `match` picks set to `value`. */
function withCell(
  tabs: RawTab[],
  tab: RawTab['tab'],
  match: (cells: Record<string, string>) => boolean,
  column: string,
  value: string,
) {
  return tabs.map((t) => {
    if (t.tab !== tab) return t;
    const at = t.headers.indexOf(column);
    expect(at).toBeGreaterThanOrEqual(0);
    let changed = 0;
    const rows = t.rows.map((row) => {
      const cells = Object.fromEntries(t.headers.map((h, i) => [h, row[i] ?? '']));
      if (!match(cells)) return row;
      changed += 1;
      return row.map((cell, i) => (i === at ? value : cell));
    });
    expect(changed).toBeGreaterThan(0);
    return { ...t, rows };
  });
}

const isHalifax = (cells: Record<string, string>) => cells['Brand name'] === 'Halifax' && cells.FRN === '169628';

describe.each(testDatabaseKinds())('a banking data import on %s', (kind) => {
  let server: TestServer;
  let admin: { cookie: string; userId: string };
  let shipped: ReferenceTableRows;
  let tabs: RawTab[];

  beforeAll(async () => {
    server = await createTestServer(kind);
    admin = await signUpAndSignIn(server, { email: 'admin.import@example.com' });
    await grantAdmin(server, admin.userId, { twoFactor: true });
    shipped = shippedRows();
    tabs = shippedTabs(shipped);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const run = (mode: 'preview' | 'sync', source: RawTab[]): Promise<ImportReport> =>
    runImport(server.deps.database, {
      mode,
      source: { kind: 'xlsx', name: 'reference.xlsx', tabs: source },
      adminId: admin.userId,
      today: TODAY,
    });
  const db = () => server.deps.database.db;
  const halifax = async () => (await db().select().from(bankReferences).where(eq(bankReferences.id, HALIFAX)))[0]!;
  const runs = async () => db().select().from(referenceImportRuns);
  /** Back to the shipped data, as the start-up loader leaves it. */
  const reset = async () => {
    await db().delete(adminReviewItems);
    // As the login role: no admin request, so the edit trigger marks nothing.
    await db().update(bankReferences).set({ adminEditedAt: null });
    await db().update(bankingGroups).set({ adminEditedAt: null });
    await loadReferenceDataIntoDatabase(server.deps.database, quietLogger, { ...shipped, bankReferences: [] });
    await loadReferenceDataIntoDatabase(server.deps.database, quietLogger, shipped);
  };

  it('previews the shipped data as all unchanged, and writes nothing', async () => {
    const before = (await runs()).length;
    const report = await run('preview', tabs);
    expect(report.errors).toEqual([]);
    expect(report.tabs.map((t) => [t.tab, t.status, t.inserted, t.updated, t.review, t.invalid])).toEqual([
      ['Banks', 'done', 0, 0, 0, 0],
      ['ISAs', 'done', 0, 0, 0, 0],
      ['Pensions', 'done', 0, 0, 0, 0],
    ]);
    expect(report.tabs.find((t) => t.tab === 'Banks')!.unchanged).toBe(shipped.bankReferences.length);
    expect(report.totals.processed).toBe(
      shipped.bankReferences.length + shipped.isaProviders.length + shipped.pensionProviders.length,
    );
    expect(report.changes).toEqual([]);
    expect(report.runId).toBeNull();
    expect((await runs()).length).toBe(before);
    expect(report.diagnostics.map((d) => [d.tab, d.headers.length, d.sampleRows.length])).toEqual([
      ['Banks', 14, 3],
      ['ISAs', 14, 3],
      ['Pensions', 14, 3],
    ]);
  });

  it('applies a change that moves no money at once, as the source’s data, with an audit row and a run', async () => {
    const source = withCell(tabs, 'Banks', isHalifax, 'Brand notes', 'Checked against the register this week');
    const preview = await run('preview', source);
    expect(preview.changes).toEqual([
      expect.objectContaining({
        id: HALIFAX,
        state: 'updated',
        decision: 'apply',
        changesCoverage: false,
        changedFields: ['comments'],
      }),
    ]);
    expect((await halifax()).comments).not.toBe('Checked against the register this week');

    const report = await run('sync', source);
    expect(report.tabs[0]).toMatchObject({ tab: 'Banks', status: 'done', updated: 1, review: 0 });
    const row = await halifax();
    expect(row.comments).toBe('Checked against the register this week');
    expect(row.adminEditedAt).toBeNull();
    const [stored] = await db().select().from(referenceImportRuns).where(eq(referenceImportRuns.id, report.runId!));
    expect(stored).toMatchObject({
      status: 'succeeded',
      source: 'xlsx',
      sourceName: 'reference.xlsx',
      startedBy: admin.userId,
    });
    const audit = await db().select().from(referenceChangeAudit).where(eq(referenceChangeAudit.runId, report.runId!));
    expect(audit.map((a) => [a.tableName, a.rowId, a.action])).toEqual([['bank_references', HALIFAX, 'update']]);
    // The same source again: nothing to do.
    const again = await run('preview', source);
    expect(again.changes).toEqual([]);
    await reset();
  });

  it('sends a change of what protects a licence to the review queue, and approving it applies it', async () => {
    const source = withCell(tabs, 'Banks', (c) => c.FRN === '169628', 'Register section', 'non_uk_bank_uk_branch');
    const preview = await run('preview', source);
    const group = preview.changes.find((c) => c.table === 'banking_groups');
    expect(group).toMatchObject({ id: 'frn-169628', state: 'updated', decision: 'review', changesCoverage: true });

    const report = await run('sync', source);
    expect(report.tabs[0]!.review).toBeGreaterThanOrEqual(1);
    const [before] = await db().select().from(bankingGroups).where(eq(bankingGroups.id, 'frn-169628'));
    expect(before!.registerSection).toBe('uk_incorporated_bank');
    const items = await db().select().from(adminReviewItems).where(eq(adminReviewItems.status, 'pending'));
    const item = items.find((i) => (i.currentData as { id: string }).id === 'frn-169628')!;
    expect(item).toMatchObject({ itemType: 'reference_data_licence_change', priority: 'high' });

    // Syncing the same source again queues nothing new.
    await run('sync', source);
    expect((await db().select().from(adminReviewItems).where(eq(adminReviewItems.status, 'pending'))).length).toBe(
      items.length,
    );

    const res = await server.request(`/api/admin/review-items/${item.id}/approve`, {
      method: 'POST',
      cookie: admin.cookie,
      json: {},
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const [after] = await db().select().from(bankingGroups).where(eq(bankingGroups.id, 'frn-169628'));
    expect(after!.registerSection).toBe('non_uk_bank_uk_branch');
    expect(after!.adminEditedAt).toBeNull();
    await reset();
  });

  it('queues a row the source no longer lists, a conflict with an admin’s edit, and never touches an invalid row', async () => {
    await withActor(db(), { userId: admin.userId, isAdmin: true }, (tx) =>
      tx.update(bankReferences).set({ userMessage: 'Checked by the team' }).where(eq(bankReferences.id, HALIFAX)),
    );
    let source = withCell(tabs, 'Banks', isHalifax, 'Brand notes', 'Newer research');
    const lloyds360 = (c: Record<string, string>) => c['Brand name'] === 'Lloyds 360';
    source = withCell(source, 'Banks', lloyds360, 'Brand confidence score', 'not a number');
    const dropped = shipped.bankReferences.find((r) => r.bankName === 'ABC International Bank Plc')!;
    source = source.map((t) =>
      t.tab === 'Banks'
        ? { ...t, rows: t.rows.filter((row) => row[t.headers.indexOf('Brand name')] !== 'ABC International Bank Plc') }
        : t,
    );

    const report = await run('sync', source);
    const byId = new Map(report.changes.map((c) => [c.id, c]));
    expect(byId.get(HALIFAX)).toMatchObject({ state: 'conflict', decision: 'review' });
    expect(byId.get(dropped.id)).toMatchObject({ state: 'missing', decision: 'review' });
    const invalid = report.errors.find((e) => e.tab === 'Banks');
    expect(invalid).toMatchObject({ table: 'bank_references' });
    expect(invalid!.rowNumber).toBeGreaterThan(1);
    expect(invalid!.messages.join(' ')).toMatch(/confidence/i);
    const lloyds360Id = invalid!.id!;
    expect(byId.get(lloyds360Id)?.state ?? 'invalid').toBe('invalid');

    expect((await halifax()).userMessage).toBe('Checked by the team');
    expect((await halifax()).comments).not.toBe('Newer research');
    const [kept] = await db().select().from(bankReferences).where(eq(bankReferences.id, dropped.id));
    expect(kept!.isActive).toBe(true);
    const [untouched] = await db().select().from(bankReferences).where(eq(bankReferences.id, lloyds360Id));
    expect(untouched!.isActive).toBe(true);
    await reset();
  });

  it('moves a brand to another licence through the review queue, and a saver’s dashboard follows', async () => {
    const saver = await signUpAndSignIn(server, { email: 'saver.import@example.com' });
    await addAccountAt(server, saver.cookie, { name: 'Halifax saver', bankId: HALIFAX, pence: 50_000_00 });
    const licenceNames = async () => {
      const res = await server.request('/api/dashboard', { cookie: saver.cookie });
      expect(res.status).toBe(200);
      const { protection } = (await res.json()) as { protection: { groups: { name: string }[] } };
      return protection.groups.map((g) => g.name);
    };
    expect(await licenceNames()).toEqual(['Bank of Scotland plc']);

    // Halifax's row takes the licence columns of Lloyds Bank PLC's rows.
    const banks = tabs.find((t) => t.tab === 'Banks')!;
    const lloyds = banks.rows.find((row) => row[banks.headers.indexOf('FRN')] === '119278')!;
    const source = tabs.map((t) =>
      t.tab !== 'Banks'
        ? t
        : {
            ...t,
            rows: t.rows.map((row) => {
              const cells = Object.fromEntries(t.headers.map((h, k) => [h, row[k] ?? '']));
              if (!isHalifax(cells)) return row;
              return row.map((cell, k) =>
                (LICENCE_COLUMNS as readonly string[]).includes(t.headers[k]!) ? lloyds[k]! : cell,
              );
            }),
          },
    );
    const preview = await run('preview', source);
    expect(preview.changes.filter((c) => c.table === 'bank_references')).toEqual([
      expect.objectContaining({ id: HALIFAX, state: 'updated', decision: 'review', changesCoverage: true }),
    ]);

    await run('sync', source);
    expect(await licenceNames()).toEqual(['Bank of Scotland plc']);
    const [item] = (await db().select().from(adminReviewItems).where(eq(adminReviewItems.status, 'pending'))).filter(
      (i) => (i.currentData as { id: string }).id === HALIFAX,
    );
    expect(item).toMatchObject({ itemType: 'reference_data_licence_change', priority: 'high' });
    const res = await server.request(`/api/admin/review-items/${item!.id}/approve`, {
      method: 'POST',
      cookie: admin.cookie,
      json: {},
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await licenceNames()).toEqual(['Lloyds Bank PLC']);
    // The same source again finds Halifax where it now is.
    expect((await run('preview', source)).changes).toEqual([]);
    await reset();
    expect(await licenceNames()).toEqual(['Bank of Scotland plc']);
  });

  it('refuses a cell holding U+0000 before reading anything', async () => {
    const source = withCell(tabs, 'Banks', isHalifax, 'Brand notes', 'bad\u0000text');
    await expect(run('sync', source)).rejects.toThrow(/NUL character .*Banks tab, row \d+/);
  });

  it('reads an ISAs tab alone against the stored licences', async () => {
    const isas = tabs.filter((t) => t.tab === 'ISAs');
    const report = await run('preview', isas);
    expect(report.tabs.map((t) => t.tab)).toEqual(['ISAs']);
    expect(report.errors).toEqual([]);
    expect(report.changes).toEqual([]);
    expect(report.tabs[0]!.unchanged).toBe(shipped.isaProviders.length);
  });

  it('fails a tab without a mandatory column whole, and runs no tab after it', async () => {
    const broken = tabs.map((t) =>
      t.tab === 'Banks' ? { ...t, headers: t.headers.map((h) => (h === 'FRN' ? 'Firm number' : h)) } : t,
    );
    const report = await run('sync', broken);
    expect(report.tabs.map((t) => [t.tab, t.status])).toEqual([
      ['Banks', 'failed'],
      ['ISAs', 'not-run'],
      ['Pensions', 'not-run'],
    ]);
    expect(report.tabs[0]!.error).toMatch(/FRN/);
    const [stored] = await db().select().from(referenceImportRuns).where(eq(referenceImportRuns.id, report.runId!));
    expect(stored!.status).toBe('failed');
  });
});
