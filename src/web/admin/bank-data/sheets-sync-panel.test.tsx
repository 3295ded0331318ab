import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, makeMe, type MockHandler, mockApi } from '../../test/api-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import type { ImportReport, ImportRun, TabResult } from './api.ts';

beforeAll(() => import('./bank-data-page.tsx'), 60_000);
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

const NOT_CONFIGURED =
  'Google Sheets is not configured: set GOOGLE_SHEETS_SPREADSHEET_ID and GOOGLE_SERVICE_ACCOUNT_KEY on the server (README, "Banking data from a Google Sheet").';

const tab = (name: TabResult['tab'], over: Partial<TabResult> = {}): TabResult => ({
  tab: name,
  status: 'done',
  processed: 10,
  inserted: 1,
  updated: 2,
  unchanged: 6,
  review: 1,
  invalid: 0,
  errors: 0,
  bankingGroupsUpdated: 0,
  withdrawn: 0,
  error: null,
  ...over,
});

const REPORT: ImportReport = {
  mode: 'preview',
  runId: null,
  accountsNotInData: null,
  tabs: [tab('Banks', { errors: 1, invalid: 1, bankingGroupsUpdated: 3 }), tab('ISAs'), tab('Pensions')],
  totals: {
    processed: 30,
    inserted: 3,
    updated: 6,
    unchanged: 18,
    review: 3,
    invalid: 1,
    errors: 1,
    bankingGroupsUpdated: 3,
    withdrawn: 0,
  },
  errors: [
    {
      tab: 'Banks',
      rowNumber: 7,
      id: 'bank-x',
      table: 'bank_references',
      messages: ['FRN must be 6 digits', 'Brand is required'],
    },
  ],
  changes: [
    {
      tab: 'Banks',
      table: 'bank_references',
      id: 'sainsburys',
      label: "Sainsbury's Bank",
      state: 'updated',
      decision: 'review',
      changedFields: ['bankingGroupId'],
      changesCoverage: true,
    },
  ],
  diagnostics: [{ tab: 'Banks', rowCount: 10, headers: ['id', 'name'], sampleRows: [['halifax', 'Halifax']] }],
};

const RUN: ImportRun = {
  id: 'run-1',
  startedBy: 'ops@savvypig.co.uk',
  source: 'xlsx',
  sourceName: 'banking-data.xlsx',
  mode: 'sync',
  tabs: ['Banks', 'ISAs', 'Pensions'],
  status: 'succeeded',
  results: [tab('Banks'), tab('ISAs', { review: 4 })],
  errorCount: 2,
  startedAt: '2026-11-21T14:05:00.000Z',
  finishedAt: '2026-11-21T14:05:03.000Z',
};

function server(overrides: Record<string, MockHandler> = {}) {
  return mockApi({
    'GET /api/me': json(200, makeMe({ isAdmin: true, twoFactorEnabled: true })),
    'GET /api/admin/check': json(200, { isAdmin: true }),
    'GET /api/admin/bank-data/google-sheets/health': json(200, { ok: true, message: 'Google Sheets is configured' }),
    'GET /api/admin/bank-data/import/runs': json(200, { runs: [RUN] }),
    'POST /api/admin/bank-data/import/google-sheets': json(200, REPORT),
    'POST /api/admin/bank-data/import': json(200, REPORT),
    'GET /api/admin/review-items': json(200, { items: [] }),
    ...overrides,
  });
}

