import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceSeriesRoutes } from '../balance-series/routes.ts';
import { bankIdNamed } from '../test/accounts-api.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { itOnPostgres } from '../test/postgres-only.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { selectsSentBy, versionCoverage } from '../test/tables-read.ts';
import { accountDetailRoutes } from './routes.ts';

// The account page's kept answer, and the balance lines' (docs/decisions/0039, issue 26), against one computed afresh by a
// router that keeps nothing: after each write that can change the page, through the real routes,
// the page sent equals the truth. Each page is first kept (asked for twice), so a version that did
// not move would send the old one.
type Person = { cookie: string; userId: string };

describe.each(testDatabaseKinds())('the kept account page and balance lines on %s', (kind) => {
  let server: TestServer;
  let oracle: ReturnType<typeof accountDetailRoutes>;
  let lineOracle: ReturnType<typeof balanceSeriesRoutes>;
  let dee: Person;
  let halifax = '';
  const banks: Record<string, string> = {};

  const call = async (method: string, path: string, json?: unknown) => {
    const res = await server.request(path, { method, cookie: dee.cookie, ...(json === undefined ? {} : { json }) });
    expect([200, 201, 204], `${method} ${path}: ${await res.clone().text()}`).toContain(res.status);
    return res.status === 204 ? null : ((await res.json()) as Record<string, unknown>);
  };
  const page = async (id = halifax) => {
    const res = await server.request(`/api/accounts/${id}`, { cookie: dee.cookie });
    return { status: res.status, body: (await res.json()) as unknown };
  };
  const truth = async (id = halifax) => {
    const res = await oracle.request(`http://localhost:3000/api/accounts/${id}`, { headers: { cookie: dee.cookie } });
    return { status: res.status, body: (await res.json()) as unknown };
  };
  const addAccount = async (name: string, bank: string, pence: number) =>
    (
      (
        await call('POST', '/api/accounts', {
          name,
          accountNumber: '12345678',
          bankId: banks[bank],
          startingBalancePence: pence,
          startingBalanceDate: '2026-01-05',
        })
      )?.account as { id: string }
    ).id;

  /** The account's balance line and the total's, as the app sends them (kept or not) or as computed afresh. */
  const lines = async (fresh = false) => {
    const get = (path: string) =>
      fresh
        ? lineOracle.request(`http://localhost:3000${path}`, { headers: { cookie: dee.cookie } })
        : server.request(path, { cookie: dee.cookie });
    const [account, total] = await Promise.all([
      get(`/api/accounts/${halifax}/balance-series`),
      get('/api/balance-series'),
    ]);
    return { account: (await account.json()) as unknown, total: (await total.json()) as unknown };
  };

  /**
   * Keeps the page and the balance lines, runs `write`, then holds the next ones to the truth,
   * and says the page changed.
   */
  const afterWrite = async (write: () => Promise<unknown>) => {
    const before = await page();
    expect(await page()).toEqual(before);
    expect(await lines()).toEqual(await lines());
    await write();
    const expected = await truth();
    expect(expected.status).toBe(200);
    expect(await page()).toEqual(expected);
    expect(await lines(), 'the kept balance lines').toEqual(await lines(true));
    expect(expected, 'the write changes the page').not.toEqual(before);
  };

  beforeAll(async () => {
    server = await createTestServer(kind);
    oracle = accountDetailRoutes(server.deps, { keepAnswers: false });
    lineOracle = balanceSeriesRoutes(server.deps, { keepAnswers: false });
    for (const name of ['Halifax', 'Bank of Scotland']) banks[name] = await bankIdNamed(server, name);
    dee = await signUpAndSignIn(server, { email: 'dee-kept-page@example.com' });
    halifax = await addAccount('Halifax saver', 'Halifax', 80_000_00);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('follows transactions, the balance, the account and the other accounts at its licence', async () => {
    let added = '';
    await afterWrite(async () => {
      const body = await call('POST', `/api/accounts/${halifax}/transactions`, {
        transactions: [{ type: 'interest', amountPence: 12_34, date: '2026-03-01', notes: 'March' }],
      });
      added = (body!.items as { id: string }[])[0]!.id;
    });
    await afterWrite(() => call('PATCH', `/api/transactions/${added}`, { amountPence: 56_78 }));
    await afterWrite(() => call('DELETE', `/api/transactions/${added}`));
    await afterWrite(() => call('PATCH', `/api/accounts/${halifax}`, { name: 'Halifax everyday' }));
    // Another brand on the same licence puts this account's money over the limit.
    let bos = '';
    await afterWrite(async () => {
      bos = await addAccount('BoS saver', 'Bank of Scotland', 60_000_00);
    });
    await afterWrite(() => call('DELETE', `/api/accounts/${bos}`));
    // A deleted account's page is gone at once, kept or not.
    expect((await page()).status).toBe(200);
    await call('DELETE', `/api/accounts/${halifax}`);
    expect((await page()).status).toBe(404);
  });

  itOnPostgres(kind)('has the version triggers on every table its statements read (EXPLAINed)', async () => {
    const id = await addAccount('Explained saver', 'Halifax', 1_00);
    const reads = await selectsSentBy(() => truth(id));
    expect(reads.length).toBe(3);
    const lineReads = await selectsSentBy(() =>
      Promise.all(
        [`/api/accounts/${id}/balance-series`, '/api/balance-series'].map((path) =>
          lineOracle.request(`http://localhost:3000${path}`, { headers: { cookie: dee.cookie } }),
        ),
      ),
    );
    expect(lineReads.length).toBe(2);
    const { uncovered } = await versionCoverage(server.databaseUrl!, [...reads, ...lineReads]);
    expect(uncovered, 'tables read without a version trigger').toEqual([]);
  });
});
