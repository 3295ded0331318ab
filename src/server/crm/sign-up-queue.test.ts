import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rls.ts';
import { hubspotSyncQueue, jobs } from '../db/schema/index.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, type TestServer } from '../test/server.ts';
import { CRM_QUEUE_JOB } from './enqueue.ts';

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

describe.each(testDatabaseKinds())('sign-up and the CRM queue on %s', (kind) => {
  describe('with the CRM configured', () => {
    let server: TestServer;
    beforeAll(async () => {
      // Nothing is sent (no job runs): the address is never called.
      server = await createTestServer(kind, { HUBSPOT_ACCESS_TOKEN: TOKEN, HUBSPOT_BASE_URL: 'http://127.0.0.1:9' });
    });
    afterAll(async () => {
      await server?.close();
    });

    it("queues one new contact for the new user, with the job that sends it, in the sign-up's transaction", async () => {
      const res = await signUp(server, 'newby@example.com', '192.0.2.51');
      expect(res.status).toBe(200);
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

    it('leaves no queue row (and no profile) when the sign-up transaction fails after queueing', async () => {
      const { db } = server.deps.database;
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
      try {
        const res = await signUp(server, 'failing@example.com', '192.0.2.53');
        expect(res.status).toBeGreaterThanOrEqual(400);
      } finally {
        await db.execute(sql`drop trigger test_refuse_crm_job on jobs`);
        await db.execute(sql`drop function test_refuse_crm_job()`);
      }
      expect(await queued(server, 'failing@example.com')).toEqual([]);
      const profiles = rowsOf(
        await db.execute(
          sql`select p.id from profiles p join "user" u on u.id = p.id where u.email = 'failing@example.com'`,
        ),
      );
      expect(profiles).toEqual([]);
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

    it('queues nothing', async () => {
      const res = await signUp(server, 'offline@example.com', '192.0.2.54');
      expect(res.status).toBe(200);
      expect(await queued(server, 'offline@example.com')).toEqual([]);
      expect(await server.deps.database.db.select().from(hubspotSyncQueue)).toEqual([]);
    });
  });
});
