import { describe, expect, it } from 'vitest';
import { StatementStats, statementKey } from './statement-stats.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('where PGlite’s thread spends its time (BENCH_STATEMENTS=1)', () => {
  it('folds a statement’s whitespace and cuts it to 120 characters for its key', () => {
    expect(statementKey('  select\n    1,\t2  ')).toBe('select 1, 2');
    expect(statementKey(`select ${'x'.repeat(200)}`)).toHaveLength(120);
  });

  it('counts each kind of statement’s runs and time, the dearest first, and a failed run too', async () => {
    // A clock the statements move, so a busy machine's late timers cannot reorder them.
    let clockMs = 0;
    const stats = new StatementStats(() => clockMs);
    const takes = async (ms: number) => {
      clockMs += ms;
    };
    await stats.timed('select 1', () => takes(5));
    await stats.timed('select  1', () => takes(5));
    await expect(
      stats.timed('select 2', () => takes(30).then(() => Promise.reject(new Error('no')))),
    ).rejects.toThrow();
    stats.add('COMMIT', 1);
    const { statements } = stats.report();
    expect(statements.map(({ sql, count }) => [sql, count])).toEqual([
      ['select 2', 1],
      ['select 1', 2],
      ['COMMIT', 1],
    ]);
    expect(statements.map(({ ms }) => ms)).toEqual([30, 10, 1]);
  });

  it('divides a turn’s holding between statements running and waits for the server’s thread', async () => {
    const stats = new StatementStats();
    await stats.turn(async () => {
      await stats.timed('select 1', () => pause(10));
      await pause(20);
      stats.waited(20);
    });
    const { turns } = stats.report();
    expect(turns.count).toBe(1);
    expect(turns.waits).toBe(1);
    expect(turns.waitedMs).toBe(20);
    expect(turns.runningMs).toBeGreaterThanOrEqual(9);
    expect(turns.heldMs).toBeGreaterThanOrEqual(turns.runningMs + 19);
  });
});
