import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { accountTypes } from '../db/schema/index.ts';
import type { Database } from '../db/client.ts';
import { createTestDatabase, testDatabaseKinds } from './databases.ts';
import { cachedFingerprint, databaseFingerprint, fingerprintedTables } from './database-fingerprint.ts';

describe.each(testDatabaseKinds())('the database fingerprint on %s', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  let tables: string[];

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase(kind));
    tables = await fingerprintedTables(database);
  });
  afterAll(async () => {
    await drop?.();
  });

  const fingerprint = () => databaseFingerprint(database, tables);
  const addType = (name: string) =>
    database.db
      .insert(accountTypes)
      .values({ name })
      .returning({ id: accountTypes.id })
      .then((rows) => rows[0]!.id);

  it('covers the user data and leaves out only the attempt counters', () => {
    expect(tables).toEqual(
      expect.arrayContaining([
        'user',
        'session',
        'accounts',
        'transactions',
        'standing_orders',
        'account_types',
        'contact_inquiries',
      ]),
    );
    expect(tables).not.toContain('throttles');
    expect(tables).not.toContain('rate_limit');
  });

  it('changes with a committed insert, update or delete, even one that leaves the row count as it was', async () => {
    const id = await addType('Fingerprint A');
    let before = await fingerprint();
    await database.db.update(accountTypes).set({ description: 'changed' }).where(eq(accountTypes.id, id));
    expect(await fingerprint()).not.toBe(before);

    before = await fingerprint();
    await database.db.delete(accountTypes).where(eq(accountTypes.id, id));
    await addType('Fingerprint B');
    expect(await fingerprint()).not.toBe(before);

    before = await fingerprint();
    await database.db.delete(accountTypes).where(eq(accountTypes.name, 'Fingerprint B'));
    expect(await fingerprint()).not.toBe(before);
  });

  it('stays the same after reads, row locks and a write that was rolled back', async () => {
    const id = await addType('Fingerprint C');
    const before = await fingerprint();
    await database.db.select().from(accountTypes);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from account_types where id = ${id} for update`);
    });
    await database.db
      .transaction(async (tx) => {
        await tx.update(accountTypes).set({ description: 'never' }).where(eq(accountTypes.id, id));
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await fingerprint()).toBe(before);
  });

  it('cached, gives the full fingerprint: the same after reads, a new one after each committed write', async () => {
    const cached = cachedFingerprint(database, tables);
    const id = await addType('Fingerprint D');
    expect(await cached()).toBe(await fingerprint());
    await database.db.select().from(accountTypes);
    expect(await cached()).toBe(await fingerprint());
    const before = await cached();
    await database.db.update(accountTypes).set({ description: 'changed' }).where(eq(accountTypes.id, id));
    expect(await cached()).not.toBe(before);
    expect(await cached()).toBe(await fingerprint());
    await database.db.delete(accountTypes).where(eq(accountTypes.id, id));
    expect(await cached()).toBe(await fingerprint());
  });
});
