import { describe, expect, it } from 'vitest';
import { formatSummary, sampleOf, summarise } from './backend-sampler.ts';

describe('the PostgreSQL backend sampler (BENCH_PG_SAMPLE=1)', () => {
  it('folds a statement’s whitespace and cuts it short, and names a missing state', () => {
    expect(sampleOf({ state: 'active', wait: null, query: 'select\n   1,\t2' })).toEqual({
      state: 'active',
      wait: '',
      statement: 'select 1, 2',
    });
    expect(sampleOf({ state: null, wait: 'Lock:object', query: `select ${'x'.repeat(200)}` }).statement).toHaveLength(
      80,
    );
    expect(sampleOf({ state: null, wait: null, query: null }).state).toBe('unknown');
  });

  it('counts each state, wait and statement, most frequent first, as shares of the samples and backends per read', () => {
    const commitWaiting = { state: 'active', wait: 'Lock:object', statement: 'commit' };
    const held = { state: 'idle in transaction', wait: 'Client:ClientRead', statement: 'select s.user_id' };
    const running = { state: 'active', wait: '', statement: 'select 1' };
    // Four reads: 3 held, 2 commits waiting, 1 running: 6 samples.
    const summary = summarise([held, commitWaiting, held, running, commitWaiting, held], 4);
    expect(summary.reads).toBe(4);
    expect(summary.busy).toBe(1.5);
    expect(summary.top.map((t) => [t.statement, t.share, t.average])).toEqual([
      ['select s.user_id', 0.5, 0.75],
      ['commit', 2 / 6, 0.5],
      ['select 1', 1 / 6, 0.25],
    ]);
    expect(summarise([held, running], 2, 1).top).toHaveLength(1);
    expect(summarise([], 0)).toEqual({ reads: 0, busy: 0, top: [] });
  });

  it('prints one line per kind, its share and backends per read', () => {
    const lines = formatSummary(summarise([{ state: 'active', wait: 'Lock:object', statement: 'commit' }], 2), 5);
    expect(lines[0]).toBe(
      "PostgreSQL's backends, read 2 times every 5 ms: 0.5 not idle on average; the most frequent:",
    );
    expect(lines[1]).toMatch(/^\s+100\.0%\s+0\.50\s+active \(Lock:object\)\s+commit$/);
  });
});
