/** An account page answer (GET /api/accounts/{id}) for component tests. */
import { monthWindow } from '../../core/account-summary/months.ts';
import { depositLimitOn } from '../../core/protection/limits.ts';
import { limitUsedPercent } from '../../core/protection/thresholds.ts';
import type { Account, AccountDetail } from './api.ts';

export const ACCOUNT_ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
export const HALIFAX_ID = '3a7d7659-70af-58de-be40-05e410882113';

export function makeAccount(overrides: Partial<Account> = {}): Account {
  return {
    id: ACCOUNT_ID,
    name: 'Rainy day saver',
    bank: 'Halifax',
    bankId: HALIFAX_ID,
    bankingGroupId: 'frn-169628',
    accountNumber: '12345678',
    accountType: 'Savings',
    category: 'savings',
    isPlatformAccount: false,
    platformBankReferenceId: null,
    interestRateBps: 435,
    interestFrequency: 'Monthly',
    rateType: 'AER',
    nextRateChange: null,
    terms: null,
    termsNotes: null,
    balancePence: 1_234_56,
    interestPaymentDay: null,
    interestPaymentMonth: null,
    interestPayoutMethod: 'Add to account',
    rateChangeNotifications: true,
    overdraftLimitPence: null,
    overdraftInterestRateBps: null,
    earlyWithdrawalPenalty: null,
    earlyWithdrawalPenaltyType: 'percentage',
    hasRenewalOption: false,
    renewalRateBps: null,
    dateOpened: null,
    termLengthValue: null,
    termLengthUnit: null,
    annualInterestPayment: false,
    annualInterestDay: null,
    interimInterestSchedule: [],
    enableSmartAlerts: true,
    holders: 1,
    temporaryHighBalance: null,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    licence: { bankName: 'Halifax', legalName: 'Bank of Scotland plc', frn: '169628' },
    platformBank: null,
    protection: { status: 'covered-in-full', uncoveredPence: null, reason: null },
    maturityDate: null,
    ...overrides,
  };
}

type LicenceGroup = NonNullable<AccountDetail['protection']['licence']>;

/**
 * A licence group as the Protection card gets it: `account` alone under Bank of Scotland plc,
 * against the engine's deposit limit on the page's pinned day, unless told otherwise.
 */
export function makeLicenceGroup(account: Account, overrides: Partial<LicenceGroup> = {}): LicenceGroup {
  const limit = depositLimitOn('2026-11-21');
  const totalPence = account.balancePence;
  return {
    key: 'deposit|frn:169628',
    scheme: 'deposit',
    basis: 'Banking licence: £120,000 per person if the bank fails',
    name: 'Bank of Scotland plc',
    frn: '169628',
    brands: [account.bank ?? 'Halifax'],
    accounts: [
      {
        id: account.id,
        name: account.name,
        bankName: account.bank,
        holders: account.holders,
        balancePence: account.balancePence,
        sharePence: account.balancePence,
      },
    ],
    totalPence,
    coveredPence: Math.min(totalPence, limit.amountPence),
    atRiskPence: Math.max(0, totalPence - limit.amountPence),
    limit,
    limitUsedPercent: limitUsedPercent(totalPence, limit.amountPence),
    alertLevel: 'none',
    sharedLimitReason: null,
    jointShares: [],
    temporaryHighBalance: null,
    ...overrides,
  };
}

/** The page's answer; `activeMonths` of the 12 get a deposit each (the brush shows past 6). */
export function makeDetail(
  account: Partial<Account> = {},
  activeMonths = 3,
  protection?: AccountDetail['protection'],
): AccountDetail {
  const months = monthWindow('2026-11-21').months;
  const whole = makeAccount(account);
  return {
    account: whole,
    protection: protection ?? { licence: makeLicenceGroup(whole), outside: null },
    summary: {
      currentBalancePence: account.balancePence ?? 1_234_56,
      avgMonthlyInterestPence: 4_12,
      lifetimeInterestPence: 98_76,
    },
    monthly: months.map((month, i) => {
      const deposits = i >= 12 - activeMonths ? 100_00 : 0;
      return {
        month,
        depositsPence: deposits,
        withdrawalsPence: 0,
        interestPence: 0,
        feesPence: 0,
        netPence: deposits,
      };
    }),
    typeTotals: activeMonths > 0 ? [{ type: 'deposit', totalPence: activeMonths * 100_00, count: activeMonths }] : [],
    transactions: { items: [], nextCursor: null },
  };
}

export const ACCOUNT_TYPES = [
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
];

export const accountTypesBody = {
  accountTypes: ACCOUNT_TYPES.map((name, i) => ({ id: `t${i}`, name, description: null, sortOrder: i + 1 })),
};
