import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../db/rls.ts';
import { hubspotSyncQueue, jobs } from '../db/schema/index.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { CONSENT_VERSION } from '../../core/consent/consent.ts';
import { CRM_QUEUE_JOB } from './enqueue.ts';
import { listConsentLog } from './queue.ts';

const TOKEN = 'pat-eu1-test-token-0123456789abcdef';

const signUp = (server: TestServer, email: string, ip: string) =>
  server.request('/api/account/sign-up', {
    method: 'POST',
    json: { firstName: 'Nina', lastName: 'Newby', email, password: 'a good password' },
    ip,
  });

const queued = async (server: TestServer, email: string) =>
  rowsOf<{ sync_type: string; user_id: string | null; status: string; payload: { properties?: { email?: string } } }>(
    await server.deps.database.db.execute(
      sql`select sync_type::text as sync_type, user_id, status::text as status, payload from hubspot_sync_queue where subject_key = ${email}`,
    ),
  );

describe.each(testDatabaseKinds())('a new user and the CRM queue on %s', (kind) => {
  describe('with the CRM configured', () => {
    let server: TestServer;
    beforeAll(async () => {
      // Nothing is sent (no job runs): the address is never called.
      server = await createTestServer(kind, { HUBSPOT_ACCESS_TOKEN: TOKEN, HUBSPOT_BASE_URL: 'http://127.0.0.1:9' });
    });
    afterAll(async () => {
      await server?.close();
    });

    /** Opens the address's verification link, as its owner would. */
    const confirm = async (email: string) => {
      const mail = (await server.mail()).find((m) => m.to === email && /verify/i.test(m.subject));
      const link = mail?.links.find((l) => l.includes('/verify-email'));
      expect(link, 'a verification link').toBeDefined();
      const url = new URL(link!);
      return server.request(`${url.pathname}${url.search}`, { redirect: 'manual' });
    };
    const confirmedAt = async (email: string) =>
      rowsOf<{ confirmed: boolean }>(
        await server.deps.database.db.execute(
          sql`select email_confirmed_at is not null as confirmed from "user" where email = ${email}`,
        ),
      )[0]?.confirmed;

    it('queues nothing for an address nobody has confirmed, then one new contact with its job when its owner confirms it, once', async () => {
      const res = await signUp(server, 'newby@example.com', '192.0.2.51');
      expect(res.status).toBe(200);
      // Anyone can type someone else's address: it reaches the CRM only once confirmed.
      expect(await queued(server, 'newby@example.com')).toEqual([]);
      expect((await confirm('newby@example.com')).status).toBeLessThan(400);
      const [user] = rowsOf<{ id: string }>(
        await server.deps.database.db.execute(sql`select id from "user" where email = 'newby@example.com'`),
      );
      const items = await queued(server, 'newby@example.com');
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({ sync_type: 'user_sync', user_id: user?.id, status: 'pending' });
      expect(items[0]?.payload.properties?.email).toBe('newby@example.com');
      const [item] = await server.deps.database.db
        .select({ id: hubspotSyncQueue.id })
        .from(hubspotSyncQueue)
        .where(eq(hubspotSyncQueue.subjectKey, 'newby@example.com'));
      const wake = await server.deps.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `crm:item:${item?.id}`));
      expect(wake).toHaveLength(1);
      expect(wake[0]?.name).toBe(CRM_QUEUE_JOB);
      // The link opened again confirms nothing new and queues nothing more.
      await confirm('newby@example.com');
      expect(await queued(server, 'newby@example.com')).toHaveLength(1);
    });

    it('queues nothing for a sign-up that is refused', async () => {
      const res = await server.request('/api/account/sign-up', {
        method: 'POST',
        json: { firstName: 'Nina', lastName: 'Newby', email: 'refused@example.com', password: 'short' },
        ip: '192.0.2.52',
      });
      expect(res.status).toBe(400);
      expect(await queued(server, 'refused@example.com')).toEqual([]);
    });

    it('leaves no queue row, and the address unconfirmed, when the confirmation fails after queueing', async () => {
      const { db } = server.deps.database;
      expect((await signUp(server, 'failing@example.com', '192.0.2.53')).status).toBe(200);
      // The wake-up job is written after the item, in the same transaction: failing it must take the item back.
      await db.execute(sql`
        create function test_refuse_crm_job() returns trigger language plpgsql as $$
        begin
          if new.name = ${sql.raw(`'${CRM_QUEUE_JOB}'`)} then raise exception 'refused by the test'; end if;
          return new;
        end $$`);
      await db.execute(
        sql`create trigger test_refuse_crm_job before insert on jobs for each row execute function test_refuse_crm_job()`,
      );
      // The auth library reports the failed confirmation on the console: expected here, and checked.
      const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        await confirm('failing@example.com');
        expect(reported.mock.calls.flat().map(String).join(' ')).toContain('insert into "jobs"');
      } finally {
        reported.mockRestore();
        await db.execute(sql`drop trigger test_refuse_crm_job on jobs`);
        await db.execute(sql`drop function test_refuse_crm_job()`);
      }
      expect(await queued(server, 'failing@example.com')).toEqual([]);
      expect(await confirmedAt('failing@example.com')).toBe(false);
    });
  });

  describe('without the CRM', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await createTestServer(kind);
    });
    afterAll(async () => {
      await server?.close();
    });

    it('queues nothing, before or after the address is confirmed, and a consent change says none was queued', async () => {
      const saver = await signUpAndSignIn(server, { email: 'offline@example.com' });
      const consent = await server.request('/api/consent', {
        method: 'POST',
        cookie: saver.cookie,
        json: {
          consent: {
            essential: true,
            functional: true,
            analytics: false,
            marketing: false,
            version: CONSENT_VERSION,
            timestamp: new Date().toISOString(),
          },
          dnt: false,
        },
      });
      expect(consent.status).toBe(200);
      const [entry] = await listConsentLog(server.deps.database.db, 100);
      expect(entry).toMatchObject({ userId: saver.userId, syncStatus: 'pending', queued: false });
      expect(await queued(server, 'offline@example.com')).toEqual([]);
      expect(await server.deps.database.db.select().from(hubspotSyncQueue)).toEqual([]);
    });
  });
});