async function openPage() {
  const rendered = renderApp('/admin/bank-data');
  await screen.findByRole('heading', { level: 1, name: 'Banking Data Monitor and Importer v2.0' });
  return rendered;
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const SHEETS_BUTTONS = ['Preview', 'Sync (Test)', 'Sync (Full)', 'Enhanced sync: Banks + ISAs + Pensions'];

describe('the Google Sheets Sync tab', () => {
  it('says what to set when Sheets is not configured, and only its buttons wait for it', async () => {
    server({
      'GET /api/admin/bank-data/google-sheets/health': json(200, { ok: false, message: NOT_CONFIGURED }),
    });
    const { user } = await openPage();
    expect(await screen.findByText(NOT_CONFIGURED)).toBeInTheDocument();
    for (const name of SHEETS_BUTTONS) {
      expect(button(name)).toBeDisabled();
      expect(button(name)).toHaveAccessibleDescription(expect.stringContaining(NOT_CONFIGURED));
    }
    expect(button('Health')).toBeEnabled();
    // The upload still works.
    await user.upload(screen.getByLabelText('File (XLSX or CSV)'), new File(['x'], 'data.xlsx'));
    expect(button('Preview upload')).toBeEnabled();
  });

  it('shows each diagnostic as it answered, good or bad', async () => {
    server({
      'GET /api/admin/bank-data/google-sheets/verify-secrets': json(200, {
        ok: true,
        message: 'The key is a service account key for sheets@example.iam.gserviceaccount.com',
      }),
      'GET /api/admin/bank-data/google-sheets/test-google-api': json(200, {
        ok: false,
        message: 'Share the sheet with sheets@example.iam.gserviceaccount.com',
      }),
    });
    const { user } = await openPage();
    await user.click(button('Verify Secrets'));
    const results = await screen.findByRole('list', { name: 'Diagnostics results' });
    await waitFor(() => expect(results).toHaveTextContent(/Verify Secrets: OK\. The key is a service account key/));
    await user.click(button('Test Google API'));
    await waitFor(() => expect(results).toHaveTextContent(/Test Google API: Not OK\. Share the sheet with/));
  });

  it('disables every button while an action runs, then shows the result in full', async () => {
    let answer: (response: Response) => void = () => undefined;
    const api = server({
      'POST /api/admin/bank-data/import/google-sheets': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const { user } = await openPage();
    await waitFor(() => expect(button('Sync (Full)')).toBeEnabled());
    await user.upload(screen.getByLabelText('File (XLSX or CSV)'), new File(['x'], 'data.xlsx'));
    await user.click(button('Sync (Full)'));
    for (const name of [
      ...SHEETS_BUTTONS,
      'Health',
      'Verify Secrets',
      'Test Google API',
      'Preview upload',
      'Sync upload',
    ])
      expect(button(name)).toBeDisabled();
    expect(screen.getByText('Sync (Full): running...')).toBeInTheDocument();
    expect(api.calls('POST /api/admin/bank-data/import/google-sheets')[0]?.body).toEqual({ mode: 'sync' });

    answer(json(200, REPORT));
    const tabs = await screen.findByRole('table', { name: 'Results per tab' });
    const rows = within(tabs).getAllByRole('row');
    // Processed, inserted, updated, unchanged, sent to review, errors, banking groups updated.
    expect(rows[1]).toHaveTextContent(/Banks.*Done.*10.*1.*2.*6.*1.*1.*3/);
    expect(rows[4]).toHaveTextContent(/Totals.*30.*3.*6.*18.*3.*1.*3/);
    const changes = screen.getByRole('table', { name: 'Changes' });
    expect(within(changes).getAllByRole('row')[1]).toHaveTextContent(
      /Sainsbury's Bank.*Updated.*banking group id.*Yes.*Would go to review/,
    );
    expect(
      within(screen.getByRole('list', { name: 'Errors' })).getByText(
        /Banks row 7 \(bank-x\): FRN must be 6 digits; Brand is required/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Detailed diagnostics')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Banks sample rows' })).toHaveTextContent(/Halifax/);
    expect(screen.getByText('Raw output')).toBeInTheDocument();
    for (const name of SHEETS_BUTTONS) expect(button(name)).toBeEnabled();
  });

  it('syncs the Banks tab only for Sync (Test), and all three for the enhanced sync', async () => {
    const api = server();
    const { user } = await openPage();
    await waitFor(() => expect(button('Sync (Test)')).toBeEnabled());
    await user.click(button('Sync (Test)'));
    await screen.findByRole('table', { name: 'Results per tab' });
    await user.click(button('Enhanced sync: Banks + ISAs + Pensions'));
    await user.click(button('Preview'));
    await waitFor(() => expect(api.calls('POST /api/admin/bank-data/import/google-sheets')).toHaveLength(3));
    expect(api.calls('POST /api/admin/bank-data/import/google-sheets').map((c) => c.body)).toEqual([
      { mode: 'sync', tabs: ['Banks'] },
      { mode: 'sync', tabs: ['Banks', 'ISAs', 'Pensions'] },
      { mode: 'preview' },
    ]);
  });

  it("shows the server's message when Sheets refuses (409)", async () => {
    server({
      'POST /api/admin/bank-data/import/google-sheets': apiError(409, 'CONFLICT', NOT_CONFIGURED),
    });
    const { user } = await openPage();
    await waitFor(() => expect(button('Preview')).toBeEnabled());
    await user.click(button('Preview'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Preview of the Google Sheet (all tabs): not done');
    expect(alert).toHaveTextContent(NOT_CONFIGURED);
  });

  it("says the spec's 'Sync completed successfully', and 'Sync failed: {message}' when a sync is refused", async () => {
    server({
      'POST /api/admin/bank-data/import/google-sheets': json(200, { ...REPORT, mode: 'sync', runId: 'run-1' }),
    });
    const { user } = await openPage();
    await waitFor(() => expect(button('Sync (Full)')).toBeEnabled());
    await user.click(button('Sync (Full)'));
    const done = await screen.findByText('Sync completed successfully');
    expect(done.closest('[role="status"]')).toHaveTextContent('9 rows written, 3 sent to the review queue.');

    server({
      'POST /api/admin/bank-data/import/google-sheets': apiError(
        503,
        'SERVICE_UNAVAILABLE',
        'Google is unavailable: try again later.',
      ),
    });
    await user.click(button('Sync (Full)'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sync failed: Google is unavailable: try again later.');
  });

  it('asks which tab a CSV file is, then sends the file, the mode and the tab', async () => {
    const api = server();
    const { user } = await openPage();
    await user.upload(
      screen.getByLabelText('File (XLSX or CSV)'),
      new File(['id,name'], 'isas.csv', { type: 'text/csv' }),
    );
    expect(button('Sync upload')).toBeDisabled();
    expect(button('Sync upload')).toHaveAccessibleDescription('Say which tab this CSV file is.');
    await user.selectOptions(screen.getByLabelText('Which tab is this CSV?'), 'ISAs');
    await user.click(button('Sync upload'));
    await screen.findByRole('heading', { name: 'Sync from isas.csv (ISAs)' });
    const [, init] = api.fetch.mock.calls.find(([url]) => String(url).endsWith('/api/admin/bank-data/import')) ?? [];
    const form = init?.body as FormData;
    expect((form.get('file') as File).name).toBe('isas.csv');
    expect(form.get('mode')).toBe('sync');
    expect(form.get('tab')).toBe('ISAs');
  });

  it('copies the errors, the details, and downloads them as a dated CSV', async () => {
    server();
    const createObjectURL = vi.fn(() => 'blob:errors');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = await openPage();
    await waitFor(() => expect(button('Preview')).toBeEnabled());
    await user.click(button('Preview'));
    await screen.findByRole('list', { name: 'Errors' });
    await user.click(button('Copy All'));
    expect(await navigator.clipboard.readText()).toBe('Banks row 7 (bank-x): FRN must be 6 digits; Brand is required');
    await user.click(button('Copy Details'));
    expect(await navigator.clipboard.readText()).toMatch(/^Mode: preview\nBanks: done; processed 10/);
    await user.click(button('Download CSV'));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toMatch(
      /^bank-data-import-errors-\d{4}-\d{2}-\d{2}\.csv$/,
    );
  });

  it('keeps the result while the admin looks at the review queue', async () => {
    server();
    const { user } = await openPage();
    await waitFor(() => expect(button('Preview')).toBeEnabled());
    await user.click(button('Preview'));
    await screen.findByRole('table', { name: 'Results per tab' });
    await user.click(screen.getByRole('tab', { name: 'Admin Review Queue' }));
    expect(await screen.findByText('No review items found.')).toBeVisible();
    expect(screen.queryByRole('table', { name: 'Results per tab' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Google Sheets Sync' }));
    expect(screen.getByRole('table', { name: 'Results per tab' })).toBeVisible();
  });

  it('lists the recent syncs: when, who, source, status and counts', async () => {
    server();
    await openPage();
    const runs = await screen.findByRole('table', { name: 'Recent syncs' });
    expect(within(runs).getAllByRole('row')[1]).toHaveTextContent(
      /21 Nov 2026, 14:05.*ops@savvypig\.co\.uk.*XLSX upload.*banking-data\.xlsx.*Banks, ISAs, Pensions.*Succeeded.*2.*4.*5.*2/,
    );
  });
});

describe('the Danger Zone', () => {
  const CLEARED = {
    runId: 'run-clear',
    tabs: [
      { tab: 'Banks', withdrawn: 560 },
      { tab: 'ISAs', withdrawn: 120 },
      { tab: 'Pensions', withdrawn: 48 },
    ],
    reviewItemsRejected: 2,
    accountsNotInData: 1_204,
  };

  it('clears all data only once the words are typed, after the spec’s warning, and says what savers see', async () => {
    const api = server({ 'POST /api/admin/bank-data/clear': json(200, CLEARED) });
    const { user } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Clear All Data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear All Data?' });
    expect(dialog).toHaveTextContent('Are you sure you want to clear ALL bank reference data? This cannot be undone.');
    expect(dialog).toHaveTextContent(/keeps its bank’s name and says “bank not in our data”/);
    const go = within(dialog).getByRole('button', { name: 'Clear All Data' });
    expect(go).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type CLEAR ALL DATA to confirm'), 'clear all');
    expect(go).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type CLEAR ALL DATA to confirm'), ' data');
    await user.click(go);
    expect(await screen.findByText('All bank reference data cleared')).toBeInTheDocument();
    expect(api.calls('POST /api/admin/bank-data/clear')[0]?.body).toEqual({ confirmation: 'clear all data' });
    expect(screen.getByText('Withdrawn: Banks 560, ISAs 120, Pensions 48.')).toBeInTheDocument();
    expect(
      screen.getByText(
        '1,204 accounts say “bank not in our data” until its bank is back or its saver chooses it again.',
      ),
    ).toBeInTheDocument();
  });

  it('cancelling sends nothing', async () => {
    const api = server({ 'POST /api/admin/bank-data/clear': json(200, CLEARED) });
    const { user } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Clear All Data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear All Data?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST /api/admin/bank-data/clear')).toEqual([]);
  });

  it('Fresh Sync waits for the Google Sheet like the other sheet actions', async () => {
    server({ 'GET /api/admin/bank-data/google-sheets/health': json(200, { ok: false, message: NOT_CONFIGURED }) });
    await openPage();
    await screen.findByText(NOT_CONFIGURED);
    expect(button('Fresh Sync')).toBeDisabled();
    expect(button('Fresh Sync')).toHaveAccessibleDescription(expect.stringContaining(NOT_CONFIGURED));
    expect(button('Clear All Data')).toBeEnabled();
  });

  it('Fresh Sync from the sheet reports what it withdrew first and what savers are left with', async () => {
    const api = server({
      'POST /api/admin/bank-data/import/google-sheets': json(200, {
        ...REPORT,
        mode: 'fresh-sync',
        runId: 'run-fresh',
        accountsNotInData: 0,
      }),
    });
    const { user } = await openPage();
    await waitFor(() => expect(button('Fresh Sync')).toBeEnabled());
    await user.click(button('Fresh Sync'));
    const dialog = await screen.findByRole('dialog', { name: 'Fresh Sync?' });
    expect(dialog).toHaveTextContent(
      'This will clear ALL existing bank data and import fresh data from Google Sheets. Are you sure?',
    );
    await user.type(within(dialog).getByLabelText('Type FRESH SYNC to confirm'), 'FRESH SYNC');
    await user.click(within(dialog).getByRole('button', { name: 'Fresh Sync' }));
    expect(await screen.findByText('Sync completed successfully')).toBeInTheDocument();
    expect(api.calls('POST /api/admin/bank-data/import/google-sheets')[0]?.body).toEqual({
      mode: 'fresh-sync',
      confirmation: 'FRESH SYNC',
    });
    expect(
      screen.getByText(/Every saver’s account is still linked to a bank or provider in the data\./),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Results per tab' })).getByText('Withdrawn first')).toBeTruthy();
  });
});
