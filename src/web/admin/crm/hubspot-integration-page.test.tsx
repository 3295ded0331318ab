import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json } from '../../test/api-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import { crmApi, crmStatus, DISABLED_STATUS, suiteResult, syncRun, WHAT_TO_SET } from './crm-test-data.ts';

beforeAll(() => import('./hubspot-integration-page.tsx'), 60_000);
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

async function openDashboard() {
  const rendered = renderApp('/admin/hubspot-integration');
  await screen.findByRole('heading', { level: 1, name: 'CRM integration' }, { timeout: 10_000 });
  return rendered;
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const ACTIONS = ['Test connection', 'Set up properties', 'Process queue'];

describe('the CRM integration dashboard', () => {
  it('shows the status cards from measured figures, and links to the other monitors that exist', async () => {
    crmApi();
    await openDashboard();
    const cards = within(await screen.findByRole('list', { name: 'Integration status' }));
    expect(cards.getByText('Enabled and healthy')).toBeInTheDocument();
    expect(cards.getByText('20 linked to a HubSpot contact')).toBeInTheDocument();
    // Backlog: 3 pending + 1 processing.
    expect(cards.getByText('Sync backlog').parentElement).toHaveTextContent(
      'Sync backlog44 failed, error rate 20%; oldest waiting since 28 Nov 2026, 09:00',
    );
    expect(cards.getByText('Last sync').parentElement).toHaveTextContent(
      'Average processing time 840 ms; queued to sent in 2.6 s',
    );
    expect(cards.getByText('28 Nov 2026, 10:15')).toBeInTheDocument();
    const links = within(screen.getByRole('navigation', { name: 'Other monitors' }));
    expect(links.getByRole('link', { name: /Consent and Sync Monitor/ })).toHaveAttribute(
      'href',
      '/admin/consent-sync-monitor',
    );
    expect(links.getByRole('link', { name: /Users/ })).toHaveAttribute('href', '/admin/users');
    for (const name of ACTIONS) expect(button(name)).toBeEnabled();
  });

  it('tests the connection and shows each check', async () => {
    const api = crmApi({ 'POST /api/admin/crm/tests': json(200, suiteResult()) });
    const { user } = await openDashboard();
    await user.click(await screen.findByRole('button', { name: 'Test connection' }));
    const results = await screen.findByRole('region', { name: 'Test connection results' });
    expect(results).toHaveTextContent('Test connection: 1 of 2 passed');
    expect(results).toHaveTextContent('HubSpot connection: Passed. Connected to portal 123');
    expect(results).toHaveTextContent('Custom properties: Failed. 1 property is missing');
    expect(results).toHaveTextContent('Missing properties: savvypig_lead_source');
    expect(api.calls('POST /api/admin/crm/tests')[0]!.body).toEqual({ test: 'hubspot-connection' });
  });

  it('sets up the properties, and says so in the spec’s words when it fails', async () => {
    let fail = false;
    crmApi({
      'POST /api/admin/crm/setup-properties': () =>
        fail
          ? apiError(502, 'CRM_UNAVAILABLE', 'HubSpot did not answer')
          : json(200, {
              created: ['savvypig_lead_source'],
              groupsCreated: ['savvypig'],
              existing: ['savvypig_user_id'],
              errors: [],
            }),
    });
    const { user } = await openDashboard();
    await user.click(await screen.findByRole('button', { name: 'Set up properties' }));
    expect(await screen.findByText('Properties set up: 1 created, 1 groups created')).toBeInTheDocument();
    expect(screen.getByText('Created: savvypig_lead_source')).toBeInTheDocument();
    expect(screen.getByText('Already there: 1 property')).toBeInTheDocument();
    fail = true;
    await user.click(button('Set up properties'));
    expect(await screen.findByText(/^Setup failed: /)).toBeInTheDocument();
  });

  it('says the integration is disabled and what to set, and offers nothing that talks to HubSpot', async () => {
    const api = crmApi({
      'GET /api/admin/crm/status': json(200, DISABLED_STATUS),
      'GET /api/admin/crm/queue': json(200, { items: [] }),
    });
    const { user } = await openDashboard();
    expect(await screen.findByText('The HubSpot integration is disabled')).toBeInTheDocument();
    expect(screen.getAllByText(WHAT_TO_SET).length).toBeGreaterThan(0);
    expect(within(screen.getByRole('list', { name: 'Integration status' })).getByText('Disabled')).toBeInTheDocument();
    expect(screen.getByText('Last sync').parentElement).toHaveTextContent('NeverProcessing time not measured yet');
    for (const name of [...ACTIONS, 'Start sync']) {
      expect(button(name)).toBeDisabled();
      expect(button(name)).toHaveAccessibleDescription(expect.stringContaining(WHAT_TO_SET));
    }
    expect(screen.getByRole('checkbox', { name: 'Force update' })).toBeDisabled();
    await user.click(screen.getByRole('tab', { name: 'System Monitoring' }));
    for (const name of ['Run All Tests', 'Full E2E Test']) expect(button(name)).toBeDisabled();
    expect(button('Clear Queue')).toBeDisabled();
    expect(button('Refresh Queue')).toBeEnabled();
    expect(api.requests.filter((r) => r.method !== 'GET' && r.url.pathname.startsWith('/api/admin/crm'))).toEqual([]);
  });

  it('says what needs attention when the queue is not healthy', async () => {
    crmApi({
      'GET /api/admin/crm/status': json(
        200,
        crmStatus({ healthy: false, queue: { pending: 60, processing: 0, completed: 5, failed: 2 }, stalePending: 6 }),
      ),
    });
    await openDashboard();
    const cards = within(await screen.findByRole('list', { name: 'Integration status' }));
    expect(cards.getByText('Needs attention')).toBeInTheDocument();
    expect(
      cards.getByText('60 pending, 2 failed, 6 waiting over a day: healthy is under 50, 10 and 5.'),
    ).toBeInTheDocument();
  });

  it('says Failed to fetch system status, and Refresh Status tries again', async () => {
    let fail = true;
    const api = crmApi({
      'GET /api/admin/crm/status': () => (fail ? apiError(500, 'INTERNAL', 'no') : json(200, crmStatus())),
    });
    const { user } = await openDashboard();
    expect(await screen.findByText('Failed to fetch system status')).toBeInTheDocument();
    fail = false;
    await user.click(button('Refresh Status'));
    expect(await screen.findByRole('list', { name: 'Integration status' })).toBeInTheDocument();
    expect(api.calls('GET /api/admin/crm/status')).toHaveLength(2);
  });
});

describe('the Sync Users panel', () => {
  it('starts a sync with force update and follows it to the end', async () => {
    let run = syncRun({
      status: 'running',
      page: 1,
      processed: 1,
      counts: { created: 1, exists: 0, updated: 0, error: 0, skipped: 0 },
      results: syncRun().results.slice(0, 1),
      hasMore: true,
      finishedAt: null,
    });
    let polls = 0;
    const api = crmApi({
      'GET /api/admin/crm/sync-users': () => {
        polls += 1;
        if (polls > 2) run = syncRun({ forceUpdate: true });
        return json(200, { run: polls === 1 ? null : run });
      },
      'POST /api/admin/crm/sync-users': () => json(202, { run }),
    });
    const { user } = await openDashboard();
    expect(await screen.findByText(/No sync of users has run yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Force update' }));
    await user.click(button('Start sync'));
    expect(api.calls('POST /api/admin/crm/sync-users')[0]!.body).toEqual({ forceUpdate: true });
    expect(await screen.findByText(/Syncing page 1 \(1 of 3 users\)/)).toBeInTheDocument();
    expect(button('Syncing users...')).toBeDisabled();

    const table = within(await screen.findByRole('table', { name: 'Sync users results' }, { timeout: 5000 }));
    await waitFor(() => expect(table.getAllByRole('row')).toHaveLength(4));
    expect(table.getAllByRole('row')[3]).toHaveTextContent('cat@example.comError—HubSpot answered 500');
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '100');
    expect(await screen.findAllByText('User synchronization completed')).not.toHaveLength(0);
    expect(button('Start sync')).toBeEnabled();
  });

  it('says Error syncing users to HubSpot when the sync cannot start', async () => {
    crmApi({ 'POST /api/admin/crm/sync-users': apiError(409, 'CONFLICT', 'A sync is already running') });
    const { user } = await openDashboard();
    await user.click(await screen.findByRole('button', { name: 'Start sync' }));
    expect(await screen.findByText('Error syncing users to HubSpot')).toBeInTheDocument();
    expect(screen.getByText('A sync is already running')).toBeInTheDocument();
  });

  it('shows a failed run in the spec’s words', async () => {
    crmApi({
      'GET /api/admin/crm/sync-users': json(200, {
        run: syncRun({ status: 'failed', error: 'HubSpot refused the token' }),
      }),
    });
    await openDashboard();
    expect(await screen.findByText('HubSpot refused the token')).toBeInTheDocument();
    expect(screen.getAllByText('Error during synchronization').length).toBeGreaterThan(0);
  });
});

describe('the Sync Debugger', () => {
  it('runs all tests and the full E2E test, and shows the latest 20 items with their payloads', async () => {
    const api = crmApi({
      'POST /api/admin/crm/tests': json(200, suiteResult({ summary: { passed: 2, totalTests: 2 } })),
      'POST /api/admin/crm/e2e-test': json(
        200,
        suiteResult({
          summary: { passed: 3, totalTests: 3 },
          tests: [{ test: 'Contact found in HubSpot', passed: true, message: 'Contact 777', timing: 1500 }],
        }),
      ),
    });
    const { user } = await openDashboard();
    await user.click(await screen.findByRole('tab', { name: 'System Monitoring' }));
    const table = within(await screen.findByRole('table', { name: 'Latest sync queue items' }));
    expect(api.calls('GET /api/admin/crm/queue')[0]!.url.searchParams.get('limit')).toBe('20');

    await user.click(table.getByRole('button', { name: 'View payload of item 41' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payload of item 41' });
    expect(within(dialog).getByRole('region', { name: 'Payload' })).toHaveTextContent(
      '"savvypig_marketing_consent": false',
    );
    expect(dialog).toHaveTextContent('Error: HubSpot answered 500');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(button('Run All Tests'));
    expect(await screen.findByRole('region', { name: 'Run All Tests results' })).toHaveTextContent(
      'Run All Tests: 2 of 2 passed',
    );
    expect(api.calls('POST /api/admin/crm/tests')[0]!.body).toEqual({ test: 'full' });
    await user.click(button('Full E2E Test'));
    expect(await screen.findByRole('region', { name: 'Full E2E Test results' })).toHaveTextContent(
      'Contact found in HubSpot: Passed. Contact 777 (1.5 s)',
    );

    const before = api.calls('GET /api/admin/crm/queue').length;
    await user.click(button('Refresh Queue'));
    await waitFor(() => expect(api.calls('GET /api/admin/crm/queue').length).toBe(before + 1));
  });

  it('says Failed to load sync queue when the list cannot be read', async () => {
    crmApi({ 'GET /api/admin/crm/queue': apiError(500, 'INTERNAL', 'no') });
    const { user } = await openDashboard();
    await user.click(await screen.findByRole('tab', { name: 'System Monitoring' }));
    expect(await screen.findByText('Failed to load sync queue')).toBeInTheDocument();
  });
});
