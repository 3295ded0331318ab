import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rls.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, grantAdmin, signUpAndSignIn, type TestServer } from '../test/server.ts';
import type { SystemHealth } from './system-health.ts';
import { probeJobQueue } from './system-health.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

type Sample = { name: string; labels: Record<string, string>; value: number };

/**
 * A small reader of the Prometheus text format (0.0.4): every sample line parses, every family
 * has its HELP and TYPE before its samples, and label values unescape.
 */
function parseExposition(text: string): { types: Map<string, string>; samples: Sample[] } {
  expect(text.endsWith('\n')).toBe(true);
  const types = new Map<string, string>();
  const helps = new Set<string>();
  const samples: Sample[] = [];
  const sampleLine = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)$/;
  const labelPair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)/y;
  for (const line of text.slice(0, -1).split('\n')) {
    if (line.startsWith('# HELP ')) {
      helps.add(line.split(' ')[2]!);
      continue;
    }
    if (line.startsWith('# TYPE ')) {
      const [, , name, type] = line.split(' ');
      expect(['counter', 'gauge', 'histogram', 'summary', 'untyped']).toContain(type);
      expect(helps.has(name!), `HELP before TYPE for ${name}`).toBe(true);
      expect(types.has(name!), `one TYPE line for ${name}`).toBe(false);
      types.set(name!, type!);
      continue;
    }
    const match = sampleLine.exec(line);
    expect(match, `a sample line: ${line}`).not.toBeNull();
    const [, name, , labelText, valueText] = match!;
    const labels: Record<string, string> = {};
    if (labelText) {
      labelPair.lastIndex = 0;
      while (labelPair.lastIndex < labelText.length) {
        const pair = labelPair.exec(labelText);
        expect(pair, `labels of ${line}`).not.toBeNull();
        labels[pair![1]!] = pair![2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
      }
    }
    const value = valueText === '+Inf' ? Infinity : valueText === 'NaN' ? NaN : Number(valueText);
    expect(Number.isNaN(value) && valueText !== 'NaN', `a number: ${line}`).toBe(false);
    const family = name!.replace(/_(bucket|sum|count)$/, '');
    expect(types.has(name!) || types.has(family), `a declared family for ${name}`).toBe(true);
    samples.push({ name: name!, labels, value });
  }
  return { types, samples };
}

