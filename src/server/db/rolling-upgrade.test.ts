// A rolling upgrade on PostgreSQL, as docs/operations.md says to run one: two instances of the
// previous release (the code before this tree's newest migrations, from git history) serve signed-in
// savers; an instance of this release starts on the same database and applies the newest
// migrations while they keep serving; then the old instances are drained and stopped one by one.
// Savers sign in, add accounts and transactions and read the account page, the accounts list and
// the dashboard the whole time, each request going to the next instance in turn (as a load balancer
// sends them), so each release also reads what the other wrote. Every answer must be the one the
// saver expects: no 500, from the old instances least of all, during and after the migration.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { confirmAddressByMail } from '../test/backup-fixtures.ts';
import { createThrowawayPostgres, dropThrowawayPostgres } from '../test/databases.ts';
import { extractServer, findPreviousRelease } from '../test/previous-release.ts';
import { CURRENT_SERVER_ENTRY, startServerProcess, type ServerProcess } from '../test/server-process.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SAVERS = 3;
const STARTING_BALANCE_PENCE = 50_000;
/** Full rounds of the savers' requests in each phase (each saver, each round: four requests). */
const ROUNDS_PER_PHASE = 3;

type Release = 'previous' | 'current';
type Instance = { name: string; release: Release; server: ServerProcess; inFlight: number };
type Answer = {
  instance: string;
  release: Release;
  phase: string;
  sentAt: number;
  at: number;
  request: string;
  status: number;
  /** Why this answer is not the one the saver expects, or null. */
  wrong: string | null;
};
type Saver = {
  email: string;
  password: string;
  /** Each saver comes from an address of its own, through the proxy (sign-in limits are per address). */
  address: string;
  cookie: string;
  accounts: string[];
  /** Notes and amounts of every acknowledged transaction, by account. */
  written: Map<string, Map<string, number>>;
  rounds: number;
};

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('a rolling upgrade with two instances running', () => {
  const cleanups: Array<() => Promise<unknown> | unknown> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }, 60_000);

  it('keeps the previous release answering every request (no 500) while this release migrates and after, until it is replaced', async () => {
    // ROLLING_UPGRADE_FROM=<commit> starts from an older release instead (docs/operations.md).
    const previous = findPreviousRelease(ROOT, process.env.ROLLING_UPGRADE_FROM);
    expect(previous.added.length).toBeGreaterThan(0);
    const folder = extractServer(ROOT, previous.commit);
    cleanups.push(() => fs.rmSync(folder, { recursive: true, force: true }));
    const url = await createThrowawayPostgres();
    cleanups.push(() => dropThrowawayPostgres(url));
    const admin = new pg.Client({ connectionString: url });
    admin.on('error', () => undefined);
    await admin.connect();
    cleanups.push(() => admin.end());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-rolling-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));

    const instances: Instance[] = [];
    cleanups.push(() => Promise.all(instances.map((i) => i.server.stop())));
    const env = { DATABASE_URL: url, DATA_DIR: dataDir, DB_POOL_MAX: '4', TRUST_PROXY: 'true' };
    const start = async (name: string, release: Release, publicUrl?: string) => {
      const entry =
        release === 'previous' ? path.join(folder, 'src/server/index.ts') : path.resolve(ROOT, CURRENT_SERVER_ENTRY);
      const server = await startServerProcess(entry, publicUrl ? { ...env, PUBLIC_URL: publicUrl } : env);
      const instance: Instance = { name, release, server, inFlight: 0 };
      instances.push(instance);
      return instance;
    };
    /** True while a migration's transaction waits to record itself (on the lock the test holds). */
    const migrationWaiting = async () =>
      (
        await admin.query(
          `select exists (select from pg_locks l join pg_class c on c.oid = l.relation
             join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = 'drizzle' and c.relname = '__drizzle_migrations' and not l.granted) as waiting`,
        )
      ).rows[0].waiting as boolean;
    const migrationsApplied = async () =>
      Number((await admin.query('select count(*) from drizzle.__drizzle_migrations')).rows[0].count);

    // Two instances of the previous release: the first makes the schema as that release left it.
    const oldA = await start('previous A', 'previous');
    // Every instance answers under one public address, as behind a load balancer.
    const publicUrl = oldA.server.base;
    const oldB = await start('previous B', 'previous', publicUrl);
    expect(await migrationsApplied()).toBe(previous.migrations.length);

    const answers: Answer[] = [];
    let phase = 'before';
    let rotation: Instance[] = [oldA, oldB];
    let turn = 0;
    let stopping = false;

    /** One request, to the next instance in turn; the answer is kept, right or wrong. */
    async function send(
      saver: Saver,
      method: string,
      route: string,
      { body, path: given, expect: expected }: { body?: unknown; path?: string; expect: number },
      check?: (json: unknown) => string | null,
    ): Promise<unknown> {
      const instance = rotation[turn++ % rotation.length]!;
      const sentIn = phase;
      const sentAt = Date.now();
      instance.inFlight++;
      let status = 0;
      let wrong: string | null = null;
      let json: unknown = null;
      try {
        const res = await fetch(`${instance.server.base}${given ?? route}`, {
          method,
          headers: {
            origin: publicUrl,
            'x-forwarded-for': saver.address,
            ...(saver.cookie ? { cookie: saver.cookie } : {}),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(20_000),
        });
        status = res.status;
        const text = await res.text();
        if (status !== expected) wrong = `${status} ${text.slice(0, 300)}`;
        else {
          json = text ? JSON.parse(text) : null;
          if (method === 'POST' && route === '/api/auth/sign-in/email') {
            saver.cookie = res.headers
              .getSetCookie()
              .find((c) => c.includes('session_token='))!
              .split(';')[0]!;
          }
          wrong = check?.(json) ?? null;
        }
      } catch (err) {
        wrong = `no answer: ${err instanceof Error ? `${err.message} ${String(err.cause ?? '')}` : String(err)}`;
      } finally {
        instance.inFlight--;
      }
      answers.push({
        instance: instance.name,
        release: instance.release,
        phase: sentIn,
        sentAt,
        at: Date.now(),
        request: `${method} ${route}`,
        status,
        wrong,
      });
      return wrong ? null : json;
    }

    const savers: Saver[] = Array.from({ length: SAVERS }, (_, i) => ({
      email: `rolling-${i}@example.com`,
      password: `a rolling upgrade password ${i}`,
      address: `198.51.100.${i + 10}`,
      cookie: '',
      accounts: [],
      written: new Map(),
      rounds: 0,
    }));
    const bankId = await (async () => {
      for (const saver of savers) {
        await send(saver, 'POST', '/api/account/sign-up', {
          body: { firstName: 'Rolling', lastName: 'Saver', email: saver.email, password: saver.password },
          expect: 200,
        });
        await confirmAddressByMail(dataDir, saver.email);
      }
      const found = (await send(savers[0]!, 'GET', '/api/reference/banks', {
        path: '/api/reference/banks?q=Nationwide',
        expect: 200,
      })) as { banks: Array<{ id: string }> } | null;
      return found?.banks[0]?.id;
    })();
    expect(bankId, JSON.stringify(answers.filter((a) => a.wrong))).toBeDefined();

    async function signIn(saver: Saver) {
      await send(saver, 'POST', '/api/auth/sign-in/email', {
        body: { email: saver.email, password: saver.password },
        expect: 200,
      });
    }

    async function addAccount(saver: Saver) {
      const created = (await send(saver, 'POST', '/api/accounts', {
        body: {
          name: `Saver ${saver.accounts.length + 1}`,
          accountNumber: '12345678',
          bankId,
          startingBalancePence: STARTING_BALANCE_PENCE,
          startingBalanceDate: '2026-01-01',
        },
        expect: 201,
      })) as { account: { id: string } } | null;
      if (!created) return;
      saver.accounts.push(created.account.id);
      saver.written.set(created.account.id, new Map());
    }

    /** What a saver does, round after round: write a transaction, then read it back and look around. */
    async function run(saver: Saver, index: number) {
      let seenPhase = '';
      for (let n = 1; !stopping; n++) {
        if (phase !== seenPhase) {
          // A new session and a new account in the first, middle and last phases (the plan caps accounts at 3).
          if (['before', 'mixed', 'after'].includes(phase)) {
            await signIn(saver);
            await addAccount(saver);
          }
          seenPhase = phase;
        }
        const accountId = saver.accounts[n % saver.accounts.length];
        if (!accountId) throw new Error(`saver ${index} has no account: ${JSON.stringify(answers.at(-1))}`);
        const notes = `s${index}-${n}`;
        const written = await send(saver, 'POST', '/api/accounts/{id}/transactions', {
          path: `/api/accounts/${accountId}/transactions`,
          body: { transactions: [{ type: 'deposit', amountPence: n, date: '2026-01-15', notes }] },
          expect: 201,
        });
        if (written) saver.written.get(accountId)!.set(notes, n);
        // The account page, from whichever release answers, shows the transaction just written.
        await send(saver, 'GET', '/api/accounts/{id}', { path: `/api/accounts/${accountId}`, expect: 200 }, (json) => {
          const items = (json as { transactions: { items: Array<{ notes: string | null }> } }).transactions.items;
          return !written || items.some((t) => t.notes === notes) ? null : `the page lacks ${notes}`;
        });
        await send(saver, 'GET', '/api/accounts', { expect: 200 }, (json) => {
          const ids = new Set((json as { accounts: Array<{ id: string }> }).accounts.map((a) => a.id));
          const missing = saver.accounts.filter((id) => !ids.has(id));
          return missing.length === 0 ? null : `the list lacks ${missing.join(', ')}`;
        });
        await send(saver, 'GET', '/api/dashboard', { expect: 200 });
        saver.rounds++;
      }
    }

    /** Resolves once every saver has done `rounds` more rounds. */
    async function rounds(count: number) {
      const target = savers.map((s) => s.rounds + count);
      await expect
        .poll(() => savers.every((s, i) => s.rounds >= target[i]!), { timeout: 30_000, interval: 20 })
        .toBe(true);
    }

    /** Takes an instance out of the rotation, waits for its requests to finish, then stops it. */
    async function drainAndStop(instance: Instance) {
      rotation = rotation.filter((i) => i !== instance);
      await expect.poll(() => instance.inFlight, { timeout: 20_000, interval: 10 }).toBe(0);
      await instance.server.stop();
      expect(await instance.server.exited, instance.server.output()).toBe(0);
    }

    const load = Promise.all(savers.map(run));
    let migration: { from: number; to: number } = { from: 0, to: 0 };
    const held = { from: 0, to: 0 };
    let current: Instance;
    try {
      await rounds(ROUNDS_PER_PHASE);

      // This release starts on the same database and applies the newest migrations while the old ones serve.
      phase = 'migrating';
      migration = { from: Date.now(), to: 0 };
      // Its transaction is held open once its statements have run (recording the migration waits on
      // this lock) for a second of requests, with whatever locks they took, then commits.
      await admin.query('begin');
      await admin.query('lock table drizzle.__drizzle_migrations in share mode');
      const starting = start('current C', 'current', publicUrl);
      starting.catch(() => undefined); // awaited below; a failure must not go unhandled meanwhile
      await expect.poll(migrationWaiting, { timeout: 60_000, interval: 20 }).toBe(true);
      held.from = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      held.to = Date.now();
      await admin.query('commit');
      current = await starting;
      migration.to = Date.now();
      expect(await migrationsApplied()).toBe(previous.migrations.length + previous.added.length);

      // Both releases side by side.
      rotation = [oldA, oldB, current];
      phase = 'mixed';
      await rounds(ROUNDS_PER_PHASE);

      // The old instances are replaced one at a time; the other keeps answering until its turn.
      phase = 'previous B stopped';
      await drainAndStop(oldB);
      await rounds(ROUNDS_PER_PHASE);
      phase = 'after';
      await drainAndStop(oldA);
      await rounds(ROUNDS_PER_PHASE);
    } finally {
      stopping = true;
      await load;
    }

    const summary = summarise(answers);
    const seconds = ((migration.to - migration.from) / 1000).toFixed(1);
    // Requests to the old instances in flight while the migration's transaction was open.
    const whileOpen = answers.filter((a) => a.release === 'previous' && a.sentAt <= held.to && a.at >= held.from);
    console.info(
      `rolling upgrade from ${previous.commit.slice(0, 7)} (+${previous.added.join(', ')}; this release started and migrated in ${seconds} s, ` +
        `${whileOpen.length} requests to the old instances in flight while the migration's transaction was held open for ${held.to - held.from} ms):\n${summary}`,
    );
    const wrong = answers.filter((a) => a.wrong);
    expect(
      wrong.map((a) => `${a.instance} (${a.phase}) ${a.request}: ${a.wrong}`),
      instances.map((i) => `--- ${i.name} (its output's end)\n${i.server.output().slice(-3_000)}`).join('\n'),
    ).toEqual([]);
    // The old instances answered while the new one migrated, and after the migration, until replaced.
    for (const old of [oldA, oldB]) {
      const during = answers.filter((a) => a.instance === old.name && a.at >= migration.from && a.at <= migration.to);
      const after = answers.filter((a) => a.instance === old.name && a.at > migration.to);
      expect(during.length, `${old.name} while migrating`).toBeGreaterThan(0);
      expect(after.length, `${old.name} after the migration`).toBeGreaterThan(0);
    }
    expect(whileOpen.length).toBeGreaterThanOrEqual(SAVERS);
    expect(answers.some((a) => a.release === 'current' && a.request.startsWith('GET /api/accounts/'))).toBe(true);

    // This release serves everything the previous one wrote: every acknowledged transaction and each balance.
    phase = 'checks';
    const written = savers.flatMap((s) => [...s.written.values()].flatMap((m) => [...m.keys()]));
    expect(written.length).toBeGreaterThan(SAVERS * ROUNDS_PER_PHASE * 4);
    for (const saver of savers) {
      const list = (await send(saver, 'GET', '/api/accounts', { expect: 200 })) as {
        accounts: Array<{ id: string; balancePence: number }>;
      };
      expect(saver.accounts).toHaveLength(3);
      for (const accountId of saver.accounts) {
        const writes = saver.written.get(accountId)!;
        const sum = [...writes.values()].reduce((a, b) => a + b, 0);
        expect(list.accounts.find((a) => a.id === accountId)?.balancePence).toBe(STARTING_BALANCE_PENCE + sum);
        const served = new Set<string>();
        for (let cursor = ''; ; ) {
          const page = (await send(saver, 'GET', '/api/accounts/{id}/transactions', {
            path: `/api/accounts/${accountId}/transactions${cursor ? `?cursor=${cursor}` : ''}`,
            expect: 200,
          })) as { items: Array<{ notes: string | null }>; nextCursor: string | null };
          for (const item of page.items) if (item.notes) served.add(item.notes);
          if (!page.nextCursor) break;
          cursor = page.nextCursor;
        }
        expect([...writes.keys()].filter((notes) => !served.has(notes))).toEqual([]);
      }
    }
    expect(answers.filter((a) => a.wrong)).toEqual([]);
  }, 180_000);
});

/** Answers by phase, instance and status: the test's record of what each release answered. */
function summarise(answers: Answer[]): string {
  const rows = new Map<string, Map<string, number>>();
  for (const a of answers) {
    const key = `${a.phase.padEnd(20)} ${a.instance.padEnd(11)}`;
    const byStatus = rows.get(key) ?? new Map<string, number>();
    const status = a.wrong ? `${a.status || 'none'}✗` : String(a.status);
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    rows.set(key, byStatus);
  }
  return [...rows]
    .map(
      ([key, byStatus]) =>
        `  ${key} ${[...byStatus]
          .sort()
          .map(([s, n]) => `${n}×${s}`)
          .join(' ')}`,
    )
    .join('\n');
}
