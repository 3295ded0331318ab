import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankReferences, bankingGroups, pensionProviders, referenceChangeAudit } from '../db/schema/index.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, grantAdmin, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { BANK_DATA_MESSAGES, BANK_DATA_PAGE_SIZE } from './admin-data-routes.ts';
import { exportImportTabs } from '../../core/reference-data/import/export-source.ts';
import { loadReferenceData } from '../../core/reference-data/reference-data.ts';
import { readReferenceFiles } from './files.ts';
import { runImport } from './import/run-import.ts';
import { bankReferenceId, referenceTableRows } from './rows.ts';

type Member = { id: string; name: string; frn: string | null; isActive: boolean; isUpdated: boolean };
type Row = {
  id: string;
  name: string;
  legalName: string | null;
  frn: string | null;
  groupId: string | null;
  groupName: string | null;
  userMessage: string | null;
  adminEditedAt: string | null;
  isUpdated: boolean;
  isShared: boolean;
  brands?: Member[];
  isaPlatforms?: Member[];
};
type Overview = {
  tab: string;
  page: number;
  pageSize: number;
  total: number;
  counts: Record<'groups' | 'banks' | 'isas' | 'pensions', number>;
  lastSync: { at: string; source: string } | null;
  rows: Row[];
};

const HALIFAX = bankReferenceId('frn-169628/Halifax');
const BANK_OF_SCOTLAND_GROUP = 'frn-169628';

