import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/rls.ts';
import { createTestDatabase } from '../../test/databases.ts';
import { userOwnedTables } from '../../test/user-owned-tables.ts';
import { EXCLUDED_FROM_EXPORT, EXPORTERS } from './exporters.ts';

describe('the data export covers every table that holds user data', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let owned: string[];

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase('pglite'));
    owned = await userOwnedTables(database);
  });
  afterAll(async () => {
    await drop?.();
  });

  it('finds the user-owned tables', () => {
    expect(owned).toEqual(expect.arrayContaining(['user', 'profiles', 'session', 'stored_files', 'user_settings']));
  });

  it('exports or explicitly excludes each of them', () => {
    const handled = new Set([...EXPORTERS.map((e) => e.table), ...Object.keys(EXCLUDED_FROM_EXPORT)]);
    const forgotten = owned.filter((table) => !handled.has(table));
    expect(forgotten, 'add an exporter to exporters.ts, or an exclusion with a reason').toEqual([]);
  });

  it('gives every exclusion a reason and never both exports and excludes a table', () => {
    for (const [table, reason] of Object.entries(EXCLUDED_FROM_EXPORT)) {
      expect(reason.length, `reason for ${table}`).toBeGreaterThan(20);
      expect(
        EXPORTERS.some((e) => e.table === table),
        `${table} is both exported and excluded`,
      ).toBe(false);
    }
  });

  it('names only tables that exist, each key once', async () => {
    const tables = rowsOf<{ name: string }>(
      await database.db.execute(
        sql`select table_name as name from information_schema.tables where table_schema = 'public'`,
      ),
    ).map((r) => r.name);
    for (const table of [...EXPORTERS.map((e) => e.table), ...Object.keys(EXCLUDED_FROM_EXPORT)])
      expect(tables).toContain(table);
    const keys = EXPORTERS.map((e) => e.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
