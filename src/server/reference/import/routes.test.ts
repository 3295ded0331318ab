import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawTab } from '../../../core/reference-data/import/contract.ts';
import { exportImportTabs } from '../../../core/reference-data/import/export-source.ts';
import { loadReferenceData } from '../../../core/reference-data/reference-data.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { type FakeGoogleSheets, startFakeGoogleSheets } from '../../test/fake-google-sheets.ts';
import { createTestServer, grantAdmin, signUpAndSignIn, type TestServer } from '../../test/server.ts';
import { readReferenceFiles } from '../files.ts';
import { referenceTableRows } from '../rows.ts';
import { writeWorkbook } from './workbook.ts';

type Report = {
  mode: string;
  runId: string | null;
  tabs: { tab: string; status: string; unchanged: number; review: number }[];
  changes: { id: string; state: string }[];
  errors: unknown[];
};
type ApiError = { error: { code: string; message: string } };

function shippedTabs(): RawTab[] {
  const result = loadReferenceData(readReferenceFiles());
  if (!result.ok) throw new Error('shipped data does not load');
  const rows = referenceTableRows(result.loaded.data);
  return exportImportTabs(rows);
}

const csvOf = (tab: RawTab) =>
  [tab.headers, ...tab.rows].map((row) => row.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(',')).join('\n');