describe.each(testDatabaseKinds())('the system health API and the metrics endpoint on %s', (kind) => {
  let server: TestServer;
  let admin: { cookie: string; userId: string };
  let saver: { cookie: string; userId: string };

  beforeAll(async () => {
    server = await createTestServer(kind, { METRICS_TOKEN: TOKEN });
    saver = await signUpAndSignIn(server, { email: 'metrics-saver@example.com' });
    admin = await signUpAndSignIn(server, { email: 'metrics-admin@example.com' });
    await grantAdmin(server, admin.userId);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers the admin routes to an admin only', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/system/health'],
      ['GET', '/api/admin/system/alerts'],
      ['GET', '/api/admin/system/performance'],
      ['POST', '/api/admin/system/test-hubspot'],
    ] as const) {
      expect((await server.request(path, { method })).status, `${path} anonymous`).toBe(401);
      expect((await server.request(path, { method, cookie: saver.cookie })).status, `${path} saver`).toBe(403);
      expect((await server.request(path, { method, cookie: admin.cookie })).status, `${path} admin`).toBe(200);
    }
  });

  it('measures the requests it answered: counts, latency percentiles, a database round trip', async () => {
    for (let i = 0; i < 5; i += 1) await server.request('/api/health');
    const res = await server.request('/api/admin/system/health', { cookie: admin.cookie });
    const health = (await res.json()) as SystemHealth;
    expect(health.latency.requests).toBeGreaterThanOrEqual(5);
    expect(health.latency.p50Ms).toBeGreaterThan(0);
    expect(health.latency.p99Ms).toBeGreaterThanOrEqual(health.latency.p50Ms!);
    expect(health.database).toMatchObject({ kind, up: true });
    expect(health.database.roundTripMs).toBeGreaterThan(0);
    expect(health.checks.map((c) => c.id)).toEqual(
      expect.arrayContaining(['database', 'api-response', 'error-rate', 'job-queue', 'mail']),
    );
    expect(health.healthPercent).toBeGreaterThanOrEqual(0);
    expect(health.healthPercent).toBeLessThanOrEqual(100);
    expect(health.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(health.memory.rssBytes).toBeGreaterThan(0);
    expect(health.crm.status).toBe('disabled');
    expect(health.syncQueue).toBeNull();
  });

  it('counts due jobs as the backlog and raises the large backlog alert above 50', async () => {
    const { db } = server.deps.database;
    await db.execute(sql`
      insert into jobs (name, key, run_at) select 'nobody:runs-this', 'backlog-' || g, now() - interval '1 minute'
      from generate_series(1, 51) g`);
    try {
      const res = await server.request('/api/admin/system/alerts', { cookie: admin.cookie });
      const body = (await res.json()) as { alerts: { id: string; message: string }[]; allClear: boolean };
      expect(body.allClear).toBe(false);
      expect(body.alerts.find((a) => a.id === 'large-backlog')?.message).toMatch(
        /^Large sync queue backlog detected \(5\d items\)\. Consider processing manually\.$/,
      );
    } finally {
      await db.execute(sql`delete from jobs where name = 'nobody:runs-this'`);
    }
  });

  it('keeps a performance history sampled from the window', async () => {
    server.deps.metrics.sample();
    const res = await server.request('/api/admin/system/performance', { cookie: admin.cookie });
    const body = (await res.json()) as { samples: { requests: number }[]; current: { requests: number } };
    expect(body.samples.length).toBeGreaterThanOrEqual(1);
    expect(body.current.requests).toBeGreaterThan(0);
  });

  it('times a no-op job through the queue end to end (Test Sync Queue)', async () => {
    server.deps.jobs.start(20);
    try {
      const res = await server.request('/api/admin/system/test-sync-queue', { method: 'POST', cookie: admin.cookie });
      const probe = (await res.json()) as { status: string; totalMs: number; waitMs: number | null };
      expect(probe.status).toBe('pass');
      expect(probe.totalMs).toBeGreaterThan(0);
      expect(probe.waitMs).not.toBeNull();
    } finally {
      await server.deps.jobs.stop();
    }
    const health = (await (
      await server.request('/api/admin/system/health', { cookie: admin.cookie })
    ).json()) as SystemHealth;
    expect(health.processing.source).toBe('jobs');
    expect(health.processing.meanMs).not.toBeNull();
  });

  it('answers at once when no runner runs anywhere, and withdraws the test job when none picks it up', async () => {
    const { db } = server.deps.database;
    const none = await probeJobQueue(server.deps, { timeoutMs: 5_000, pollMs: 20 });
    expect(none.status).toBe('fail');
    expect(none.message).toMatch(/^No job runner is running/);
    expect(none.totalMs).toBeLessThan(5_000);
    // Another instance took a job lately: the test job waits for it, and is withdrawn unrun.
    await db.execute(sql`
      insert into jobs (name, key, status, locked_by, locked_at, finished_at)
      values ('elsewhere', 'elsewhere-1', 'done', 'another-instance', now(), now())`);
    try {
      const waited = await probeJobQueue(server.deps, { timeoutMs: 200, pollMs: 20 });
      expect(waited.status).toBe('fail');
      expect(waited.message).toMatch(/^No job runner picked the test job up/);
      const left = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from jobs where name = 'system:probe' and status = 'pending'`),
      );
      expect(left[0]?.n).toBe(0);
    } finally {
      await db.execute(sql`delete from jobs where key = 'elsewhere-1'`);
    }
  });

  it('reports HubSpot disabled without a token', async () => {
    const res = await server.request('/api/admin/system/test-hubspot', { method: 'POST', cookie: admin.cookie });
    expect(await res.json()).toMatchObject({ status: 'disabled' });
  });

  it('answers 404 when no token is configured, 401 without or with a wrong token', async () => {
    const config = server.deps.config as { METRICS_TOKEN?: string };
    config.METRICS_TOKEN = undefined;
    try {
      expect((await server.request('/api/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(
        404,
      );
    } finally {
      config.METRICS_TOKEN = TOKEN;
    }
    const none = await server.request('/api/metrics');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    for (const header of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, `Basic ${TOKEN}`, 'Bearer '])
      expect((await server.request('/api/metrics', { headers: { authorization: header } })).status, header).toBe(401);
  });

  it('serves a valid exposition with the right token, by route pattern, with no secret or address in it', async () => {
    // A path with an id: the label must be the pattern.
    const id = '3f1c2a9e-0000-4000-8000-00000000abcd';
    await server.request(`/api/accounts/${id}`, { cookie: saver.cookie });
    const res = await server.request('/api/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await res.text();
    const { types, samples } = parseExposition(text);
    expect(types.get('savvypig_http_requests_total')).toBe('counter');
    expect(types.get('savvypig_http_request_duration_seconds')).toBe('histogram');
    expect(types.get('savvypig_http_request_duration_recent_seconds')).toBe('summary');
    expect(
      samples.some(
        (s) => s.name === 'savvypig_http_requests_total' && s.labels.route === '/api/accounts/:id' && s.value >= 1,
      ),
    ).toBe(true);
    expect(text).not.toContain(id);
    // Each histogram's buckets climb and end at its count.
    const buckets = samples.filter(
      (s) => s.name === 'savvypig_http_request_duration_seconds_bucket' && s.labels.route === '/api/health',
    );
    const counts = buckets.map((b) => b.value);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(buckets.at(-1)?.labels.le).toBe('+Inf');
    const count = samples.find(
      (s) => s.name === 'savvypig_http_request_duration_seconds_count' && s.labels.route === '/api/health',
    );
    expect(buckets.at(-1)?.value).toBe(count?.value);
    expect(samples.find((s) => s.name === 'savvypig_database_up')?.value).toBe(1);
    expect(samples.some((s) => s.name === 'savvypig_job_queue_jobs' && s.labels.state === 'due')).toBe(true);
    // Nothing that names a person or opens a door.
    expect(text).not.toMatch(/@/);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(server.deps.secret);
    expect(text).not.toContain(admin.cookie.split('=')[1]!);
  });

  it('counts the signed-in reads running and those waiting for their turn', async () => {
    const scrape = async () => {
      const res = await server.request('/api/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
      const { types, samples } = parseExposition(await res.text());
      expect(types.get('savvypig_http_reads_waiting')).toBe('gauge');
      const value = (name: string) => samples.find((s) => s.name === name)?.value;
      return [value('savvypig_http_reads_running'), value('savvypig_http_reads_waiting')];
    };
    expect(await scrape()).toEqual([0, 0]);
    // Every turn taken (twice the default pool of 8), so the saver's read waits for one.
    const turns = server.deps.readTurns;
    let letGo: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    const taken = Array.from({ length: 16 }, () => turns.inTurn(() => held));
    const read = server.request('/api/accounts', { cookie: saver.cookie });
    await expect.poll(scrape).toEqual([16, 1]);
    letGo();
    await Promise.all(taken);
    expect((await read).status).toBe(200);
    expect(await scrape()).toEqual([0, 0]);
  });
});
