/** Made-up CRM answers for the screens' tests. */
import { json, makeMe, type MockHandler, mockApi } from '../../test/api-mock.ts';
import type { ConsentLogEntry, CrmStatus, SyncQueueItem, SyncUsersRun, TestSuiteResult } from './api.ts';

export const WHAT_TO_SET = 'Set HUBSPOT_ACCESS_TOKEN on the server to turn the HubSpot integration on.';

export const crmStatus = (over: Partial<CrmStatus> = {}): CrmStatus => ({
  enabled: true,
  whatToSet: null,
  baseUrl: 'https://api.hubapi.com',
  rateLimit: { limit: 100, windowMs: 10_000 },
  maxRetries: 5,
  queue: { pending: 3, processing: 1, completed: 12, failed: 4 },
  total: 20,
  completionRate: 75,
  errorRate: 20,
  oldestPendingAt: '2026-11-28T09:00:00.000Z',
  oldestPendingAgeSeconds: 4500,
  stalePending: 0,
  lastSyncAt: '2026-11-28T10:15:00.000Z',
  averageProcessingMs: 840,
  averageLatencyMs: 2600,
  healthy: true,
  users: { total: 25, synced: 20 },
  ...over,
});

export const DISABLED_STATUS = crmStatus({
  enabled: false,
  whatToSet: WHAT_TO_SET,
  queue: { pending: 0, processing: 0, completed: 0, failed: 0 },
  total: 0,
  completionRate: null,
  errorRate: null,
  oldestPendingAt: null,
  oldestPendingAgeSeconds: null,
  lastSyncAt: null,
  averageProcessingMs: null,
  averageLatencyMs: null,
});

export const consentEntry = (over: Partial<ConsentLogEntry> = {}): ConsentLogEntry => ({
  id: 7,
  userId: 'user-1',
  userEmail: 'sam@example.com',
  consentData: { essential: true, analytics: true, functional: false, marketing: false },
  changeSource: 'preferences',
  hubspotContactId: '501',
  syncStatus: 'completed',
  queued: true,
  createdAt: '2026-11-28T09:30:00.000Z',
  syncedAt: '2026-11-28T09:30:05.000Z',
  errorDetails: null,
  ...over,
});

export const queueItem = (over: Partial<SyncQueueItem> = {}): SyncQueueItem => ({
  id: 41,
  userId: 'user-1',
  userEmail: 'sam@example.com',
  syncType: 'consent_update',
  status: 'failed',
  payload: { email: 'sam@example.com', properties: { savvypig_marketing_consent: false } },
  retryCount: 5,
  maxRetries: 5,
  scheduledAt: '2026-11-28T09:31:00.000Z',
  createdAt: '2026-11-28T09:30:00.000Z',
  processedAt: '2026-11-28T09:35:00.000Z',
  processingMs: 310,
  errorDetails: 'HubSpot answered 500',
  hubspotContactId: null,
  ...over,
});

export const syncRun = (over: Partial<SyncUsersRun> = {}): SyncUsersRun => ({
  id: 'run-1',
  status: 'completed',
  forceUpdate: false,
  page: 2,
  pageSize: 20,
  total: 3,
  processed: 3,
  counts: { created: 1, exists: 1, updated: 0, error: 1, skipped: 0 },
  results: [
    { email: 'ann@example.com', status: 'created', hubspotId: '601', error: null, reason: null },
    { email: 'ben@example.com', status: 'exists', hubspotId: '602', error: null, reason: 'Found by e-mail' },
    { email: 'cat@example.com', status: 'error', hubspotId: null, error: 'HubSpot answered 500', reason: null },
  ],
  hasMore: false,
  error: null,
  startedAt: '2026-11-28T11:00:00.000Z',
  finishedAt: '2026-11-28T11:00:04.000Z',
  ...over,
});

export const suiteResult = (over: Partial<TestSuiteResult> = {}): TestSuiteResult => ({
  summary: { passed: 1, totalTests: 2, missingProperties: ['savvypig_lead_source'] },
  tests: [
    { test: 'hubspot-connection', passed: true, message: 'Connected to portal 123', timing: 120 },
    { test: 'custom-properties', passed: false, message: '1 property is missing', timing: 80 },
  ],
  timestamp: '2026-11-28T11:05:00.000Z',
  duration: 200,
  success: false,
  ...over,
});

/** A signed-in admin with two-factor, and the CRM's answers; `overrides` replaces any of them. */
export function crmApi(overrides: Record<string, MockHandler> = {}) {
  return mockApi({
    'GET /api/me': json(200, makeMe({ isAdmin: true, twoFactorEnabled: true })),
    'GET /api/admin/check': json(200, { isAdmin: true }),
    'GET /api/admin/crm/status': json(200, crmStatus()),
    'GET /api/admin/crm/consent-log': json(200, {
      entries: [consentEntry(), consentEntry({ id: 6, syncStatus: 'pending', syncedAt: null, hubspotContactId: null })],
    }),
    'GET /api/admin/crm/queue': json(200, { items: [queueItem(), queueItem({ id: 40, status: 'completed' })] }),
    'GET /api/admin/crm/sync-users': json(200, { run: null }),
    ...overrides,
  });
}
