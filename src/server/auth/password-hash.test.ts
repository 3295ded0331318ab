import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rls.ts';
import { argon2Parameters, meetsOwaspArgon2Minimum } from '../test/argon2.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';

describe('the OWASP check itself', () => {
  it('accepts the baseline and stronger, and refuses weaker or other algorithms', () => {
    const salt = 'c29tZXNhbHQ';
    const out = 'aGFzaGhhc2hoYXNo';
    expect(meetsOwaspArgon2Minimum(`$argon2id$v=19$m=19456,t=2,p=1$${salt}$${out}`)).toBe(true);
    expect(meetsOwaspArgon2Minimum(`$argon2id$v=19$m=65536,t=3,p=4$${salt}$${out}`)).toBe(true);
    expect(meetsOwaspArgon2Minimum(`$argon2id$v=19$m=47104,t=1,p=1$${salt}$${out}`)).toBe(true);
    expect(meetsOwaspArgon2Minimum(`$argon2id$v=19$m=19455,t=2,p=1$${salt}$${out}`)).toBe(false);
    expect(meetsOwaspArgon2Minimum(`$argon2id$v=19$m=19456,t=1,p=1$${salt}$${out}`)).toBe(false);
    expect(meetsOwaspArgon2Minimum(`$argon2i$v=19$m=19456,t=2,p=1$${salt}$${out}`)).toBe(false);
    expect(meetsOwaspArgon2Minimum('salt:0123abcd')).toBe(false);
  });
});

describe.each(testDatabaseKinds())('stored password hashes on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('are Argon2id at or above OWASP’s minimum (m=19 MiB, t=2, p=1)', async () => {
    const { userId } = await signUpAndSignIn(server, { email: 'hash@example.com' });
    const [row] = rowsOf<{ password: string }>(
      await server.deps.database.db.execute(
        sql`select password from account where user_id = ${userId} and provider_id = 'credential'`,
      ),
    );
    expect(argon2Parameters(row!.password)).toMatchObject({ algorithm: 'argon2id', version: 19 });
    expect(meetsOwaspArgon2Minimum(row!.password)).toBe(true);
  });
});
