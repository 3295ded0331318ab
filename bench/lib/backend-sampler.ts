/**
 * What PostgreSQL's backends were doing during a bench's measured runs (BENCH_PG_SAMPLE=1):
 * `pg_stat_activity` read every few milliseconds on a connection of its own, the bench's database
 * only, each backend that was not idle counted by its state, what it waited for and its statement.
 * A statement PostgreSQL is running with no wait event is CPU; "idle in transaction" is a pooled
 * connection held while the server's JavaScript works; a wait names a lock or the WAL flush.
 */
import pg from 'pg';

export type BackendSample = { state: string; wait: string; statement: string };

export type BackendSummary = {
  reads: number;
  /** Backends not idle, on average over the reads. */
  busy: number;
  /** The most frequent (state, wait, statement), with their share of every sample and their average count. */
  top: Array<BackendSample & { share: number; average: number }>;
};

const STATEMENT_CHARS = 80;
const SHOWN = 12;

/** One read's backends, as the sampler keeps them: whitespace folded, the statement cut short. */
export function sampleOf(row: { state: string | null; wait: string | null; query: string | null }): BackendSample {
  return {
    state: row.state ?? 'unknown',
    wait: row.wait ?? '',
    statement: (row.query ?? '').replace(/\s+/g, ' ').trim().slice(0, STATEMENT_CHARS),
  };
}

export function summarise(samples: readonly BackendSample[], reads: number, shown = SHOWN): BackendSummary {
  const counts = new Map<string, { sample: BackendSample; count: number }>();
  for (const sample of samples) {
    const key = `${sample.state}\u0000${sample.wait}\u0000${sample.statement}`;
    const seen = counts.get(key);
    if (seen) seen.count += 1;
    else counts.set(key, { sample, count: 1 });
  }
  const top = [...counts.values()]
    .sort((a, b) => b.count - a.count || a.sample.statement.localeCompare(b.sample.statement))
    .slice(0, shown)
    .map(({ sample, count }) => ({
      ...sample,
      share: samples.length === 0 ? 0 : count / samples.length,
      average: reads === 0 ? 0 : count / reads,
    }));
  return { reads, busy: reads === 0 ? 0 : samples.length / reads, top };
}

export function formatSummary(summary: BackendSummary, intervalMs: number): string[] {
  const lines = [
    `PostgreSQL's backends, read ${summary.reads} times every ${intervalMs} ms: ${summary.busy.toFixed(1)} not idle on average; the most frequent:`,
  ];
  for (const s of summary.top) {
    const share = `${(100 * s.share).toFixed(1)}%`.padStart(6);
    const what = `${s.state}${s.wait ? ` (${s.wait})` : ''}`;
    lines.push(`  ${share} ${s.average.toFixed(2).padStart(5)}  ${what.padEnd(34)} ${s.statement}`);
  }
  return lines;
}

const READ = `select state, wait_event_type || ':' || wait_event as wait, query
  from pg_stat_activity where datname = $1 and state <> 'idle' and pid <> pg_backend_pid()`;

/** Starts reading; `stop` ends it and returns what it saw. */
export async function startBackendSampler(
  databaseUrl: string,
  database: string,
  intervalMs = 5,
): Promise<{ stop: () => Promise<BackendSummary> }> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'savvypig-bench-sampler' });
  await client.connect();
  const samples: BackendSample[] = [];
  let reads = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const { rows } = await client.query(READ, [database]);
      reads += 1;
      for (const row of rows) samples.push(sampleOf(row));
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      await client.end();
      return summarise(samples, reads);
    },
  };
}
