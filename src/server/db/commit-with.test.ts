import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { afterCheck, TRANSACTION_OVER } from './commit-with.ts';
import { rowsOf } from './rls.ts';
import { createOneConnectionDatabase, testDatabaseKinds } from '../test/databases.ts';

describe.each(testDatabaseKinds())('COMMIT sent with the last statements, on %s', (kind) => {
  let test: Awaited<ReturnType<typeof createOneConnectionDatabase>>;
  let database: Database;

  beforeAll(async () => {
    // One connection, so a connection left in a bad state fails the next call.
    test = await createOneConnectionDatabase(kind);
    database = test.database;
    await database.db.execute(sql`create table committed_probe (id int primary key, label text)`);
    await database.db.execute(sql`grant select on committed_probe to app_user`);
  });
  beforeEach(async () => {
    await database.db.execute(sql`delete from committed_probe`);
    await database.db.execute(sql`insert into committed_probe values (1, 'one')`);
  });
  afterAll(async () => {
    await test?.drop();
  });

  const opening = { name: 'committed_probe_opening', query: sql`select label from committed_probe where id = ${1}` };
  /** The error's message and its cause's (drizzle wraps the driver's error in a 'Failed query'). */
  const messagesOf = (err: unknown) => {
    const { message, cause } = err as Error & { cause?: Error };
    return `${message} ${cause?.message ?? ''}`;
  };
  /** What a statement answered, or the messages of its error (drizzle's query runs again on every `then`). */
  const outcome = (statement: PromiseLike<unknown>) =>
    Promise.resolve(statement).then(
      () => 'answered',
      (err: unknown) => messagesOf(err),
    );

  const labels = async () =>
    rowsOf(await database.db.execute(sql`select id, label from committed_probe order by id`)) as Array<{
      id: number;
      label: string;
    }>;

  it('commits what was sent with COMMIT, and answers with its rows', async () => {
    const answer = await database.transactionOpenedWith(opening, async (tx, _rows, commitWith) => {
      await tx.execute(sql`update committed_probe set label = 'before' where id = 1`);
      return commitWith(() =>
        Promise.all([
          tx.execute(sql`insert into committed_probe values (2, 'two') returning label`).execute(),
          tx.execute(sql`select count(*)::int as n from committed_probe`).execute(),
        ]),
      );
    });
    expect(answer.map((result) => rowsOf(result))).toEqual([[{ label: 'two' }], [{ n: 2 }]]);
    expect(await labels()).toEqual([
      { id: 1, label: 'before' },
      { id: 2, label: 'two' },
    ]);
  });

  it('rolls back everything when a statement sent with COMMIT fails, with that statement’s error', async () => {
    await expect(
      database.transactionOpenedWith(opening, async (tx, _rows, commitWith) => {
        await tx.execute(sql`update committed_probe set label = 'changed' where id = 1`);
        return commitWith(() =>
          Promise.all([
            tx.execute(sql`insert into committed_probe values (3, 'three')`).execute(),
            tx.execute(sql`insert into committed_probe values (1, 'a duplicate key')`).execute(),
            tx.execute(sql`insert into committed_probe values (4, 'four')`).execute(),
          ]),
        );
      }),
    ).rejects.toSatisfy((err: Error & { cause?: { code?: string } }) => err.cause?.code === '23505');
    expect(await labels()).toEqual([{ id: 1, label: 'one' }]);
  });

  it('refuses a statement sent after COMMIT: it runs nowhere, not even outside the transaction', async () => {
    let late = '';
    await database.transactionOpenedWith(opening, async (tx, _rows, commitWith) => {
      await commitWith(() => tx.execute(sql`update committed_probe set label = 'committed' where id = 1`).execute());
      late = await outcome(tx.execute(sql`update committed_probe set label = 'late' where id = 1`));
    });
    expect(late).toContain(TRANSACTION_OVER);
    expect(await labels()).toEqual([{ id: 1, label: 'committed' }]);
  });

  it('refuses a second commitWith', async () => {
    const second = await outcome(
      database.transactionOpenedWith(opening, async (tx, _rows, commitWith) => {
        await commitWith(() => tx.execute(sql`select 1`).execute());
        return commitWith(() => tx.execute(sql`update committed_probe set label = 'second' where id = 1`).execute());
      }),
    );
    expect(second).toContain(TRANSACTION_OVER);
    expect(await labels()).toEqual([{ id: 1, label: 'one' }]);
  });

  const whoReads = (read: Parameters<Database['readsOpenedWith']>[2]) =>
    database.readsOpenedWith(opening, () => undefined, read, { atOnce: true });

  it('answers reads sent at once with their COMMIT, as app_user', async () => {
    const rows = await whoReads(async (tx) => {
      const [role, probe] = await Promise.all([
        tx.execute(sql`select current_user as role`).execute(),
        tx.select({ n: sql<number>`count(*)::int` }).from(sql`committed_probe`).execute(),
      ]);
      return [rowsOf(role), probe];
    });
    expect(rows).toEqual([[{ role: 'app_user' }], [{ n: 1 }]]);
  });

  it('fails a statement of the last ones sent a microtask late (a builder awaited, not executed)', async () => {
    const awaited = await outcome(
      database.transactionOpenedWith(opening, async (tx, _rows, commitWith) =>
        commitWith(async () => tx.execute(sql`update committed_probe set label = 'late' where id = 1`)),
      ),
    );
    expect(awaited).toContain(TRANSACTION_OVER);
    expect(await labels()).toEqual([{ id: 1, label: 'one' }]);
  });

  it('fails reads sent at once that send a statement after awaiting an answer, and leaves the connection usable', async () => {
    const twoSteps = await outcome(
      whoReads(async (tx) => {
        await tx.execute(sql`select 1`).execute();
        return rowsOf(await tx.execute(sql`select 2`));
      }),
    );
    expect(twoSteps).toContain(TRANSACTION_OVER);
    await expect(whoReads(async (tx) => rowsOf(await tx.execute(sql`select 1 / 0`).execute()))).rejects.toThrow();
    expect(await whoReads(async (tx) => rowsOf(await tx.execute(sql`select 3 as n`).execute()))).toEqual([{ n: 3 }]);
  });
});

describe('the answer of a write sent after its check', () => {
  it('fails with the check’s error even when the write’s comes back first', async () => {
    const write = Promise.reject(new Error('current transaction is aborted'));
    const check = new Promise((_, reject) => setTimeout(() => reject(new Error('Account not found')), 5));
    await expect(afterCheck(check, write)).rejects.toThrow('Account not found');
  });

  it('fails with the write’s error when the check passed, and answers with the write’s rows', async () => {
    await expect(afterCheck(Promise.resolve(), Promise.reject(new Error('duplicate key')))).rejects.toThrow(
      'duplicate key',
    );
    expect(await afterCheck(Promise.resolve(), Promise.resolve([1, 2]))).toEqual([1, 2]);
  });
});
