import { describe, expect, it } from 'vitest';
import { createThrowawayPostgres, dropThrowawayPostgres } from './databases.ts';

// Only with TEST_DATABASE_URL: the throwaway databases live on that PostgreSQL server.
describe.runIf(process.env.TEST_DATABASE_URL)('throwaway PostgreSQL databases', () => {
  const query = async <T>(url: string, text: string): Promise<T[]> => {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(text)).rows as T[];
    } finally {
      await client.end();
    }
  };

  it('global-setup made one migrated template with the reference data, which test databases copy', async () => {
    const template = process.env.SAVVYPIG_PG_TEMPLATE;
    expect(template).toMatch(/^t_[0-9a-f]{12}$/);
    const base = new URL(process.env.TEST_DATABASE_URL!);
    base.pathname = `/${template}`;
    const [migrations] = await query<{ n: number }>(
      base.toString(),
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(migrations!.n).toBeGreaterThan(30);
  });

  it('copies a template: the copy holds its rows, and later changes to either stay apart', async () => {
    const template = await createThrowawayPostgres();
    let copy: string | undefined;
    try {
      await query(template, 'create table kept (n int); insert into kept values (1), (2)');
      copy = await createThrowawayPostgres(process.env.TEST_DATABASE_URL, new URL(template).pathname.slice(1));
      expect(copy).not.toBe(template);
      await query(copy, 'insert into kept values (3)');
      expect(await query(copy, 'select n from kept order by n')).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      expect(await query(template, 'select n from kept order by n')).toEqual([{ n: 1 }, { n: 2 }]);
    } finally {
      if (copy) await dropThrowawayPostgres(copy);
      await dropThrowawayPostgres(template);
    }
  });

  it('copies only a throwaway database, never one named otherwise', async () => {
    await expect(createThrowawayPostgres(process.env.TEST_DATABASE_URL, 'savvypig')).rejects.toThrow(
      'Refusing to copy savvypig',
    );
    await expect(createThrowawayPostgres(process.env.TEST_DATABASE_URL, 't_1; drop database x')).rejects.toThrow(
      /Refusing to copy/,
    );
  });
});
