/**
 * Whether the CRM is on, what to set when it is not, and the integration-test-suite's checks
 * (002 §7: hubspot-connection, custom-properties, sync-queue, hubspot, full).
 */
import { sql } from 'drizzle-orm';
import { CUSTOM_PROPERTIES } from '../../core/crm/contact-properties.ts';
import type { AppDb } from '../db/client.ts';
import { rowsOf } from '../db/rls.ts';
import { describeFailure } from './client.ts';
import type { Crm } from './crm.ts';
import { QUEUE_HEALTH, queueStats } from './queue.ts';

export type IntegrationStatus = {
  enabled: boolean;
  whatToSet: string | null;
  /** Where requests go (never the token). */
  baseUrl: string;
  rateLimit: { limit: number; windowMs: number };
  maxRetries: number;
};

export function integrationStatus(crm: Crm): IntegrationStatus {
  return {
    enabled: crm.enabled,
    whatToSet: crm.whatToSet,
    baseUrl: crm.settings.baseUrl,
    rateLimit: { limit: crm.settings.rate.limit, windowMs: crm.settings.rate.windowMs },
    maxRetries: crm.settings.maxRetries,
  };
}

export type TestResult = { test: string; passed: boolean; message: string; timing: number };

export type TestSuiteResult = {
  summary: { passed: number; totalTests: number; missingProperties?: string[] };
  tests: TestResult[];
  timestamp: string;
  duration: number;
  success: boolean;
};

export const CRM_TESTS = ['full', 'hubspot', 'sync-queue', 'hubspot-connection', 'custom-properties'] as const;
export type CrmTest = (typeof CRM_TESTS)[number];

async function timed(test: string, work: () => Promise<{ passed: boolean; message: string }>): Promise<TestResult> {
  const started = performance.now();
  try {
    const { passed, message } = await work();
    return { test, passed, message, timing: Math.round(performance.now() - started) };
  } catch (err) {
    return {
      test,
      passed: false,
      message: describeFailure(err, '').message,
      timing: Math.round(performance.now() - started),
    };
  }
}

/** Test connection: one authorised read at HubSpot, timed. */
export function testConnection(crm: Crm): Promise<TestResult> {
  return timed('hubspot-connection', async () => {
    if (!crm.api) return { passed: false, message: crm.whatToSet ?? 'The CRM is not configured' };
    await crm.api.ping();
    return { passed: true, message: 'Connected to HubSpot.' };
  });
}

async function missingProperties(crm: Crm): Promise<string[]> {
  const api = crm.api;
  if (!api) return CUSTOM_PROPERTIES.map((p) => p.name);
  const missing: string[] = [];
  for (const p of CUSTOM_PROPERTIES) if (!(await api.propertyExists(p.name))) missing.push(p.name);
  return missing;
}

function queueHealthTest(db: AppDb): Promise<TestResult> {
  return timed('sync-queue', async () => {
    const stats = await queueStats(db);
    const [stuck] = rowsOf<{ n: number }>(
      await db.execute(sql`
        select count(*)::int as n from hubspot_sync_queue where status = 'processing' and locked_at < now() - interval '5 minutes'`),
    );
    const message = `${stats.queue.pending} pending (healthy under ${QUEUE_HEALTH.pendingBelow}), ${stats.queue.failed} failed (under ${QUEUE_HEALTH.failedBelow}), ${stats.stalePending} pending for over 24 hours (under ${QUEUE_HEALTH.stalePendingBelow}), ${stuck?.n ?? 0} stuck in processing`;
    return { passed: stats.healthy && (stuck?.n ?? 0) === 0, message };
  });
}

/** Runs the chosen checks against the live integration and the queue. */
export async function runCrmTests(crm: Crm, test: CrmTest): Promise<TestSuiteResult> {
  const started = performance.now();
  const tests: TestResult[] = [];
  let missing: string[] | undefined;
  const wantsHubSpot = test === 'full' || test === 'hubspot';
  if (wantsHubSpot || test === 'hubspot-connection') tests.push(await testConnection(crm));
  if (wantsHubSpot || test === 'custom-properties')
    tests.push(
      await timed('custom-properties', async () => {
        if (!crm.api) return { passed: false, message: crm.whatToSet ?? 'The CRM is not configured' };
        missing = await missingProperties(crm);
        return missing.length === 0
          ? { passed: true, message: `All ${CUSTOM_PROPERTIES.length} custom properties exist` }
          : { passed: false, message: `Missing: ${missing.join(', ')}. Run Setup Properties.` };
      }),
    );
  if (test === 'full' || test === 'sync-queue') tests.push(await queueHealthTest(crm.db));
  const passed = tests.filter((t) => t.passed).length;
  return {
    summary: { passed, totalTests: tests.length, ...(missing ? { missingProperties: missing } : {}) },
    tests,
    timestamp: new Date().toISOString(),
    duration: Math.round(performance.now() - started),
    success: passed === tests.length,
  };
}
