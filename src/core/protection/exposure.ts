import type { CalendarDate } from '../dates/calendar-date.ts';
import { CATEGORY_RULES, type FscsScheme, type NotLimitedBucket } from './categories.ts';
import { coverAtInstitution, exposureSharePence } from './cover.ts';
import { cleanName, exposureKey, institutionKey } from './institution-key.ts';
import { limitsOn, type AppliedLimit, type DepositLimitOverride, type LimitsOnDate } from './limits.ts';
import { isTemporaryHighBalanceActive, temporaryHighBalanceRevertsOn } from './thb.ts';
import {
  DIVERSIFIED_INSTITUTIONS,
  alertLevel,
  protectionBadge,
  type AlertLevel,
  type ProtectionBadge,
} from './thresholds.ts';
import type { AccountInput, InstitutionRef, Pence, ProtectionCategory } from './types.ts';

export type InstitutionExposure = {
  /** Stable key: scheme plus FRN (or normalised bank name). */
  key: string;
  /** The FRN (or bank name) alone: a firm's deposits and investments share it. */
  institutionKey: string;
  scheme: FscsScheme;
  frn: string | null;
  /** The legal entity (FRN) or the bank name the fallback grouped by. */
  name: string;
  /** Brands the person's accounts here are with: they share this one limit. */
  brandNames: string[];
  accountIds: string[];
  /** The person's money here (their share of joint accounts), covered and uncovered, in pence. */
  totalPence: Pence;
  coveredPence: Pence;
  uncoveredPence: Pence;
  limit: AppliedLimit;
  temporaryHighBalanceCoveredPence: Pence;
  temporaryHighBalanceRevertsOn: CalendarDate | null;
  alertLevel: AlertLevel;
};

export type TemporaryHighBalanceStatus = { isActive: boolean; revertsOn: CalendarDate };

type AccountBase = {
  accountId: string;
  category: ProtectionCategory;
  /** The person's share of the balance (whole balance for a sole account), in pence. */
  sharePence: Pence;
};

export type AccountProtection = AccountBase &
  (
    | { status: 'covered-in-full'; exposureKey: string | null; temporaryHighBalance: TemporaryHighBalanceStatus | null }
    | {
        status: 'partly-covered';
        exposureKey: string;
        institutionUncoveredPence: Pence;
        temporaryHighBalance: TemporaryHighBalanceStatus | null;
      }
    | { status: 'not-fscs'; reason: ProtectionCategory; bucket: Exclude<NotLimitedBucket, 'protected'> }
    | { status: 'unknown-bank' }
  );

export type ProtectionTotals = {
  totalPence: Pence;
  /** FSCS-covered money and insurance covered 100%. */
  protectedPence: Pence;
  /** Uncovered FSCS money, and not-FSCS money with no other backing (unverified included). */
  unprotectedPence: Pence;
  /** NS&I and the State: backed by government, shown as such, never as uncovered. */
  governmentBackedPence: Pence;
  /** Pension Protection Fund and SSAS money, under schemes whose cover the product cannot compute. */
  otherSchemePence: Pence;
  /**
   * Money whose protection cannot be known yet: no bank recorded, or an ISA, pension or platform
   * whose provider or holding bank is not chosen. Neither protected nor unprotected, and left out
   * of the badge, until the saver says where it is.
   */
  unknownPence: Pence;
};

export type ExposureReport = {
  date: CalendarDate;
  limits: LimitsOnDate;
  institutions: InstitutionExposure[];
  accounts: AccountProtection[];
  totals: ProtectionTotals;
  badge: ProtectionBadge;
  /** Banking licences (FSCS deposit limits) holding some of the money: a firm counts once. */
  institutionCount: number;
  /** Firms holding invested money under the FSCS investment limit (not banking licences). */
  investmentFirmCount: number;
  /** Money with 3 or more banking licences. */
  isDiversified: boolean;
};

function nameOf(ref: InstitutionRef): string {
  return ref.kind === 'frn' ? ref.legalName : ref.bankName;
}

function brandOf(ref: InstitutionRef): string {
  return ref.kind === 'frn' ? (ref.brandName ?? ref.legalName) : ref.bankName;
}

