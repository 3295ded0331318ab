import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Tx } from './client.ts';
import { preparedPerConnection } from './prepared.ts';
import { createTestDatabase, testDatabaseKinds } from '../test/databases.ts';

describe.each(testDatabaseKinds())('a query prepared once per connection, on %s', (kind) => {
  let test: Awaited<ReturnType<typeof createTestDatabase>>;
  let database: Database;
  let builds = 0;
  const probeIds = preparedPerConnection((tx: Tx) => {
    builds += 1;
    return tx.select({ id: sql<number>`id` }).from(sql`prepared_probe`).orderBy(sql`id`).prepare('prepared_probe_ids');
  });
  /** A request transaction: its opening, then `work`. */
  const inRequest = <T>(work: (tx: Tx) => Promise<T>) =>
    database.transactionOpenedWith({ name: 'prepared_probe_opening', query: sql`select ${1}::int as one` }, work);

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    database = test.database;
    await database.db.execute(sql`create table prepared_probe (id int primary key)`);
  });
  afterAll(async () => {
    await test?.drop();
  });

  it('runs in the transaction it is used in, however many transactions used it before', async () => {
    const seen: number[][] = [];
    for (const id of [1, 2, 3]) {
      await inRequest(async (tx) => {
        await tx.execute(sql`insert into prepared_probe values (${id})`);
        seen.push((await probeIds(tx).execute()).map((row) => row.id));
      });
    }
    // Each run sees its own transaction's insert: it ran in that transaction, not a finished one.
    expect(seen).toEqual([[1], [1, 2], [1, 2, 3]]);
    const rolledBack = inRequest(async (tx) => {
      await tx.execute(sql`insert into prepared_probe values (4)`);
      seen.push((await probeIds(tx).execute()).map((row) => row.id));
      throw new Error('roll back');
    });
    await expect(rolledBack).rejects.toThrow('roll back');
    expect(seen.at(-1)).toEqual([1, 2, 3, 4]);
    expect(await inRequest(async (tx) => (await probeIds(tx).execute()).map((row) => row.id))).toEqual([1, 2, 3]);
    // PGlite: built once and rebound to each transaction; PostgreSQL: once per pooled connection.
    if (kind === 'pglite') expect(builds).toBe(1);
    else expect(builds).toBeLessThanOrEqual(5);
  });
});
