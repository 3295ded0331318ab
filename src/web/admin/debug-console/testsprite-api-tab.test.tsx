import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, makeMe, type MockHandler, mockApi } from '../../test/api-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import type { DebugTestResults } from './api.ts';

beforeAll(() => import('./debug-console-page.tsx'), 60_000);
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

const FULL: DebugTestResults = {
  authTest: { status: 'pass', totalUsers: 1234, recentUsers: 17, activeSubscriptions: 310, errors: [] },
  navigationTest: { status: 'pass', subscriptionGuards: { public: 40, user: 180, admin: 95 }, adminUsers: 2 },
  databaseTest: { status: 'fail', queryTime: 12.34, basicConnectivity: true, rlsFunctionTest: false },
  systemHealth: {
    status: 'pass',
    healthScore: 95,
    edgeFunctions: [
      { function: 'advanced-system-diagnostics', available: true },
      { function: 'hubspot-sync-processor', available: false },
    ],
    environment: { nodeEnv: 'production', database: 'postgres', hubspot: false },
  },
  timestamp: '2026-11-29T10:15:00.000Z',
};

function api(enabled: boolean, overrides: Record<string, MockHandler> = {}) {
  return mockApi({
    'GET /api/me': json(200, makeMe({ isAdmin: true, twoFactorEnabled: true })),
    'GET /api/admin/check': json(200, { isAdmin: true }),
    'GET /api/admin/diagnostics/overview': apiError(500, 'INTERNAL', 'not under test'),
    'GET /api/admin/diagnostics/debug-api': json(200, {
      enabled,
      header: 'X-Debug-Key',
      tests: ['auth', 'navigation', 'database', 'system-health', 'full'].map((name) => ({ name, summary: name })),
    }),
    'POST /api/admin/diagnostics/debug-api/full': json(200, FULL),
    'POST /api/admin/diagnostics/debug-api/auth': json(200, {
      authTest: FULL.authTest,
      timestamp: FULL.timestamp,
    }),
    ...overrides,
  });
}

async function openTab() {
  const rendered = renderApp('/admin/debug-console');
  await screen.findByRole('heading', { level: 1, name: 'Debug Console' }, { timeout: 10_000 });
  await rendered.user.click(screen.getByRole('tab', { name: 'TestSprite API' }));
  await screen.findByText(/Outside debug API:/);
  return rendered;
}

describe("the Debug Console's TestSprite API tab", () => {
  it('says the outside debug API is off and which header it would need, never a key', async () => {
    api(false);
    await openTab();
    expect(screen.getByText('Outside debug API: off')).toBeInTheDocument();
    expect(screen.getByText(/DEBUG_API_KEY is not set/)).toBeInTheDocument();
    expect(screen.getByText('X-Debug-Key')).toBeInTheDocument();
  });

  it('runs the full suite and shows each part with its badge, counts and query time', async () => {
    const calls = api(true);
    const { user } = await openTab();
    expect(screen.getByText('Outside debug API: on')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Run Full Suite' }));
    const results = within(await screen.findByRole('region', { name: 'TestSprite API results' }));
    expect(calls.calls('POST /api/admin/diagnostics/debug-api/full')).toHaveLength(1);
    const auth = within(results.getByRole('region', { name: 'Auth figures' }));
    expect(auth.getByText('Users').parentElement).toHaveTextContent('1,234');
    expect(auth.getByText('Active subscriptions').parentElement).toHaveTextContent('310');
    const database = within(results.getByRole('region', { name: 'Database figures' }));
    expect(database.getByText('Query time').parentElement).toHaveTextContent('12.3 ms');
    expect(database.getByText('Row-level security enforced').parentElement).toHaveTextContent('No');
    expect(results.getAllByText('Pass')).toHaveLength(3);
    expect(results.getAllByText('Fail')).toHaveLength(1);
    expect(
      within(results.getByRole('list', { name: 'Server functions' })).getByText('Not configured'),
    ).toBeInTheDocument();
  });

  it('disables every button while a test runs, then shows the one part that test answers', async () => {
    let release: (() => void) | undefined;
    api(true, {
      'POST /api/admin/diagnostics/debug-api/auth': () =>
        new Promise((resolve) => {
          release = () => resolve(json(200, { authTest: FULL.authTest, timestamp: FULL.timestamp }));
        }),
    });
    const { user } = await openTab();
    await user.click(screen.getByRole('button', { name: 'Auth Test' }));
    expect(await screen.findByRole('button', { name: 'Running...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Run Full Suite' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Database Test' })).toBeDisabled();
    await waitFor(() => expect(release).toBeDefined());
    release?.();
    const results = within(await screen.findByRole('region', { name: 'TestSprite API results' }));
    expect(results.getByRole('region', { name: 'Auth figures' })).toBeInTheDocument();
    expect(results.queryByRole('region', { name: 'Database figures' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Run Full Suite' })).toBeEnabled();
  });

  it('shows why a test could not run', async () => {
    api(true, {
      'POST /api/admin/diagnostics/debug-api/full': apiError(403, 'TWO_FACTOR_REQUIRED', 'Turn on two-factor first'),
    });
    const { user } = await openTab();
    await user.click(screen.getByRole('button', { name: 'Run Full Suite' }));
    expect(await screen.findByText('The test could not run')).toBeInTheDocument();
    expect(screen.getAllByText(/Turn on two-factor first/).length).toBeGreaterThan(0);
  });
});