/**
 * Names as shown, sorted: spellings that differ only in case or spacing are one name (its
 * smallest clean spelling), as they are one bank to the bank-name fallback.
 */
function distinctNames(rawNames: readonly string[]): string[] {
  // Most exposures have one legal name and one brand: no map, no sort.
  if (rawNames.length === 1) return [cleanName(rawNames[0]!)];
  const byKey = new Map<string, string>();
  for (const raw of rawNames) {
    const name = cleanName(raw);
    const key = name.toLowerCase();
    const seen = byKey.get(key);
    if (seen === undefined || name < seen) byKey.set(key, name);
  }
  return [...byKey.values()].sort();
}

type Group = { key: string; scheme: FscsScheme; ref: InstitutionRef; accounts: AccountInput[] };

/** Groups FSCS money by exposure key; `keys[i]` is account i's key (or null), worked out once. */
function groupFscsAccounts(accounts: readonly AccountInput[]): { groups: Group[]; keys: (string | null)[] } {
  // Looked up by the FRN or normalised name within a map per scheme and kind, so the composite
  // key string is built once per group rather than once per account.
  const lookups: Record<FscsScheme, Map<string, Group>> = { deposit: new Map(), investment: new Map() };
  const groups: Group[] = [];
  const keys = accounts.map((account) => {
    const rule = CATEGORY_RULES[account.category];
    const ref = account.institution;
    if (rule.kind !== 'fscs' || !ref) return null;
    // An FRN is digits and a name key starts 'name:', so the two never meet in one map.
    const lookupKey = ref.kind === 'frn' ? ref.frn.trim() : institutionKey(ref);
    const scoped = lookups[rule.scheme];
    let group = scoped.get(lookupKey);
    if (!group) {
      group = { key: exposureKey(ref, rule.scheme), scheme: rule.scheme, ref, accounts: [] };
      scoped.set(lookupKey, group);
      groups.push(group);
    }
    group.accounts.push(account);
    return group.key;
  });
  return { groups, keys };
}

function institutionExposure(group: Group, limits: LimitsOnDate): InstitutionExposure {
  const limit = group.scheme === 'deposit' ? limits.deposit : limits.investment;
  const cover = coverAtInstitution(group.accounts, limit.amountPence, limits.date, group.scheme === 'deposit');
  // Order-independent labels: the smallest name if accounts disagree, brands sorted.
  const names: string[] = [];
  const brands: string[] = [];
  const accountIds: string[] = [];
  for (const account of group.accounts) {
    const name = nameOf(account.institution!);
    if (!names.includes(name)) names.push(name);
    const brand = brandOf(account.institution!);
    if (!brands.includes(brand)) brands.push(brand);
    accountIds.push(account.id);
  }
  return {
    key: group.key,
    institutionKey: institutionKey(group.ref),
    scheme: group.scheme,
    frn: group.ref.kind === 'frn' ? group.ref.frn.trim() : null,
    name: distinctNames(names)[0]!,
    brandNames: distinctNames(brands),
    accountIds: accountIds.sort(),
    totalPence: cover.exposurePence,
    coveredPence: cover.coveredPence,
    uncoveredPence: cover.uncoveredPence,
    limit,
    temporaryHighBalanceCoveredPence: cover.temporaryHighBalanceCoveredPence,
    temporaryHighBalanceRevertsOn: cover.temporaryHighBalanceRevertsOn,
    // Covered temporary high balances sit outside the standard limit, so the alert measures the rest.
    alertLevel: alertLevel(
      cover.exposurePence - cover.temporaryHighBalanceCoveredPence,
      limit.amountPence,
      cover.uncoveredPence,
    ),
  };
}

function thbStatus(account: AccountInput, date: CalendarDate): TemporaryHighBalanceStatus | null {
  const thb = account.temporaryHighBalance;
  return thb
    ? { isActive: isTemporaryHighBalanceActive(thb, date), revertsOn: temporaryHighBalanceRevertsOn(thb) }
    : null;
}

