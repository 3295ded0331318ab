import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALERT_TEXT } from '../../../core/system-health/health-rules.ts';
import { apiError, json, makeMe, type MockHandler, mockApi } from '../../test/api-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import type { DiagnosticsRun } from '../debug-console/api.ts';
import { healthFixture } from './health-fixture.ts';

beforeAll(() => import('./system-health-page.tsx'), 60_000);
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

const RUN: DiagnosticsRun = {
  results: [
    {
      id: 'database-connectivity',
      test: 'Database reachable',
      category: 'Database',
      status: 'passed',
      message: 'Reachable in 3 ms',
      details: {},
      durationMs: 3,
      severity: 'critical',
      fix: null,
    },
    {
      id: 'balances-match-ledger',
      test: 'Balances match their ledgers',
      category: 'Data integrity',
      status: 'failed',
      message: '2 accounts differ from their transactions',
      details: {},
      durationMs: 12,
      severity: 'high',
      fix: 'recompute-balances',
    },
  ],
  summary: {
    totalTests: 2,
    passed: 1,
    failed: 1,
    warnings: 0,
    healthScore: 50,
    band: 'critical',
    overallStatus: 'critical',
    recommendations: ['Run Auto-Fix to recompute the balances'],
  },
  ranAt: '2026-11-29T09:00:00.000Z',
  durationMs: 140,
};

function api(overrides: Record<string, MockHandler> = {}) {
  return mockApi({
    'GET /api/me': json(200, makeMe({ isAdmin: true, twoFactorEnabled: true })),
    'GET /api/admin/check': json(200, { isAdmin: true }),
    'GET /api/admin/system/health': json(200, healthFixture()),
    'GET /api/admin/system/performance': apiError(500, 'INTERNAL', 'not under test'),
    'GET /api/admin/diagnostics/last-run': json(200, { run: null, criticalIssues: null }),
    'POST /api/admin/diagnostics/run': json(200, RUN),
    ...overrides,
  });
}

async function openDashboard() {
  const rendered = renderApp('/admin/system-health');
  await screen.findByRole('heading', { level: 1, name: 'System health' }, { timeout: 10_000 });
  await screen.findByRole('heading', { name: 'Validation Tests' });
  return rendered;
}

describe("the System Health Dashboard's Validation Tests and System Alerts", () => {
  it('runs the full validation on a button and shows the results by category with the health score', async () => {
    const calls = api();
    const { user } = await openDashboard();
    expect(await screen.findByText(/Not run yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Run Full Validation' }));
    const report = within(await screen.findByRole('region', { name: 'Validation results' }));
    expect(calls.calls('POST /api/admin/diagnostics/run')).toHaveLength(1);
    expect(calls.calls('POST /api/admin/diagnostics/run')[0]?.body).toEqual({});
    expect(report.getByText('50%')).toBeInTheDocument();
    expect(report.getByRole('list', { name: 'Database results' })).toHaveTextContent('Database reachable');
    const integrity = within(report.getByRole('list', { name: 'Data integrity results' }));
    expect(integrity.getByText('Balances match their ledgers')).toBeInTheDocument();
    expect(integrity.getByText('Failed')).toBeInTheDocument();
    expect(screen.getByText(/Last run 29 Nov 2026, 09:00/)).toBeInTheDocument();
    // The alerts read the kept run: the dashboard asks for its figures again.
    expect(calls.calls('GET /api/admin/system/health').length).toBeGreaterThanOrEqual(2);
  });

  it('shows the last run kept on the server before anyone presses the button', async () => {
    api({ 'GET /api/admin/diagnostics/last-run': json(200, { run: RUN, criticalIssues: 1 }) });
    await openDashboard();
    const report = within(await screen.findByRole('region', { name: 'Validation results' }));
    expect(report.getByRole('list', { name: 'Data integrity results' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run Full Validation' })).toBeEnabled();
  });

  it("raises §8's critical validation alert from the server's figures", async () => {
    api({
      'GET /api/admin/system/health': json(
        200,
        healthFixture({
          validation: { ranAt: RUN.ranAt, healthScore: 50, criticalIssues: 1 },
          alerts: [{ id: 'critical-validation-issues', level: 'critical', message: ALERT_TEXT.criticalValidation(1) }],
          allClear: false,
        }),
      ),
    });
    const { user } = await openDashboard();
    await user.click(screen.getByRole('tab', { name: /System Alerts/ }));
    expect(
      await screen.findByText('1 critical data validation issues found. Run auto-fix or manual resolution.'),
    ).toBeInTheDocument();
  });

  it('says when the validation could not run', async () => {
    api({ 'POST /api/admin/diagnostics/run': apiError(500, 'INTERNAL', 'The database did not answer') });
    const { user } = await openDashboard();
    await user.click(screen.getByRole('button', { name: 'Run Full Validation' }));
    expect(await screen.findByText(/Validation failed/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run Full Validation' })).toBeEnabled();
  });
});
