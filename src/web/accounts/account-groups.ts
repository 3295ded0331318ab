/**
 * The accounts list in the order the saver added them, with the accounts that share a banking
 * licence gathered under it: the licence takes the place of its first account, so its at-risk
 * figure is said once, for the licence, never on each brand's row.
 */
import type { AccountList, AccountListItem } from './api.ts';

export type SharedLicence = AccountList['protection']['sharedLicences'][number];
export type JointShare = AccountList['protection']['jointAccounts'][number];

export type AccountEntry = { kind: 'account'; account: AccountListItem };
export type LicenceEntry = { kind: 'licence'; licence: SharedLicence; accounts: AccountListItem[] };
export type ListEntry = AccountEntry | LicenceEntry;

/** The list's rows: each account alone, or under the licence it shares with others of the saver's. */
export function listEntries(list: Pick<AccountList, 'accounts' | 'protection'>): ListEntry[] {
  const licenceOf = new Map<string, SharedLicence>();
  for (const licence of list.protection.sharedLicences) for (const id of licence.accountIds) licenceOf.set(id, licence);
  const entries: ListEntry[] = [];
  const placed = new Map<string, LicenceEntry>();
  for (const account of list.accounts) {
    const licence = licenceOf.get(account.id);
    if (!licence) {
      entries.push({ kind: 'account', account });
      continue;
    }
    const entry = placed.get(licence.key);
    if (entry) entry.accounts.push(account);
    else {
      const created: LicenceEntry = { kind: 'licence', licence, accounts: [account] };
      placed.set(licence.key, created);
      entries.push(created);
    }
  }
  // A licence left with one account on the page (another deleted a moment ago) is no group.
  return entries.map((entry) =>
    entry.kind === 'licence' && entry.accounts.length < 2 ? { kind: 'account', account: entry.accounts[0]! } : entry,
  );
}

/** Each joint account's share, by account id. */
export function jointSharesById(list: Pick<AccountList, 'protection'>): Map<string, JointShare> {
  return new Map(list.protection.jointAccounts.map((share) => [share.accountId, share]));
}
