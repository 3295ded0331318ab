/**
 * The exported system state and the log carry no secret (issue 31), the debug API is off without a
 * key and refuses a wrong one, and mock data is refused in production.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { createTestServer, grantAdmin, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { debugKeyMatches } from './debug-routes.ts';

const SECRETS = {
  BETTER_AUTH_SECRET: 'auth-secret-0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c',
  STRIPE_SECRET_KEY: 'sk_test_knownStripeSecret123',
  STRIPE_WEBHOOK_SECRET: 'whsec_knownWebhookSecret456',
  DEBUG_API_KEY: 'debug-key-7c1f0e2d3b4a59687766554433221100',
  GOOGLE_SERVICE_ACCOUNT_KEY: '{"private_key":"-----BEGIN PRIVATE KEY-----knownGoogleKey-----END PRIVATE KEY-----"}',
  HUBSPOT_ACCESS_TOKEN: 'pat-eu1-knownHubspotToken-0000',
  METRICS_TOKEN: 'metrics-token-known-0123456789',
};
const SECRET_VALUES = [
  '0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c',
  'knownStripeSecret123',
  'knownWebhookSecret456',
  '7c1f0e2d3b4a59687766554433221100',
  'SmtpPassw0rd',
  'DbPassw0rd',
  'knownGoogleKey',
  'knownHubspotToken',
  'metrics-token-known',
];

describe('the debug key comparison', () => {
  it('matches only the configured key, whatever the lengths', () => {
    expect(debugKeyMatches(SECRETS.DEBUG_API_KEY, SECRETS.DEBUG_API_KEY)).toBe(true);
    expect(debugKeyMatches(SECRETS.DEBUG_API_KEY, `${SECRETS.DEBUG_API_KEY}x`)).toBe(false);
    expect(debugKeyMatches(SECRETS.DEBUG_API_KEY, '')).toBe(false);
    expect(debugKeyMatches(SECRETS.DEBUG_API_KEY, undefined)).toBe(false);
  });
});

describe('secrets, the debug API and mock data in production', () => {
  let server: TestServer;
  let admin: { cookie: string; userId: string };
  const lines: string[] = [];

  beforeAll(async () => {
    server = await createTestServer(
      'pglite',
      // Only the settings this server accepts are passed (an unknown one is ignored).
      { ...SECRETS, LOG_LEVEL: 'debug', NODE_ENV: 'production' },
      createLogger('debug', {}, (line) => lines.push(line)),
    );
    admin = await signUpAndSignIn(server, { email: 'root@example.com' });
    await grantAdmin(server, admin.userId);
    // Connection strings with passwords, set after boot: this server sends no mail and keeps its own database.
    Object.assign(server.deps.config, {
      SMTP_URL: 'smtp://mailer:SmtpPassw0rd%21@127.0.0.1:2525',
      DATABASE_URL: 'postgres://app:DbPassw0rd@127.0.0.1:5432/savvypig',
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('exports the system state as system-state-{timestamp}.json with every secret redacted', async () => {
    const res = await server.request('/api/admin/diagnostics/export', {
      method: 'POST',
      cookie: admin.cookie,
      json: {},
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="system-state-\d{4}-\d{2}-\d{2}T[\d-]+Z\.json"$/,
    );
    const text = await res.text();
    const state = JSON.parse(text) as { config: Record<string, unknown>; diagnostics: unknown; rowCounts: unknown[] };
    expect(state.config.PORT).toBe(3000);
    expect(state.config.BETTER_AUTH_SECRET).toBe('[redacted]');
    expect(state.config.SMTP_URL).toBe('smtp://mailer:[redacted]@127.0.0.1:2525');
    expect(state.config.DATABASE_URL).toBe('postgres://app:[redacted]@127.0.0.1:5432/savvypig');
    expect(state.rowCounts.length).toBeGreaterThan(5);
    for (const secret of SECRET_VALUES) expect(text, secret).not.toContain(secret);
    expect(text).not.toContain(admin.cookie.split('=')[1]);
  });

  it('keeps the debug API off without a key, then answers only the right one', async () => {
    const off = await createTestServer('pglite');
    try {
      expect((await off.request('/api/debug/full', { method: 'POST' })).status).toBe(404);
      expect(
        (await off.request('/api/debug/auth', { method: 'POST', headers: { 'x-debug-key': SECRETS.DEBUG_API_KEY } }))
          .status,
      ).toBe(404);
    } finally {
      await off.close();
    }
    expect((await server.request('/api/debug/full', { method: 'POST' })).status).toBe(401);
    expect(
      (await server.request('/api/debug/full', { method: 'POST', headers: { 'x-debug-key': 'wrong-key' } })).status,
    ).toBe(401);
    const res = await server.request('/api/debug/full', {
      method: 'POST',
      headers: { 'x-debug-key': SECRETS.DEBUG_API_KEY },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown> & { systemHealth: { environment: unknown } };
    expect(body.authTest).toMatchObject({ status: 'pass', totalUsers: 1 });
    expect(body.navigationTest).toMatchObject({ status: 'pass', adminUsers: 1 });
    expect(body.databaseTest).toMatchObject({ status: 'pass', basicConnectivity: true, rlsFunctionTest: true });
    expect(body.systemHealth.environment).toMatchObject({ nodeEnv: 'production', stripe: true, hubspot: true });
    for (const test of ['auth', 'navigation', 'database', 'system-health']) {
      const one = await server.request(`/api/debug/${test}`, {
        method: 'POST',
        headers: { 'x-debug-key': SECRETS.DEBUG_API_KEY },
      });
      expect(one.status, test).toBe(200);
    }
  });

  it('tells the Debug Console the debug API is on and its header, never the key, and runs the same tests for an admin', async () => {
    const res = await server.request('/api/admin/diagnostics/debug-api', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ enabled: true, header: 'X-Debug-Key' });
    expect(text).not.toContain(SECRETS.DEBUG_API_KEY);
    const outside = (await (
      await server.request('/api/debug/full', { method: 'POST', headers: { 'x-debug-key': SECRETS.DEBUG_API_KEY } })
    ).json()) as Record<string, Record<string, unknown>>;
    const inside = (await (
      await server.request('/api/admin/diagnostics/debug-api/full', { method: 'POST', cookie: admin.cookie, json: {} })
    ).json()) as Record<string, Record<string, unknown>>;
    expect(Object.keys(inside).sort()).toEqual(Object.keys(outside).sort());
    for (const part of ['authTest', 'navigationTest', 'databaseTest', 'systemHealth'])
      expect(Object.keys(inside[part] ?? {}).sort(), part).toEqual(Object.keys(outside[part] ?? {}).sort());
    expect(inside.systemHealth).toMatchObject({ environment: outside.systemHealth?.environment });
  });

  it('refuses mock data in production without ALLOW_MOCK_DATA', async () => {
    const res = await server.request('/api/admin/diagnostics/mock-data', {
      method: 'POST',
      cookie: admin.cookie,
      json: { count: 10 },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      'Mock data is off in production. Set ALLOW_MOCK_DATA=true to allow it on this server.',
    );
    const status = await server.request('/api/admin/diagnostics/mock-data', { cookie: admin.cookie });
    expect(await status.json()).toEqual({ count: 0, allowed: false });
  });

  it('allows it in production with ALLOW_MOCK_DATA=true', async () => {
    const allowed = await createTestServer('pglite', { NODE_ENV: 'production', ALLOW_MOCK_DATA: 'true' });
    try {
      const root = await signUpAndSignIn(allowed, { email: 'root@example.com' });
      await grantAdmin(allowed, root.userId);
      const res = await allowed.request('/api/admin/diagnostics/mock-data', {
        method: 'POST',
        cookie: root.cookie,
        json: { count: 10 },
      });
      expect(res.status).toBe(200);
    } finally {
      await allowed.close();
    }
  });

  it('writes no secret into any log line', async () => {
    expect(lines.length).toBeGreaterThan(10);
    const log = lines.join('\n');
    for (const secret of SECRET_VALUES) expect(log, secret).not.toContain(secret);
  });
});
