import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestServer, grantAdmin, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { adminAuditLog, jobs } from '../db/schema/index.ts';
import { createTestAccount, insertStoredTransaction } from '../transactions/account-fixture.ts';
import { rowsOf } from '../db/rls.ts';

type Run = {
  results: {
    id: string;
    status: string;
    message: string;
    details: Record<string, unknown>;
    durationMs: number;
    severity: string;
    fix: string | null;
  }[];
  summary: { healthScore: number; totalTests: number; passed: number; failed: number; warnings: number };
};

describe.each(testDatabaseKinds())('diagnostics on %s', (kind) => {
  let server: TestServer;
  let admin: { cookie: string; userId: string };
  let saver: { cookie: string; userId: string };
  let accountId: string;

  beforeAll(async () => {
    server = await createTestServer(kind);
    admin = await signUpAndSignIn(server, { email: 'root@example.com' });
    await grantAdmin(server, admin.userId);
    saver = await signUpAndSignIn(server, { email: 'saver@example.com' });
    accountId = await createTestAccount(server.deps.database.db, saver.userId);
    await insertStoredTransaction(server.deps.database.db, {
      userId: saver.userId,
      accountId,
      amountPence: 50_000,
      date: '2026-01-01',
      type: 'opening_balance',
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (path: string, json: unknown = {}, cookie = admin.cookie) =>
    server.request(path, { method: 'POST', cookie, json });
  const run = async (checks?: string[]) => {
    const res = await post('/api/admin/diagnostics/run', checks ? { checks } : {});
    expect(res.status).toBe(200);
    return (await res.json()) as Run;
  };
  const result = (r: Run, id: string) => r.results.find((x) => x.id === id)!;

  it('runs every check against the live system, each timed, with the score by the formula', async () => {
    const r = await run();
    expect(r.results.map((x) => x.id)).toEqual([
      'database-connectivity',
      'migrations-current',
      'row-level-security',
      'job-queue',
      'sync-queue',
      'consent-activity',
      'api-response',
      'balances-match-ledger',
      'inactive-banks',
      'orphans',
    ]);
    for (const x of r.results) expect(x.durationMs, x.id).toBeGreaterThanOrEqual(0);
    expect(result(r, 'database-connectivity').status).not.toBe('failed');
    expect(result(r, 'migrations-current')).toMatchObject({ status: 'passed' });
    expect(result(r, 'row-level-security')).toMatchObject({ status: 'passed' });
    expect(Number(result(r, 'row-level-security').details.tablesChecked)).toBeGreaterThan(10);
    expect(result(r, 'balances-match-ledger')).toMatchObject({ status: 'passed' });
    expect(result(r, 'api-response').status).toBe('passed');
    const { passed, warnings, totalTests } = r.summary;
    expect(r.summary.healthScore).toBe(Math.round(((passed + 0.5 * warnings) / totalTests) * 100));
    const [entry] = await server.deps.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'diagnostics.run'));
    expect(entry).toMatchObject({ adminId: admin.userId, subjectType: 'system' });
  });

  it('finds a balance that drifted from its ledger, and Auto-Fix recomputes it by the rule', async () => {
    const { db } = server.deps.database;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.balance_recalculation', 'on', true)`);
      await tx.execute(sql`update accounts set balance_pence = balance_pence + 1234 where id = ${accountId}`);
    });
    const drifted = result(await run(['balances-match-ledger']), 'balances-match-ledger');
    expect(drifted).toMatchObject({ status: 'failed', fix: 'recompute-balances' });
    expect(drifted.details.accountIds).toEqual([accountId]);

    const res = await post('/api/admin/diagnostics/auto-fix');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { fixed: { fix: string; subject: string; ok: boolean }[]; after: Run };
    expect(body.fixed).toContainEqual(
      expect.objectContaining({ fix: 'recompute-balances', subject: `account ${accountId}`, ok: true }),
    );
    expect(result(body.after, 'balances-match-ledger').status).toBe('passed');
    const [row] = rowsOf<{ balance: string }>(
      await db.execute(sql`select balance_pence::text as balance from accounts where id = ${accountId}`),
    );
    expect(row?.balance).toBe('50000');
    const fixes = await db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'diagnostics.fix.balance'));
    expect(fixes).toHaveLength(1);
    expect(fixes[0]).toMatchObject({
      subjectId: accountId,
      before: { balancePence: 51_234 },
      after: { balancePence: 50_000 },
    });
  });

  it('releases a stuck job and removes a job of a user who is gone', async () => {
    const { db } = server.deps.database;
    const [stuck] = await db
      .insert(jobs)
      .values({ name: 'test:stuck', status: 'running', lockedBy: 'w1', lockedAt: new Date(Date.now() - 3_600_000) })
      .returning({ id: jobs.id });
    await db
      .insert(jobs)
      .values({ name: 'test:orphan', userId: 'ghost-user', runAt: new Date(Date.now() + 86_400_000) });
    const before = await run(['job-queue', 'orphans']);
    expect(result(before, 'job-queue')).toMatchObject({ status: 'warning', fix: 'release-stuck-jobs' });
    expect(result(before, 'orphans')).toMatchObject({ status: 'failed', details: { jobs: 1 } });

    const body = (await (await post('/api/admin/diagnostics/auto-fix')).json()) as {
      fixed: { fix: string; ok: boolean }[];
      after: Run;
    };
    expect(body.fixed.map((f) => f.fix)).toEqual(expect.arrayContaining(['release-stuck-jobs', 'remove-orphans']));
    expect(result(body.after, 'orphans').status).toBe('passed');
    const [job] = await db.select().from(jobs).where(eq(jobs.id, stuck!.id));
    expect(job).toMatchObject({ status: 'pending', lockedBy: null });
    await db.delete(jobs).where(eq(jobs.id, stuck!.id));
  });

  it('cleans up finished jobs older than 30 days and keeps newer ones', async () => {
    const { db } = server.deps.database;
    await db.insert(jobs).values([
      { name: 'test:old', status: 'done', finishedAt: new Date(Date.now() - 40 * 86_400_000) },
      { name: 'test:new', status: 'done', finishedAt: new Date() },
    ]);
    const res = await post('/api/admin/diagnostics/cleanup');
    expect(await res.json()).toMatchObject({ cleaned: expect.arrayContaining([{ table: 'jobs', removed: 1 }]) });
    const names = (await db.select({ name: jobs.name }).from(jobs)).map((j) => j.name);
    expect(names).toContain('test:new');
    expect(names).not.toContain('test:old');
    const entries = await db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'diagnostics.cleanup'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ adminId: admin.userId, adminEmail: 'root@example.com' });
    expect((entries[0]?.after as { removed: Record<string, number> }).removed.jobs).toBe(1);
  });

  it('writes one admin audit entry per Auto-Fix, naming the admin', async () => {
    const { db } = server.deps.database;
    const autoFixes = () => db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'diagnostics.auto-fix'));
    const before = (await autoFixes()).length;
    expect((await post('/api/admin/diagnostics/auto-fix')).status).toBe(200);
    const after = await autoFixes();
    expect(after).toHaveLength(before + 1);
    const newest = after.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    expect(newest).toMatchObject({ adminId: admin.userId, adminEmail: 'root@example.com', subjectType: 'system' });
  });

  it('keeps the last full validation run, whose critical issues System Alerts raises until Auto-Fix mends them', async () => {
    const { db } = server.deps.database;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.balance_recalculation', 'on', true)`);
      await tx.execute(sql`update accounts set balance_pence = balance_pence + 99 where id = ${accountId}`);
    });
    // A run of named checks is not the suite's run: only a full one is kept.
    await run(['balances-match-ledger']);
    const full = await run();
    const critical = full.results.filter((r) => r.status === 'failed' && ['high', 'critical'].includes(r.severity));
    expect(critical.map((r) => r.id)).toContain('balances-match-ledger');
    const last = (await (await server.request('/api/admin/diagnostics/last-run', { cookie: admin.cookie })).json()) as {
      run: Run & { ranAt: string };
      criticalIssues: number;
    };
    expect(last.criticalIssues).toBe(critical.length);
    expect(last.run.summary).toEqual(full.summary);
    const alertText = `${critical.length} critical data validation issues found. Run auto-fix or manual resolution.`;
    const health = async () =>
      (await (await server.request('/api/admin/system/health', { cookie: admin.cookie })).json()) as {
        alerts: { id: string; level: string; message: string }[];
        validation: { criticalIssues: number; ranAt: string } | null;
      };
    const raised = await health();
    expect(raised.alerts).toContainEqual({ id: 'critical-validation-issues', level: 'critical', message: alertText });
    expect(raised.validation).toMatchObject({ criticalIssues: critical.length, ranAt: last.run.ranAt });

    const fixed = (await (await post('/api/admin/diagnostics/auto-fix')).json()) as { after: Run };
    const remaining = fixed.after.results.filter(
      (r) => r.status === 'failed' && ['high', 'critical'].includes(r.severity),
    );
    expect(remaining.map((r) => r.id)).not.toContain('balances-match-ledger');
    const now = await health();
    expect(now.validation?.criticalIssues).toBe(remaining.length);
    expect(now.alerts.map((a) => a.message)).not.toContain(alertText);
  });

  it('refuses the last run to a saver and to the signed out', async () => {
    expect((await server.request('/api/admin/diagnostics/last-run', { cookie: saver.cookie })).status).toBe(403);
    expect((await server.request('/api/admin/diagnostics/last-run')).status).toBe(401);
  });

  describe('the TestSprite API tab', () => {
    it('says the outside debug API is off here and which header it needs', async () => {
      const res = await server.request('/api/admin/diagnostics/debug-api', { cookie: admin.cookie });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { enabled: boolean; header: string; tests: { name: string }[] };
      expect(body).toMatchObject({ enabled: false, header: 'X-Debug-Key' });
      expect(body.tests.map((t) => t.name)).toEqual(['auth', 'navigation', 'database', 'system-health', 'full']);
    });

    it("runs each test for an admin with the debug API's answers, even with the outside API off", async () => {
      const expected: Record<string, string[]> = {
        auth: ['authTest'],
        navigation: ['navigationTest'],
        database: ['databaseTest'],
        'system-health': ['systemHealth'],
        full: ['authTest', 'navigationTest', 'databaseTest', 'systemHealth'],
      };
      for (const [name, keys] of Object.entries(expected)) {
        const res = await post(`/api/admin/diagnostics/debug-api/${name}`);
        expect(res.status, name).toBe(200);
        const body = (await res.json()) as Record<string, unknown>;
        expect(Object.keys(body).sort(), name).toEqual([...keys, 'timestamp'].sort());
      }
      const full = (await (await post('/api/admin/diagnostics/debug-api/full')).json()) as Record<
        string,
        Record<string, unknown>
      >;
      expect(full.authTest).toMatchObject({ status: 'pass', errors: [] });
      expect(Number(full.authTest?.totalUsers)).toBeGreaterThanOrEqual(2);
      expect(full.navigationTest).toMatchObject({ status: 'pass', adminUsers: 1 });
      expect(full.databaseTest).toMatchObject({ status: 'pass', basicConnectivity: true, rlsFunctionTest: true });
      expect(typeof full.databaseTest?.queryTime).toBe('number');
      expect(full.systemHealth).toHaveProperty('edgeFunctions');
      expect(full.systemHealth).toHaveProperty('environment');
      const entries = await server.deps.database.db
        .select()
        .from(adminAuditLog)
        .where(eq(adminAuditLog.action, 'diagnostics.debug-test'));
      expect(entries.filter((e) => e.subjectId === 'full')).toHaveLength(2);
      expect(entries.every((e) => e.adminId === admin.userId)).toBe(true);
    });

    it('refuses the tests to a saver (403) and to the signed out (401)', async () => {
      for (const name of ['auth', 'navigation', 'database', 'system-health', 'full']) {
        expect((await post(`/api/admin/diagnostics/debug-api/${name}`, {}, saver.cookie)).status, name).toBe(403);
        expect(
          (await server.request(`/api/admin/diagnostics/debug-api/${name}`, { method: 'POST', json: {} })).status,
          name,
        ).toBe(401);
      }
      expect((await server.request('/api/admin/diagnostics/debug-api', { cookie: saver.cookie })).status).toBe(403);
      expect((await server.request('/api/admin/diagnostics/debug-api')).status).toBe(401);
    });
  });

  it('describes the system for the debug console from measured figures', async () => {
    const res = await server.request('/api/admin/diagnostics/overview', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      userActivity: { total: number };
      performance: { apiResponseMs: number };
      hubspot: { status: string };
      syncQueue: Record<string, unknown>;
    };
    expect(body.userActivity.total).toBeGreaterThanOrEqual(2);
    expect(body.performance.apiResponseMs).toBeGreaterThanOrEqual(0);
    expect(body.hubspot.status).toBe('disabled');
    expect(body.syncQueue).toHaveProperty('pending');
  });

  it('refuses the diagnostics to a saver', async () => {
    expect((await post('/api/admin/diagnostics/run', {}, saver.cookie)).status).toBe(403);
    expect((await post('/api/admin/diagnostics/auto-fix', {}, saver.cookie)).status).toBe(403);
  });

  describe('the query builder', () => {
    const query = (json: unknown) => post('/api/admin/diagnostics/query', json);

    it('reads an allow-listed table with filters, order and limit', async () => {
      const res = await query({
        table: 'account_types',
        columns: ['name', 'sort_order'],
        filters: [{ column: 'is_active', op: 'eq', value: true }],
        order: { column: 'sort_order', direction: 'desc' },
        limit: 3,
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { columns: string[]; rows: Record<string, unknown>[] };
      expect(body.columns).toEqual(['name', 'sort_order']);
      expect(body.rows.length).toBeGreaterThan(0);
      expect(body.rows.length).toBeLessThanOrEqual(3);
      expect(Object.keys(body.rows[0]!)).toEqual(['name', 'sort_order']);
    });

    it('counts rows per table without showing any', async () => {
      const res = await query({ table: 'row_counts', filters: [{ column: 'table_name', op: 'eq', value: 'user' }] });
      const body = (await res.json()) as { rows: { table_name: string; row_count: number }[] };
      expect(body.rows).toEqual([{ table_name: 'user', row_count: expect.any(Number) }]);
      expect(Number(body.rows[0]!.row_count)).toBeGreaterThanOrEqual(2);
    });

    it.each([
      ['an unknown table', { table: 'nope' }],
      ['the user table', { table: 'user' }],
      ['sessions', { table: 'session' }],
      ['accounts', { table: 'accounts' }],
      ['transactions', { table: 'transactions' }],
      ['profiles', { table: 'profiles' }],
      ['a table through the prototype', { table: '__proto__' }],
      ['a table with SQL in its name', { table: 'account_types; drop table accounts; --' }],
      ['a quoted identifier', { table: 'account_types" union select email from "user' }],
      ['the jobs payload', { table: 'jobs', columns: ['payload'] }],
      ['a job’s user', { table: 'jobs', columns: ['user_id'] }],
      ['an unknown column', { table: 'banking_groups', columns: ['password'] }],
      ['SQL in a column', { table: 'banking_groups', columns: ['group_name, (select email from "user" limit 1)'] }],
      [
        'SQL in a filter column',
        { table: 'banking_groups', filters: [{ column: '1=1 or group_name', op: 'eq', value: 'x' }] },
      ],
      [
        'SQL in an operator',
        {
          table: 'banking_groups',
          filters: [{ column: 'group_name', op: '= any(select email from "user") or 1=', value: 'x' }],
        },
      ],
      ['an unknown operator', { table: 'banking_groups', filters: [{ column: 'group_name', op: 'like', value: 'x' }] }],
      [
        'a number that is not one',
        { table: 'account_types', filters: [{ column: 'sort_order', op: 'eq', value: '1 or 1=1' }] },
      ],
      [
        'a uuid that is not one',
        { table: 'account_types', filters: [{ column: 'id', op: 'eq', value: "x' or '1'='1" }] },
      ],
      ['SQL in the order', { table: 'banking_groups', order: { column: 'group_name; delete from jobs' } }],
      [
        'a direction that is not one',
        { table: 'banking_groups', order: { column: 'group_name', direction: 'desc; drop table x' } },
      ],
      ['a limit over 100', { table: 'banking_groups', limit: 101 }],
      ['a limit of 0', { table: 'banking_groups', limit: 0 }],
      ['SQL text', { sql: 'select * from "user"' }],
      ['SQL text beside a table', { table: 'banking_groups', sql: 'delete from accounts' }],
      ['a write', { table: 'banking_groups', action: 'delete' }],
    ])('refuses %s with 400', async (_label, json) => {
      const res = await query(json);
      expect(res.status).toBe(400);
    });

    it('keeps a filter value a value: SQL in it matches nothing and changes nothing', async () => {
      const res = await query({
        table: 'banking_groups',
        filters: [{ column: 'group_name', op: 'eq', value: "x'; delete from accounts; --" }],
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { rows: unknown[] }).rows).toEqual([]);
      const contains = await query({
        table: 'banking_groups',
        filters: [{ column: 'group_name', op: 'contains', value: "%' or 1=1 --" }],
      });
      expect(((await contains.json()) as { rows: unknown[] }).rows).toEqual([]);
      const [row] = rowsOf<{ n: number }>(
        await server.deps.database.db.execute(sql`select count(*)::int as n from accounts`),
      );
      expect(Number(row?.n)).toBeGreaterThan(0);
    });
  });

  describe('the function tester', () => {
    const test = (json: unknown) => post('/api/admin/diagnostics/functions/test', json);
    const message = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;

    it('runs a registered function with JSON parameters', async () => {
      const res = await test({ function: 'tax-year', parameters: '{"date":"2027-04-05"}' });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ result: { label: '2026/27', firstDay: '2026-04-06' } });
      // £140,000 at one group on 1 January 2026, when the limit was £120,000.
      const cover = await test({
        function: 'protection-cover',
        parameters: '{"date":"2026-01-01","balancesPence":[7000000,7000000]}',
      });
      expect(await cover.json()).toMatchObject({
        result: {
          limitPence: 12_000_000,
          exposurePence: 14_000_000,
          coveredPence: 12_000_000,
          uncoveredPence: 2_000_000,
        },
      });
    });

    it('asks for a function first, and says when the JSON is not JSON', async () => {
      const none = await test({ parameters: '{}' });
      expect(none.status).toBe(400);
      expect(await message(none)).toBe('Please select a function to test');
      const bad = await test({ function: 'tax-year', parameters: '{date: 2027' });
      expect(bad.status).toBe(400);
      expect(await message(bad)).toBe('Invalid JSON in parameters');
    });

    it.each([
      ['an unregistered function', { function: 'runSql', parameters: '{}' }],
      ['a prototype name', { function: 'constructor', parameters: '{}' }],
      ['SQL in the FRN', { function: 'fscs-lookup', parameters: '{"frn":"1\' or 1=1 --"}' }],
      ['an extra parameter', { function: 'tax-year', parameters: '{"date":"2027-04-05","sql":"drop table x"}' }],
      ['parameters that are not an object', { function: 'tax-year', parameters: '[1,2]' }],
    ])('refuses %s with 400', async (_label, json) => {
      expect((await test(json)).status).toBe(400);
    });
  });

  describe('mock data', () => {
    it('adds mock savers, marked as mock, and removes them in one action', async () => {
      const res = await post('/api/admin/diagnostics/mock-data', { count: 10 });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ count: 10, total: 10 });
      const [row] = rowsOf<{ n: number }>(
        await server.deps.database.db.execute(
          sql`select count(*)::int as n from accounts a join "user" u on u.id = a.user_id where u.email like '%@mock.savvypig.invalid'`,
        ),
      );
      expect(Number(row?.n)).toBe(10);
      expect((await run(['balances-match-ledger'])).results[0]!.status).toBe('passed');
      expect((await post('/api/admin/diagnostics/mock-data', { count: 7 })).status).toBe(400);
      const removed = await server.request('/api/admin/diagnostics/mock-data', {
        method: 'DELETE',
        cookie: admin.cookie,
      });
      expect(await removed.json()).toEqual({ removed: 10 });
      const status = await server.request('/api/admin/diagnostics/mock-data', { cookie: admin.cookie });
      expect(await status.json()).toEqual({ count: 0, allowed: true });
    });
  });
});
