import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { maxInAnyWindow } from '../../core/crm/rate-window.ts';
import { createLogger } from '../logger.ts';
import { withActor, rowsOf } from '../db/rls.ts';
import { adminAuditLog, consentAuditLog, hubspotSyncQueue, profiles } from '../db/schema/index.ts';
import { CONSENT_VERSION } from '../../core/consent/consent.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, grantAdmin, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { createCrm, type Crm } from './crm.ts';
import { enqueueProfileSync } from './enqueue.ts';
import { startFakeHubSpot, type FakeHubSpot } from './test/fake-hubspot.ts';
import { processQueue } from './worker.ts';

const TOKEN = 'pat-eu1-test-token-0123456789abcdef';
/** Small numbers so the rate window is reached in a test's time: 10 requests per second. */
const RATE = { limit: 10, windowMs: 1000 };

const queueRows = (server: TestServer) =>
  server.deps.database.db.select().from(hubspotSyncQueue).orderBy(hubspotSyncQueue.id);

async function drain(crms: Crm[], until: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    await Promise.all(crms.map((crm) => processQueue(crm, { budgetMs: 2_000, concurrency: 3 })));
    if (await until()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the queue did not drain in time');
}

const allDone = (server: TestServer) => async () => {
  const rows = await queueRows(server);
  return rows.every((r) => r.status === 'completed' || r.status === 'failed');
};

describe.each(testDatabaseKinds())('CRM sync on %s', (kind) => {
  describe('without HUBSPOT_ACCESS_TOKEN', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await createTestServer(kind);
    });
    afterAll(async () => {
      await server?.close();
    });

    it('is disabled everywhere: nothing is queued and the status says what to set', async () => {
      const saver = await signUpAndSignIn(server, { email: 'off-saver@example.com' });
      const changed = await server.request('/api/profile', {
        method: 'PATCH',
        cookie: saver.cookie,
        json: { firstName: 'Olive' },
      });
      expect(changed.status).toBe(200);
      expect(await queueRows(server)).toEqual([]);
      const admin = await signUpAndSignIn(server, { email: 'off-admin@example.com' });
      await grantAdmin(server, admin.userId);
      const status = await server.request('/api/admin/crm/status', { cookie: admin.cookie });
      expect(status.status).toBe(200);
      const body = (await status.json()) as { enabled: boolean; whatToSet: string };
      expect(body.enabled).toBe(false);
      expect(body.whatToSet).toContain('HUBSPOT_ACCESS_TOKEN');
      const process = await server.request('/api/admin/crm/queue/process', {
        method: 'POST',
        cookie: admin.cookie,
        json: {},
      });
      expect(process.status).toBe(409);
      // A saver never reaches the admin API.
      expect((await server.request('/api/admin/crm/status', { cookie: saver.cookie })).status).toBe(403);
    });
  });

  describe('with a (fake) HubSpot', () => {
    let server: TestServer;
    let hubspot: FakeHubSpot;
    const logLines: string[] = [];
    let adminCookie: string;
    let adminId: string;

    beforeAll(async () => {
      hubspot = await startFakeHubSpot();
      hubspot.expectToken(TOKEN);
      server = await createTestServer(kind, {
        HUBSPOT_ACCESS_TOKEN: TOKEN,
        HUBSPOT_BASE_URL: hubspot.url,
        HUBSPOT_TIMEOUT_MS: '400',
        HUBSPOT_RETRY_BASE_MS: '50',
        HUBSPOT_RATE_LIMIT: String(RATE.limit),
        HUBSPOT_RATE_WINDOW_MS: String(RATE.windowMs),
        HUBSPOT_SYNC_USERS_PAUSE_MS: '0',
      });
      const admin = await signUpAndSignIn(server, { email: 'crm-admin@example.com' });
      await grantAdmin(server, admin.userId);
      adminCookie = admin.cookie;
      adminId = admin.userId;
    });
    afterAll(async () => {
      await server?.close();
      await hubspot?.stop();
    });

    /** Another instance's worker on the same database, logging into `logLines`. */
    const instance = () =>
      createCrm(
        server.deps.config,
        server.deps.database.db,
        createLogger('debug', {}, (l) => logLines.push(l)),
      );

    it('queues a profile change in the same transaction, and a rolled-back change queues nothing', async () => {
      const saver = await signUpAndSignIn(server, { email: 'tx-saver@example.com' });
      await expect(
        withActor(server.deps.database.db, { userId: saver.userId }, async (tx) => {
          await tx.update(profiles).set({ firstName: 'Rolled' }).where(eq(profiles.id, saver.userId));
          await enqueueProfileSync(server.deps.crm, tx, { userId: saver.userId, email: 'tx-saver@example.com' });
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect((await queueRows(server)).filter((r) => r.userId === saver.userId).map((r) => r.syncType)).toEqual([
        'user_sync',
      ]);

      const res = await server.request('/api/profile', {
        method: 'PATCH',
        cookie: saver.cookie,
        json: { firstName: 'Tess' },
      });
      expect(res.status).toBe(200);
      // Besides the new contact its sign-up queued (a user_sync item), the change: one item.
      const mine = (await queueRows(server)).filter(
        (r) => r.userId === saver.userId && r.syncType === 'profile_update',
      );
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        status: 'pending',
        syncType: 'profile_update',
        subjectKey: 'tx-saver@example.com',
      });
      // Savers never read the queue, not even their own items.
      const seen = await withActor(server.deps.database.db, { userId: saver.userId }, (tx) =>
        tx.select().from(hubspotSyncQueue),
      ).catch(() => 'refused');
      expect(seen === 'refused' || (Array.isArray(seen) && seen.length === 0)).toBe(true);

      await drain([server.deps.crm], allDone(server));
      const contact = hubspot.contactByEmail('tx-saver@example.com');
      expect(contact?.properties.firstname).toBe('Tess');
      const [profile] = await server.deps.database.db
        .select({ id: profiles.hubspotContactId })
        .from(profiles)
        .where(eq(profiles.id, saver.userId));
      expect(profile?.id).toBe(contact?.id);
    });

    it("a consent change is queued and its audit row's sync status follows the item", async () => {
      const saver = await signUpAndSignIn(server, { email: 'consent-saver@example.com' });
      const res = await server.request('/api/consent', {
        method: 'POST',
        cookie: saver.cookie,
        json: {
          consent: {
            essential: true,
            functional: false,
            analytics: true,
            marketing: false,
            version: CONSENT_VERSION,
            timestamp: new Date().toISOString(),
          },
          dnt: false,
        },
      });
      expect(res.status).toBe(200);
      await drain([server.deps.crm], allDone(server));
      const [audit] = await server.deps.database.db
        .select()
        .from(consentAuditLog)
        .where(eq(consentAuditLog.userId, saver.userId));
      expect(audit?.syncStatus).toBe('completed');
      expect(hubspot.contactByEmail('consent-saver@example.com')?.properties.savvypig_consent_analytics).toBe('true');
      const log = (await (
        await server.request('/api/admin/crm/consent-log?limit=100', { cookie: adminCookie })
      ).json()) as { entries: Array<{ id: number; syncStatus: string; queued: boolean }> };
      expect(log.entries.find((e) => e.id === Number(audit?.id))).toMatchObject({
        syncStatus: 'completed',
        queued: true,
      });
    });

    it('through a 429 with Retry-After, a 500, a timeout and an outage that ends, two instances deliver every change once, with no duplicate contact and never over the rate', async () => {
      const savers = [];
      for (let i = 0; i < 8; i++) savers.push(await signUpAndSignIn(server, { email: `outage-${i}@example.com` }));
      // Its sign-up's new contact and two changes each: the later must win, so each contact's items go in order.
      for (const [i, s] of savers.entries()) {
        for (const name of ['First', 'Second'])
          expect(
            (
              await server.request('/api/profile', {
                method: 'PATCH',
                cookie: s.cookie,
                json: { firstName: `${name}${i}` },
              })
            ).status,
          ).toBe(200);
      }
      const before = hubspot.requests.length;
      hubspot.rateLimitNext(1, 1);
      hubspot.failNext(1, 500);
      hubspot.hangNext(1);
      hubspot.startOutage(1500);
      const a = instance();
      const b = instance();
      // The switches apply in turn as requests arrive; the outage covers whatever comes in its 1.5 s.
      await drain([a, b], allDone(server), 90_000);

      const rows = (await queueRows(server)).filter((r) => r.subjectKey.startsWith('outage-'));
      expect(rows).toHaveLength(24);
      expect(rows.every((r) => r.status === 'completed')).toBe(true);
      expect(rows.some((r) => r.retryCount > 0)).toBe(true);
      for (const [i] of savers.entries()) {
        expect(hubspot.createdCount(`outage-${i}@example.com`)).toBe(1);
        expect(hubspot.contactByEmail(`outage-${i}@example.com`)?.properties.firstname).toBe(`Second${i}`);
      }
      const sent = hubspot.requests.slice(before);
      expect(sent.some((r) => r.status === 429)).toBe(true);
      expect(sent.some((r) => r.status === 503)).toBe(true);
      expect(sent.some((r) => r.status === -1)).toBe(true);
      expect(
        maxInAnyWindow(
          hubspot.requests.map((r) => r.at),
          RATE.windowMs,
        ),
      ).toBeLessThanOrEqual(RATE.limit);
      // After the 429 every instance paused for its Retry-After: only requests already on their way
      // (at most one per worker slot, 2 instances × 3) arrived in the next second.
      const limited = sent.find((r) => r.status === 429)!;
      expect(sent.filter((r) => r.at > limited.at && r.at < limited.at + 900).length).toBeLessThan(6);
    }, 120_000);

    it('setup, Sync Users, the tests and the E2E test answer through the admin API', async () => {
      const post = (path: string, json: unknown = {}) =>
        server.request(`/api/admin/crm/${path}`, { method: 'POST', cookie: adminCookie, json });
      const setup = (await (await post('setup-properties')).json()) as { created: string[]; groupsCreated: string[] };
      expect(setup.groupsCreated).toEqual(['savvypig']);
      expect(setup.created).toContain('savvypig_user_id');
      const again = (await (await post('setup-properties')).json()) as { created: string[]; existing: string[] };
      expect(again.created).toEqual([]);
      expect(again.existing).toContain('savvypig_user_id');

      const tests = (await (await post('tests', { test: 'full' })).json()) as { success: boolean; tests: unknown[] };
      expect(tests.tests).toHaveLength(3);
      expect(tests.success).toBe(true);

      const started = await post('sync-users', { forceUpdate: false });
      expect(started.status).toBe(202);
      expect((await post('sync-users', { forceUpdate: false })).status).toBe(409);
      while ((await server.deps.jobs.runDue()) > 0);
      const run = (
        (await (await server.request('/api/admin/crm/sync-users', { cookie: adminCookie })).json()) as {
          run: { status: string; counts: Record<string, number>; results: { email: string; status: string }[] };
        }
      ).run;
      expect(run.status).toBe('completed');
      expect(run.results.find((r) => r.email === 'tx-saver@example.com')?.status).toBe('exists');
      const { created = 0, exists = 0, skipped = 0, updated = 0 } = run.counts;
      expect(created + exists + skipped + updated).toBe(run.results.length);
      expect(run.counts.error).toBe(0);

      const e2e = (await (await post('e2e-test')).json()) as {
        success: boolean;
        summary: { successful_steps: number };
      };
      expect(e2e).toMatchObject({ success: true, summary: { successful_steps: 5 } });

      const status = (await (await server.request('/api/admin/crm/status', { cookie: adminCookie })).json()) as {
        enabled: boolean;
        queue: Record<string, number>;
        averageProcessingMs: number | null;
      };
      expect(status.enabled).toBe(true);
      expect(status.queue.completed).toBeGreaterThan(0);
      expect(status.averageProcessingMs).not.toBeNull();
      const list = (await (await server.request('/api/admin/crm/queue?limit=20', { cookie: adminCookie })).json()) as {
        items: unknown[];
      };
      expect(list.items.length).toBeLessThanOrEqual(20);
      const all = JSON.stringify([setup, tests, run, e2e, status, list]);
      expect(all).not.toContain(TOKEN);
    });

    it('Process Sync Queue, Sync Users, Clear Queue and retry each write one admin audit entry naming the admin', async () => {
      const { db } = server.deps.database;
      const entries = async (action: string) =>
        (await db.select().from(adminAuditLog).where(eq(adminAuditLog.action, action))).sort(
          (a, b) => b.createdAt.getTime() - a.createdAt.getTime(),
        );
      const actions = ['crm.queue.process', 'crm.sync-users.start', 'crm.queue.clear', 'crm.queue.retry-failed'];
      // An earlier test started Sync Users through the API too: count from here.
      const before = new Map(await Promise.all(actions.map(async (a) => [a, (await entries(a)).length] as const)));

      const adminPost = (path: string, json: unknown = {}) =>
        server.request(`/api/admin/crm/${path}`, { method: 'POST', cookie: adminCookie, json });
      const processed = await adminPost('queue/process');
      expect(processed.status).toBe(200);
      const started = await adminPost('sync-users', { forceUpdate: true });
      expect(started.status).toBe(202);
      const { run } = (await started.json()) as { run: { id: string } };
      while ((await server.deps.jobs.runDue()) > 0);
      const retried = await adminPost('queue/retry-failed');
      expect(retried.status).toBe(200);
      const cleared = await server.request('/api/admin/crm/queue?scope=finished', {
        method: 'DELETE',
        cookie: adminCookie,
      });
      expect(cleared.status).toBe(200);
      const { deleted } = (await cleared.json()) as { deleted: number };

      const expected = {
        'crm.queue.process': { subjectType: 'hubspot_sync_queue', subjectId: 'due' },
        'crm.sync-users.start': { subjectType: 'crm_sync_runs', subjectId: run.id, after: { forceUpdate: true } },
        'crm.queue.retry-failed': { subjectType: 'hubspot_sync_queue', subjectId: 'failed' },
        'crm.queue.clear': { subjectType: 'hubspot_sync_queue', subjectId: 'finished', after: { deleted } },
      };
      for (const [action, fields] of Object.entries(expected)) {
        const written = await entries(action);
        expect(written, action).toHaveLength((before.get(action) ?? 0) + 1);
        expect(written[0], action).toMatchObject({ adminId, adminEmail: 'crm-admin@example.com', ...fields });
      }
    });

    it("exports the saver's CRM rows, and deleting the account queues the contact's erasure, which outlives the user", async () => {
      const saver = await signUpAndSignIn(server, { email: 'leaver@example.com', password: 'correct horse battery' });
      await server.request('/api/profile', { method: 'PATCH', cookie: saver.cookie, json: { firstName: 'Lee' } });
      await drain([server.deps.crm], allDone(server));
      expect(hubspot.contactByEmail('leaver@example.com')).toBeDefined();
      const exported = (await (await server.request('/api/account/export', { cookie: saver.cookie })).json()) as {
        crmSync: { syncType: string; status: string }[];
      };
      expect(exported.crmSync).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ syncType: 'user_sync', status: 'completed' }),
          expect.objectContaining({ syncType: 'profile_update', status: 'completed' }),
        ]),
      );
      expect(exported.crmSync).toHaveLength(2);
      expect(JSON.stringify(exported)).not.toContain(TOKEN);

      const deleted = await server.request('/api/account/delete', {
        method: 'POST',
        cookie: saver.cookie,
        json: { password: 'correct horse battery' },
      });
      expect(deleted.status).toBe(200);
      const erasure = (await queueRows(server)).filter((r) => r.syncType === 'contact_delete');
      expect(erasure).toHaveLength(1);
      expect(erasure[0]).toMatchObject({ userId: null, status: 'pending', subjectKey: 'leaver@example.com' });
      await drain([server.deps.crm], allDone(server));
      expect(hubspot.contactByEmail('leaver@example.com')).toBeUndefined();
      const [done] = (await queueRows(server)).filter((r) => r.syncType === 'contact_delete');
      expect(done?.status).toBe('completed');
      expect(JSON.stringify(done)).not.toContain('leaver@example.com');
    });

    it('never writes the token in a log line, a queue row or to HubSpot other than in its header', async () => {
      const rows = rowsOf<Record<string, unknown>>(
        await server.deps.database.db.execute(sql`select * from hubspot_sync_queue`),
      );
      expect(JSON.stringify(rows)).not.toContain(TOKEN);
      expect(logLines.length).toBeGreaterThan(0);
      expect(logLines.join('\n')).not.toContain(TOKEN);
      expect(hubspot.requests.every((r) => r.authorised || r.status !== 200)).toBe(true);
    });
  });
});
