import { sql } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../db/rls.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, type TestServer } from '../test/server.ts';
import { isDuplicateKeyConflict, retryOnDuplicateKey, SIGN_UP_MAX_ATTEMPTS } from './sign-up-retry.ts';

const conflict = () => new APIError('UNPROCESSABLE_ENTITY', { code: 'FAILED_TO_CREATE_USER', message: 'Failed to create user' });

describe('the duplicate-key retry on sign-up', () => {
  it('knows a duplicate key from other failures', () => {
    expect(isDuplicateKeyConflict(conflict())).toBe(true);
    expect(isDuplicateKeyConflict(Object.assign(new Error('wrapped'), { cause: { code: '23505' } }))).toBe(true);
    expect(isDuplicateKeyConflict(new APIError('BAD_REQUEST', { code: 'PASSWORD_TOO_SHORT', message: 'short' }))).toBe(false);
    expect(isDuplicateKeyConflict(new Error('boom'))).toBe(false);
  });

  it('tries again once a second and succeeds when the conflict has passed', async () => {
    const sleep = vi.fn(async () => undefined);
    const attempt = vi.fn().mockRejectedValueOnce(conflict()).mockResolvedValueOnce('created');
    await expect(retryOnDuplicateKey(attempt, { sleep })).resolves.toBe('created');
    expect(attempt).toHaveBeenCalledTimes(2);
    expect(sleep).toHaveBeenCalledExactlyOnceWith(1000);
  });

  it(`gives up after ${SIGN_UP_MAX_ATTEMPTS} attempts`, async () => {
    const sleep = vi.fn(async () => undefined);
    const attempt = vi.fn().mockRejectedValue(conflict());
    await expect(retryOnDuplicateKey(attempt, { sleep })).rejects.toBeInstanceOf(APIError);
    expect(attempt).toHaveBeenCalledTimes(SIGN_UP_MAX_ATTEMPTS);
    expect(sleep).toHaveBeenCalledTimes(SIGN_UP_MAX_ATTEMPTS - 1);
  });

  it('does not retry other failures', async () => {
    const sleep = vi.fn(async () => undefined);
    const attempt = vi.fn().mockRejectedValue(new Error('boom'));
    await expect(retryOnDuplicateKey(attempt, { sleep })).rejects.toThrow('boom');
    expect(attempt).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
  });
});

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
      Array.from({ length: 4 }, (_, i) => server.request('/api/account/sign-up', { method: 'POST', json: body, ip: `192.0.2.${i + 10}` })),
    );
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const messages = await Promise.all(responses.map(async (r) => ((await r.json()) as { message: string }).message));
    expect(new Set(messages).size).toBe(1);
    const users = rowsOf(await server.deps.database.db.execute(sql`select id from "user" where email = 'twin@example.com'`));
    expect(users).toHaveLength(1);
    const profiles = rowsOf(
      await server.deps.database.db.execute(sql`select p.id from profiles p join "user" u on u.id = p.id where u.email = 'twin@example.com'`),
    );
    expect(profiles).toHaveLength(1);
  });
});
