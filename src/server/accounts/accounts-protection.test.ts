/**
 * Issue 14: the accounts list and the account page say each licence's at-risk figure once. The
 * list carries the Protection Hub's totals and each licence shared by two or more accounts; the
 * account page carries its licence group (the other accounts there, the limit, covered and at
 * risk, joint shares, a temporary high balance's window), all from the one engine run over the
 * user's own accounts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { limitsOn } from '../../core/protection/limits.ts';
import { addMonths } from '../../core/protection/thb.ts';
import type { AccountDetail } from '../account-detail/routes.ts';
import { appSettings } from '../db/schema/index.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { addAccountAt, bankIdNamed } from '../test/accounts-api.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';
import type { AccountList } from './account-json.ts';

type Person = { cookie: string; userId: string };

// Pinned: Saturday 21 November 2026, midday in London.
const NOW = new Date('2026-11-21T12:00:00Z');

describe.each(testDatabaseKinds())('protection on the accounts list and the account page on %s', (kind) => {
  let server: TestServer;
  let ann: Person;
  let people = 0;
  const banks: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const today = calendarDateInLondon(NOW);
  // The engine's dated limit on the pinned day: never a figure of the test's own.
  const depositLimit = limitsOn(today).deposit;

  const newPerson = async (name: string) => {
    people += 1;
    return signUpAndSignIn(server, { email: `${name}-${people}.acctprot@example.com` });
  };

  const addAccount = (who: Person, name: string, bank: string, pence: number, extra = {}) =>
    addAccountAt(server, who.cookie, { name, bankId: banks[bank], pence }, extra);

  const list = async (who: Person): Promise<AccountList> => {
    const res = await server.request('/api/accounts', { cookie: who.cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as AccountList;
  };

  const detail = async (who: Person, id: string): Promise<AccountDetail> => {
    const res = await server.request(`/api/accounts/${id}`, { cookie: who.cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as AccountDetail;
  };

  beforeAll(async () => {
    server = await createTestServer(kind);
    server.clock.set(NOW);
    for (const name of ['Halifax', 'Bank of Scotland', 'Nationwide Building Society', 'NS&I'])
      banks[name] = await bankIdNamed(server, name);
    ann = await newPerson('ann');
    ids.halifax = await addAccount(ann, 'Halifax saver', 'Halifax', 70_000_00);
    ids.scotland = await addAccount(ann, 'Bank of Scotland saver', 'Bank of Scotland', 70_000_00);
    ids.nationwide = await addAccount(ann, 'Nationwide saver', 'Nationwide Building Society', 50_000_00);
    ids.premiumBonds = await addAccount(ann, 'Premium Bonds', 'NS&I', 10_000_00);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('lists the Hub’s totals and one shared licence £20,000 at risk, once', async () => {
    expect(depositLimit).toEqual({ amountPence: 120_000_00, effectiveFrom: '2025-12-01', isOverride: false });
    const { protection, totalBalancePence } = await list(ann);
    expect(totalBalancePence).toBe(200_000_00);
    expect(protection.totals).toEqual({
      totalPence: 200_000_00,
      protectedPence: 170_000_00,
      atRiskPence: 20_000_00,
      governmentBackedPence: 10_000_00,
      otherSchemePence: 0,
      unknownPence: 0,
    });
    // Nationwide and NS&I hold one account each: only Bank of Scotland plc groups rows.
    expect(protection.sharedLicences).toEqual([
      {
        key: 'deposit|frn:169628',
        scheme: 'deposit',
        name: 'Bank of Scotland plc',
        frn: '169628',
        brands: ['Halifax', 'Bank of Scotland'],
        totalPence: 140_000_00,
        coveredPence: depositLimit.amountPence,
        atRiskPence: 140_000_00 - depositLimit.amountPence,
        limit: depositLimit,
        limitUsedPercent: 116.7,
        alertLevel: 'over-limit',
        sharedLimitReason:
          'Halifax and Bank of Scotland are brands of Bank of Scotland plc (FRN 169628): one £120,000 limit covers them together.',
        temporaryHighBalance: null,
        accountIds: [ids.halifax, ids.scotland],
      },
    ]);
    expect(protection.jointAccounts).toEqual([]);
  });

  it('gives the Halifax account page its licence: Bank of Scotland sharing, £140,000 against the limit', async () => {
    const { protection } = await detail(ann, ids.halifax!);
    expect(protection.outside).toBeNull();
    expect(protection.licence).toMatchObject({
      name: 'Bank of Scotland plc',
      frn: '169628',
      brands: ['Halifax', 'Bank of Scotland'],
      totalPence: 140_000_00,
      coveredPence: 120_000_00,
      atRiskPence: 20_000_00,
      limit: depositLimit,
      alertLevel: 'over-limit',
      jointShares: [],
      temporaryHighBalance: null,
    });
    expect(protection.licence!.accounts.map((a) => [a.id, a.name, a.bankName, a.sharePence])).toEqual([
      [ids.halifax, 'Halifax saver', 'Halifax', 70_000_00],
      [ids.scotland, 'Bank of Scotland saver', 'Bank of Scotland', 70_000_00],
    ]);
  });

  it('gives Nationwide its own licence and NS&I its HM Treasury backing', async () => {
    const nationwide = (await detail(ann, ids.nationwide!)).protection;
    expect(nationwide.licence).toMatchObject({
      name: 'Nationwide Building Society',
      totalPence: 50_000_00,
      atRiskPence: 0,
    });
    expect(nationwide.licence!.accounts.map((a) => a.id)).toEqual([ids.nationwide]);
    const bonds = (await detail(ann, ids.premiumBonds!)).protection;
    expect(bonds.licence).toBeNull();
    expect(bonds.outside).toMatchObject({
      kind: 'ns-and-i',
      bucket: 'government-backed',
      status: 'Backed by HM Treasury',
      totalPence: 10_000_00,
    });
  });

  it('never lists another user’s accounts as sharing a licence', async () => {
    const bob = await newPerson('bob');
    const bobs = await addAccount(bob, 'Bob’s Halifax', 'Halifax', 90_000_00);
    const annHalifax = (await detail(ann, ids.halifax!)).protection.licence!;
    expect(annHalifax.accounts.map((a) => a.id)).toEqual([ids.halifax, ids.scotland]);
    expect(annHalifax.totalPence).toBe(140_000_00);
    const bobsList = await list(bob);
    expect(bobsList.protection.sharedLicences).toEqual([]);
    expect(bobsList.protection.totals).toMatchObject({ totalPence: 90_000_00, atRiskPence: 0 });
    expect((await detail(bob, bobs)).protection.licence!.accounts.map((a) => a.id)).toEqual([bobs]);
    // Nor can Bob open Ann's account to see hers.
    expect((await server.request(`/api/accounts/${ids.halifax}`, { cookie: bob.cookie })).status).toBe(404);
  });

  it('counts a joint account as the user’s share, in words, and shows a temporary high balance’s window', async () => {
    const cat = await newPerson('cat');
    const joint = await addAccount(cat, 'Joint Halifax', 'Halifax', 100_000_00, { holders: 2 });
    const house = await addAccount(cat, 'House sale', 'Bank of Scotland', 300_000_00, {
      temporaryHighBalance: { lifeEvent: 'home-sale', qualifyingPence: 250_000_00, creditedDate: today },
    });
    const { protection } = await list(cat);
    expect(protection.jointAccounts).toEqual([{ accountId: joint, holders: 2, sharePence: 50_000_00 }]);
    expect(protection.sharedLicences).toMatchObject([
      { accountIds: [joint, house], totalPence: 350_000_00, atRiskPence: 0 },
    ]);
    expect(protection.totals).toMatchObject({ totalPence: 350_000_00, atRiskPence: 0 });
    const licence = (await detail(cat, joint)).protection.licence!;
    expect(licence.jointShares).toEqual([
      'Only your half of Joint Halifax counts here: £50,000.00 of its £100,000.00. Each of its 2 holders has their own £120,000 limit.',
    ]);
    expect(licence.accounts.find((a) => a.id === joint)).toMatchObject({
      holders: 2,
      balancePence: 100_000_00,
      sharePence: 50_000_00,
    });
    expect(licence.temporaryHighBalance).toMatchObject({ startedOn: today, endsOn: addMonths(today, 6) });
  });

  it('judges against an admin’s override of the deposit limit', async () => {
    await server.deps.database.db.insert(appSettings).values({ key: 'fscs_protection', value: { limit: 150_000 } });
    try {
      const override = limitsOn(today, { depositPence: 150_000_00 }).deposit;
      const { protection } = await list(ann);
      expect(protection.sharedLicences[0]).toMatchObject({
        limit: override,
        atRiskPence: 0,
        alertLevel: 'projected-breach',
      });
      expect(protection.totals.atRiskPence).toBe(0);
      expect((await detail(ann, ids.halifax!)).protection.licence).toMatchObject({ limit: override, atRiskPence: 0 });
    } finally {
      await server.deps.database.db.delete(appSettings).where(eq(appSettings.key, 'fscs_protection'));
    }
  });
});
