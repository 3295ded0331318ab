import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PENSION_MESSAGES } from '../../core/pension/pension-record.ts';
import { withActor } from '../db/rls.ts';
import { pensionAccounts, pensionTransfers } from '../db/schema/index.ts';
import { addAccountAt, bankIdNamed } from '../test/accounts-api.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { itOnPostgres } from '../test/postgres-only.ts';
import { statementsSent } from '../test/statements-sent.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { PENSION_ROUTE_MESSAGES } from './routes.ts';
import type { PensionSaved, PensionView } from './schemas.ts';

type Person = { cookie: string; userId: string };
type ErrorBody = { error: { code: string; message: string } };
type ListedAccount = { id: string; bank: string | null; protection: { status: string; reason: string | null } };

const RECORD = { schemeType: 'personal_pension', annualAllowancePence: 60_000_00, accessAge: 55 };

describe.each(testDatabaseKinds())('the pension API on %s', (kind) => {
  let server: TestServer;
  let people = 0;
  const providers = new Map<string, string>();

  const newPerson = async () => {
    people += 1;
    return signUpAndSignIn(server, { email: `pension-${people}@example.com` });
  };

  const addAccount = (who: Person, fields: { name: string; accountType: string; startingBalancePence?: number }) =>
    addAccountAt(
      server,
      who.cookie,
      { name: fields.name, bankId: undefined, pence: fields.startingBalancePence ?? 0 },
      { accountType: fields.accountType, bankId: null },
    );

  const send = (who: Person, path: string, method: string, json?: unknown) =>
    server.request(path, { method, cookie: who.cookie, ...(json === undefined ? {} : { json }) });

  const ok = async <T>(res: Response) => {
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as T;
  };

  const save = async (who: Person, id: string, json: Record<string, unknown>) =>
    ok<PensionSaved>(await send(who, `/api/accounts/${id}/pension`, 'PUT', json));

  const list = async (who: Person) =>
    ((await (await server.request('/api/accounts', { cookie: who.cookie })).json()) as { accounts: ListedAccount[] })
      .accounts;

  beforeAll(async () => {
    server = await createTestServer(kind);
    // Tuesday 10 November 2026: in the 2026/27 tax year.
    server.clock.set(new Date('2026-11-10T12:00:00Z'));
    const res = await server.request('/api/reference/pension-providers');
    const body = (await res.json()) as { providers: { id: string; providerDisplayName: string }[] };
    for (const p of body.providers) providers.set(p.providerDisplayName, p.id);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('saves the record, sets the bank to the provider and works out the allowance left across pensions', async () => {
    const ann = await newPerson();
    const id = await addAccount(ann, {
      name: 'Aviva pension',
      accountType: 'Personal Pension',
      startingBalancePence: 5_000_000,
    });

    const before = await ok<PensionView>(await send(ann, `/api/accounts/${id}/pension`, 'GET'));
    expect(before).toMatchObject({ accountId: id, pension: null, provider: null, contributions: [], transfers: [] });
    expect(before.allowance).toMatchObject({
      taxYear: '2026/27',
      annualAllowancePence: 60_000_00,
      remainingPence: 60_000_00,
    });

    const saved = await save(ann, id, {
      ...RECORD,
      providerId: providers.get('Aviva'),
      employerLink: true,
      employerName: 'Acme Ltd',
      employerContributionPolicy: '5% matched',
      taxReliefMethod: 'relief_at_source',
    });
    expect(saved.pension).toMatchObject({
      schemeType: 'personal_pension',
      protectionCategory: 'insurance_100',
      employerName: 'Acme Ltd',
      accessAge: 55,
      transferSlaDays: 10,
      ruleVersion: '1.0',
    });
    expect(saved.provider).toMatchObject({ providerDisplayName: 'Aviva', frn: '185896', coverageTag: 'insurance_100' });
    expect(saved.account.bank).toBe('Aviva');
    // Insured pension money is its own scheme (100% of a claim): never uncovered deposit money.
    expect(saved.account.protection).toEqual({ status: 'covered-in-full', uncoveredPence: null, reason: null });

    // Employer link off clears the employer fields; a DB scheme keeps the PPF whoever runs it.
    const db = await save(ann, id, {
      ...RECORD,
      providerId: providers.get('Aviva'),
      schemeType: 'workplace_db',
      accessAge: 65,
      employerLink: false,
      employerName: 'Acme Ltd',
    });
    expect(db.pension).toMatchObject({
      employerLink: false,
      employerName: null,
      employerContributionPolicy: null,
      protectionCategory: 'db_ppf',
    });
    expect(db.account.protection).toEqual({ status: 'not-fscs', uncoveredPence: null, reason: 'ppf' });
    // The Protection Hub reads the same statement: the £50,000 is under the PPF, none of it at risk.
    const hub = (await (await server.request('/api/protection', { cookie: ann.cookie })).json()) as {
      totals: { atRiskPence: number; otherSchemePence: number };
      outside: { kind: string; accounts: { id: string }[] }[];
    };
    expect(hub.totals).toMatchObject({ atRiskPence: 0, otherSchemePence: 5_000_000 });
    expect(hub.outside.find((g) => g.accounts.some((a) => a.id === id))!.kind).toBe('ppf');

    // Contributions per tax year, upserted; a second pension's count too: the allowance is the person's.
    const second = await addAccount(ann, { name: 'AJ Bell SIPP', accountType: 'SIPP' });
    await save(ann, second, { ...RECORD, schemeType: 'sipp', providerId: providers.get('AJ Bell') });
    await ok(
      await send(ann, `/api/accounts/${id}/pension/contributions`, 'POST', {
        taxYear: '2026/27',
        employeePence: 5_000_00,
        employerPence: 1_000_00,
      }),
    );
    const upserted = await ok<PensionView>(
      await send(ann, `/api/accounts/${id}/pension/contributions`, 'POST', {
        taxYear: '2026/27',
        employeePence: 8_000_00,
        employerPence: 2_000_00,
      }),
    );
    expect(upserted.contributions).toMatchObject([{ taxYear: 2026, employeePence: 8_000_00, employerPence: 2_000_00 }]);
    const sipp = await ok<PensionView>(
      await send(ann, `/api/accounts/${second}/pension/contributions`, 'POST', {
        taxYear: '2025-26',
        employeePence: 50_000_00,
        employerPence: 0,
      }),
    );
    expect(sipp.contributions.map((c) => c.taxYear)).toEqual([2025]);
    // £60,000 − £10,000 this year (DB growth counts too) + £10,000 unused from 2025/26.
    expect(sipp.allowance).toMatchObject({
      inputPence: 10_000_00,
      carryForwardPence: 10_000_00,
      remainingPence: 60_000_00,
    });
    expect(sipp.alerts.map((a) => a.title)).toContain('SIPP/Platform Notice');
    expect((await list(ann)).find((a) => a.id === second)!.protection.reason).toBeNull();
  });

  it('refuses bad input with the spec’s messages, never a 500', async () => {
    const ann = await newPerson();
    const id = await addAccount(ann, { name: 'Pension', accountType: 'Personal Pension' });
    const message = async (path: string, method: string, json: unknown) => {
      const res = await send(ann, `/api/accounts/${id}${path}`, method, json);
      expect(res.status).toBe(400);
      return ((await res.json()) as ErrorBody).error.message;
    };
    expect(await message('/pension', 'PUT', { ...RECORD, providerId: 'aviva', schemeType: '' })).toBe(
      PENSION_MESSAGES.schemeTypeRequired,
    );
    expect(await message('/pension', 'PUT', { ...RECORD, providerId: '' })).toBe(PENSION_MESSAGES.providerRequired);
    expect(await message('/pension', 'PUT', { ...RECORD, providerId: 'no-such-provider' })).toBe(
      PENSION_MESSAGES.providerRequired,
    );
    expect(await message('/pension', 'PUT', { ...RECORD, providerId: 'aviva', annualAllowancePence: 500 })).toBe(
      PENSION_MESSAGES.annualAllowance,
    );
    expect(await message('/pension', 'PUT', { ...RECORD, providerId: 'aviva', accessAge: 80 })).toBe(
      PENSION_MESSAGES.accessAge,
    );
    // The employer fields without the link broke the database's check and answered 500.
    for (const employer of [{ employerName: 'Acme Ltd' }, { employerContributionPolicy: '5% matched' }])
      expect(await message('/pension', 'PUT', { ...RECORD, providerId: 'aviva', ...employer })).toBe(
        PENSION_MESSAGES.employerLink,
      );
    expect(
      await message('/pension/contributions', 'POST', { taxYear: '2030/31', employeePence: 0, employerPence: 0 }),
    ).toBe(PENSION_MESSAGES.taxYear);
    expect(
      await message('/pension/drawdowns', 'POST', { eventDate: '2026-02-30', eventType: 'pcls', amountPence: 100 }),
    ).toBe(PENSION_MESSAGES.date);

    const saver = await addAccountAt(server, ann.cookie, {
      name: 'Saver',
      bankId: await bankIdNamed(server, 'Halifax'),
      pence: 0,
    });
    const res = await send(ann, `/api/accounts/${saver}/pension`, 'GET');
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.message).toBe(PENSION_ROUTE_MESSAGES.notAPension);
  });

  it('keeps the scheme type the saver chose: a workplace pension given a provider is not a personal pension (issue 24)', async () => {
    const ann = await newPerson();
    const nest = { providerId: providers.get('Nest (National Employment Savings Trust)') };
    const schemeAfterChoosing = async (id: string) =>
      (await ok<PensionSaved>(await send(ann, `/api/accounts/${id}/pension/provider`, 'PUT', nest))).pension
        ?.schemeType;
    expect(
      await schemeAfterChoosing(await addAccount(ann, { name: 'Work pension', accountType: 'Workplace Pension' })),
    ).toBe('workplace_dc');
    const sipp = await addAccount(ann, { name: 'My SIPP', accountType: 'SIPP' });
    await save(ann, sipp, { ...RECORD, schemeType: 'sipp', providerId: providers.get('AJ Bell') });
    expect(await schemeAfterChoosing(sipp)).toBe('sipp');
  });

  it('changes the provider alone, starts the MPAA on drawdown income and moves transfers through their statuses', async () => {
    const ann = await newPerson();
    const id = await addAccount(ann, { name: 'Old pension', accountType: 'Personal Pension' });
    const chosen = await ok<PensionSaved>(
      await send(ann, `/api/accounts/${id}/pension/provider`, 'PUT', {
        providerId: providers.get('Nest (National Employment Savings Trust)'),
      }),
    );
    expect(chosen.pension).toMatchObject({ schemeType: 'personal_pension', protectionCategory: 'ssas_trust' });
    expect(chosen.account.bank).toBe('Nest (National Employment Savings Trust)');

    const drawn = await ok<PensionView>(
      await send(ann, `/api/accounts/${id}/pension/drawdowns`, 'POST', {
        eventDate: '2026-07-01',
        eventType: 'income',
        amountPence: 1_000_00,
      }),
    );
    expect(drawn.flexibleAccessDate).toBe('2026-07-01');
    expect(drawn.allowance.mpaaApplies).toBe(true);
    expect(drawn.alerts.map((a) => a.title)).toContain(
      'MPAA triggered - Future contributions limited to £10,000 per year',
    );

    const started = await ok<PensionView>(
      await send(ann, `/api/accounts/${id}/pension/transfers`, 'POST', { notes: 'To AJ Bell' }),
    );
    const transfer = started.transfers[0]!;
    expect(transfer).toMatchObject({ status: 'new', shownStatus: 'new', expectedBy: '2026-11-20', completedAt: null });
    const moving = await ok<PensionView>(
      await send(ann, `/api/accounts/${id}/pension/transfers/${transfer.id}`, 'PATCH', { status: 'in_progress' }),
    );
    expect(moving.transfers[0]!.status).toBe('in_progress');
    // Started 20 days ago (the test cannot move its clock on that far with a live session).
    await withActor(server.deps.database.db, { userId: ann.userId }, (tx) =>
      tx
        .update(pensionTransfers)
        .set({ startedAt: new Date('2026-10-21T12:00:00Z') })
        .where(eq(pensionTransfers.id, transfer.id)),
    );
    const late = await ok<PensionView>(await send(ann, `/api/accounts/${id}/pension`, 'GET'));
    expect(late.transfers[0]!.shownStatus).toBe('overdue');
    expect(late.alerts[0]!.title).toBe('Pension transfer is overdue - contact your provider');
    const done = await ok<PensionView>(
      await send(ann, `/api/accounts/${id}/pension/transfers/${transfer.id}`, 'PATCH', {
        status: 'complete',
        notes: 'Arrived',
      }),
    );
    expect(done.transfers[0]).toMatchObject({ status: 'complete', notes: 'Arrived' });
    expect(done.transfers[0]!.completedAt).not.toBeNull();

    const unknown = await send(ann, `/api/accounts/${id}/pension/transfers/not-a-uuid`, 'PATCH', {
      status: 'complete',
    });
    expect(unknown.status).toBe(404);
  });

  itOnPostgres(kind)('reads the card in the same statements however many rows hang off the pension', async () => {
    const ann = await newPerson();
    const id = await addAccount(ann, { name: 'Pension', accountType: 'Personal Pension' });
    await save(ann, id, { ...RECORD, providerId: providers.get('Aviva') });
    const sent = () => statementsSent(() => send(ann, `/api/accounts/${id}/pension`, 'GET'));
    await sent(); // the first call on a connection prepares its statements
    const few = await sent();
    for (const year of ['2023/24', '2024/25', '2025/26', '2026/27']) {
      await send(ann, `/api/accounts/${id}/pension/contributions`, 'POST', {
        taxYear: year,
        employeePence: 100_00,
        employerPence: 0,
      });
      await send(ann, `/api/accounts/${id}/pension/transfers`, 'POST', {});
      await send(ann, `/api/accounts/${id}/pension/drawdowns`, 'POST', {
        eventDate: '2025-06-01',
        eventType: 'pcls',
        amountPence: 100,
      });
    }
    expect((await sent()).statements).toBe(few.statements);
  });

  it('never lets another user read or write a pension’s rows', async () => {
    const ann = await newPerson();
    const eve = await newPerson();
    const id = await addAccount(ann, { name: 'Ann pension', accountType: 'Personal Pension' });
    await save(ann, id, { ...RECORD, providerId: providers.get('Aviva') });
    const started = await ok<PensionView>(await send(ann, `/api/accounts/${id}/pension/transfers`, 'POST', {}));
    const transferId = started.transfers[0]!.id;

    expect((await send(eve, `/api/accounts/${id}/pension`, 'GET')).status).toBe(404);
    expect((await send(eve, `/api/accounts/${id}/pension`, 'PUT', { ...RECORD, providerId: 'aviva' })).status).toBe(
      404,
    );
    expect((await send(eve, `/api/accounts/${id}/pension/provider`, 'PUT', { providerId: 'aviva' })).status).toBe(404);
    expect(
      (
        await send(eve, `/api/accounts/${id}/pension/contributions`, 'POST', {
          taxYear: '2026/27',
          employeePence: 0,
          employerPence: 0,
        })
      ).status,
    ).toBe(404);
    expect(
      (await send(eve, `/api/accounts/${id}/pension/transfers/${transferId}`, 'PATCH', { status: 'complete' })).status,
    ).toBe(404);
    // Eve's own pension cannot reach Ann's transfer either.
    const own = await addAccount(eve, { name: 'Eve pension', accountType: 'Personal Pension' });
    expect(
      (await send(eve, `/api/accounts/${own}/pension/transfers/${transferId}`, 'PATCH', { status: 'complete' })).status,
    ).toBe(404);

    // Row-level security alone keeps Eve from Ann's record and from attaching one to Ann's account.
    const seen = await withActor(server.deps.database.db, { userId: eve.userId }, (tx) =>
      tx.select().from(pensionAccounts).where(eq(pensionAccounts.accountId, id)),
    );
    expect(seen).toEqual([]);
    await expect(
      withActor(server.deps.database.db, { userId: eve.userId }, (tx) =>
        tx
          .insert(pensionAccounts)
          .values({ accountId: id, userId: eve.userId, providerId: 'aviva', protectionCategory: 'insurance_100' }),
      ),
    ).rejects.toThrow();
  });
});
