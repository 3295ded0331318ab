/**
 * Full E2E Test (Sync Debugger): a test contact goes through the real path — queued, sent by the
 * worker, read back, updated, erased — and each step is timed. The contact's e-mail is a fresh
 * one on example.com, marked as a test contact, and erased at the end whatever happened.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rls.ts';
import { describeFailure } from './client.ts';
import type { Crm } from './crm.ts';
import { insertCrmItem } from './enqueue.ts';
import type { TestResult, TestSuiteResult } from './status.ts';
import { processQueue } from './worker.ts';

export type E2eResult = TestSuiteResult & { summary: { successful_steps: number; total_steps: number } };

export async function runE2eTest(crm: Crm): Promise<E2eResult> {
  const started = performance.now();
  const email = `savvypig-e2e-${randomBytes(6).toString('hex')}@example.com`;
  const tests: TestResult[] = [];
  let itemId: number | null = null;
  let contactId: string | null = null;
  const step = async (test: string, work: () => Promise<string>) => {
    const t0 = performance.now();
    try {
      tests.push({ test, passed: true, message: await work(), timing: Math.round(performance.now() - t0) });
      return true;
    } catch (err) {
      const message = err instanceof Error && !('failure' in err) ? err.message : describeFailure(err, '').message;
      tests.push({ test, passed: false, message, timing: Math.round(performance.now() - t0) });
      return false;
    }
  };
  const api = crm.api;
  if (!api) {
    tests.push({ test: 'configuration', passed: false, message: crm.whatToSet ?? 'Not configured', timing: 0 });
  } else {
    const ok =
      (await step('Queue a test contact', async () => {
        itemId = await crm.db.transaction((tx) =>
          insertCrmItem(tx, {
            userId: null,
            email,
            syncType: 'test_contact',
            payload: {
              properties: { email, firstname: 'SavvyPig', lastname: 'E2E test', savvypig_test_contact: 'true' },
            },
            maxRetries: 0,
          }),
        );
        return `Queued item ${itemId}`;
      })) &&
      (await step('Process the queue item', async () => {
        await processQueue(crm, { onlyId: itemId!, budgetMs: 30_000 });
        const [row] = rowsOf<{ status: string; hubspot_contact_id: string | null; error_details: string | null }>(
          await crm.db.execute(sql`
            select status, hubspot_contact_id, error_details from hubspot_sync_queue where id = ${itemId}`),
        );
        if (row?.status !== 'completed')
          throw new Error(`The item is ${row?.status ?? 'gone'}${row?.error_details ? `: ${row.error_details}` : ''}`);
        contactId = row.hubspot_contact_id;
        return `Created contact ${contactId}`;
      })) &&
      (await step('Read the contact back', async () => {
        const found = await api.getContact(contactId!, ['email', 'savvypig_test_contact']);
        if (found?.properties.email !== email) throw new Error('HubSpot does not have the test contact');
        return 'HubSpot has the contact';
      })) &&
      (await step('Update the contact', async () => {
        await api.updateContact(contactId!, { lastname: 'E2E test (updated)' });
        const found = await api.getContact(contactId!, ['lastname']);
        if (found?.properties.lastname !== 'E2E test (updated)') throw new Error('The update did not arrive');
        return 'Updated';
      }));
    const erased = await step('Erase the contact', async () => {
      await api.purgeContact(email);
      if (contactId && (await api.getContact(contactId, ['email']))) throw new Error('The contact is still there');
      return 'Erased (GDPR delete)';
    });
    if (itemId !== null) await crm.db.execute(sql`delete from hubspot_sync_queue where id = ${itemId}`);
    void ok;
    void erased;
  }
  const passed = tests.filter((t) => t.passed).length;
  const total = api ? 5 : 1;
  return {
    summary: { passed, totalTests: total, successful_steps: passed, total_steps: total },
    tests,
    timestamp: new Date().toISOString(),
    duration: Math.round(performance.now() - started),
    success: passed === total,
  };
}
