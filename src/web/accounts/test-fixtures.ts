import { ACCOUNT_DEFAULTS } from '../../core/accounts/account-schema.ts';
import { accountTypeCategory } from '../../core/accounts/account-type-category.ts';
import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { BankOption } from '../reference/types.ts';
import { json, type MockHandler } from '../test/api-mock.ts';
import type { Account, AccountList, AccountListItem, AccountType } from './api.ts';

export const HALIFAX_ID = '11111111-1111-5111-8111-111111111111';
export const CLOSE_BROTHERS_ID = '22222222-2222-5222-8222-222222222222';
export const RAISIN_ID = '33333333-3333-5333-8333-333333333333';

let next = 0;

/** A whole account that is also a row of the list (which adds its maturity). */
export type ListedAccount = Account & Pick<AccountListItem, 'maturityDate'>;

/** An account as GET /api/accounts sends it: a Halifax easy saver unless told otherwise. */
export function makeAccount(overrides: Partial<ListedAccount> = {}): Account & Pick<AccountListItem, 'maturityDate'> {
  next += 1;
  const accountType = overrides.accountType ?? 'Savings';
  return {
    ...ACCOUNT_DEFAULTS,
    id: `aaaaaaaa-aaaa-4aaa-8aaa-${String(next).padStart(12, '0')}`,
    name: 'Easy saver',
    accountNumber: '12345678',
    bank: 'Halifax',
    bankId: HALIFAX_ID,
    bankingGroupId: 'frn-169628',
    category: accountTypeCategory(accountType),
    balancePence: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    licence: { bankName: 'Halifax', legalName: 'Bank of Scotland plc', frn: '169628' },
    platformBank: null,
    protection: { status: 'covered-in-full', uncoveredPence: null, reason: null },
    maturityDate: null,
    ...overrides,
    accountType,
  } as ListedAccount;
}

/**
 * The list as GET /api/accounts sends it. Its protection summary says all the money is protected
 * and no licence is shared, unless told otherwise.
 */
export function makeList(
  accounts: ListedAccount[],
  cap: Partial<AccountList['cap']> = {},
  protection: Partial<AccountList['protection']> = {},
): AccountList {
  const totalPence = accounts.reduce((sum, a) => sum + a.balancePence, 0);
  return {
    accounts,
    totalBalancePence: totalPence,
    cap: { count: accounts.length, max: null, tier: 'trial_bigpig', source: 'tier', ...cap },
    protection: {
      totals: {
        totalPence,
        protectedPence: totalPence,
        atRiskPence: 0,
        governmentBackedPence: 0,
        otherSchemePence: 0,
        unknownPence: 0,
      },
      sharedLicences: [],
      jointAccounts: [],
      ...protection,
    },
  };
}

/** The seeded account types, in their sort order. */
export const ACCOUNT_TYPES: AccountType[] = [
  'Savings',
  'Current',
  'Bond',
  'Fixed Term Deposit',
  'Notice Saver',
  'Regular Saver',
  'Cash ISA',
  'Stocks and Shares ISA',
  'Lifetime ISA',
  'Junior ISA',
  'Innovative Finance ISA',
  'Personal Pension',
  'Workplace Pension',
  'SIPP',
].map((name, i) => ({ id: `type-${i}`, name, description: null, sortOrder: i + 1 }));

export function makeBankOption(
  id: string,
  bankName: string,
  legalName: string,
  frn: string | null,
  extra: Partial<BankOption> = {},
): BankOption {
  return {
    id,
    bankName,
    legalName,
    frn,
    bankingGroupId: `frn-${frn}`,
    type: 'bank',
    protectionBasis: 'fscs_deposit',
    isCrownDependency: false,
    isAmbiguous: false,
    userMessage: null,
    ...extra,
  };
}

/** Two banks and a platform, as the bank pickers find them. */
export const BANKS = [
  makeBankOption(HALIFAX_ID, 'Halifax', 'Bank of Scotland plc', '169628'),
  makeBankOption(CLOSE_BROTHERS_ID, 'Close Brothers Savings', 'Close Brothers Limited', '124750'),
  makeBankOption(RAISIN_ID, 'Raisin UK', 'Raisin Platforms Ltd', null, {
    type: 'platform',
    protectionBasis: 'via_partner_banks',
  }),
];

/** GET /api/reference/banks answered from BANKS, filtered as the server does (name, platforms). */
export const banksHandler: MockHandler = ({ url }) => {
  const q = (url.searchParams.get('q') ?? '').toLowerCase();
  const platforms = url.searchParams.get('excludePlatforms') === 'true';
  return json(200, {
    banks: BANKS.filter((b) => b.bankName.toLowerCase().includes(q) && !(platforms && b.type === 'platform')),
  });
};

/** Opens the bank picker labelled `label` and chooses `bankName` from what it finds. */
export async function chooseBank(user: ReturnType<typeof userEvent.setup>, label: string, bankName: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: new RegExp(`^${bankName}`) }));
}
