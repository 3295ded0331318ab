import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json } from '../../test/api-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import { consentEntry, crmApi, DISABLED_STATUS, queueItem, WHAT_TO_SET } from './crm-test-data.ts';

beforeAll(() => import('./consent-sync-monitor-page.tsx'), 60_000);
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

async function openMonitor() {
  const rendered = renderApp('/admin/consent-sync-monitor');
  await screen.findByRole('heading', { level: 1, name: 'Consent and Sync Monitor' }, { timeout: 10_000 });
  return rendered;
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });

describe('the Consent and Sync Monitor', () => {
  it('shows the four counters, the completion rate and the newest consent changes', async () => {
    const api = crmApi();
    await openMonitor();
    const counts = within(await screen.findByRole('list', { name: 'Sync queue counts' }));
    for (const [label, n] of [
      ['Pending Syncs', '3'],
      ['Processing', '1'],
      ['Completed', '12'],
      ['Failed', '4'],
    ] as const)
      expect(counts.getByText(label).parentElement).toHaveTextContent(`${label}${n}`);
    // As measured by the server: completed ÷ (completed + failed).
    expect(screen.getByRole('progressbar', { name: 'Completion rate' })).toHaveAttribute('aria-valuenow', '75');

    const log = within(await screen.findByRole('table', { name: 'Consent audit log' }));
    const rows = log.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('sam@example.com');
    expect(rows[0]).toHaveTextContent('Analytics on');
    expect(rows[0]).toHaveTextContent('Marketing off');
    // completed reads as Synced (002 §4).
    expect(within(rows[0]!).getByText('Synced')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Pending')).toBeInTheDocument();
    expect(api.calls('GET /api/admin/crm/consent-log')[0]!.url.searchParams.get('limit')).toBe('100');
    expect(api.unhandled.filter((call) => call.includes('/api/admin/crm'))).toEqual([]);
  });

  it('lists the newest 100 queue items on the Sync Queue tab', async () => {
    const api = crmApi();
    const { user } = await openMonitor();
    await user.click(screen.getByRole('tab', { name: 'Sync Queue' }));
    const table = within(await screen.findByRole('table', { name: 'Sync queue' }));
    const rows = table.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Consent update');
    expect(rows[0]).toHaveTextContent('5 of 5');
    expect(rows[0]).toHaveTextContent('HubSpot answered 500');
    expect(within(rows[1]!).getByText('Completed')).toBeInTheDocument();
    expect(api.calls('GET /api/admin/crm/queue')[0]!.url.searchParams.get('limit')).toBe('100');
  });

  it('processes the queue and says how it went in the spec’s words', async () => {
    const api = crmApi({
      'POST /api/admin/crm/queue/process': json(200, {
        processed: 2,
        failed: 1,
        errors: ['sam@example.com: HubSpot answered 500'],
        success: true,
      }),
    });
    const { user } = await openMonitor();
    await screen.findByRole('list', { name: 'Sync queue counts' });
    const before = api.calls('GET /api/admin/crm/status').length;
    await user.click(button('Process Sync Queue'));
    expect(await screen.findByText('Sync processing completed: 2 processed, 1 failed')).toBeInTheDocument();
    expect(await screen.findByText('1 sync errors occurred - check console for details')).toBeInTheDocument();
    expect(console.warn).toHaveBeenCalledWith('Sync errors', ['sam@example.com: HubSpot answered 500']);
    // The counters are read again.
    await waitFor(() => expect(api.calls('GET /api/admin/crm/status').length).toBeGreaterThan(before));
  });

  it('says so when processing fails', async () => {
    crmApi({ 'POST /api/admin/crm/queue/process': apiError(500, 'INTERNAL', 'Something went wrong') });
    const { user } = await openMonitor();
    await screen.findByRole('list', { name: 'Sync queue counts' });
    await user.click(button('Process Sync Queue'));
    expect(await screen.findByText('Failed to process sync queue')).toBeInTheDocument();
  });

  it('puts the failed items back in the queue', async () => {
    const api = crmApi({ 'POST /api/admin/crm/queue/retry-failed': json(200, { retried: 4 }) });
    const { user } = await openMonitor();
    await user.click(screen.getByRole('tab', { name: 'Sync Queue' }));
    await screen.findByRole('table', { name: 'Sync queue' });
    await user.click(button('Retry failed'));
    expect(await screen.findByText('4 failed items are back in the queue')).toBeInTheDocument();
    expect(api.calls('POST /api/admin/crm/queue/retry-failed')).toHaveLength(1);
  });

  it('reads everything again on Refresh Data', async () => {
    const api = crmApi();
    const { user } = await openMonitor();
    await screen.findByRole('table', { name: 'Consent audit log' });
    await user.click(button('Refresh Data'));
    await waitFor(() => {
      expect(api.calls('GET /api/admin/crm/status')).toHaveLength(2);
      expect(api.calls('GET /api/admin/crm/consent-log')).toHaveLength(2);
      expect(api.calls('GET /api/admin/crm/queue')).toHaveLength(2);
    });
  });

  it('clears the queue only after the confirmation', async () => {
    let items = [queueItem()];
    const api = crmApi({
      'GET /api/admin/crm/queue': () => json(200, { items }),
      'DELETE /api/admin/crm/queue': () => {
        items = [];
        return json(200, { deleted: 1 });
      },
    });
    const { user } = await openMonitor();
    await user.click(screen.getByRole('tab', { name: 'Sync Queue' }));
    await screen.findByRole('table', { name: 'Sync queue' });

    await user.click(button('Clear Queue'));
    let dialog = await screen.findByRole('dialog', { name: 'Clear the sync queue?' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('DELETE /api/admin/crm/queue')).toHaveLength(0);

    await user.click(button('Clear Queue'));
    dialog = await screen.findByRole('dialog', { name: 'Clear the sync queue?' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear queue' }));
    expect(await screen.findByText('Sync queue cleared')).toBeInTheDocument();
    expect(api.calls('DELETE /api/admin/crm/queue')).toHaveLength(1);
    expect(await screen.findByText(/The sync queue is empty/)).toBeInTheDocument();
    expect(button('Clear Queue')).toBeDisabled();
  });

  it('says the integration is disabled, what to set, and offers no processing', async () => {
    const api = crmApi({
      'GET /api/admin/crm/status': json(200, DISABLED_STATUS),
      'GET /api/admin/crm/consent-log': json(200, { entries: [] }),
      'GET /api/admin/crm/queue': json(200, { items: [] }),
    });
    const { user } = await openMonitor();
    expect(await screen.findByText('The HubSpot integration is disabled')).toBeInTheDocument();
    expect(screen.getByText(WHAT_TO_SET)).toBeInTheDocument();
    expect(button('Process Sync Queue')).toBeDisabled();
    expect(button('Process Sync Queue')).toHaveAccessibleDescription(expect.stringContaining(WHAT_TO_SET));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText(/no item has finished yet/)).toBeInTheDocument();
    expect(await screen.findByText(/No consent changes yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Sync Queue' }));
    expect(await screen.findByText(/The sync queue is empty/)).toBeInTheDocument();
    expect(button('Clear Queue')).toBeDisabled();
    expect(button('Retry failed')).toBeDisabled();
    expect(api.calls('POST /api/admin/crm/queue/process')).toHaveLength(0);
  });

  it('says a consent change recorded while the CRM was off was not sent, not that it is pending', async () => {
    crmApi({
      'GET /api/admin/crm/status': json(200, DISABLED_STATUS),
      'GET /api/admin/crm/consent-log': json(200, {
        entries: [consentEntry({ syncStatus: 'pending', queued: false, syncedAt: null, hubspotContactId: null })],
      }),
      'GET /api/admin/crm/queue': json(200, { items: [] }),
    });
    await openMonitor();
    const log = within(await screen.findByRole('table', { name: 'Consent audit log' }));
    const [row] = log.getAllByRole('row').slice(1);
    expect(within(row!).getByText('Not sent (CRM off)')).toBeInTheDocument();
    expect(within(row!).queryByText('Pending')).not.toBeInTheDocument();
    expect(within(row!).queryByText('Not yet')).not.toBeInTheDocument();
  });

  it('says which list could not be loaded, in the spec’s words', async () => {
    crmApi({
      'GET /api/admin/crm/status': apiError(500, 'INTERNAL', 'no'),
      'GET /api/admin/crm/consent-log': apiError(500, 'INTERNAL', 'no'),
      'GET /api/admin/crm/queue': apiError(500, 'INTERNAL', 'no'),
    });
    const { user } = await openMonitor();
    expect(await screen.findByText('Failed to fetch system status')).toBeInTheDocument();
    expect(await screen.findByText('Failed to fetch consent logs')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Sync Queue' }));
    expect(await screen.findByText('Failed to fetch sync queue')).toBeInTheDocument();
    expect(button('Process Sync Queue')).toBeDisabled();
  });
});