describe.each(testDatabaseKinds())('the banking data importer’s API on %s', (kind) => {
  let server: TestServer;
  let sheets: FakeGoogleSheets;
  let admin: { cookie: string; userId: string };
  let saver: { cookie: string; userId: string };
  let tabs: RawTab[];
  let workbook: Buffer;

  beforeAll(async () => {
    tabs = shippedTabs();
    workbook = await writeWorkbook(tabs);
    sheets = await startFakeGoogleSheets({
      tabs: Object.fromEntries(tabs.map((t) => [t.tab, [t.headers, ...t.rows]])),
    });
    const config = sheets.config();
    server = await createTestServer(kind, {
      GOOGLE_SHEETS_SPREADSHEET_ID: config.GOOGLE_SHEETS_SPREADSHEET_ID!,
      GOOGLE_SERVICE_ACCOUNT_KEY: config.GOOGLE_SERVICE_ACCOUNT_KEY!,
      GOOGLE_SHEETS_API_BASE: config.GOOGLE_SHEETS_API_BASE!,
      GOOGLE_OAUTH_TOKEN_URL: config.GOOGLE_OAUTH_TOKEN_URL!,
    });
    admin = await signUpAndSignIn(server, { email: 'admin.importer@example.com' });
    await grantAdmin(server, admin.userId, { twoFactor: true });
    saver = await signUpAndSignIn(server, { email: 'saver.importer@example.com' });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await sheets?.close();
  });

  const upload = (fields: Record<string, string | File>, cookie = admin.cookie) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    return server.request('/api/admin/bank-data/import', { method: 'POST', cookie, body });
  };
  const xlsx = () => new File([new Uint8Array(workbook)], 'banking-data.xlsx');

  it('previews the shipped data uploaded as XLSX as all unchanged, and records no run', async () => {
    const res = await upload({ mode: 'preview', file: xlsx() });
    expect(res.status, await res.clone().text()).toBe(200);
    const report = (await res.json()) as Report;
    expect(report).toMatchObject({ mode: 'preview', runId: null, changes: [], errors: [] });
    expect(report.tabs.map((t) => [t.tab, t.status, t.review])).toEqual([
      ['Banks', 'done', 0],
      ['ISAs', 'done', 0],
      ['Pensions', 'done', 0],
    ]);
    const runs = (await (
      await server.request('/api/admin/bank-data/import/runs', { cookie: admin.cookie })
    ).json()) as {
      runs: unknown[];
    };
    expect(runs.runs).toEqual([]);
  });

  it('syncs one CSV tab, and lists the run with who ran it', async () => {
    const pensions = tabs.find((t) => t.tab === 'Pensions')!;
    const res = await upload({ mode: 'sync', tab: 'Pensions', file: new File([csvOf(pensions)], 'pensions.csv') });
    expect(res.status, await res.clone().text()).toBe(200);
    const report = (await res.json()) as Report;
    expect(report.tabs.map((t) => [t.tab, t.status])).toEqual([['Pensions', 'done']]);
    expect(report.runId).not.toBeNull();
    const { runs } = (await (
      await server.request('/api/admin/bank-data/import/runs', { cookie: admin.cookie })
    ).json()) as {
      runs: { id: string; startedBy: string; source: string; sourceName: string; status: string }[];
    };
    expect(runs[0]).toMatchObject({
      id: report.runId,
      startedBy: 'admin.importer@example.com',
      source: 'csv',
      sourceName: 'pensions.csv',
      status: 'succeeded',
    });
  });

  it('previews the configured Google Sheet, and its diagnostics report honestly', async () => {
    const res = await server.request('/api/admin/bank-data/import/google-sheets', {
      method: 'POST',
      cookie: admin.cookie,
      json: { mode: 'preview' },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const report = (await res.json()) as Report;
    expect(report.changes).toEqual([]);
    expect(report.tabs.map((t) => t.tab)).toEqual(['Banks', 'ISAs', 'Pensions']);
    for (const check of ['health', 'verify-secrets', 'test-google-api']) {
      const answer = await server.request(`/api/admin/bank-data/google-sheets/${check}`, { cookie: admin.cookie });
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { ok: boolean }).ok, check).toBe(true);
    }
    sheets.failWith = 500;
    try {
      const failed = await server.request('/api/admin/bank-data/import/google-sheets', {
        method: 'POST',
        cookie: admin.cookie,
        json: { mode: 'preview' },
      });
      expect(failed.status).toBe(503);
      const body = JSON.stringify(await failed.json());
      expect(body).not.toContain(sheets.key.private_key.slice(40, 80));
    } finally {
      sheets.failWith = null;
    }
  });

  it('refuses what is not a workbook or a CSV tab with a clear message, and non-admins', async () => {
    const noFile = await upload({ mode: 'preview' });
    expect(noFile.status).toBe(400);
    expect(((await noFile.json()) as ApiError).error.message).toBe('Choose an XLSX workbook or a CSV file to import');
    const noMode = await upload({ file: xlsx() });
    expect(((await noMode.json()) as ApiError).error.message).toBe('mode must be preview, sync or fresh-sync');
    const noTab = await upload({ mode: 'preview', file: new File(['a,b\n1,2'], 'banks.csv') });
    expect(noTab.status).toBe(400);
    expect(((await noTab.json()) as ApiError).error.message).toBe(
      'Say which tab this CSV file is: Banks, ISAs or Pensions',
    );
    const zipped = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8]);
    const notXlsx = await upload({ mode: 'preview', file: new File([zipped], 'banking-data.xlsx') });
    expect(notXlsx.status).toBe(415);
    const nul = await upload({
      mode: 'preview',
      tab: 'Banks',
      file: new File([`${csvOf(tabs[0]!)}\nx\u0000,y`], 'banks.csv'),
    });
    expect(nul.status).toBe(415);
    expect(((await nul.json()) as ApiError).error.message).toMatch(/binary/);
    const huge = await upload({
      mode: 'preview',
      tab: 'Banks',
      file: new File(['x'.repeat(5 * 1024 * 1024 + 1)], 'big.csv'),
    });
    expect(huge.status).toBe(413);
    expect((await upload({ mode: 'preview', file: xlsx() }, saver.cookie)).status).toBe(403);
    expect((await server.request('/api/admin/bank-data/google-sheets/health', { cookie: saver.cookie })).status).toBe(
      403,
    );
  });
});

describe('the Google Sheets import without configuration', () => {
  let server: TestServer;
  let admin: { cookie: string; userId: string };
  beforeAll(async () => {
    server = await createTestServer('pglite');
    admin = await signUpAndSignIn(server, { email: 'admin.nosheets@example.com' });
    await grantAdmin(server, admin.userId, { twoFactor: true });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('says which settings are missing instead of pretending', async () => {
    const res = await server.request('/api/admin/bank-data/import/google-sheets', {
      method: 'POST',
      cookie: admin.cookie,
      json: { mode: 'preview' },
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ApiError).error.message).toMatch(/GOOGLE_SHEETS_SPREADSHEET_ID/);
    const health = await server.request('/api/admin/bank-data/google-sheets/health', { cookie: admin.cookie });
    const answer = (await health.json()) as { ok: boolean; message: string };
    expect(answer.ok).toBe(false);
    expect(answer.message).toMatch(/GOOGLE_SHEETS_SPREADSHEET_ID/);
  });
});
