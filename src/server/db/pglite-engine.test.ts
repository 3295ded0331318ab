import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { pgliteEngine } from './pglite-engine.ts';
import { quietLogger } from '../test/databases.ts';

describe("PGlite's engine, compiled once per process", () => {
  it('finds the WebAssembly module and the share files where PGlite keeps them, and compiles them once', async () => {
    const engine = await pgliteEngine();
    expect(engine).toBeDefined();
    expect(engine!.wasmModule).toBeInstanceOf(WebAssembly.Module);
    // PostgreSQL's own entry points are the module's exports.
    expect(WebAssembly.Module.exports(engine!.wasmModule).map((e) => e.name)).toContain('initStringInfo');
    expect(engine!.fsBundle.byteLength).toBeGreaterThan(1_000_000);
    expect(await pgliteEngine()).toBe(engine);
  });

  it('opens two databases at once on the shared engine, each with rows of its own', async () => {
    const [a, b] = await Promise.all([
      openDatabase({ pgliteDir: 'memory://', logger: quietLogger }),
      openDatabase({ pgliteDir: 'memory://', logger: quietLogger }),
    ]);
    try {
      await a.db.execute(sql`create table only_in_a (n int)`);
      await a.db.execute(sql`insert into only_in_a values (7)`);
      const inA = (await a.db.execute(sql`select n from only_in_a`)) as unknown as { rows: Array<{ n: number }> };
      expect(inA.rows).toEqual([{ n: 7 }]);
      await expect(b.db.execute(sql`select n from only_in_a`)).rejects.toThrow(/only_in_a/);
      const version = (await b.db.execute(sql`select current_setting('server_version_num') as v`)) as unknown as {
        rows: Array<{ v: string }>;
      };
      expect(Number(version.rows[0]!.v)).toBeGreaterThanOrEqual(170000);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
