/** Open Banking's answers as the server sends them, for the component tests. */
import type {
  Connection,
  ConnectionAccount,
  OpenBankingBank,
  OpenBankingStatus,
} from '../../core/open-banking/api-types.ts';
import { HALIFAX_ID } from '../accounts/test-fixtures.ts';

export const CONNECTION_ID = 'cccccccc-cccc-4ccc-8ccc-000000000001';
export const NATIONWIDE_ID = '44444444-4444-5444-8444-444444444444';

export const BANKS: OpenBankingBank[] = [
  { bankId: HALIFAX_ID, bankName: 'Halifax', providerInstitutionId: 'halifax' },
  { bankId: NATIONWIDE_ID, bankName: 'Nationwide', providerInstitutionId: 'nationwide' },
];

export function bankAccount(overrides: Partial<ConnectionAccount> = {}): ConnectionAccount {
  return {
    providerAccountId: 'acc-1',
    displayName: 'Everyday Saver',
    accountNumberMasked: '•••• 5678',
    type: 'SAVINGS',
    currency: 'GBP',
    balancePence: 12_345_67,
    linkedAccountId: null,
    ...overrides,
  };
}

export function connection(overrides: Partial<Connection> = {}): Connection {
  return {
    id: CONNECTION_ID,
    bankId: HALIFAX_ID,
    bankName: 'Halifax',
    status: 'active',
    consentExpiresAt: '2027-02-20T10:00:00.000Z',
    reconfirmBy: '2027-02-20T10:00:00.000Z',
    lastSyncedAt: '2026-11-29T09:05:00.000Z',
    lastSyncError: null,
    fromAccountId: null,
    accounts: [bankAccount()],
    ...overrides,
  };
}

export function status(connections: Connection[], overrides: Partial<OpenBankingStatus> = {}): OpenBankingStatus {
  return { enabled: true, missingSettings: [], connections, ...overrides };
}
