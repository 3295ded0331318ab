import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawTab } from '../../../core/reference-data/import/contract.ts';
import { CLEAR_ALL, FRESH_SYNC } from '../../../core/reference-data/import/danger-zone.ts';
import { exportImportTabs } from '../../../core/reference-data/import/export-source.ts';
import { loadReferenceData } from '../../../core/reference-data/reference-data.ts';
import { adminReviewItems, bankReferences, referenceChangeAudit } from '../../db/schema/index.ts';
import { addAccountAt } from '../../test/accounts-api.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { createTestServer, grantAdmin, signUpAndSignIn, type TestServer } from '../../test/server.ts';
import { readReferenceFiles } from '../files.ts';
import { bankReferenceId, referenceTableRows } from '../rows.ts';
import { freshSyncMissingTabsMessage } from './run-import.ts';
import { writeWorkbook } from './workbook.ts';

const HALIFAX = bankReferenceId('frn-169628/Halifax');

function shippedTabs(): RawTab[] {
  const result = loadReferenceData(readReferenceFiles());
  if (!result.ok) throw new Error('shipped data does not load');
  return exportImportTabs(referenceTableRows(result.loaded.data));
}

/** The tabs without Halifax's brand row (Bank of Scotland stays under the same licence). */
function withoutHalifax(tabs: RawTab[]): RawTab[] {
  return tabs.map((t) => {
    if (t.tab !== 'Banks') return t;
    const brand = t.headers.indexOf('Brand name');
    const frn = t.headers.indexOf('FRN');
    const rows = t.rows.filter((row) => !(row[brand] === 'Halifax' && row[frn] === '169628'));
    expect(rows.length).toBe(t.rows.length - 1);
    return { ...t, rows };
  });
}

type ApiError = { error: { message: string } };
type Protection = { status: string; reason: string | null };
type TabCounts = { tab: string; status: string; inserted: number; withdrawn: number };

