import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, NamedQuery } from './client.ts';
import { rowsOf } from './rls.ts';
import { createOneConnectionDatabase, testDatabaseKinds } from '../test/databases.ts';

describe.each(testDatabaseKinds())('a transaction opened with a statement, on %s', (kind) => {
  let test: Awaited<ReturnType<typeof createOneConnectionDatabase>>;
  let database: Database;

  beforeAll(async () => {
    // One connection, so a connection left in a bad state fails the next call.
    test = await createOneConnectionDatabase(kind);
    database = test.database;
    await database.db.execute(sql`create table probe (id int primary key, label text)`);
    await database.db.execute(sql`insert into probe values (1, 'one')`);
  });
  afterAll(async () => {
    await test?.drop();
  });

  const readProbe = () =>
    database.transactionOpenedWith(
      { name: 'probe_read', query: sql`select label from probe where id = ${1}` },
      async (_tx, rows) => rows,
    );

  it('returns the opening rows to the work and commits', async () => {
    expect(await readProbe()).toEqual([{ label: 'one' }]);
  });

  it('fills the placeholders with each call’s values under one name, and never keeps a written-in value', async () => {
    await database.db.execute(sql`insert into probe values (2, 'two') on conflict do nothing`);
    const byId = (id: number) =>
      database.transactionOpenedWith(
        {
          name: 'probe_by_id',
          query: sql`select label from probe where id = ${sql.placeholder('id')}`,
          values: { id },
        },
        async (_tx, rows) => rows,
      );
    expect(await byId(1)).toEqual([{ label: 'one' }]);
    expect(await byId(2)).toEqual([{ label: 'two' }]);
    const written = (id: number) =>
      database.transactionOpenedWith(
        { name: 'probe_written', query: sql`select label from probe where id = ${id}` },
        async (_tx, rows) => rows,
      );
    expect(await written(2)).toEqual([{ label: 'two' }]);
    expect(await written(1)).toEqual([{ label: 'one' }]);
    await database.db.execute(sql`delete from probe where id = 2`);
  });

  it('leaves the connection usable after the opening statement fails', async () => {
    await expect(
      database.transactionOpenedWith({ name: 'probe_fail', query: sql`select 1 / ${0}` }, async () => 'never'),
    ).rejects.toThrow();
    expect(await readProbe()).toEqual([{ label: 'one' }]);
  });

  it('leaves the connection usable after the work fails, and rolls the work back', async () => {
    await expect(
      database.transactionOpenedWith(
        { name: 'probe_read', query: sql`select label from probe where id = ${1}` },
        async (tx) => {
          await tx.execute(sql`update probe set label = 'changed'`);
          throw new Error('work failed');
        },
      ),
    ).rejects.toThrow('work failed');
    expect(await readProbe()).toEqual([{ label: 'one' }]);
  });

  const nothingFound = { name: 'probe_none', query: sql`select label from probe where id = ${-1}` };
  const whoReads = (admit: (rows: unknown[]) => void, read = sql`select current_user as role`) =>
    database.readsOpenedWith(nothingFound, admit, async (tx) => rowsOf(await tx.execute(read)));

  it('sends reads with their opening as app_user, even when the opening found nothing', async () => {
    let opened: unknown[] | undefined;
    const rows = await whoReads((found) => {
      opened = found;
    });
    expect(opened).toEqual([]);
    expect(rows).toEqual([{ role: 'app_user' }]);
    // The switch ends with the transaction.
    expect(rowsOf(await database.db.execute(sql`select current_user as role`))).not.toEqual([{ role: 'app_user' }]);
  });

  it('gives no read to a caller whose opening is refused, and leaves the connection usable', async () => {
    await expect(
      whoReads(() => {
        throw new Error('no session');
      }),
    ).rejects.toThrow('no session');
    expect(await readProbe()).toEqual([{ label: 'one' }]);
  });

  it('fails with a failed read, and leaves the connection usable', async () => {
    await expect(whoReads(() => undefined, sql`select 1 / 0`)).rejects.toThrow();
    expect(await readProbe()).toEqual([{ label: 'one' }]);
  });

  it('fails the reads sent with an opening that fails, and leaves the connection usable', async () => {
    const failing = { name: 'probe_opening_fails', query: sql`select 1 / ${0} as n` };
    await expect(
      database.readsOpenedWith(
        failing,
        () => undefined,
        async (tx) => rowsOf(await tx.execute(sql`select 1 as n`)),
      ),
    ).rejects.toThrow();
    expect(await readProbe()).toEqual([{ label: 'one' }]);
  });

  describe('writes sent with their opening and COMMIT, for a named actor', () => {
    /** An opening that makes `user` the row-level-security actor, as a session opening does. */
    const openingAs = (user: string) => ({
      name: 'probe_actor',
      query: sql`select set_config('app.user_id', ${sql.placeholder('user')}, true) as actor`,
      values: { user },
    });
    const writeProbe = (opening: NamedQuery, actor: string, id: number) =>
      database.readsOpenedWith(
        opening,
        () => undefined, // admits anyone: the check in the database is what is tested
        (tx) => tx.execute(sql`insert into probe values (${id}, 'written')`).execute(),
        { atOnce: true, actor },
      );
    const labelOf = async (id: number) =>
      rowsOf<{ label: string }>(await database.db.execute(sql`select label from probe where id = ${id}`));

    beforeAll(async () => {
      await database.db.execute(sql`grant select, insert on probe to app_user`);
    });

    it('commits them when the opening made that user the actor', async () => {
      await writeProbe(openingAs('ann'), 'ann', 10);
      expect(await labelOf(10)).toEqual([{ label: 'written' }]);
    });

    it('writes nothing when the opening made another user the actor', async () => {
      await expect(writeProbe(openingAs('bob'), 'ann', 11)).rejects.toThrow();
      expect(await labelOf(11)).toEqual([]);
      expect(await readProbe()).toEqual([{ label: 'one' }]);
    });

    it('writes nothing when the opening found no session', async () => {
      await expect(writeProbe(nothingFound, 'ann', 12)).rejects.toThrow();
      expect(await labelOf(12)).toEqual([]);
      expect(await readProbe()).toEqual([{ label: 'one' }]);
    });
  });

  if (kind === 'postgres') {
    it('recovers when a migration changes a prepared statement under it', async () => {
      expect(await readProbe()).toEqual([{ label: 'one' }]);
      await test.elsewhere.db.execute(sql`alter table probe alter column label type varchar(50)`);
      // The first call may fail (0A000, cached plan changed); the connection is then replaced.
      await readProbe().catch(() => undefined);
      expect(await readProbe()).toEqual([{ label: 'one' }]);
    });
  }

  it('serves a request back for its reads before requests not yet started that waited longer', async () => {
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    // The only connection, held by a transaction until the others are queued.
    const holder = database.transactionOpenedWith(
      { name: 'probe_hold', query: sql`select 1 as held` },
      async () => held,
    );
    const ran: string[] = [];
    const starting = (label: string) =>
      database.transactionOpenedWith(
        { name: 'probe_read', query: sql`select label from probe where id = ${1}` },
        async () => {
          ran.push(label);
        },
      );
    const first = starting('deposit 1');
    const second = starting('deposit 2');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const continuing = database.readsOpenedWith(
      { name: 'probe_read', query: sql`select label from probe where id = ${1}` },
      () => undefined,
      async (tx) => {
        const rows = rowsOf(await tx.execute(sql`select 1 as read`));
        ran.push('page reads');
        return rows;
      },
      { turn: 'continuing' },
    );
    letGo();
    await Promise.all([holder, first, second, continuing]);
    expect(ran).toEqual(['page reads', 'deposit 1', 'deposit 2']);
  });
});
