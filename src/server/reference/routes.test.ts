import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, grantAdmin, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { eq } from 'drizzle-orm';
import { loadReferenceData } from '../../core/reference-data/reference-data.ts';
import { withActor } from '../db/rls.ts';
import { bankReferences } from '../db/schema/index.ts';
import { quietLogger } from '../test/databases.ts';
import { readReferenceFiles } from './files.ts';
import { loadReferenceDataIntoDatabase } from './loader.ts';
import { bankReferenceId, referenceTableRows } from './rows.ts';
import { bankSearchRank, searchForm } from '../../core/reference-data/bank-search.ts';
import { TYPED_BANK_NAMES } from '../../core/reference-data/typed-bank-names-fixture.ts';

type Bank = {
  id: string;
  bankName: string;
  legalName: string;
  frn: string | null;
  type: string;
  isAmbiguous: boolean;
  isCrownDependency: boolean;
  protectionBasis: string;
};

describe.each(testDatabaseKinds())('the reference data API on %s', (kind) => {
  let server: TestServer;
  let admin: { cookie: string; userId: string };
  let saver: { cookie: string; userId: string };

  beforeAll(async () => {
    server = await createTestServer(kind);
    admin = await signUpAndSignIn(server, { email: 'admin.reference@example.com' });
    await grantAdmin(server, admin.userId, { twoFactor: true });
    saver = await signUpAndSignIn(server, { email: 'saver.reference@example.com' });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const banks = async (query: string) => {
    const res = await server.request(`/api/reference/banks${query}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { banks: Bank[] }).banks;
  };

  it('lists active banks by name, at most 20, with no sign-in', async () => {
    const list = await banks('');
    expect(list).toHaveLength(20);
    const names = list.map((b) => b.bankName);
    for (let i = 1; i < names.length; i++) expect(names[i - 1]! <= names[i]!).toBe(true);
  });

  it('matches brand names in any case, and brands by their legal name', async () => {
    const halifax = await banks('?q=HALIFAX');
    expect(halifax[0]).toMatchObject({
      bankName: 'Halifax',
      legalName: 'Bank of Scotland plc',
      frn: '169628',
      type: 'bank',
      protectionBasis: 'fscs_deposit',
    });
    const byLegal = (await banks('?q=bank%20of%20scotland%20plc')).map((b) => b.bankName);
    expect(byLegal).toEqual(expect.arrayContaining(['Halifax', 'Bank of Scotland', 'Intelligent Finance (IF)']));
    expect(byLegal).not.toContain('Lloyds Bank');
    expect((await banks('?q=bm%20savings')).map((b) => b.legalName)).toContain('Bank of Scotland plc');
  });

  it('puts names that start with the search first', async () => {
    const list = await banks('?q=nation');
    expect(list[0]!.bankName.toLowerCase().startsWith('nation')).toBe(true);
  });

  it.each(TYPED_BANK_NAMES)("finds $brand (FRN $frn) first for '$typed'", async (expected) => {
    const [top] = await banks(`?q=${encodeURIComponent(expected.typed)}`);
    expect({
      typed: expected.typed,
      brand: top?.bankName,
      frn: top?.frn ?? null,
      legalName: top?.legalName,
      protectionBasis: top?.protectionBasis,
    }).toEqual(expected);
  });

  it('ranks as the core rule does: best rank first, no better match left out, at most 20', async () => {
    const result = loadReferenceData(readReferenceFiles());
    if (!result.ok) throw new Error('shipped data does not load');
    // The loader always writes search_name; the insert type only says it has a default.
    const rows = referenceTableRows(result.loaded.data).bankReferences.map((row) => ({
      ...row,
      searchName: row.searchName ?? '',
    }));
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const q of ['b', 'sant', 'lloyds', 'bank of', 'nat', 'yorkshire', 'co-op', 'sainsbury’s', 'hsbc', 'tesco']) {
      const needle = searchForm(q);
      const ranks = (await banks(`?q=${encodeURIComponent(q)}`)).map((b) => bankSearchRank(byId.get(b.id)!, needle));
      const everyRank = rows.map((row) => bankSearchRank(row, needle)).filter((rank) => rank !== null);
      expect(ranks, q).toEqual([...ranks].sort());
      expect(ranks[0], q).toBe(Math.min(...everyRank));
      expect(ranks.length, q).toBe(Math.min(20, everyRank.length));
      // Whatever fell past the limit ranks no better than the last one shown.
      const shown = ranks.filter((rank) => rank === ranks.at(-1)).length;
      expect(everyRank.filter((rank) => rank! < ranks.at(-1)!).length, q).toBe(ranks.length - shown);
    }
  });

  it('leaves platforms out of a search for one by its everyday name with excludePlatforms', async () => {
    expect((await banks('?q=chip')).map((b) => b.bankName)).toContain('Chip');
    expect(await banks('?q=chip&excludePlatforms=true')).toEqual([]);
    expect((await banks('?q=hargreaves%20lansdown&excludePlatforms=true')).map((b) => b.type)).not.toContain(
      'platform',
    );
  });

  it('treats % and _ as text, not patterns', async () => {
    expect(await banks('?q=%25')).toEqual([]);
    expect(await banks('?q=_')).toEqual([]);
  });

  it('leaves platforms, Chip and Raisin out with excludePlatforms', async () => {
    const all = await banks('?q=raisin');
    expect(all.length).toBeGreaterThan(0);
    expect(await banks('?q=raisin&excludePlatforms=true')).toEqual([]);
    const first = await banks('?excludePlatforms=true');
    expect(first.every((b) => b.type !== 'platform')).toBe(true);
  });

  it('returns the banks asked for by id (a saved checker state)', async () => {
    const ids = [bankReferenceId('frn-169628/Halifax'), bankReferenceId('frn-119278/Lloyds Bank')];
    expect((await banks(`?ids=${ids.join(',')}`)).map((b) => b.bankName).sort()).toEqual(['Halifax', 'Lloyds Bank']);
  });

  it('refuses bad input with a clear 400', async () => {
    for (const query of ['?ids=not-a-uuid', `?q=${'x'.repeat(101)}`, '?excludePlatforms=yes']) {
      const res = await server.request(`/api/reference/banks${query}`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
    }
    const isa = await server.request('/api/reference/isa-providers?isaType=premium_bonds');
    expect(isa.status).toBe(400);
    expect(((await isa.json()) as { error: { message: string } }).error.message).toContain('isaType must be one of');
  });

  it('searches ISA managers by name, at most 10, filtered by ISA type', async () => {
    const res = await server.request('/api/reference/isa-providers?isaType=cash');
    const { providers } = (await res.json()) as { providers: { platformName: string; isaTypes: string[] }[] };
    expect(providers).toHaveLength(10);
    expect(providers.every((p) => p.isaTypes.includes('cash'))).toBe(true);
    const lifetime = (await (await server.request('/api/reference/isa-providers?isaType=lisa&q=a')).json()) as {
      providers: { isaTypes: string[] }[];
    };
    expect(lifetime.providers.every((p) => p.isaTypes.includes('lisa'))).toBe(true);
  });

  it('lists pension providers by display name', async () => {
    const { providers } = (await (await server.request('/api/reference/pension-providers')).json()) as {
      providers: { providerDisplayName: string }[];
    };
    expect(providers).toHaveLength(24);
    const names = providers.map((p) => p.providerDisplayName);
    for (let i = 1; i < names.length; i++) expect(names[i - 1]! <= names[i]!).toBe(true);
  });

  it("gives today's limits from the dated law, and an admin's override of today's deposit limit only", async () => {
    const limits = async () =>
      (await (await server.request('/api/reference/limits')).json()) as {
        date: string;
        limits: {
          deposit: { amountPence: number; effectiveFrom: string; isOverride: boolean };
          temporaryHighBalance: { amountPence: number };
          investment: { amountPence: number };
        };
        override: unknown;
      };
    const law = await limits();
    expect(law).toMatchObject({ date: calendarDateInLondon(new Date()), override: null });
    expect(law.limits.deposit).toEqual({ amountPence: 120_000_00, effectiveFrom: '2025-12-01', isOverride: false });
    expect(law.limits.temporaryHighBalance.amountPence).toBe(1_400_000_00);
    expect(law.limits.investment.amountPence).toBe(85_000_00);

    const put = (cookie: string, json: unknown) =>
      server.request('/api/admin/settings/fscs-protection', { method: 'PUT', cookie, json });
    expect((await put(saver.cookie, { limit: 1 })).status).toBe(403);
    const bad = await put(admin.cookie, { limit: 100.5 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe(
      'The limit must be a whole number of pounds',
    );
    const ok = await put(admin.cookie, { limit: 85_000 });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ limit: 85_000 });

    // In force from the day it was set, never "since" the law's 1 December 2025.
    const overridden = await limits();
    expect(overridden.override).toEqual({ depositPence: 85_000_00, setOn: law.date });
    expect(overridden.limits.deposit).toEqual({
      amountPence: 85_000_00,
      effectiveFrom: law.date,
      isOverride: true,
    });
    expect(overridden.limits.temporaryHighBalance.amountPence).toBe(1_400_000_00);

    expect(
      (await server.request('/api/admin/settings/fscs-protection', { method: 'DELETE', cookie: admin.cookie })).status,
    ).toBe(200);
    expect((await limits()).limits.deposit.isOverride).toBe(false);
  });

  it('shows admins the review item a changed file raises for an admin-edited row, and no one else', async () => {
    const halifaxId = bankReferenceId('frn-169628/Halifax');
    await withActor(server.deps.database.db, { userId: admin.userId, isAdmin: true }, (tx) =>
      tx.update(bankReferences).set({ userMessage: 'Checked by the team' }).where(eq(bankReferences.id, halifaxId)),
    );
    const result = loadReferenceData(readReferenceFiles());
    if (!result.ok) throw new Error('shipped data does not load');
    const rows = referenceTableRows(result.loaded.data);
    rows.bankReferences = rows.bankReferences.map((r) =>
      r.id === halifaxId ? { ...r, comments: 'Newer research' } : r,
    );
    expect((await loadReferenceDataIntoDatabase(server.deps.database, quietLogger, rows)).reviewItems).toBe(1);

    expect((await server.request('/api/admin/review-items', { cookie: saver.cookie })).status).toBe(403);
    const res = await server.request('/api/admin/review-items?status=pending&priority=medium', {
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as {
      items: { title: string; itemType: string; currentData: { changedFields: string[] } }[];
    };
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      title: "Reference data: new values for 'Halifax'",
      itemType: 'reference_data_conflict',
    });
    expect(items[0]!.currentData.changedFields).toEqual(['comments']);
    const none = (await (
      await server.request('/api/admin/review-items?status=approved', { cookie: admin.cookie })
    ).json()) as { items: unknown[] };
    expect(none.items).toEqual([]);
    expect((await server.request('/api/admin/review-items?status=done', { cookie: admin.cookie })).status).toBe(400);
  });
});