function accountProtection(
  account: AccountInput,
  key: string | null,
  byKey: Map<string, InstitutionExposure>,
  date: CalendarDate,
): AccountProtection {
  // Literal objects rather than spreads: this runs for every account on every calculation.
  const { id: accountId, category } = account;
  const sharePence = exposureSharePence(account);
  const rule = CATEGORY_RULES[category];
  if (rule.kind === 'outside-limits') {
    if (rule.bucket === 'protected')
      return {
        accountId,
        category,
        sharePence,
        status: 'covered-in-full',
        exposureKey: null,
        temporaryHighBalance: null,
      };
    return { accountId, category, sharePence, status: 'not-fscs', reason: category, bucket: rule.bucket };
  }
  if (key === null) return { accountId, category, sharePence, status: 'unknown-bank' };
  const { uncoveredPence } = byKey.get(key)!;
  const temporaryHighBalance = rule.scheme === 'deposit' ? thbStatus(account, date) : null;
  // An account holding nothing (overdrawn or empty) has nothing uncovered, whatever its licence.
  if (uncoveredPence > 0 && sharePence > 0) {
    return {
      accountId,
      category,
      sharePence,
      status: 'partly-covered',
      exposureKey: key,
      institutionUncoveredPence: uncoveredPence,
      temporaryHighBalance,
    };
  }
  return { accountId, category, sharePence, status: 'covered-in-full', exposureKey: key, temporaryHighBalance };
}

function totalsOf(
  accounts: readonly AccountProtection[],
  institutions: readonly InstitutionExposure[],
): ProtectionTotals {
  const totals: ProtectionTotals = {
    totalPence: 0,
    protectedPence: 0,
    unprotectedPence: 0,
    governmentBackedPence: 0,
    otherSchemePence: 0,
    unknownPence: 0,
  };
  for (const institution of institutions) {
    totals.protectedPence += institution.coveredPence;
    totals.unprotectedPence += institution.uncoveredPence;
  }
  for (const account of accounts) {
    totals.totalPence += account.sharePence;
    if (account.status === 'unknown-bank') totals.unknownPence += account.sharePence;
    else if (account.status === 'covered-in-full' && account.exposureKey === null)
      totals.protectedPence += account.sharePence;
    else if (account.status === 'not-fscs') {
      if (account.bucket === 'government-backed') totals.governmentBackedPence += account.sharePence;
      else if (account.bucket === 'other-scheme') totals.otherSchemePence += account.sharePence;
      else totals.unprotectedPence += account.sharePence;
    }
  }
  return totals;
}

/**
 * One person's deposit-protection exposure on `date` (all amounts in pence): per institution
 * (FRN, else bank name) and scheme, per account, totals, badge and diversification. Pure: the
 * caller passes the date and any admin override of today's deposit limit.
 */
export function calculateExposure(
  accounts: readonly AccountInput[],
  date: CalendarDate,
  override?: DepositLimitOverride,
): ExposureReport {
  const limits = limitsOn(date, override);
  const byKey = new Map<string, InstitutionExposure>();
  const { groups, keys } = groupFscsAccounts(accounts);
  for (const group of groups) byKey.set(group.key, institutionExposure(group, limits));
  const institutions = [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const protections = accounts.map((account, i) => accountProtection(account, keys[i] ?? null, byKey, date));
  const totals = totalsOf(protections, institutions);
  // Government-backed money counts as safe for the badge; PPF and SSAS money, and money whose
  // protection is not known yet, are left out of it.
  const knownPence = totals.totalPence - totals.otherSchemePence - totals.unknownPence;
  // With nothing known at all, nothing is confirmed safe: the badge never says "fully protected"
  // of money whose protection is unknown.
  const badge =
    knownPence <= 0 && totals.unknownPence > 0
      ? 'at-risk'
      : protectionBadge(totals.protectedPence + totals.governmentBackedPence, knownPence);
  // Licences are banks: an investment firm is counted on its own, never as a banking licence.
  const withMoney = (scheme: FscsScheme) =>
    new Set(institutions.filter((i) => i.scheme === scheme && i.totalPence > 0).map((i) => i.institutionKey)).size;
  const licences = withMoney('deposit');
  return {
    date,
    limits,
    institutions,
    accounts: protections,
    totals,
    badge,
    institutionCount: licences,
    investmentFirmCount: withMoney('investment'),
    isDiversified: licences >= DIVERSIFIED_INSTITUTIONS,
  };
}
