import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { withActor } from './rls.ts';
import { session, user, userSettings } from './schema/index.ts';
import { createTestDatabase, testDatabaseKinds } from '../test/databases.ts';
import { rejection } from '../test/sql-errors.ts';

describe.each(testDatabaseKinds())('user_settings rules on %s', (kind) => {
  let owner: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    owner = await createTestDatabase(kind);
    const { db } = owner.database;
    for (const id of ['ruleA', 'ruleB']) {
      await db.insert(user).values({ id, name: id, email: `${id}@example.com` });
      await db.insert(userSettings).values({ userId: id });
    }
  });
  afterAll(async () => {
    await owner?.drop();
  });

  it('lets the owner change preferences but not limits, features or suspension', async () => {
    const { db } = owner.database;
    await withActor(db, { userId: 'ruleA' }, (tx) =>
      tx
        .update(userSettings)
        .set({ notificationsEnabled: false, defaultCurrency: 'EUR' })
        .where(eq(userSettings.userId, 'ruleA')),
    );
    const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, 'ruleA'));
    expect(row).toMatchObject({ notificationsEnabled: false, defaultCurrency: 'EUR', maxAccounts: null });

    for (const change of [{ maxAccounts: 999 }, { isAdFree: true }, { suspended: true }, { twoFactorEnabled: true }]) {
      const code = await rejection(
        withActor(db, { userId: 'ruleA' }, (tx) =>
          tx.update(userSettings).set(change).where(eq(userSettings.userId, 'ruleA')),
        ),
      );
      expect(code, JSON.stringify(change)).toBe('42501');
    }
    expect(
      await rejection(withActor(db, { userId: 'ruleA' }, (tx) => tx.insert(userSettings).values({ userId: 'ruleA' }))),
    ).not.toBe('no error');
  });

  it('lets an admin change limits and features', async () => {
    const { db } = owner.database;
    await withActor(db, { userId: 'admin', isAdmin: true }, (tx) =>
      tx.update(userSettings).set({ maxAccounts: 10, hasIsas: true }).where(eq(userSettings.userId, 'ruleB')),
    );
    const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, 'ruleB'));
    expect(row).toMatchObject({ maxAccounts: 10, hasIsas: true });
  });

  it("mirrors the auth layer's two-factor flag", async () => {
    const { db } = owner.database;
    await db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, 'ruleB'));
    const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, 'ruleB'));
    expect(row!.twoFactorEnabled).toBe(true);
  });

  it("ends a user's sessions when an admin suspends them", async () => {
    const { db } = owner.database;
    const expiresAt = new Date(Date.now() + 3_600_000);
    await db.insert(session).values({ id: 's-ruleB', token: 'tokenruleB0000000000', userId: 'ruleB', expiresAt });
    await db.insert(session).values({ id: 's-ruleA', token: 'tokenruleA0000000000', userId: 'ruleA', expiresAt });
    await withActor(db, { userId: 'admin', isAdmin: true }, (tx) =>
      tx
        .update(userSettings)
        .set({ suspended: true, suspensionReason: 'Chargeback' })
        .where(eq(userSettings.userId, 'ruleB')),
    );
    const left = await db.select({ userId: session.userId }).from(session);
    expect(left.map((s) => s.userId)).toEqual(['ruleA']);
  });
});