describe.each(testDatabaseKinds())('the banking data admin screen’s API on %s', (kind) => {
  let server: TestServer;
  let admin: { cookie: string; userId: string };
  let saver: { cookie: string; userId: string };

  beforeAll(async () => {
    server = await createTestServer(kind);
    admin = await signUpAndSignIn(server, { email: 'admin.bankdata@example.com' });
    await grantAdmin(server, admin.userId, { twoFactor: true });
    saver = await signUpAndSignIn(server, { email: 'saver.bankdata@example.com' });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const overview = async (query: string): Promise<Overview> => {
    const res = await server.request(`/api/admin/bank-data/overview${query}`, { cookie: admin.cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Overview;
  };
  const patch = (path: string, json: unknown, cookie = admin.cookie) =>
    server.request(`/api/admin/bank-data/${path}`, { method: 'PATCH', cookie, json });
  const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

  it('refuses savers (403) and the signed-out (401), on every route', async () => {
    expect((await server.request('/api/admin/bank-data/overview', { cookie: saver.cookie })).status).toBe(403);
    expect((await server.request('/api/admin/bank-data/overview')).status).toBe(401);
    expect((await patch(`banks/${HALIFAX}`, { userMessage: 'x' }, saver.cookie)).status).toBe(403);
  });

  it('lists banking groups by name, 50 a page, with each tab’s size and the last sync', async () => {
    const first = await overview('');
    expect(first).toMatchObject({ tab: 'groups', page: 1, pageSize: BANK_DATA_PAGE_SIZE });
    expect(first.rows).toHaveLength(BANK_DATA_PAGE_SIZE);
    expect(first.total).toBe(first.counts.groups);
    expect(first.counts.banks).toBeGreaterThan(BANK_DATA_PAGE_SIZE);
    expect(first.counts.isas).toBeGreaterThan(0);
    expect(first.counts.pensions).toBeGreaterThan(0);
    expect(first.lastSync).toMatchObject({ source: 'data-files' });
    const second = await overview('?tab=groups&page=2');
    expect(second.page).toBe(2);
    expect(second.rows[0]!.id).not.toBe(first.rows[0]!.id);
    expect(first.rows.map((r) => r.id)).not.toContain(second.rows[0]!.id);
    const beyond = await overview(`?page=${Math.ceil(first.total / BANK_DATA_PAGE_SIZE) + 1}`);
    expect(beyond.rows).toEqual([]);
  });

  it('finds a group by its brand’s name, with its brands and ISA platforms and the Shared marker', async () => {
    const { rows } = await overview('?q=halifax');
    const group = rows.find((r) => r.id === BANK_OF_SCOTLAND_GROUP);
    expect(group).toMatchObject({ legalName: 'Bank of Scotland plc', frn: '169628', isShared: true });
    expect(group!.brands!.map((b) => b.name)).toEqual(expect.arrayContaining(['Halifax', 'Bank of Scotland']));
    const withIsas = (await overview('?q=')).rows.concat((await overview('?page=2')).rows);
    expect(withIsas.some((r) => (r.isaPlatforms ?? []).length > 0)).toBe(true);
    const single = withIsas.find((r) => (r.brands ?? []).filter((b) => b.isActive).length === 1);
    expect(single).toBeDefined();
  });

  it('searches each tab by name, legal name and FRN', async () => {
    const byFrn = await overview('?tab=banks&q=169628');
    expect(byFrn.rows.map((r) => r.name)).toContain('Halifax');
    expect(byFrn.rows.every((r) => r.frn === '169628' || r.legalName === 'Bank of Scotland plc')).toBe(true);
    const byLegal = await overview('?tab=banks&q=BANK%20OF%20SCOTLAND%20PLC');
    expect(byLegal.rows.map((r) => r.name)).toContain('Halifax');
    const pensions = await overview('?tab=pensions&q=a');
    expect(pensions.total).toBeGreaterThan(0);
    const isas = await overview('?tab=isas');
    const someIsa = isas.rows[0]!;
    expect((await overview(`?tab=isas&q=${encodeURIComponent(someIsa.name)}`)).rows.map((r) => r.id)).toContain(
      someIsa.id,
    );
    expect((await overview('?tab=banks&q=zzzz-no-such-bank')).rows).toEqual([]);
  });

  it('marks an edit as the admin’s, says it is Updated, audits it, and a saver’s search finds it at once', async () => {
    const before = await overview('?tab=banks&q=halifax');
    expect(before.rows.find((r) => r.id === HALIFAX)!.isUpdated).toBe(false);

    const res = await patch(`banks/${HALIFAX}`, {
      name: 'Halifax Savings Test',
      userMessage: '  Checked against the register  ',
      websiteUrl: 'https://www.halifax.co.uk',
      confidenceScore: 90,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { row } = (await res.json()) as { row: Row };
    expect(row).toMatchObject({
      id: HALIFAX,
      name: 'Halifax Savings Test',
      userMessage: 'Checked against the register',
      isUpdated: true,
      groupId: BANK_OF_SCOTLAND_GROUP,
    });
    expect(row.adminEditedAt).not.toBeNull();

    const [stored] = await server.deps.database.db.select().from(bankReferences).where(eq(bankReferences.id, HALIFAX));
    expect(stored!.adminEditedAt).not.toBeNull();
    const audit = await server.deps.database.db
      .select()
      .from(referenceChangeAudit)
      .where(and(eq(referenceChangeAudit.rowId, HALIFAX), eq(referenceChangeAudit.changedBy, admin.userId)));
    expect(audit).toHaveLength(1);

    const search = await server.request('/api/reference/banks?q=halifax%20savings%20test', { cookie: saver.cookie });
    const { banks } = (await search.json()) as { banks: { id: string; bankName: string; userMessage: string }[] };
    expect(banks[0]).toMatchObject({ id: HALIFAX, bankName: 'Halifax Savings Test' });
    expect(banks[0]!.userMessage).toBe('Checked against the register');

    const group = (await overview('?q=halifax')).rows.find((r) => r.id === BANK_OF_SCOTLAND_GROUP)!;
    expect(group.isUpdated).toBe(true);
    expect(group.brands!.find((b) => b.id === HALIFAX)!.isUpdated).toBe(true);
  });

  it('moves a brand to another licence, which must exist', async () => {
    const { rows } = await overview('?tab=banks&q=nationwide');
    const brand = rows.find((r) => r.groupId !== BANK_OF_SCOTLAND_GROUP)!;
    const unknown = await patch(`banks/${brand.id}`, { bankingGroupId: 'frn-000000' });
    expect(unknown.status).toBe(400);
    expect((await errorOf(unknown)).message).toBe(BANK_DATA_MESSAGES.unknownLicence);

    const moved = await patch(`banks/${brand.id}`, { bankingGroupId: BANK_OF_SCOTLAND_GROUP });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect(((await moved.json()) as { row: Row }).row).toMatchObject({
      groupId: BANK_OF_SCOTLAND_GROUP,
      groupName: expect.stringMatching(/Bank of Scotland/),
    });
    const search = await server.request(`/api/reference/banks?q=${encodeURIComponent(brand.name)}`);
    const { banks } = (await search.json()) as { banks: { id: string; bankingGroupId: string }[] };
    expect(banks.find((b) => b.id === brand.id)).toMatchObject({ bankingGroupId: BANK_OF_SCOTLAND_GROUP });
  });

  it('edits a group, an ISA platform and a pension provider', async () => {
    const group = (await overview('?q=nationwide')).rows[0]!;
    const groupRes = await patch(`groups/${encodeURIComponent(group.id)}`, { nameNote: 'Checked', comments: '' });
    expect(groupRes.status, await groupRes.clone().text()).toBe(200);
    const [storedGroup] = await server.deps.database.db
      .select()
      .from(bankingGroups)
      .where(eq(bankingGroups.id, group.id));
    expect(storedGroup).toMatchObject({ nameNote: 'Checked', comments: null });
    expect(storedGroup!.adminEditedAt).not.toBeNull();

    const isa = (await overview('?tab=isas')).rows[0]!;
    const isaRes = await patch(`isas/${encodeURIComponent(isa.id)}`, { warnUserLevel: 'high', displayToUser: false });
    expect(isaRes.status, await isaRes.clone().text()).toBe(200);

    const pension = (await overview('?tab=pensions')).rows[0]!;
    const pensionRes = await patch(`pensions/${encodeURIComponent(pension.id)}`, { userMessage: 'Call them first' });
    expect(pensionRes.status, await pensionRes.clone().text()).toBe(200);
    const [storedPension] = await server.deps.database.db
      .select()
      .from(pensionProviders)
      .where(eq(pensionProviders.id, pension.id));
    expect(storedPension).toMatchObject({ userMessage: 'Call them first', displayMessage: 'Call them first' });
  });

  it('carries a group’s new name to its brands in the saver’s picker, marking only the group as edited', async () => {
    const group = (await overview('?q=nationwide')).rows.find((r) => (r.brands ?? []).length > 0)!;
    const res = await patch(`groups/${encodeURIComponent(group.id)}`, { name: 'Nationwide Renamed Test' });
    expect(res.status, await res.clone().text()).toBe(200);
    const brand = group.brands![0]!;
    const search = await server.request('/api/reference/banks?q=nationwide%20renamed%20test');
    const { banks } = (await search.json()) as { banks: { id: string; legalName: string }[] };
    expect(banks.find((b) => b.id === brand.id)).toMatchObject({ legalName: 'Nationwide Renamed Test' });
    const [stored] = await server.deps.database.db.select().from(bankReferences).where(eq(bankReferences.id, brand.id));
    expect(stored).toMatchObject({ bankingGroupName: 'Nationwide Renamed Test', adminEditedAt: null });
    // Every brand of the group, in the one statement that updates them.
    const all = await server.deps.database.db
      .select({ name: bankReferences.bankingGroupName })
      .from(bankReferences)
      .where(eq(bankReferences.bankingGroupId, group.id));
    expect(all.length).toBe(group.brands!.length);
    expect(new Set(all.map((b) => b.name))).toEqual(new Set(['Nationwide Renamed Test']));
  });

  it.each([
    [{}, BANK_DATA_MESSAGES.nothing],
    [{ frn: '12ab' }, BANK_DATA_MESSAGES.frn],
    [{ name: '   ' }, BANK_DATA_MESSAGES.name],
    [{ confidenceScore: 101 }, BANK_DATA_MESSAGES.confidence],
    [{ confidenceScore: '90' }, BANK_DATA_MESSAGES.confidence],
    [{ warnUserLevel: 'loud' }, BANK_DATA_MESSAGES.warn],
    [{ websiteUrl: 'javascript:alert(1)' }, BANK_DATA_MESSAGES.website],
    [{ displayToUser: 'yes' }, BANK_DATA_MESSAGES.displayToUser],
    [{ legalName: 'Halifax plc' }, BANK_DATA_MESSAGES.notEditable('The legal name', 'banks')],
    [{ userMessage: 'x'.repeat(2_001) }, BANK_DATA_MESSAGES.text],
  ])('refuses an edit with the schema’s message (%#)', async (body, message) => {
    const res = await patch(`banks/${HALIFAX}`, body);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(message);
  });

  it('refuses a field a table does not have, an unknown table and bad queries', async () => {
    const website = await patch(`groups/${BANK_OF_SCOTLAND_GROUP}`, { websiteUrl: 'https://example.com' });
    expect((await errorOf(website)).message).toBe(BANK_DATA_MESSAGES.notEditable('The website', 'groups'));
    const table = await patch(`brands/${HALIFAX}`, { userMessage: 'x' });
    expect(table.status).toBe(400);
    expect((await errorOf(table)).message).toBe(BANK_DATA_MESSAGES.table);
    for (const [query, message] of [
      ['?tab=people', BANK_DATA_MESSAGES.tab],
      ['?page=0', BANK_DATA_MESSAGES.page],
      ['?page=abc', BANK_DATA_MESSAGES.page],
      [`?q=${'a'.repeat(101)}`, BANK_DATA_MESSAGES.q],
    ] as const) {
      const res = await server.request(`/api/admin/bank-data/overview${query}`, { cookie: admin.cookie });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toBe(message);
    }
  });

  it('marks what the last import changed as Updated, and dates the last sync by it', async () => {
    const loaded = loadReferenceData(readReferenceFiles());
    if (!loaded.ok) throw new Error('shipped data does not load');
    const rows = referenceTableRows(loaded.loaded.data);
    const [banks] = exportImportTabs(rows).filter((t) => t.tab === 'Banks');
    const name = banks!.headers.indexOf('Brand name');
    const notes = banks!.headers.indexOf('Brand notes');
    const barclays = banks!.rows.findIndex((r) => r[name] === 'Barclays');
    expect(barclays).toBeGreaterThanOrEqual(0);
    const changed = {
      ...banks!,
      rows: banks!.rows.map((r, i) =>
        i === barclays ? r.map((cell, c) => (c === notes ? 'Newer research' : cell)) : r,
      ),
    };
    const before = (await overview('?tab=banks&q=barclays')).rows.find((r) => r.name === 'Barclays')!;
    expect(before.isUpdated).toBe(false);

    const report = await runImport(server.deps.database, {
      mode: 'sync',
      source: { kind: 'csv', name: 'banks.csv', tabs: [changed] },
      adminId: admin.userId,
      today: '2026-11-29',
    });
    expect(report.tabs[0]).toMatchObject({ updated: 1 });
    const after = await overview('?tab=banks&q=barclays');
    expect(after.rows.find((r) => r.id === before.id)).toMatchObject({ isUpdated: true, adminEditedAt: null });
    expect(after.lastSync).toMatchObject({ source: 'import' });
    const group = (await overview('?q=barclays')).rows.find((r) => r.id === before.groupId)!;
    expect(group.isUpdated).toBe(true);
  });

  it('answers 404 for a row that does not exist', async () => {
    for (const path of [
      'banks/00000000-0000-4000-8000-000000000000',
      'banks/not-a-uuid',
      'groups/frn-000000',
      'isas/Z0000000',
      'pensions/nobody',
    ]) {
      const res = await patch(path, { userMessage: 'x' });
      expect(res.status, path).toBe(404);
      expect((await errorOf(res)).message).toBe(BANK_DATA_MESSAGES.notFound);
    }
  });
});
