import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { addMonths } from '../../core/protection/thb.ts';
import { PREFERENCE_MESSAGES } from '../../core/smart-pig/preferences.ts';
import { NEVER_MOVES_MONEY } from '../../core/smart-pig/texts.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { itOnPostgres } from '../test/postgres-only.ts';
import { statementsSent } from '../test/statements-sent.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';
import type { SimulationJson, SmartPigJson } from './smart-pig-json.ts';

type Person = { cookie: string; userId: string };
type ErrorBody = { error: { code: string; message: string; details?: { field?: string } } };

const DEFAULTS = {
  keepFullFSCSCover: true,
  avoidTeaserRates: true,
  maxNoticeDays: 0,
  maxFixedMonths: 12,
  useISAFirst: true,
};

/** The day `months` calendar months from today in London, the product's own day. */
const monthsFromToday = (months: number) => addMonths(calendarDateInLondon(new Date()), months);

describe.each(testDatabaseKinds())('the Smart Pig API on %s', (kind) => {
  let server: TestServer;
  let ann: Person;
  let bob: Person;
  let people = 0;
  const banks: Record<string, string> = {};
  const annAccounts: Record<string, string> = {};
  let bobAccount = '';

  const newPerson = async (name: string) => {
    people += 1;
    return signUpAndSignIn(server, { email: `${name}-${people}@example.com` });
  };

  const bankId = async (name: string) => {
    const res = await server.request(`/api/reference/banks?q=${encodeURIComponent(name)}`);
    const { banks: found } = (await res.json()) as { banks: { id: string; bankName: string }[] };
    const bank = found.find((b) => b.bankName === name);
    if (!bank) throw new Error(`no bank ${name}`);
    return bank.id;
  };

  const addAccount = async (
    who: Person,
    name: string,
    bank: string,
    pence: number,
    rate: number,
    extra: Record<string, unknown> = {},
  ) => {
    const res = await server.request('/api/accounts', {
      method: 'POST',
      cookie: who.cookie,
      json: {
        name,
        accountNumber: '12345678',
        bankId: banks[bank],
        startingBalancePence: pence,
        interestRateBps: rate,
        ...extra,
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { account: { id: string } }).account.id;
  };

  const smartPig = async (who: Person): Promise<SmartPigJson> => {
    const res = await server.request('/api/smart-pig', { cookie: who.cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as SmartPigJson;
  };

  const putPreferences = (who: Person, json: unknown) =>
    server.request('/api/smart-pig/preferences', { method: 'PUT', cookie: who.cookie, json });

  const simulate = (who: Person, json: unknown) =>
    server.request('/api/smart-pig/simulate', { method: 'POST', cookie: who.cookie, json });

  beforeAll(async () => {
    server = await createTestServer(kind);
    for (const name of ['Halifax', 'Bank of Scotland', 'Nationwide Building Society']) banks[name] = await bankId(name);
    ann = await newPerson('ann');
    bob = await newPerson('bob');
    annAccounts.halifax = await addAccount(ann, 'Halifax saver', 'Halifax', 70_000_00, 300);
    annAccounts.bos = await addAccount(ann, 'Bank of Scotland saver', 'Bank of Scotland', 70_000_00, 250);
    annAccounts.nationwide = await addAccount(ann, 'Nationwide saver', 'Nationwide Building Society', 50_000_00, 400);
    bobAccount = await addAccount(bob, 'Bob’s saver', 'Nationwide Building Society', 10_000_00, 100);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('moves what is over the limit at Halifax and Bank of Scotland to Nationwide, never over its limit', async () => {
    const body = await smartPig(ann);
    expect(body.limitPence).toBe(120_000_00);
    expect(body.preferences).toEqual(DEFAULTS);
    expect(body.metrics).toMatchObject({
      unprotectedDepositsPence: 20_000_00,
      projectedBreaches: 1,
      totalBalancePence: 190_000_00,
      protectedBalancePence: 170_000_00,
      bankingGroupCount: 2,
    });
    const protection = body.recommendations.filter((r) => r.type === 'protection');
    expect(protection).toHaveLength(1);
    const [move] = protection;
    // Bank of Scotland (2.50%) sends the £20,000 over the limit to Nationwide (4.00%), and, as
    // Nationwide pays more, its other £50,000 on the same card: one card per move, £70,000.
    expect(move).toMatchObject({
      priority: 'high',
      fromAccount: { licenceName: 'Bank of Scotland plc' },
      toAccount: { id: annAccounts.nationwide, licenceName: 'Nationwide Building Society' },
      amountPence: 70_000_00,
      transfer: 'external',
      availableCapacityPence: 70_000_00,
      capacityLimited: false,
      timeframe: '1-2 business days',
    });
    expect(move!.steps.at(-1)).toBe(NEVER_MOVES_MONEY);
    // Every move to one of the saver's accounts stays within the destination's limit: £50,000 is
    // at Nationwide, so no more than £70,000 may go there in all.
    const toNationwide = body.recommendations
      .filter((r) => r.toAccount?.licenceName === 'Nationwide Building Society')
      .reduce((sum, r) => sum + r.amountPence, 0);
    expect(50_000_00 + toNationwide).toBeLessThanOrEqual(body.limitPence);
    expect(body.accounts.map((a) => a.name)).toEqual(['Halifax saver', 'Bank of Scotland saver', 'Nationwide saver']);
    expect(body.metrics.potentialExtraInterestPence).toBe(
      body.recommendations.reduce((sum, r) => sum + r.projectedGainPence, 0),
    );
  });

  it('simulates the recommended move: the alert clears and nothing is saved', async () => {
    const { recommendations } = await smartPig(ann);
    const move = recommendations.find((r) => r.type === 'protection')!;
    const res = await simulate(ann, {
      accountId: move.toAccount!.id,
      fromAccountId: move.fromAccount!.id,
      amountPence: move.amountPence,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const result = (await res.json()) as SimulationJson;
    expect(result.alertsBefore.map((a) => a.level)).toEqual(['over-limit']);
    expect(result.alertsAfter.filter((a) => a.level === 'over-limit')).toEqual([]);
    expect([result.badgeBefore, result.badgeAfter]).toEqual(['mostly-protected', 'fully-protected']);
    expect([result.atRiskBeforePence, result.atRiskAfterPence]).toEqual([20_000_00, 0]);
    for (const licence of result.licences) expect(licence.afterPence).toBeLessThanOrEqual(licence.limitPence);
    expect(result.licences[0]).toMatchObject({ name: 'Nationwide Building Society', afterPence: 120_000_00 });
    // Still over the limit: the simulator saved nothing.
    expect((await smartPig(ann)).metrics.unprotectedDepositsPence).toBe(20_000_00);
  });

  it('simulates new money: the exposure per licence, the badge and the interest change', async () => {
    const res = await simulate(ann, { accountId: annAccounts.nationwide, amountPence: 10_000_00 });
    expect(res.status).toBe(200);
    const result = (await res.json()) as SimulationJson;
    expect(result.licences[0]).toMatchObject({
      name: 'Nationwide Building Society',
      beforePence: 50_000_00,
      afterPence: 60_000_00,
      receivesDeposit: true,
    });
    // £10,000 at 4.00%: £400 a year more.
    expect(result.interestChangePence).toBe(400_00);
  });

  it.each([
    [0, 'Enter an amount of more than £0'],
    [-5_00, 'Enter an amount of more than £0'],
    [1.5, 'Enter an amount of more than £0'],
    [undefined, 'Enter an amount of more than £0'],
  ])('refuses to simulate an amount of %s', async (amountPence, message) => {
    const res = await simulate(ann, { accountId: annAccounts.nationwide, amountPence });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.message).toBe(message);
  });

  it('refuses to simulate with another user’s account, or an unknown one', async () => {
    for (const json of [
      { accountId: bobAccount, amountPence: 100 },
      { accountId: 'not-an-id', amountPence: 100 },
      { accountId: annAccounts.nationwide, fromAccountId: bobAccount, amountPence: 100 },
    ]) {
      const res = await simulate(ann, json);
      expect(res.status).toBe(404);
      expect(((await res.json()) as ErrorBody).error.code).toBe('NOT_FOUND');
    }
    const same = await simulate(ann, {
      accountId: annAccounts.halifax,
      fromAccountId: annAccounts.halifax,
      amountPence: 1,
    });
    expect(same.status).toBe(400);
  });

  it('keeps preferences per user, with the spec’s defaults until saved', async () => {
    const carl = await newPerson('carl');
    const get = async (who: Person) => {
      const res = await server.request('/api/smart-pig/preferences', { cookie: who.cookie });
      expect(res.status).toBe(200);
      return ((await res.json()) as { preferences: unknown }).preferences;
    };
    expect(await get(carl)).toEqual(DEFAULTS);
    const saved = await putPreferences(carl, { maxNoticeDays: 30, avoidTeaserRates: false });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const expected = { ...DEFAULTS, maxNoticeDays: 30, avoidTeaserRates: false };
    expect(((await saved.json()) as { preferences: unknown }).preferences).toEqual(expected);
    expect(await get(carl)).toEqual(expected);
    expect((await smartPig(carl)).preferences).toEqual(expected);
    // Another user's are their own.
    expect(await get(bob)).toEqual(DEFAULTS);
    const again = await putPreferences(carl, { ...expected, maxFixedMonths: 60 });
    expect(again.status).toBe(200);
    expect(await get(carl)).toEqual({ ...expected, maxFixedMonths: 60 });
  });

  it('applies the saved preferences: without full FSCS cover, no protection recommendation', async () => {
    expect((await putPreferences(ann, { keepFullFSCSCover: false })).status).toBe(200);
    try {
      const body = await smartPig(ann);
      expect(body.preferences.keepFullFSCSCover).toBe(false);
      expect(body.recommendations.filter((r) => r.type === 'protection')).toEqual([]);
    } finally {
      expect((await putPreferences(ann, DEFAULTS)).status).toBe(200);
    }
  });

  it.each([
    [{ maxNoticeDays: 96 }, PREFERENCE_MESSAGES.noticeDays, 'maxNoticeDays'],
    [{ maxNoticeDays: -1 }, PREFERENCE_MESSAGES.noticeDays, 'maxNoticeDays'],
    [{ maxNoticeDays: 1.5 }, PREFERENCE_MESSAGES.noticeDays, 'maxNoticeDays'],
    [{ maxFixedMonths: 61 }, PREFERENCE_MESSAGES.fixedMonths, 'maxFixedMonths'],
    [{ maxFixedMonths: '12' }, PREFERENCE_MESSAGES.fixedMonths, 'maxFixedMonths'],
    [{ useISAFirst: 'yes' }, PREFERENCE_MESSAGES.yesNo, 'useISAFirst'],
    [{ sneaky: true }, 'This preference does not exist: sneaky', undefined],
    [[1, 2], 'Preferences must be an object', undefined],
    ['on', 'Preferences must be an object', undefined],
  ])('refuses preferences %j with a clear message and saves nothing', async (json, message, field) => {
    const dee = await newPerson('dee');
    const res = await putPreferences(dee, json);
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as ErrorBody;
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(error.details?.field).toBe(field);
    const stored = await server.request('/api/smart-pig/preferences', { cookie: dee.cookie });
    expect(((await stored.json()) as { preferences: unknown }).preferences).toEqual(DEFAULTS);
  });

  it('shows another user nothing of the saver’s', async () => {
    const body = await smartPig(bob);
    expect(body.accounts.map((a) => a.id)).toEqual([bobAccount]);
    expect(JSON.stringify(body)).not.toContain('Halifax');
    const eve = await newPerson('eve');
    const empty = await smartPig(eve);
    expect(empty).toMatchObject({ accounts: [], recommendations: [] });
    expect(empty.metrics).toMatchObject({ totalBalancePence: 0, bankingGroupCount: 0, unprotectedDepositsPence: 0 });
  });

  it('needs a signed-in user', async () => {
    expect((await server.request('/api/smart-pig')).status).toBe(401);
    expect((await server.request('/api/smart-pig/preferences', { method: 'PUT', json: DEFAULTS })).status).toBe(401);
  });

  it('reads notice and fixed-term terms: money never goes where the saver would wait longer than they accept', async () => {
    const gus = await newPerson('gus');
    await addAccount(gus, 'Halifax saver', 'Halifax', 70_000_00, 300);
    await addAccount(gus, 'Bank of Scotland saver', 'Bank of Scotland', 70_000_00, 250);
    const nationwide = await addAccount(gus, 'Nationwide saver', 'Nationwide Building Society', 50_000_00, 400);
    const term = await server.request(`/api/accounts/${nationwide}/terms`, {
      method: 'POST',
      cookie: gus.cookie,
      json: { termType: 'notice_period', inputs: { noticeDays: 60 } },
    });
    expect(term.status, await term.clone().text()).toBe(201);
    const destination = async () =>
      (await smartPig(gus)).recommendations.find((r) => r.type === 'protection')!.toAccount?.id ?? null;

    // Nationwide needs 60 days' notice; the saver accepts none: the move goes to a new account elsewhere.
    expect(await destination()).toBeNull();
    expect((await putPreferences(gus, { ...DEFAULTS, maxNoticeDays: 60 })).status).toBe(200);
    expect(await destination()).toBe(nationwide);
  });

  it('reads fixed-term and contributions terms: a running bond takes only what its terms let in', async () => {
    const hal = await newPerson('hal');
    await addAccount(hal, 'Halifax saver', 'Halifax', 70_000_00, 300);
    const bos = await addAccount(hal, 'Bank of Scotland saver', 'Bank of Scotland', 70_000_00, 250);
    const bond = await addAccount(hal, 'Nationwide bond', 'Nationwide Building Society', 50_000_00, 400, {
      accountType: 'Bond',
    });
    const addTerm = async (json: unknown) => {
      const res = await server.request(`/api/accounts/${bond}/terms`, { method: 'POST', cookie: hal.cookie, json });
      expect(res.status, await res.clone().text()).toBe(201);
    };
    // Dates from today, so the bond is as far from its end whenever the suite runs.
    await addTerm({ termType: 'fixed_term', inputs: { termEndDate: monthsFromToday(19) } });
    expect((await putPreferences(hal, { ...DEFAULTS, maxFixedMonths: 60 })).status).toBe(200);
    const protection = async () =>
      (await smartPig(hal)).recommendations
        .filter((r) => r.type === 'protection')
        .map((r) => [r.fromAccount!.id, r.toAccount?.id ?? null, r.amountPence]);

    // The bond is fixed for 19 more months and its terms take no top-ups: the £20,000 over the
    // limit goes to a new account elsewhere, never into the bond.
    expect(await protection()).toEqual([[bos, null, 20_000_00]]);

    // Its contributions term lets in up to £60,000 over five years from 11 months ago: with
    // £50,000 in it, £10,000 more. The other £10,000 still needs a new account.
    await addTerm({
      termType: 'max_contributions_over_term',
      inputs: {
        termStartDate: monthsFromToday(-11),
        termLengthValue: 5,
        termLengthUnit: 'years',
        maxAmountPence: 60_000_00,
      },
    });
    expect(await protection()).toEqual([
      [bos, bond, 10_000_00],
      [bos, null, 10_000_00],
    ]);
    const intoBond = (await smartPig(hal)).recommendations.find((r) => r.toAccount?.id === bond)!;
    expect(intoBond.capacityReason).toBe(
      'The terms of Nationwide bond let in only £10,000.00 more, so only £10,000.00 can move there.',
    );
  });

  itOnPostgres(kind)(
    'reads in the same statements and socket writes however many accounts, and none of its own while kept',
    async () => {
      const fay = await newPerson('fay');
      const sent = () => statementsSent(() => smartPig(fay));
      await sent(); // the first call on a connection prepares its statements
      // Nothing changed since: the kept answer is sent after the session opening alone.
      expect(await sent()).toEqual({ statements: 1, writes: 1 });
      await addAccount(fay, 'Saver 0', 'Nationwide Building Society', 30_000_00, 100);
      // Read again after a write: the session opening; BEGIN, the opening again, the switch to app_user, the accounts, Smart Pig's facts, the ISA allowance's rows and COMMIT together.
      const one = await sent();
      expect(one).toEqual({ statements: 8, writes: 2 });
      for (let i = 1; i < 6; i++)
        await addAccount(fay, `Saver ${i}`, i % 2 ? 'Halifax' : 'Nationwide Building Society', 30_000_00, 100 + i * 50);
      expect(await sent()).toEqual(one);
    },
  );
});
