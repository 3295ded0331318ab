import { NoopLogger, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts, appSettings, standingOrders, transactions, userSettings } from '../db/schema/index.ts';
import type { Subscriber } from '../realtime/hub.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, grantAdmin, signUpAndSignIn, type TestServer } from '../test/server.ts';
import type { Account, AccountList } from './account-json.ts';
import { itOnPostgres } from '../test/postgres-only.ts';
import { statementsSent } from '../test/statements-sent.ts';

type Person = { cookie: string; userId: string };
type ErrorBody = { error: { code: string; message: string; details?: { field?: string } } };

describe.each(testDatabaseKinds())('the accounts API on %s', (kind) => {
  let server: TestServer;
  let ann: Person;
  let bob: Person;
  let admin: Person;
  const bank: Record<'halifax' | 'bankOfScotland' | 'nationwide' | 'raisin' | 'closeBrothers', string> = {} as never;
  let people = 0;
  const nextPerson = () => {
    people += 1;
    return people;
  };

  const newPerson = async (name: string) => signUpAndSignIn(server, { email: `${name}-${nextPerson()}@example.com` });

  const bankId = async (q: string, pick: (b: { bankName: string; type: string }) => boolean) => {
    const res = await server.request(`/api/reference/banks?q=${encodeURIComponent(q)}`);
    const { banks } = (await res.json()) as { banks: { id: string; bankName: string; type: string }[] };
    const found = banks.find(pick);
    if (!found) throw new Error(`no bank for ${q}`);
    return found.id;
  };

  beforeAll(async () => {
    server = await createTestServer(kind);
    ann = await newPerson('ann');
    bob = await newPerson('bob');
    admin = await newPerson('admin');
    await grantAdmin(server, admin.userId);
    bank.halifax = await bankId('Halifax', (b) => b.bankName === 'Halifax');
    bank.bankOfScotland = await bankId('Bank of Scotland', (b) => b.bankName === 'Bank of Scotland');
    bank.nationwide = await bankId('Nationwide', (b) => b.bankName.startsWith('Nationwide'));
    bank.raisin = await bankId('Raisin', (b) => b.type === 'platform');
    bank.closeBrothers = await bankId('Close Brothers Savings', (b) => b.bankName === 'Close Brothers Savings');
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  const create = (who: Person, json: Record<string, unknown>) =>
    server.request('/api/accounts', { method: 'POST', cookie: who.cookie, json });
  const createOk = async (who: Person, json: Record<string, unknown>): Promise<Account> => {
    const res = await create(who, json);
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { account: Account }).account;
  };
  const list = async (who: Person): Promise<AccountList> => {
    const res = await server.request('/api/accounts', { cookie: who.cookie });
    expect(res.status).toBe(200);
    return (await res.json()) as AccountList;
  };
  const change = (who: Person, id: string, method: 'PUT' | 'PATCH' | 'DELETE', json?: unknown) =>
    server.request(`/api/accounts/${id}`, { method, cookie: who.cookie, ...(json === undefined ? {} : { json }) });
  const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error;
  const saver = (overrides: Record<string, unknown> = {}) => ({
    name: 'Easy saver',
    accountNumber: '12345678',
    bankId: bank.halifax,
    ...overrides,
  });

  describe('adding an account', () => {
    it('stores the form with the spec’s defaults, names the bank’s licence and turns the starting balance into an opening transaction', async () => {
      const account = await createOk(ann, {
        ...saver({ name: '  Easy saver  ', interestRateBps: 435 }),
        startingBalancePence: 2_500_00,
        startingBalanceDate: '2026-01-15',
      });
      expect(account).toMatchObject({
        name: 'Easy saver',
        bank: 'Halifax',
        bankId: bank.halifax,
        bankingGroupId: 'frn-169628',
        accountType: 'Savings',
        category: 'savings',
        interestRateBps: 435,
        interestFrequency: 'Monthly',
        rateType: 'AER',
        interestPayoutMethod: 'Add to account',
        rateChangeNotifications: true,
        earlyWithdrawalPenaltyType: 'percentage',
        interimInterestSchedule: [{ kind: 'offset', offsetValue: 12, offsetUnit: 'months', dayOfMonth: null }],
        balancePence: 2_500_00,
        licence: { bankName: 'Halifax', legalName: 'Bank of Scotland plc', frn: '169628' },
        platformBank: null,
        protection: { status: 'covered-in-full', uncoveredPence: null, reason: null },
      });
      const opening = await server.deps.database.db
        .select()
        .from(transactions)
        .where(eq(transactions.accountId, account.id));
      expect(opening.map((t) => [t.type, t.amountPence, t.date])).toEqual([
        ['opening_balance', 2_500_00, '2026-01-15'],
      ]);
    });

    it('adds no transaction without a starting balance, and dates a starting balance today when no date is given', async () => {
      const who = await newPerson('starter');
      const empty = await createOk(who, saver());
      expect(empty.balancePence).toBe(0);
      expect(
        await server.deps.database.db.select().from(transactions).where(eq(transactions.accountId, empty.id)),
      ).toEqual([]);
      const funded = await createOk(who, { ...saver(), startingBalancePence: 100 });
      const [row] = await server.deps.database.db
        .select()
        .from(transactions)
        .where(eq(transactions.accountId, funded.id));
      expect(row?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    });

    it('says what is wrong in the spec’s words, and writes nothing', async () => {
      const who = await newPerson('mistakes');
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [saver({ name: '   ' }), 'Account name is required', 'name'],
        [saver({ accountNumber: '' }), 'Account number is required', 'accountNumber'],
        [saver({ bankId: null }), 'Bank name is required', 'bankId'],
        [saver({ accountType: '' }), 'Account type is required', 'accountType'],
        [saver({ interestRateBps: -5 }), 'Interest rate cannot be negative', 'interestRateBps'],
        [saver({ accountType: 'Premium Bonds Plus' }), 'Choose an account type from the list', 'accountType'],
        [saver({ bankId: '00000000-0000-4000-8000-000000000000' }), 'Choose a bank from the list', 'bankId'],
        [
          saver({ isPlatformAccount: true, bankId: bank.raisin, platformBankReferenceId: bank.raisin }),
          'The bank that holds the deposits cannot itself be a platform: choose a bank or building society',
          'platformBankReferenceId',
        ],
        [{ ...saver(), startingBalancePence: -100 }, 'Starting balance cannot be negative', 'startingBalancePence'],
        [
          { ...saver(), startingBalanceDate: '2999-01-01' },
          'The starting balance date must be a real date from 01/01/1900 to today',
          'startingBalanceDate',
        ],
        // The opening balance is a transaction, which carries a date from 1900 to 2099.
        [
          { ...saver(), startingBalanceDate: '0001-01-01' },
          'The starting balance date must be a real date from 01/01/1900 to today',
          'startingBalanceDate',
        ],
        [saver({ dateOpened: '0001-01-01' }), 'Enter a date in the years 1900 to 2099', 'dateOpened'],
        [{ ...saver(), balancePence: 1_000_000 }, 'This field cannot be set here: balancePence', ''],
      ];
      for (const [body, message, field] of cases) {
        const res = await create(who, body);
        expect(res.status, message).toBe(400);
        const error = await errorOf(res);
        expect(error.message).toBe(message);
        if (field) expect(error.details?.field).toBe(field);
      }
      expect((await list(who)).accounts).toEqual([]);
    });

    it('needs no bank for ISA and pension accounts, and takes the type as the admin spelt it', async () => {
      const who = await newPerson('isa');
      const isa = await createOk(who, {
        name: 'Cash ISA',
        accountNumber: 'ISA-1',
        bankId: null,
        accountType: 'cash isa',
      });
      expect(isa).toMatchObject({
        accountType: 'Cash ISA',
        category: 'isa',
        bank: null,
        licence: null,
        // Issue 24: a Cash ISA whose provider is not chosen yet is protection unknown, pointing to the ISA Details card.
        protection: { status: 'unknown-bank', reason: 'isa-provider-missing' },
      });
      const sipp = await createOk(who, { name: 'SIPP', accountNumber: 'P-1', bankId: null, accountType: 'SIPP' });
      expect(sipp.category).toBe('pension');
    });

    it('keeps a platform account’s money against the bank holding it, and says when that bank is missing', async () => {
      const who = await newPerson('platform');
      const held = await createOk(who, {
        ...saver({
          name: 'Raisin bond',
          bankId: bank.raisin,
          isPlatformAccount: true,
          platformBankReferenceId: bank.closeBrothers,
          accountType: 'Bond',
        }),
        startingBalancePence: 10_000_00,
      });
      expect(held.platformBank).toMatchObject({
        id: bank.closeBrothers,
        bankName: 'Close Brothers Savings',
        legalName: 'Close Brothers Limited',
        frn: '124750',
      });
      expect(held.protection.status).toBe('covered-in-full');
      const missing = await createOk(who, saver({ name: 'Raisin easy', bankId: bank.raisin, isPlatformAccount: true }));
      expect(missing.protection).toEqual({
        status: 'unknown-bank',
        uncoveredPence: null,
        reason: 'platform-bank-missing',
      });
      const off = await createOk(
        who,
        saver({ name: 'Not a platform', isPlatformAccount: false, platformBankReferenceId: bank.closeBrothers }),
      );
      expect(off.platformBankReferenceId).toBeNull();
    });

    it('needs a verified e-mail address', async () => {
      const unverified = await signUpAndSignIn(server, {
        email: `unverified-${nextPerson()}@example.com`,
        verify: false,
      });
      const res = await create(unverified, saver());
      expect(res.status).toBe(403);
      expect((await errorOf(res)).code).toBe('EMAIL_NOT_VERIFIED');
    });
  });

  describe('the account cap', () => {
    const setMaxAccounts = (who: Person, max: number | null) =>
      server.deps.database.db.update(userSettings).set({ maxAccounts: max }).where(eq(userSettings.userId, who.userId));

    it('stops a fourth account at an admin-set cap of 3, with a message naming it and how to raise it, and writes nothing', async () => {
      const who = await newPerson('piglet');
      await setMaxAccounts(who, 3);
      for (let i = 1; i <= 3; i++) await createOk(who, saver({ name: `Account ${i}` }));
      const res = await create(who, { ...saver({ name: 'One too many' }), startingBalancePence: 100 });
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toMatchObject({
        code: 'ACCOUNT_LIMIT_REACHED',
        message:
          'You have reached the limit of 3 accounts set on your SavvyPig account. Contact us to raise it, or delete an account you no longer need.',
      });
      const after = await list(who);
      expect(after.accounts.map((a) => a.name)).toEqual(['Account 1', 'Account 2', 'Account 3']);
      expect(after.cap).toEqual({ count: 3, max: 3, tier: 'trial_bigpig', source: 'admin' });
    });

    it('stops the eleventh account at a cap of 10, and lets one in again after a delete', async () => {
      const who = await newPerson('boar');
      await setMaxAccounts(who, 10);
      const made: Account[] = [];
      for (let i = 1; i <= 10; i++) made.push(await createOk(who, saver({ name: `Account ${i}` })));
      expect((await create(who, saver({ name: 'Eleventh' }))).status).toBe(403);
      expect((await change(who, made[0]!.id, 'DELETE')).status).toBe(204);
      await createOk(who, saver({ name: 'Eleventh' }));
      expect((await list(who)).cap).toEqual({ count: 10, max: 10, tier: 'trial_bigpig', source: 'admin' });
    });

    it('lets only one of several simultaneous adds take the last place', async () => {
      const who = await newPerson('race');
      await setMaxAccounts(who, 3);
      await createOk(who, saver({ name: 'First' }));
      await createOk(who, saver({ name: 'Second' }));
      const results = await Promise.all([1, 2, 3, 4].map((i) => create(who, saver({ name: `Racer ${i}` }))));
      expect(results.map((r) => r.status).sort()).toEqual([201, 403, 403, 403]);
      expect((await list(who)).accounts).toHaveLength(3);
    });

    it('lists an admin’s cap to a user with no accounts yet', async () => {
      const who = await newPerson('capped-empty');
      await setMaxAccounts(who, 2);
      expect(await list(who)).toEqual({
        accounts: [],
        totalBalancePence: 0,
        cap: { count: 0, max: 2, tier: 'trial_bigpig', source: 'admin' },
        protection: {
          totals: {
            totalPence: 0,
            protectedPence: 0,
            atRiskPence: 0,
            unknownPence: 0,
            governmentBackedPence: 0,
            otherSchemePence: 0,
          },
          sharedLicences: [],
          jointAccounts: [],
        },
      });
    });

    it('has no cap on the Big Pig trial', async () => {
      expect((await list(ann)).cap).toMatchObject({ max: null, tier: 'trial_bigpig', source: 'tier' });
    });
  });

  describe('the list', () => {
    it('gives each fixed-term account its maturity: the end date on its fixed-term term, else its opening date plus its term', async () => {
      const who = await newPerson('maturing');
      const bond = await createOk(who, {
        ...saver({ name: 'Two-year bond', accountType: 'Bond' }),
        dateOpened: '2025-04-28',
        termLengthValue: 2,
        termLengthUnit: 'years',
      });
      const typed = await createOk(who, {
        ...saver({ name: 'Bond with its end date', accountType: 'Bond' }),
        dateOpened: '2025-04-28',
        termLengthValue: 2,
        termLengthUnit: 'years',
      });
      const term = await server.request(`/api/accounts/${typed.id}/terms`, {
        method: 'POST',
        cookie: who.cookie,
        json: { termType: 'fixed_term', label: 'Fixed term', inputs: { termEndDate: '2027-05-04' } },
      });
      expect(term.status, await term.clone().text()).toBe(201);
      const easy = await createOk(who, saver({ name: 'Easy access' }));
      const view = await list(who);
      expect(view.accounts.map((a) => [a.id, a.maturityDate])).toEqual([
        [bond.id, '2027-04-28'],
        [typed.id, '2027-05-04'],
        [easy.id, null],
      ]);
    });

    it('lists the accounts in creation order with their total, and judges protection across all of them', async () => {
      const who = await newPerson('lister');
      const halifax = await createOk(who, { ...saver({ name: 'Halifax saver' }), startingBalancePence: 100_000_00 });
      const scotland = await createOk(who, {
        ...saver({ name: 'BoS saver', bankId: bank.bankOfScotland }),
        startingBalancePence: 50_000_00,
      });
      const nationwide = await createOk(who, {
        ...saver({ name: 'Nationwide', bankId: bank.nationwide }),
        startingBalancePence: 1_000_00,
      });
      const view = await list(who);
      expect(view.accounts.map((a) => a.name)).toEqual(['Halifax saver', 'BoS saver', 'Nationwide']);
      expect(view.totalBalancePence).toBe(151_000_00);
      const byId = new Map(view.accounts.map((a) => [a.id, a]));
      // One licence (Bank of Scotland plc) holds £150,000: £30,000 over the £120,000 limit.
      expect(byId.get(halifax.id)?.protection).toEqual({
        status: 'partly-covered',
        uncoveredPence: 30_000_00,
        reason: null,
      });
      expect(byId.get(scotland.id)?.protection).toEqual({
        status: 'partly-covered',
        uncoveredPence: 30_000_00,
        reason: null,
      });
      expect(byId.get(nationwide.id)?.protection.status).toBe('covered-in-full');
      expect(byId.get(scotland.id)?.licence).toEqual({
        bankName: 'Bank of Scotland',
        legalName: 'Bank of Scotland plc',
        frn: '169628',
      });

      // An admin's override of today's deposit limit (the spec's fscs_protection setting) applies.
      await server.deps.database.db.insert(appSettings).values({ key: 'fscs_protection', value: { limit: 85_000 } });
      try {
        const overridden = await list(who);
        expect(overridden.accounts[0]?.protection).toEqual({
          status: 'partly-covered',
          uncoveredPence: 65_000_00,
          reason: null,
        });
      } finally {
        await server.deps.database.db.delete(appSettings).where(eq(appSettings.key, 'fscs_protection'));
      }
    });

    it('asks the database the same number of times for 1 account as for 100', async () => {
      const few = await newPerson('few');
      const many = await newPerson('many');
      await createOk(few, saver());
      const { db } = server.deps.database;
      await db.insert(accounts).values(
        Array.from({ length: 100 }, (_, i) => ({
          userId: many.userId,
          name: `Account ${i}`,
          accountNumber: String(i),
          bankId: bank.halifax,
          bank: 'Halifax',
        })),
      );
      const count = async (who: Person) => {
        await list(who); // the first call on a connection prepares its statements
        const spy = vi.spyOn(NoopLogger.prototype, 'logQuery');
        try {
          const view = await list(who);
          return { queries: spy.mock.calls.length, accounts: view.accounts.length };
        } finally {
          spy.mockRestore();
        }
      };
      const one = await count(few);
      const hundred = await count(many);
      expect(one.accounts).toBe(1);
      expect(hundred.accounts).toBe(100);
      expect(hundred.queries).toBe(one.queries);
      expect(one.queries).toBeLessThanOrEqual(2);
    });
  });

  describe('keeping users apart', () => {
    let annAccount: Account;
    beforeAll(async () => {
      annAccount = await createOk(ann, { ...saver({ name: 'Ann private' }), startingBalancePence: 500 });
    });

    it('answers another user’s account id with 404 on every route, and changes nothing', async () => {
      expect((await change(bob, annAccount.id, 'PUT', saver({ name: 'Stolen' }))).status).toBe(404);
      expect((await change(bob, annAccount.id, 'PATCH', { name: 'Stolen' })).status).toBe(404);
      expect((await change(bob, annAccount.id, 'DELETE')).status).toBe(404);
      expect((await list(bob)).accounts.map((a) => a.id)).not.toContain(annAccount.id);
      const [row] = await server.deps.database.db.select().from(accounts).where(eq(accounts.id, annAccount.id));
      expect(row?.name).toBe('Ann private');
    });

    it('shows an admin only their own accounts on these routes', async () => {
      const own = await createOk(admin, saver({ name: 'Admin own' }));
      expect((await list(admin)).accounts.map((a) => a.id)).toEqual([own.id]);
      expect((await change(admin, annAccount.id, 'PATCH', { name: 'Admin edit' })).status).toBe(404);
      expect((await change(admin, annAccount.id, 'DELETE')).status).toBe(404);
    });

    it('answers an unknown or malformed id with 404', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', "1' or '1'='1"]) {
        const res = await change(ann, encodeURIComponent(id), 'PATCH', { name: 'x' });
        expect(res.status, id).toBe(404);
        expect((await errorOf(res)).message).toBe('Account not found');
      }
    });
  });

  describe('saving changes', () => {
    it('saves single fields trimmed, and refuses an empty name, number or type in the spec’s words', async () => {
      const account = await createOk(ann, saver({ name: 'Rainy day' }));
      const res = await change(ann, account.id, 'PATCH', { name: '  Rainy day fund  ' });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { account: Account }).account.name).toBe('Rainy day fund');
      for (const [body, message] of [
        [{ name: '' }, 'Account name is required'],
        [{ accountNumber: '   ' }, 'Account number is required'],
        [{ accountType: '' }, 'Account type is required'],
        [{ bankId: null }, 'Bank name is required'],
        [{ interestRateBps: -1 }, 'Interest rate cannot be negative'],
        [{}, 'Nothing to update'],
      ] as const) {
        const refused = await change(ann, account.id, 'PATCH', body);
        expect(refused.status, message).toBe(400);
        expect((await errorOf(refused)).message).toBe(message);
      }
    });

    it('saves the interest settings group and the bank, with the new bank’s licence', async () => {
      const account = await createOk(ann, saver({ name: 'Group save' }));
      const res = await change(ann, account.id, 'PATCH', {
        interestRateBps: 510,
        rateType: 'Gross',
        interestFrequency: 'Annually',
        interestPaymentMonth: 4,
        interestPaymentDay: 6,
        nextRateChange: '2027-04-06',
        terms: 'Rate falls after a year',
        bankId: bank.nationwide,
      });
      expect(res.status).toBe(200);
      const saved = ((await res.json()) as { account: Account }).account;
      expect(saved).toMatchObject({
        interestRateBps: 510,
        rateType: 'Gross',
        interestPaymentMonth: 4,
        interestPaymentDay: 6,
        terms: 'Rate falls after a year',
      });
      expect(saved.licence?.legalName).toMatch(/Nationwide/);
      expect(saved.bank).toBe(saved.licence?.bankName);
    });

    // Found by the schema-driven fuzz test: the column was a 32-bit integer, and a fee over £21,474,836.47 answered 500.
    it('keeps a fixed early-withdrawal fee as large as any sum of money the form takes', async () => {
      const account = await createOk(ann, saver({ name: 'Big fee' }));
      for (const fee of [2 ** 31, 100_000_000_000]) {
        const res = await change(ann, account.id, 'PATCH', {
          earlyWithdrawalPenaltyType: 'fixed_fee',
          earlyWithdrawalPenalty: fee,
        });
        expect(res.status).toBe(200);
        expect(((await res.json()) as { account: Account }).account).toMatchObject({
          earlyWithdrawalPenaltyType: 'fixed_fee',
          earlyWithdrawalPenalty: fee,
        });
      }
    });

    it('saves the whole form with PUT, keeping the balance', async () => {
      const account = await createOk(ann, { ...saver({ name: 'Full form' }), startingBalancePence: 7_700 });
      const res = await change(
        ann,
        account.id,
        'PUT',
        saver({
          name: 'Full form saved',
          accountType: 'Current',
          interestFrequency: 'On Demand',
          holders: 2,
          dateOpened: '2020-02-02',
        }),
      );
      expect(res.status).toBe(200);
      expect(((await res.json()) as { account: Account }).account).toMatchObject({
        name: 'Full form saved',
        accountType: 'Current',
        category: 'current',
        interestFrequency: 'On Demand',
        holders: 2,
        dateOpened: '2020-02-02',
        balancePence: 7_700,
      });
    });

    it('refuses a type change the regulations do not allow, on PATCH and PUT, and changes nothing', async () => {
      const isa = await createOk(ann, { name: 'My ISA', accountNumber: 'I1', bankId: null, accountType: 'Cash ISA' });
      const savings = await createOk(ann, saver({ name: 'Plain saver' }));
      for (const [id, body] of [
        [isa.id, { accountType: 'Savings', bankId: bank.halifax }],
        [savings.id, { accountType: 'Cash ISA' }],
        [savings.id, { accountType: 'SIPP' }],
      ] as const) {
        const res = await change(ann, id, 'PATCH', body);
        expect(res.status).toBe(403);
        const error = await errorOf(res);
        expect(error.code).toBe('FORBIDDEN');
        expect(error.message).toContain('Some account types are restricted due to regulatory requirements');
      }
      expect(
        (
          await change(ann, isa.id, 'PUT', {
            name: 'My ISA',
            accountNumber: 'I1',
            bankId: bank.halifax,
            accountType: 'Savings',
          })
        ).status,
      ).toBe(403);
      const after = (await list(ann)).accounts;
      expect(after.find((a) => a.id === isa.id)?.accountType).toBe('Cash ISA');
      expect(after.find((a) => a.id === savings.id)?.accountType).toBe('Savings');
    });

    it('allows savings, current and bond to change among themselves, resetting a frequency the new type lacks', async () => {
      const bond = await createOk(ann, saver({ name: 'Bond', accountType: 'Bond', interestFrequency: 'At Maturity' }));
      const res = await change(ann, bond.id, 'PATCH', { accountType: 'Savings' });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { account: Account }).account).toMatchObject({
        accountType: 'Savings',
        interestFrequency: 'Monthly',
      });
      expect((await change(ann, bond.id, 'PATCH', { accountType: 'Current Account' })).status).toBe(400); // not an account type on the list
      expect((await change(ann, bond.id, 'PATCH', { accountType: 'Current' })).status).toBe(200);
    });
  });

  describe('deleting', () => {
    it('removes the account with its transactions and standing orders', async () => {
      const account = await createOk(ann, { ...saver({ name: 'To delete' }), startingBalancePence: 1_000 });
      const { db } = server.deps.database;
      await db
        .insert(transactions)
        .values({ accountId: account.id, userId: ann.userId, amountPence: 500, date: '2026-02-01', type: 'deposit' });
      await db.insert(standingOrders).values({
        accountId: account.id,
        userId: ann.userId,
        amountPence: 100,
        frequency: 'monthly',
        startDate: '2026-01-01',
      });
      expect((await change(ann, account.id, 'DELETE')).status).toBe(204);
      expect(await db.select().from(accounts).where(eq(accounts.id, account.id))).toEqual([]);
      expect(await db.select().from(transactions).where(eq(transactions.accountId, account.id))).toEqual([]);
      expect(await db.select().from(standingOrders).where(eq(standingOrders.accountId, account.id))).toEqual([]);
      expect((await change(ann, account.id, 'DELETE')).status).toBe(404);
    });
  });

  describe('telling open tabs', () => {
    it('publishes account.changed to the owner after each write that commits, and nothing for a refused one', async () => {
      const who = await newPerson('listener');
      const events: Array<{ event: string; data: { type?: string; data?: { accountIds?: string[] } } }> = [];
      const subscriber: Subscriber = {
        userId: who.userId,
        isAdmin: false,
        send: (event, data) => events.push({ event, data: data as never }),
        close: () => undefined,
      };
      const unsubscribe = server.deps.hub.subscribe(subscriber);
      const changes = () =>
        events.filter((e) => e.data?.type === 'account.changed').map((e) => e.data.data?.accountIds?.[0]);
      try {
        const account = await createOk(who, saver());
        await change(who, account.id, 'PATCH', { name: 'Renamed' });
        await change(who, account.id, 'PUT', saver({ name: 'Saved' }));
        await change(who, account.id, 'PATCH', { name: '' });
        await change(who, account.id, 'DELETE');
        await vi.waitFor(() => expect(changes()).toEqual([account.id, account.id, account.id, account.id]), {
          timeout: 5_000,
        });
      } finally {
        unsubscribe();
      }
    });
  });

  itOnPostgres(kind)('lists in the same seven statements and two socket writes however many accounts', async () => {
    const who = await newPerson('writes');
    const sent = () => statementsSent(() => list(who));
    const none = await sent();
    for (let i = 0; i < 3; i++) await createOk(who, saver());
    // The session opening alone (the key); then BEGIN, the opening again, the switch to app_user,
    // the accounts with the cap, the alert dismissals (kept with them for the Hub and the
    // dashboard, protection/kept-rows.ts) and COMMIT together (the list is computed after the
    // connection is back in the pool).
    expect(none).toEqual({ statements: 7, writes: 2 });
    expect(await sent()).toEqual(none);
  });

  it('keeps every balance equal to the sum of its transactions', async () => {
    const rows = await server.deps.database.db.execute(
      sql`select count(*)::int as drift from ${accounts} a where a.balance_pence <> coalesce((select sum(amount_pence) from ${transactions} t where t.account_id = a.id), 0)`,
    );
    expect((rows as unknown as { rows: { drift: number }[] }).rows[0]?.drift).toBe(0);
  });
});
