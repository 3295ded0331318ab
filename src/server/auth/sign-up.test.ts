import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rls.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, type TestServer } from '../test/server.ts';

describe.each(testDatabaseKinds())('simultaneous sign-ups for one address on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('all answer the same success and leave exactly one account', async () => {
    const body = { firstName: 'Twin', lastName: 'Click', email: 'twin@example.com', password: 'a good password' };
    const responses = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        server.request('/api/account/sign-up', { method: 'POST', json: body, ip: `192.0.2.${i + 10}` }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const messages = await Promise.all(responses.map(async (r) => ((await r.json()) as { message: string }).message));
    expect(new Set(messages).size).toBe(1);
    const users = rowsOf(
      await server.deps.database.db.execute(sql`select id from "user" where email = 'twin@example.com'`),
    );
    expect(users).toHaveLength(1);
    const profiles = rowsOf(
      await server.deps.database.db.execute(
        sql`select p.id from profiles p join "user" u on u.id = p.id where u.email = 'twin@example.com'`,
      ),
    );
    expect(profiles).toHaveLength(1);
  });
});

describe.each(testDatabaseKinds())('the sign-up timing floor on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(kind, { SIGN_UP_MIN_RESPONSE_MS: '600' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers a new and a registered address no sooner than the floor', async () => {
    const body = { firstName: 'Slow', lastName: 'Down', email: 'floor@example.com', password: 'a good password' };
    for (const ip of ['192.0.2.31', '192.0.2.32']) {
      const started = performance.now();
      const res = await server.request('/api/account/sign-up', { method: 'POST', json: body, ip });
      expect(res.status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(600);
    }
  });

  it('does not hold back an answer to bad input, which says nothing about the address', async () => {
    const started = performance.now();
    const res = await server.request('/api/account/sign-up', {
      method: 'POST',
      json: { firstName: 'Slow', lastName: 'Down', email: 'floor@example.com', password: 'short' },
    });
    expect(res.status).toBe(400);
    expect(performance.now() - started).toBeLessThan(600);
  });
});
