import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from './client.ts';
import { rowsOf, withActor } from './rls.ts';
import { profiles, user, userRoles } from './schema/index.ts';
import { createTestDatabase, quietLogger, testDatabaseKinds } from '../test/databases.ts';
import { sqlState } from '../test/sql-errors.ts';

async function seedUsers(db: Database['db']) {
  for (const [id, email, first] of [
    ['userA', 'a@example.com', 'Ann'],
    ['userB', 'b@example.com', 'Bob'],
  ] as const) {
    await db.insert(user).values({ id, name: first, email });
    await db.insert(profiles).values({ id, firstName: first });
  }
}

/** Logins to check RLS with: the migrating login, and a superuser where the test server allows one. */
function loginsFor(kind: string, url: string | undefined): Array<{ label: string; url?: string }> {
  if (kind === 'pglite' || !url) return [{ label: 'the embedded superuser' }];
  const superuser = new URL(url);
  superuser.username = process.env.TEST_DATABASE_SUPERUSER ?? 'postgres';
  superuser.password = '';
  return [
    { label: 'the application login', url },
    { label: 'a superuser login', url: superuser.toString() },
  ];
}

describe.each(testDatabaseKinds())('row-level security on %s', (kind) => {
  let owner: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    owner = await createTestDatabase(kind);
    await seedUsers(owner.database.db);
  });
  afterAll(async () => {
    await owner?.drop();
  });

  it('enables RLS with a policy on every table app_user may touch, and grants it nothing else', async () => {
    const db = owner.database.db;
    const granted = rowsOf<{ table_name: string }>(
      await db.execute(sql`
      select distinct table_name from information_schema.role_table_grants
      where grantee = 'app_user' and table_schema = 'public'`),
    ).map((r) => r.table_name);
    expect(granted.length).toBeGreaterThan(0);
    const unprotected = rowsOf<{ relname: string }>(
      await db.execute(sql`
      select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and c.relname in ${granted}
        and (not c.relrowsecurity or not exists (select 1 from pg_policy p where p.polrelid = c.oid))`),
    );
    expect(unprotected.map((r) => r.relname)).toEqual([]);
    for (const secret of [
      'user',
      'session',
      'account',
      'verification',
      'rate_limit',
      'jobs',
      'system_secrets',
      'throttles',
    ]) {
      expect(granted).not.toContain(secret);
    }
    // Every table with a user_id column is either protected or deliberately not granted.
    const withUserId = rowsOf<{ table_name: string }>(
      await db.execute(sql`
      select table_name from information_schema.columns where table_schema = 'public' and column_name = 'user_id'`),
    );
    for (const { table_name } of withUserId) {
      if (granted.includes(table_name)) expect(unprotected.map((r) => r.relname)).not.toContain(table_name);
    }
  });

  describe.each(loginsFor(kind, process.env.TEST_DATABASE_URL))('connected as $label', ({ url }) => {
    let database: Database;
    beforeAll(async () => {
      const target = url
        ? Object.assign(new URL(url), { pathname: new URL(owner.url!).pathname }).toString()
        : undefined;
      database = target ? await openDatabase({ databaseUrl: target, logger: quietLogger }) : owner.database;
    });
    afterAll(async () => {
      if (database !== owner.database) await database?.close();
    });

    it('shows a user only their own rows, with no WHERE clause', async () => {
      const rows = await withActor(database.db, { userId: 'userA' }, (tx) =>
        tx.select({ id: profiles.id }).from(profiles),
      );
      expect(rows.map((r) => r.id)).toEqual(['userA']);
    });

    it('shows nothing to an anonymous actor', async () => {
      const rows = await withActor(database.db, { userId: null }, (tx) => tx.select().from(profiles));
      expect(rows).toEqual([]);
    });

    it('lets an admin actor see every row', async () => {
      const rows = await withActor(database.db, { userId: 'userA', isAdmin: true }, (tx) =>
        tx.select({ id: profiles.id }).from(profiles),
      );
      expect(rows.map((r) => r.id).sort()).toEqual(['userA', 'userB']);
    });

    it("cannot change another user's row", async () => {
      const changed = await withActor(database.db, { userId: 'userA' }, (tx) =>
        tx.update(profiles).set({ firstName: 'Hacked' }).where(eq(profiles.id, 'userB')).returning({ id: profiles.id }),
      );
      expect(changed).toEqual([]);
    });

    it('refuses to write a row for another user (SQLSTATE 42501)', async () => {
      await database.db.insert(user).values({
        id: `userC${url ? 'x' : ''}${Math.random().toString(36).slice(2, 8)}`,
        name: 'C',
        email: `c${Math.random()}@example.com`,
      });
      const err = await withActor(database.db, { userId: 'userA' }, (tx) =>
        tx.insert(userRoles).values({ userId: 'userB', role: 'subscriber' }),
      ).catch((e: unknown) => e);
      expect(sqlState(err)).toBe('42501');
    });

    it('refuses a user who tries to make themselves admin', async () => {
      const err = await withActor(database.db, { userId: 'userA' }, (tx) =>
        tx.insert(userRoles).values({ userId: 'userA', role: 'admin' }),
      ).catch((e: unknown) => e);
      expect(sqlState(err)).toBe('42501');
    });

    it('cannot read sessions or password hashes at all', async () => {
      const err = await withActor(database.db, { userId: 'userA' }, (tx) =>
        tx.execute(sql`select * from account`),
      ).catch((e: unknown) => e);
      expect(sqlState(err)).toBe('42501');
    });

    it('leaves no role or user setting behind on the connection after commit', async () => {
      await withActor(database.db, { userId: 'userA' }, (tx) => tx.select().from(profiles));
      const [row] = rowsOf<{ uid: string | null; is_app_user: boolean }>(
        await database.db.execute(
          sql`select current_setting('app.user_id', true) as uid, current_user = 'app_user' as is_app_user`,
        ),
      );
      expect(row?.uid ?? '').toBe('');
      expect(row?.is_app_user).toBe(false);
    });
  });
});
