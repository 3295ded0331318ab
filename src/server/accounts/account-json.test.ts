import type { TermLengthUnit } from '../../core/accounts/account-schema.ts';
import { maturityDate } from '../../core/terms/maturity.ts';
import { asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../db/client.ts';
import { accounts, bankReferences } from '../db/schema/index.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { AccountListItemSchema, storedAccountFields } from './account-json.ts';
import { type AccountRow, type BankFactsRow, listUserAccounts } from './queries.ts';

/**
 * The accounts statement builds each account's JSON in PostgreSQL. These tests hold it to the
 * row-by-row mapping it replaced (drizzle's typed row, then JavaScript), kept here as the
 * reference: same keys in the same order, same values, for every kind of column and null.
 */
const bank = alias(bankReferences, 'bank');
const platformBank = alias(bankReferences, 'platform_bank');
const facts = (t: typeof bank | typeof platformBank) => ({
  id: t.id,
  bankName: t.bankName,
  legalName: t.bankingGroupName,
  frn: t.bankFrn,
  type: t.type,
  protectionBasis: t.protectionBasis,
  isCrownDependency: t.isCrownDependency,
});

function referenceJson(row: AccountRow, b: BankFactsRow | null, p: BankFactsRow | null) {
  return {
    id: row.id,
    ...storedAccountFields(row),
    bank: row.bank,
    bankingGroupId: row.bankingGroupId,
    category: null,
    balancePence: row.balancePence,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    licence: b ? { bankName: b.bankName, legalName: b.legalName, frn: b.frn } : null,
    platformBank: p ? { id: p.id, bankName: p.bankName, legalName: p.legalName, frn: p.frn } : null,
    protection: null,
    // The maturity rule over the account's facts (these accounts have no terms).
    maturityDate: maturityDate({
      accountType: row.accountType,
      dateOpened: row.dateOpened,
      termLengthValue: row.termLengthValue,
      termLengthUnit: row.termLengthUnit as TermLengthUnit | null,
      fixedTermEndsOn: null,
    }),
  };
}

/** The list's item: the fields AccountListItemSchema picks, in its order. */
function listItemOf(account: ReturnType<typeof referenceJson>) {
  return Object.fromEntries(
    Object.keys(AccountListItemSchema.shape).map((key) => [key, account[key as keyof typeof account]]),
  );
}

const protectionFacts = (b: BankFactsRow | null) => {
  if (!b) return null;
  const { id, ...rest } = b;
  void id;
  return rest;
};

describe.each(testDatabaseKinds())('the accounts statement’s JSON on %s', (kind) => {
  let server: TestServer;
  let userId: string;

  beforeAll(async () => {
    server = await createTestServer(kind);
    ({ userId } = await signUpAndSignIn(server, { email: 'json@example.com' }));
    const db = server.deps.database.db;
    const banks = await db
      .select({ id: bankReferences.id, type: bankReferences.type })
      .from(bankReferences)
      .orderBy(asc(bankReferences.bankName))
      .limit(200);
    const platform = banks.find((b) => b.type === 'platform') ?? banks[0]!;
    const [first, second] = banks.filter((b) => b.type !== 'platform');
    await db.insert(accounts).values([
      // Every default, no bank at all.
      { userId, name: 'Plain', accountNumber: '1' },
      // Every optional column filled, a temporary high balance, a custom schedule, odd text.
      {
        userId,
        name: 'Fixed "bond" — ünïcode \\ \n tab\t',
        bank: 'Free text bank',
        bankId: first!.id,
        accountNumber: '00-11-22 12345678',
        accountType: 'Fixed Rate Bond',
        interestRateBps: 512,
        interestFrequency: 'Annually',
        rateType: 'Gross',
        nextRateChange: '2027-02-28',
        terms: 'Some terms',
        termsNotes: '',
        interestPaymentDay: 28,
        interestPaymentMonth: 12,
        interestPayoutMethod: 'Pay to another account',
        rateChangeNotifications: false,
        overdraftLimitPence: 9_007_199_254_740,
        overdraftInterestRateBps: 1999,
        earlyWithdrawalPenalty: 250,
        earlyWithdrawalPenaltyType: 'days',
        hasRenewalOption: true,
        renewalRateBps: 400,
        dateOpened: '0999-01-01',
        termLengthValue: 18,
        termLengthUnit: 'months',
        annualInterestPayment: true,
        annualInterestDay: 15,
        interimInterestSchedule: [
          { kind: 'offset', offsetValue: 6, offsetUnit: 'months', dayOfMonth: 3 },
          { kind: 'offset', offsetValue: 1, offsetUnit: 'years', dayOfMonth: null },
        ] as never,
        enableSmartAlerts: false,
        holders: 2,
        thbLifeEvent: 'house-sale',
        thbQualifyingPence: 12_345_678,
        thbCreditedDate: '2026-10-01',
        createdAt: new Date('2026-03-01T10:20:30.999Z'),
        updatedAt: sql`'2026-03-01 23:59:59.999999+05'::timestamptz` as never,
      },
      // A platform account naming the bank holding the money.
      {
        userId,
        name: 'Platform',
        accountNumber: '3',
        isPlatformAccount: true,
        bankId: platform.id,
        platformBankReferenceId: second!.id,
      },
    ]);
    // Microseconds on every timestamp, as now() writes them.
    await db.execute(
      sql`update accounts set created_at = created_at + interval '123457 microseconds' where user_id = ${userId} and name = 'Plain'`,
    );
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('gives the same JSON, key for key and in the same order, as the row-by-row mapping', async () => {
    const db = server.deps.database.db;
    const reference = await db
      .select({ account: accounts, bank: facts(bank), platformBank: facts(platformBank) })
      .from(accounts)
      .leftJoin(bank, eq(bank.id, accounts.bankId))
      .leftJoin(platformBank, eq(platformBank.id, accounts.platformBankReferenceId))
      .where(eq(accounts.userId, userId))
      .orderBy(asc(accounts.createdAt), asc(accounts.id));
    expect(reference).toHaveLength(3);
    for (const [i, ref] of reference.entries()) {
      // Each account asked for whole in turn: only that row carries it.
      const { rows } = await listUserAccounts(db as unknown as Tx, userId, '2026-11-21', ref.account.id);
      expect(rows.map((r) => r.item.id)).toEqual(reference.map((r) => r.account.id));
      expect(rows.filter((r) => r.account !== null).map((r) => r.item.id)).toEqual([ref.account.id]);
      const row = rows[i]!;
      const expected = referenceJson(
        ref.account,
        ref.bank as BankFactsRow | null,
        ref.platformBank as BankFactsRow | null,
      );
      expect(JSON.stringify(row.account)).toBe(JSON.stringify(expected));
      expect(JSON.stringify(row.item)).toBe(JSON.stringify(listItemOf(expected)));
      expect(row.holders).toBe(ref.account.holders);
      expect(row.temporaryHighBalance).toEqual(expected.temporaryHighBalance);
      expect(row.bank).toEqual(protectionFacts(ref.bank as BankFactsRow | null));
      expect(row.platformBank).toEqual(protectionFacts(ref.platformBank as BankFactsRow | null));
    }
  });

  it('asks for no account whole unless told, and keeps the timestamps as toISOString writes them', async () => {
    const db = server.deps.database.db;
    const { rows } = await listUserAccounts(db as unknown as Tx, userId, '2026-11-21');
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.account === null)).toBe(true);
    const whole = async (name: string) => {
      const id = rows.find((r) => r.item.name === name)!.item.id;
      return (await listUserAccounts(db as unknown as Tx, userId, '2026-11-21', id)).rows.find((r) => r.item.id === id)!
        .account!;
    };
    const fixed = await whole('Fixed "bond" — ünïcode \\ \n tab\t');
    expect(fixed.temporaryHighBalance).toEqual({
      lifeEvent: 'house-sale',
      qualifyingPence: 12_345_678,
      creditedDate: '2026-10-01',
    });
    expect(fixed.createdAt).toBe('2026-03-01T10:20:30.999Z');
    expect(fixed.updatedAt).toBe('2026-03-01T18:59:59.999Z');
    expect((await whole('Plain')).createdAt).toMatch(/\.\d{3}Z$/);
    expect(await whole('Platform')).toMatchObject({
      temporaryHighBalance: null,
      platformBank: { id: expect.any(String) },
    });
  });
});