describe.each(testDatabaseKinds())('Clear All Data and Fresh Sync on %s', (kind) => {
  let server: TestServer;
  let admin: { cookie: string; userId: string };
  let saver: { cookie: string; userId: string };
  let tabs: RawTab[];
  let halifaxAccount: string;

  beforeAll(async () => {
    tabs = shippedTabs();
    server = await createTestServer(kind);
    admin = await signUpAndSignIn(server, { email: 'admin.danger@example.com' });
    await grantAdmin(server, admin.userId, { twoFactor: true });
    saver = await signUpAndSignIn(server, { email: 'saver.danger@example.com' });
    halifaxAccount = await addAccountAt(server, saver.cookie, {
      name: 'Halifax saver',
      bankId: HALIFAX,
      pence: 50_000_00,
    });
  }, 90_000);
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.deps.database.db;
  const clear = (confirmation: string, cookie = admin.cookie) =>
    server.request('/api/admin/bank-data/clear', { method: 'POST', cookie, json: { confirmation } });
  const upload = async (source: RawTab[], fields: Record<string, string>) => {
    const body = new FormData();
    body.append('file', new File([new Uint8Array(await writeWorkbook(source))], 'banking-data.xlsx'));
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    return server.request('/api/admin/bank-data/import', { method: 'POST', cookie: admin.cookie, body });
  };
  const saversAccount = async () => {
    const res = await server.request('/api/accounts', { cookie: saver.cookie });
    expect(res.status).toBe(200);
    const { accounts } = (await res.json()) as { accounts: { id: string; bank: string; protection: Protection }[] };
    return accounts.find((a) => a.id === halifaxAccount)!;
  };
  const pickerFinds = async (name: string) => {
    const res = await server.request(`/api/reference/banks?q=${encodeURIComponent(name)}`);
    return ((await res.json()) as { banks: { bankName: string }[] }).banks.some((b) => b.bankName === name);
  };
  const activeBrands = async () =>
    (await db().select({ n: count() }).from(bankReferences).where(eq(bankReferences.isActive, true)))[0]!.n;

  it('refuses without the typed words, refuses a saver, and refuses a Fresh Sync short of a tab: nothing changes', async () => {
    const before = await activeBrands();
    const unconfirmed = await clear('yes');
    expect(unconfirmed.status).toBe(400);
    expect(((await unconfirmed.json()) as ApiError).error.message).toBe(CLEAR_ALL.refused);
    expect((await clear(CLEAR_ALL.phrase, saver.cookie)).status).toBe(403);

    const fresh = await upload(tabs, { mode: 'fresh-sync', confirmation: 'CLEAR ALL DATA' });
    expect(fresh.status).toBe(400);
    expect(((await fresh.json()) as ApiError).error.message).toBe(FRESH_SYNC.refused);
    const banksOnly = await upload(
      tabs.filter((t) => t.tab === 'Banks'),
      { mode: 'fresh-sync', confirmation: FRESH_SYNC.phrase },
    );
    expect(banksOnly.status).toBe(400);
    expect(((await banksOnly.json()) as ApiError).error.message).toBe(
      freshSyncMissingTabsMessage(['ISAs', 'Pensions']),
    );

    expect(await activeBrands()).toBe(before);
    expect((await saversAccount()).protection.status).toBe('covered-in-full');
  });

  it('Clear All Data withdraws everything at once; the saver’s account keeps “Halifax” and says its bank is not in our data', async () => {
    const brands = await activeBrands();
    await db().insert(adminReviewItems).values({
      title: 'Halifax: conflict',
      itemType: 'reference_data_conflict',
      dedupeKey: 'danger-zone-test',
    });
    // Any case and spacing of the words will do.
    const res = await clear('  clear all   data ');
    expect(res.status, await res.clone().text()).toBe(200);
    const report = (await res.json()) as {
      runId: string;
      tabs: { tab: string; withdrawn: number }[];
      reviewItemsRejected: number;
      accountsNotInData: number;
    };
    expect(report.tabs.map((t) => t.tab)).toEqual(['Banks', 'ISAs', 'Pensions']);
    expect(report.tabs[0]!.withdrawn).toBe(brands);
    expect(report.tabs.every((t) => t.withdrawn > 0)).toBe(true);
    expect(report.reviewItemsRejected).toBe(1);
    expect(report.accountsNotInData).toBe(1);

    expect(await activeBrands()).toBe(0);
    expect(await pickerFinds('Halifax')).toBe(false);
    const account = await saversAccount();
    expect(account.bank).toBe('Halifax');
    expect(account.protection).toMatchObject({ status: 'unknown-bank', reason: 'bank-not-in-data' });

    const audit = await db()
      .select({ n: count() })
      .from(referenceChangeAudit)
      .where(eq(referenceChangeAudit.runId, report.runId));
    const withdrawnRows = report.tabs.reduce((n, t) => n + t.withdrawn, 0);
    expect(audit[0]!.n).toBeGreaterThan(withdrawnRows); // the brands' and providers' rows, and their groups'
    const [item] = await db().select().from(adminReviewItems).where(eq(adminReviewItems.dedupeKey, 'danger-zone-test'));
    expect(item).toMatchObject({ status: 'rejected', resolutionNotes: 'All bank reference data was cleared' });

    const runs = await server.request('/api/admin/bank-data/import/runs', { cookie: admin.cookie });
    const [run] = ((await runs.json()) as { runs: { id: string; mode: string; source: string; status: string }[] })
      .runs;
    expect(run).toMatchObject({ id: report.runId, mode: 'clear', source: 'admin', status: 'succeeded' });
  });

  it('Fresh Sync brings the data back as new, and the saver’s account is linked again by itself', async () => {
    const res = await upload(tabs, { mode: 'fresh-sync', confirmation: FRESH_SYNC.phrase });
    expect(res.status, await res.clone().text()).toBe(200);
    const report = (await res.json()) as { mode: string; tabs: TabCounts[]; accountsNotInData: number | null };
    expect(report.mode).toBe('fresh-sync');
    expect(report.tabs.map((t) => [t.tab, t.status, t.withdrawn])).toEqual([
      ['Banks', 'done', 0],
      ['ISAs', 'done', 0],
      ['Pensions', 'done', 0],
    ]);
    expect(report.tabs[0]!.inserted).toBe(tabs.find((t) => t.tab === 'Banks')!.rows.length);
    expect(report.accountsNotInData).toBe(0);
    expect(await pickerFinds('Halifax')).toBe(true);
    expect((await saversAccount()).protection.status).toBe('covered-in-full');
  });

  it('a Fresh Sync from a source without Halifax leaves Halifax out: its account alone says its bank is not in our data', async () => {
    const brands = await activeBrands();
    const res = await upload(withoutHalifax(tabs), { mode: 'fresh-sync', confirmation: FRESH_SYNC.phrase });
    expect(res.status, await res.clone().text()).toBe(200);
    const report = (await res.json()) as { tabs: TabCounts[]; accountsNotInData: number | null };
    expect(report.tabs[0]).toMatchObject({ tab: 'Banks', status: 'done', withdrawn: brands, inserted: brands - 1 });
    expect(report.accountsNotInData).toBe(1);
    expect(await pickerFinds('Halifax')).toBe(false);
    expect(await pickerFinds('Bank of Scotland')).toBe(true);
    expect((await saversAccount()).protection).toMatchObject({ status: 'unknown-bank', reason: 'bank-not-in-data' });
  });
});
