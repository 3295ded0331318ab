import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test/databases.ts';
import { bankIdNamed } from '../test/accounts-api.ts';
import { itOnPostgres } from '../test/postgres-only.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { selectsSentBy, versionCoverage } from '../test/tables-read.ts';
import { smartPigRoutes } from './routes.ts';

// Smart Pig's kept answer (docs/decisions/0039, issue 26) against one computed afresh by a router
// that keeps nothing: after each write that can change the recommendations, through the real
// routes, the answer sent equals the truth. Each answer is first kept (asked for twice), so a
// version that did not move would send the old one.
type Person = { cookie: string; userId: string };

describe.each(testDatabaseKinds())('the kept Smart Pig answer on %s', (kind) => {
  let server: TestServer;
  let oracle: ReturnType<typeof smartPigRoutes>;
  let cy: Person;
  const banks: Record<string, string> = {};

  const call = async (method: string, path: string, json?: unknown) => {
    const res = await server.request(path, { method, cookie: cy.cookie, ...(json === undefined ? {} : { json }) });
    expect([200, 201, 204], `${method} ${path}: ${await res.clone().text()}`).toContain(res.status);
    return res.status === 204 ? null : ((await res.json()) as Record<string, unknown>);
  };
  const sent = async () => {
    const res = await server.request('/api/smart-pig', { cookie: cy.cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as unknown;
  };
  const truth = async () => {
    const res = await oracle.request('http://localhost:3000/api/smart-pig', { headers: { cookie: cy.cookie } });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as unknown;
  };
  const addAccount = async (name: string, bank: string, pence: number, extra: Record<string, unknown> = {}) =>
    (
      (
        await call('POST', '/api/accounts', {
          name,
          accountNumber: '12345678',
          bankId: banks[bank],
          startingBalancePence: pence,
          interestRateBps: 200,
          ...extra,
        })
      )?.account as { id: string }
    ).id;

  /** Keeps the answer, runs `write`, then holds the next answer to the truth, and says it changed. */
  const afterWrite = async (write: () => Promise<unknown>) => {
    const before = await sent();
    expect(await sent()).toEqual(before);
    await write();
    const expected = await truth();
    expect(await sent()).toEqual(expected);
    expect(expected, 'the write changes the answer').not.toEqual(before);
  };

  beforeAll(async () => {
    server = await createTestServer(kind);
    oracle = smartPigRoutes(server.deps, { keepAnswers: false });
    for (const name of ['Halifax', 'Bank of Scotland', 'Nationwide Building Society'])
      banks[name] = await bankIdNamed(server, name);
    cy = await signUpAndSignIn(server, { email: 'cy-kept-smart-pig@example.com' });
    await addAccount('Halifax saver', 'Halifax', 90_000_00);
    await addAccount('Bank of Scotland saver', 'Bank of Scotland', 60_000_00);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('follows accounts, balances, preferences, terms, ISAs and the date of birth', async () => {
    let nationwide = '';
    await afterWrite(async () => {
      nationwide = await addAccount('Nationwide saver', 'Nationwide Building Society', 10_000_00, {
        interestRateBps: 450,
      });
    });
    await afterWrite(() =>
      call('POST', `/api/accounts/${nationwide}/balance-updates`, {
        balancePence: 30_000_00,
        date: new Date().toISOString().slice(0, 10),
      }),
    );
    await afterWrite(() =>
      call('PUT', '/api/smart-pig/preferences', {
        keepFullFSCSCover: false,
        avoidTeaserRates: false,
        maxNoticeDays: 0,
        maxFixedMonths: 0,
        useISAFirst: false,
      }),
    );
    await afterWrite(() => call('PATCH', `/api/accounts/${nationwide}`, { interestRateBps: 150 }));
    await afterWrite(() => call('DELETE', `/api/accounts/${nationwide}`));
    // The profile's date of birth and an ISA: the answer reads both (the allowance's rows).
    await addAccount('Cash ISA', 'Nationwide Building Society', 1_000_00, { accountType: 'Cash ISA' });
    await sent();
    const profile = await call('PATCH', '/api/profile', { dateOfBirth: '1990-05-01' });
    expect(profile).toMatchObject({ dateOfBirth: '1990-05-01' });
    expect(await sent()).toEqual(await truth());
  });

  itOnPostgres(kind)('has the version triggers on every table its statements read (EXPLAINed)', async () => {
    await addAccount('Explained saver', 'Halifax', 1_00);
    const reads = await selectsSentBy(() => truth());
    expect(reads.length).toBe(3);
    const { read: relations, uncovered } = await versionCoverage(server.databaseUrl!, reads);
    expect(uncovered, 'tables read without a version trigger').toEqual([]);
    expect(relations.has('smart_pig_preferences') && relations.has('profiles')).toBe(true);
  });
});
