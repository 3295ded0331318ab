/**
 * The kept dashboard answer (and the Protection Hub's and the accounts list's) against the truth (docs/decisions/0039-the-dashboard-answer-cache.md):
 * after each write the product offers that can change the dashboard, done through its real route
 * (or the job), the answer the app sends equals the answer a second router with nothing kept
 * computes from the database. Each write's answer is first kept (asked for twice), so a version
 * that did not move would send the old one.
 */
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../core/dashboard/coming-up.ts';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { bankReferences, bankingGroups, isaProviders, subscriptions } from '../db/schema/index.ts';
import { rowsOf, withActor } from '../db/rls.ts';
import { processAllAccounts } from '../standing-orders/processing.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { itOnPostgres } from '../test/postgres-only.ts';
import { bankIdNamed } from '../test/accounts-api.ts';
import { rejection } from '../test/sql-errors.ts';
import { derivedOnlyFrom, selectsSentBy, tablesWithVersionTriggers, versionCoverage } from '../test/tables-read.ts';
import { createTestServer, grantAdmin, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { accountsRoutes } from '../accounts/routes.ts';
import { protectionRoutes } from '../protection/routes.ts';
import { type DashboardJson, dashboardRoutes } from './routes.ts';

type Person = { cookie: string; userId: string };

const NATIONWIDE_ISA = 'Z1198';

describe.each(testDatabaseKinds())('the kept dashboard answer against one computed afresh on %s', (kind) => {
  let server: TestServer;
  let oracle: ReturnType<typeof dashboardRoutes>;
  let hubOracle: ReturnType<typeof protectionRoutes>;
  let listOracle: ReturnType<typeof accountsRoutes>;
  let ann: Person;
  let bob: Person;
  let admin: Person;
  let today = '';
  let people = 0;
  const banks: Record<string, string> = {};
  const accounts: Record<string, string> = {};

  const newPerson = async (name: string) => {
    people += 1;
    return signUpAndSignIn(server, { email: `${name}-${people}@oracle.example.com` });
  };

  const call = async (who: Person, path: string, method: string, json?: unknown, status = [200, 201, 204]) => {
    const res = await server.request(path, { method, cookie: who.cookie, ...(json === undefined ? {} : { json }) });
    expect(status, `${method} ${path}: ${await res.clone().text()}`).toContain(res.status);
    return res.status === 204 ? null : ((await res.json()) as Record<string, unknown>);
  };

  /** The app's answer (kept or not). */
  const dashboard = async (who: Person): Promise<DashboardJson> => {
    const res = await server.request('/api/dashboard', { cookie: who.cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as DashboardJson;
  };

  /** The answer computed from the database with nothing kept. */
  const truth = async (who: Person): Promise<DashboardJson> => {
    const res = await oracle.request('http://localhost:3000/api/dashboard', { headers: { cookie: who.cookie } });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as DashboardJson;
  };

  /** The Protection Hub's picture as the app sends it (kept or not), and as a router keeping nothing computes it. */
  const hub = async (who: Person, fresh = false) => {
    const res = fresh
      ? await hubOracle.request('http://localhost:3000/api/protection', { headers: { cookie: who.cookie } })
      : await server.request('/api/protection', { cookie: who.cookie });
    // The bare router answers a refusal with its own 500: only a picture is compared.
    return res.status === 200 ? ((await res.json()) as unknown) : `refused (${fresh ? 'not 200' : res.status})`;
  };

  /** The accounts list as the app sends it (kept or not), and as a router keeping nothing computes it. */
  const accountsList = async (who: Person, fresh = false) => {
    const res = fresh
      ? await listOracle.request('http://localhost:3000/api/accounts', { headers: { cookie: who.cookie } })
      : await server.request('/api/accounts', { cookie: who.cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as unknown;
  };

  /**
   * Keeps the user's answers (the dashboard's, the Hub's and the accounts list's), runs `write`,
   * then holds the next answers to the truth.
   */
  let writes = 0;
  const afterWrite = async (who: Person, write: () => Promise<unknown>, changes = true) => {
    const before = await dashboard(who);
    expect(await dashboard(who)).toEqual(before);
    const hubBefore = await hub(who);
    expect(await hub(who)).toEqual(hubBefore);
    const listBefore = await accountsList(who);
    expect(await accountsList(who)).toEqual(listBefore);
    await write();
    const expected = await truth(who);
    // The first of the three to miss reads the protection rows the other two then take
    // (protection/kept-rows.ts): every other write, the list goes first instead of the dashboard.
    const listFirst = writes++ % 2 === 1;
    if (listFirst) expect(await accountsList(who), 'the kept accounts list').toEqual(await accountsList(who, true));
    expect(await dashboard(who)).toEqual(expected);
    const hubAfter = await hub(who);
    if (typeof hubAfter !== 'string') expect(hubAfter, 'the kept Hub picture').toEqual(await hub(who, true));
    if (!listFirst) expect(await accountsList(who), 'the kept accounts list').toEqual(await accountsList(who, true));
    if (changes) expect(expected, 'the write changes what the dashboard shows').not.toEqual(before);
    return expected;
  };

  const addAccount = async (who: Person, name: string, bank: string | null, pence: number, extra = {}) => {
    const body = await call(who, '/api/accounts', 'POST', {
      name,
      accountNumber: '12345678',
      bankId: bank === null ? null : banks[bank],
      startingBalancePence: pence,
      startingBalanceDate: addDays(today, -40),
      ...extra,
    });
    return (body!.account as { id: string }).id;
  };

  const bankId = (name: string) => bankIdNamed(server, name);

  beforeAll(async () => {
    server = await createTestServer(kind);
    oracle = dashboardRoutes(server.deps, { keepAnswers: false });
    hubOracle = protectionRoutes(server.deps, { keepAnswers: false });
    listOracle = accountsRoutes(server.deps, { keepAnswers: false });
    today = calendarDateInLondon(server.clock.now());
    for (const name of ['Halifax', 'Bank of Scotland', 'Nationwide Building Society', 'NS&I'])
      banks[name] = await bankId(name);
    ann = await newPerson('ann');
    bob = await newPerson('bob');
    admin = await newPerson('admin');
    await grantAdmin(server, admin.userId);
    // Two licences: Halifax and Bank of Scotland share one (over its limit), Nationwide another.
    accounts.halifax = await addAccount(ann, 'Halifax saver', 'Halifax', 80_000_00);
    accounts.bos = await addAccount(ann, 'BoS saver', 'Bank of Scotland', 60_000_00);
    accounts.nationwide = await addAccount(ann, 'Nationwide saver', 'Nationwide Building Society', 20_000_00, {
      interestRateBps: 400,
      interestFrequency: 'Monthly',
      interestPaymentDay: Number(addDays(today, 10).slice(8, 10)),
    });
    await addAccount(bob, 'Bob saver', 'Halifax', 1_000_00);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('follows every write to accounts, balances and transactions', async () => {
    await afterWrite(ann, async () => {
      accounts.spare = await addAccount(ann, 'Spare saver', 'NS&I', 5_000_00);
    });
    await afterWrite(ann, () => call(ann, `/api/accounts/${accounts.spare}`, 'PATCH', { name: 'Premium Bonds' }));
    await afterWrite(ann, () =>
      call(ann, `/api/accounts/${accounts.spare}`, 'PATCH', { bankId: banks['Nationwide Building Society'] }),
    );
    await afterWrite(ann, () => call(ann, `/api/accounts/${accounts.spare}`, 'DELETE'));
    await afterWrite(ann, () =>
      call(ann, `/api/accounts/${accounts.bos}/balance-updates`, 'POST', { balancePence: 65_000_00, date: today }),
    );
    let added: { id: string }[] = [];
    await afterWrite(ann, async () => {
      const body = await call(ann, `/api/accounts/${accounts.halifax}/transactions`, 'POST', {
        transactions: [
          { type: 'deposit', amountPence: 1_000_00, date: addDays(today, -1), notes: 'bonus' },
          { type: 'withdrawal', amountPence: 50_00, date: addDays(today, -3), notes: 'gift' },
        ],
      });
      added = body!.items as { id: string }[];
    });
    await afterWrite(ann, () =>
      call(ann, `/api/transactions/${added[0]!.id}`, 'PATCH', {
        type: 'deposit',
        amountPence: 1_200_00,
        date: addDays(today, -2),
        notes: 'bigger bonus',
      }),
    );
    await afterWrite(ann, () => call(ann, `/api/transactions/${added[1]!.id}`, 'DELETE'));
    await afterWrite(ann, () =>
      call(ann, `/api/accounts/${accounts.nationwide}/transactions/import`, 'POST', {
        rows: Array.from({ length: 30 }, (_, i) => ({ date: addDays(today, -5 - i), amountPence: 10_00 + i })),
      }),
    );
  });

  it('follows standing orders: created, saved, run by the job and by Process Now', async () => {
    const order = { amountPence: 250_00, frequency: 'weekly', startDate: addDays(today, 3) };
    let id = '';
    await afterWrite(ann, async () => {
      const body = await call(ann, `/api/accounts/${accounts.nationwide}/standing-orders`, 'POST', order);
      id = (body!.standingOrder as { id: string }).id;
    });
    await afterWrite(ann, () =>
      call(ann, `/api/standing-orders/${id}`, 'PUT', { ...order, amountPence: 300_00, startDate: addDays(today, -14) }),
    );
    // The job pays what fell due since the start: three payments.
    await afterWrite(ann, () =>
      processAllAccounts((work) => server.deps.database.db.transaction(work), { today, batchSize: 10 }),
    );
    await afterWrite(ann, async () => {
      const body = await call(ann, `/api/accounts/${accounts.bos}/standing-orders`, 'POST', {
        ...order,
        amountPence: 20_00,
        startDate: addDays(today, -1),
      });
      expect(body).toBeTruthy();
      await call(ann, `/api/accounts/${accounts.bos}/standing-orders/process`, 'POST');
    });
    await afterWrite(ann, () => call(ann, `/api/standing-orders/${id}`, 'DELETE'));
  });

  it('follows a dismissed alert, ISA and pension records and account terms', async () => {
    const [alert] = (await dashboard(ann)).protection.alerts;
    expect(alert).toBeDefined();
    await afterWrite(ann, () =>
      call(ann, '/api/protection/alert-dismissals', 'POST', { alertId: alert!.id, signature: alert!.signature }),
    );
    const isa = await addAccount(ann, 'Cash ISA', 'Halifax', 3_000_00, { accountType: 'Cash ISA' });
    // The provider moves the ISA's money to its licence.
    await afterWrite(ann, () => call(ann, `/api/accounts/${isa}/isa/provider`, 'PUT', { providerId: NATIONWIDE_ISA }));
    await afterWrite(
      ann,
      () =>
        call(ann, `/api/accounts/${isa}/isa`, 'PATCH', {
          isFlexible: true,
          plannedAnnualContributionPence: 500_000,
          fundingType: 'both',
          beneficialOwner: 'you',
        }),
      false,
    );
    const pension = await addAccount(ann, 'Pension', null, 40_000_00, { accountType: 'Personal Pension' });
    const providers = (await (await server.request('/api/reference/pension-providers')).json()) as {
      providers: { id: string }[];
    };
    await afterWrite(ann, () =>
      call(ann, `/api/accounts/${pension}/pension`, 'PUT', {
        schemeType: 'personal_pension',
        annualAllowancePence: 60_000_00,
        accessAge: 55,
        providerId: providers.providers[0]!.id,
      }),
    );
    await afterWrite(
      ann,
      () =>
        call(ann, `/api/accounts/${accounts.halifax}/terms`, 'POST', {
          termType: 'minimum_deposit',
          inputs: { amountPence: 10_000, frequency: 'monthly' },
        }),
      false,
    );
    // A fixed term's end date is read by "coming up" (issue 24): the kept answer follows a new term.
    await afterWrite(ann, () =>
      call(ann, `/api/accounts/${accounts.bos}/terms`, 'POST', {
        termType: 'fixed_term',
        inputs: { termEndDate: addDays(today, 12) },
      }),
    );
  });

  it("follows an admin's edits of a brand, a licence, an ISA provider and the FSCS limit override", async () => {
    const asAdmin = <T>(work: Parameters<typeof withActor<T>>[2]) =>
      withActor(server.deps.database.db, { userId: admin.userId, isAdmin: true }, work);
    // No admin route edits reference rows yet: the same statement an admin's request would run.
    await afterWrite(ann, () =>
      asAdmin((tx) =>
        tx.update(bankReferences).set({ bankName: 'Halifax Savings' }).where(eq(bankReferences.id, banks.Halifax!)),
      ),
    );
    await afterWrite(ann, () =>
      asAdmin((tx) =>
        tx
          .update(bankReferences)
          .set({ bankingGroupName: 'Bank of Scotland Group plc' })
          .where(sql`${bankReferences.bankingGroupName} = 'Bank of Scotland plc'`),
      ),
    );
    await afterWrite(
      ann,
      () =>
        asAdmin((tx) =>
          tx
            .update(bankingGroups)
            .set({ updatedAt: sql`now()` })
            .where(
              sql`${bankingGroups.id} = (select banking_group_id from bank_references where id = ${banks.Halifax!})`,
            ),
        ),
      false,
    );
    await afterWrite(ann, () =>
      asAdmin((tx) =>
        tx.update(isaProviders).set({ platformName: 'Nationwide ISAs' }).where(eq(isaProviders.id, NATIONWIDE_ISA)),
      ),
    );
    await afterWrite(ann, () => call(admin, '/api/admin/settings/fscs-protection', 'PUT', { limit: 100_000 }));
    await afterWrite(ann, () => call(admin, '/api/admin/settings/fscs-protection', 'DELETE'));
  });

  it('follows a change of plan: the trial ending, then an admin giving Big Pig', async () => {
    const cid = await newPerson('cid');
    await addAccount(cid, 'Halifax saver', 'Halifax', 130_000_00);
    expect((await dashboard(cid)).withheld).toEqual([]);
    const ended = await afterWrite(cid, () =>
      server.deps.database.db
        .update(subscriptions)
        .set({ trialExpiresAt: new Date(server.clock.now().getTime() - 60_000) })
        .where(eq(subscriptions.userId, cid.userId)),
    );
    expect(ended.withheld).toEqual(['alerts']);
    // Without the Hub, money over a limit is still said plainly.
    expect(ended.protection.alerts.map((alert) => alert.level)).toEqual(['over-limit']);
    expect(ended.protection.alerts[0]!.title).toMatch(/^£10,000\.00 over the limit at /);
    const given = await afterWrite(cid, () =>
      call(admin, `/api/admin/users/${cid.userId}/subscription/override`, 'PUT', { adminOverride: true }),
    );
    expect(given.withheld).toEqual([]);
    expect(given.protection.alerts).not.toEqual([]);
  });

  it('sees a write committed by another connection on the next request', async () => {
    const insert = `insert into transactions (account_id, user_id, amount_pence, date, type, notes)
      values ($1, $2, 7_00, $3, 'deposit', 'from elsewhere')`;
    const write = async () => {
      if (kind === 'postgres') {
        const client = new pg.Client({ connectionString: server.databaseUrl });
        await client.connect();
        try {
          await client.query(insert.replace('7_00', '700'), [accounts.halifax, ann.userId, today]);
        } finally {
          await client.end();
        }
      } else {
        await server.deps.database.db.execute(
          sql`insert into transactions (account_id, user_id, amount_pence, date, type, notes)
            values (${accounts.halifax}, ${ann.userId}, 700, ${today}, 'deposit', 'from elsewhere')`,
        );
      }
    };
    const before = await dashboard(ann);
    const after = await afterWrite(ann, write);
    expect(after.protection.totals.totalPence).toBe(before.protection.totals.totalPence + 7_00);
  });

  it('never sends one user the answer kept for another', async () => {
    const [anns, bobs] = [await dashboard(ann), await dashboard(bob)];
    expect(await dashboard(ann)).toEqual(anns);
    expect(await dashboard(bob)).toEqual(bobs);
    expect(bobs).toEqual(await truth(bob));
    expect(anns).toEqual(await truth(ann));
    expect(bobs.protection.totals.totalPence).toBe(1_000_00);
    expect(bobs.recentTransactions.map((t) => t.accountName)).toEqual(['Bob saver']);
  });

  it('lets a user read only their own version and nobody write either version', async () => {
    const db = server.deps.database.db;
    const asAnn = <T>(work: Parameters<typeof withActor<T>>[2]) => withActor(db, { userId: ann.userId }, work);
    const seen = await asAnn(async (tx) =>
      rowsOf<{ user_id: string }>(await tx.execute(sql`select user_id from user_data_versions`)),
    );
    expect(seen.map((r) => r.user_id)).toEqual([ann.userId]);
    for (const write of [
      sql`update user_data_versions set version = 0`,
      sql`insert into user_data_versions (user_id, version) values (${bob.userId}, 0)`,
      sql`delete from user_data_versions`,
      sql`update reference_data_version set version = 0`,
    ])
      expect(await rejection(asAnn((tx) => tx.execute(write)))).toBe('42501');
  });

  it('would send a stale answer if a table lost its trigger, until the minute is up: the test can fail', async () => {
    const db = server.deps.database.db;
    // The clock stands still from here; a minute on, whatever was kept is too old: kept afresh now.
    server.clock.set(new Date(server.clock.now().getTime() + 60_000));
    await dashboard(ann);
    const kept = await dashboard(ann);
    await db.execute(sql`alter table standing_orders disable trigger standing_orders_data_version_insert`);
    try {
      await call(ann, `/api/accounts/${accounts.halifax}/standing-orders`, 'POST', {
        amountPence: 1_00,
        frequency: 'weekly',
        startDate: addDays(today, 2),
      });
    } finally {
      await db.execute(sql`alter table standing_orders enable trigger standing_orders_data_version_insert`);
    }
    const expected = await truth(ann);
    expect(expected).not.toEqual(kept);
    expect(await dashboard(ann)).toEqual(kept);
    server.clock.advance(59_000);
    expect(await dashboard(ann)).toEqual(kept);
    server.clock.advance(1_000);
    expect(await dashboard(ann)).toEqual(expected);
    server.clock.reset();
  });

  itOnPostgres(kind)('has the version triggers on every table the dashboard statements read (EXPLAINed)', async () => {
    const eve = await newPerson('eve');
    const account = await addAccount(eve, 'Eve saver', 'Halifax', 1_00);
    await call(eve, `/api/accounts/${account}/standing-orders`, 'POST', {
      amountPence: 1_00,
      frequency: 'weekly',
      startDate: today,
    });
    // The statements of a request that reads everything: a new ledger, so the line's too.
    const reads = await selectsSentBy(() => dashboard(eve));
    expect(reads.length).toBe(4);
    const { read: relations, uncovered } = await versionCoverage(server.databaseUrl!, reads);
    expect(uncovered, 'tables read without a version trigger').toEqual([]);
    // What they read today (a new table here needs its triggers in a migration).
    expect([...relations].sort()).toEqual([
      'account_monthly_totals',
      'account_terms',
      'accounts',
      'app_settings',
      'bank_references',
      'banking_groups',
      'isa_accounts',
      'isa_providers',
      'pension_accounts',
      'pension_providers',
      'protection_alert_dismissals',
      'standing_orders',
      'transactions',
      'user_settings',
    ]);
  });

  itOnPostgres(kind)(
    "counts the monthly totals as bumping only while nothing but the transactions' triggers can write them: the test can fail",
    async () => {
      const client = new pg.Client({ connectionString: server.databaseUrl! });
      await client.connect();
      const writers = () => derivedOnlyFrom(client, 'account_monthly_totals', 'transactions');
      const covered = async () => (await tablesWithVersionTriggers(server.databaseUrl!)).has('account_monthly_totals');
      try {
        expect(await writers()).toEqual([]);
        expect(await covered()).toBe(true);
        await client.query('grant insert on account_monthly_totals to app_user');
        await client.query(
          'create function totals_written_directly() returns void language sql as $$ delete from account_monthly_totals where false $$',
        );
        try {
          expect(await writers()).toEqual(['app_user may insert', 'function totals_written_directly']);
          expect(await covered()).toBe(false);
        } finally {
          await client.query('drop function totals_written_directly()');
          await client.query('revoke insert on account_monthly_totals from app_user');
        }
        expect(await covered()).toBe(true);
      } finally {
        await client.end();
      }
    },
  );

  itOnPostgres(kind)(
    'reads the protection rows once for the dashboard, the Hub and the list that miss at one version',
    async () => {
      // A change an add does not carry (the add itself keeps the rows it leaves: carried-extras.test.ts).
      await call(ann, `/api/accounts/${accounts.halifax}`, 'PATCH', { name: 'Halifax shared rows' });
      const dashboardReads = await selectsSentBy(() => dashboard(ann));
      let picture: unknown;
      const hubReads = await selectsSentBy(async () => {
        picture = await hub(ann);
      });
      const listReads = await selectsSentBy(() => accountsList(ann));
      expect(typeof picture, 'the Hub answered').toBe('object');
      expect(dashboardReads.length, 'the dashboard read its rows').toBeGreaterThan(1);
      expect([hubReads.length, listReads.length], 'statements the Hub and the list sent').toEqual([0, 0]);
      expect(picture).toEqual(await hub(ann, true));
    },
  );
});
