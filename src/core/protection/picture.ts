/**
 * One saver's protection picture, worked out once by the engine from all their accounts: totals,
 * the badge, diversification, the money per licence (with why brands share a limit, joint shares
 * and temporary high balances, in words), the money outside the FSCS limits (NS&I, Crown
 * Dependencies, unknown banks…) and the alerts. What the Protection Hub shows and prints.
 */
import type { CalendarDate } from '../dates/calendar-date.ts';
import { ALERT_SEVERITY, type AlertSource, licenceAlerts, type ProtectionAlert } from './alerts.ts';
import type { FscsScheme, NotLimitedBucket } from './categories.ts';
import {
  type AccountProtection,
  calculateExposure,
  type ExposureReport,
  type InstitutionExposure,
} from './exposure.ts';
import {
  type BankNames,
  jointShareSentence,
  licenceBasis,
  outsideText,
  sharedLimitReason,
  temporaryHighBalanceText,
} from './explain.ts';
import { institutionKey } from './institution-key.ts';
import type { AppliedLimit, DepositLimitOverride, LimitsOnDate } from './limits.ts';
import { type AlertLevel, limitUsedPercent, type ProtectionBadge } from './thresholds.ts';
import type { AccountInput, Pence, ProtectionCategory } from './types.ts';

/**
 * Why an account's protection cannot be known: no bank recorded, an ISA's or a pension's provider
 * not chosen yet, a platform's holding bank not chosen, or its bank no longer in our data.
 */
export type UnknownBankReason =
  | 'no-bank'
  | 'isa-provider-missing'
  | 'pension-provider-missing'
  | 'platform-bank-missing'
  | 'bank-not-in-data';

/** One of the saver's accounts as the picture needs it: the engine's input and what to call it. */
export type PictureAccount = {
  input: AccountInput;
  name: string;
  /** The brand the saver chose (or typed); null when none is recorded. */
  bankName: string | null;
  /** The firm behind the brand, when known. */
  legalName: string | null;
  /** Set when the engine could not be told which bank holds the money. */
  unknownReason: UnknownBankReason | null;
};

/** An account as listed under its licence or outside the limits; amounts in pence. */
export type PictureAccountLine = {
  id: string;
  name: string;
  bankName: string | null;
  holders: number;
  balancePence: Pence;
  /** The saver's share: the whole balance for a sole account. */
  sharePence: Pence;
};

export type TemporaryHighBalanceWindow = {
  /** Extra cover on top of the standard limit today. */
  coveredPence: Pence;
  /** When the earliest qualifying money still covered was credited; null when none is covered now. */
  startedOn: CalendarDate | null;
  /** The day cover reverts to the standard limit; null when none is covered now. */
  endsOn: CalendarDate | null;
  text: string;
};

/** The saver's money at one licence (PRA-authorised firm) under one scheme. */
export type LicenceGroup = {
  key: string;
  scheme: FscsScheme;
  /** What the money here rests on: 'Banking licence: £120,000 per person if the bank fails'. */
  basis: string;
  name: string;
  frn: string | null;
  /** The brands the saver uses here, in the order they added them: they share one limit. */
  brands: string[];
  accounts: PictureAccountLine[];
  totalPence: Pence;
  coveredPence: Pence;
  atRiskPence: Pence;
  limit: AppliedLimit;
  /** Of the standard limit, leaving out money covered as a temporary high balance. */
  limitUsedPercent: number | null;
  alertLevel: AlertLevel;
  sharedLimitReason: string | null;
  /** One sentence per joint account: only the saver's share counts. */
  jointShares: string[];
  temporaryHighBalance: TemporaryHighBalanceWindow | null;
};

export type OutsideKind = ProtectionCategory | 'unknown-bank';

/** Where money outside the FSCS per-firm limits counts: `unknown` until its provider or bank is chosen. */
export type OutsideBucket = NotLimitedBucket | 'unknown';

/** Money at one bank or provider (or of one kind) outside the FSCS per-firm limits. */
export type OutsideGroup = {
  key: string;
  kind: OutsideKind;
  bucket: OutsideBucket;
  /** What the money rests on: 'Insurer: FSCS covers 100% of a long-term insurance claim'. */
  basis: string;
  /** Why it is unknown, for an `unknown-bank` group: the screen says where to choose the provider. */
  unknownReason: UnknownBankReason | null;
  bankName: string | null;
  legalName: string | null;
  status: string;
  reason: string;
  accounts: PictureAccountLine[];
  totalPence: Pence;
  jointShares: string[];
};

export type PictureTotals = {
  totalPence: Pence;
  /** FSCS-covered money and long-term insurance covered 100%. */
  protectedPence: Pence;
  /** Over a limit, not FSCS protected, not confirmed, or at an unknown bank. */
  atRiskPence: Pence;
  /** NS&I and the State: backed by the government. */
  governmentBackedPence: Pence;
  /** The Pension Protection Fund and trustee-run schemes. */
  otherSchemePence: Pence;
  /** Not known yet: no bank recorded, or a provider or holding bank not chosen. */
  unknownPence: Pence;
};

export type ProtectionPicture = {
  date: CalendarDate;
  limits: LimitsOnDate;
  totals: PictureTotals;
  badge: ProtectionBadge;
  /** Banking licences holding some of the saver's money (banks only: a firm counts once). */
  licenceCount: number;
  /** Investment firms holding some of it under the FSCS investment limit (not licences). */
  investmentFirmCount: number;
  isDiversified: boolean;
  /** The most at risk first. */
  groups: LicenceGroup[];
  outside: OutsideGroup[];
  alerts: ProtectionAlert[];
};

/** Sentence for money counted as not protected, on the saver's own screens. */
const COUNTS_AS_UNPROTECTED = 'SavvyPig counts it as not protected.';

/** Money whose protection is not known yet is neither: the totals show it on its own. */
const UNKNOWN_VERDICT = 'Until then it is counted neither as protected nor as not protected.';

/** Why an unknown group's protection is unknown, where to put it right, and how it counts meanwhile. */
export const UNKNOWN_REASONS: Readonly<Record<UnknownBankReason, string>> = {
  'no-bank': `No bank or provider is recorded for this money, so we cannot tell which limit covers it. Choose the bank in the account's Basic Information. ${UNKNOWN_VERDICT}`,
  'isa-provider-missing': `This ISA's provider is not chosen yet, so we cannot tell which limit covers it. Choose the provider in the ISA Details card on the account's page. ${UNKNOWN_VERDICT}`,
  'pension-provider-missing': `This pension's provider is not chosen yet, so we cannot tell what protects it. Choose the provider in the Pension Details card on the account's page. ${UNKNOWN_VERDICT}`,
  'platform-bank-missing': `This money is on a platform and the bank holding it is not chosen, so we cannot tell which limit covers it. Choose the bank in the account's Basic Information. ${UNKNOWN_VERDICT}`,
  'bank-not-in-data': `The bank or provider this money is with is not in our data any more, so we cannot tell which limit covers it. Choose it again in the account's Basic Information (or the ISA or Pension Details card) once it is back. ${UNKNOWN_VERDICT}`,
};

/** The unknown groups' few words: what is missing. */
const UNKNOWN_BASIS: Readonly<Record<UnknownBankReason, string>> = {
  'no-bank': 'Protection unknown: no bank recorded',
  'isa-provider-missing': 'Protection unknown: ISA provider not chosen',
  'pension-provider-missing': 'Protection unknown: pension provider not chosen',
  'platform-bank-missing': 'Protection unknown: holding bank not chosen',
  'bank-not-in-data': 'Protection unknown: bank not in our data',
};

const BUCKET_ORDER: Readonly<Record<OutsideBucket, number>> = {
  unprotected: 0,
  unknown: 1,
  'government-backed': 2,
  'other-scheme': 3,
  protected: 4,
};

function lineOf(account: PictureAccount, protection: AccountProtection): PictureAccountLine {
  return {
    id: account.input.id,
    name: account.name,
    bankName: account.bankName,
    holders: account.input.holders,
    balancePence: account.input.balancePence,
    sharePence: protection.sharePence,
  };
}

function jointSharesOf(lines: readonly PictureAccountLine[], limitPence: Pence | null): string[] {
  return lines.filter((line) => line.holders > 1).map((line) => jointShareSentence(line, limitPence));
}

function thbWindow(
  exposure: InstitutionExposure,
  members: readonly PictureAccount[],
  protections: readonly AccountProtection[],
  report: ExposureReport,
  override: DepositLimitOverride | undefined,
): TemporaryHighBalanceWindow | null {
  const endsOn = exposure.temporaryHighBalanceRevertsOn;
  const afterRevert = endsOn
    ? calculateExposure(
        members.map((m) => m.input),
        endsOn,
        override,
      ).institutions.find((i) => i.key === exposure.key)
    : undefined;
  const text = temporaryHighBalanceText(exposure, protections, afterRevert, report.date);
  if (text === null) return null;
  const active = protections.flatMap((p, i) =>
    (p.status === 'covered-in-full' || p.status === 'partly-covered') && p.temporaryHighBalance?.isActive
      ? [members[i]!.input.temporaryHighBalance!.creditedDate]
      : [],
  );
  return {
    coveredPence: exposure.temporaryHighBalanceCoveredPence,
    startedOn: exposure.temporaryHighBalanceCoveredPence > 0 && active.length > 0 ? active.sort()[0]! : null,
    endsOn: exposure.temporaryHighBalanceCoveredPence > 0 ? endsOn : null,
    text,
  };
}

function licenceGroup(
  exposure: InstitutionExposure,
  members: readonly PictureAccount[],
  protections: readonly AccountProtection[],
  report: ExposureReport,
  override: DepositLimitOverride | undefined,
): LicenceGroup {
  const accounts = members.map((m, i) => lineOf(m, protections[i]!));
  // Brands in the order the saver added them: 'Halifax and Bank of Scotland'.
  const brands = [...new Set(members.map((m) => m.bankName ?? exposure.name))];
  return {
    key: exposure.key,
    scheme: exposure.scheme,
    basis: licenceBasis(exposure.scheme, exposure.limit.amountPence),
    name: exposure.name,
    frn: exposure.frn,
    brands,
    accounts,
    totalPence: exposure.totalPence,
    coveredPence: exposure.coveredPence,
    atRiskPence: exposure.uncoveredPence,
    limit: exposure.limit,
    limitUsedPercent: limitUsedPercent(
      exposure.totalPence - exposure.temporaryHighBalanceCoveredPence,
      exposure.limit.amountPence,
    ),
    alertLevel: exposure.alertLevel,
    sharedLimitReason: sharedLimitReason(exposure, brands),
    jointShares: jointSharesOf(accounts, exposure.limit.amountPence),
    temporaryHighBalance: thbWindow(exposure, members, protections, report, override),
  };
}

function bankNamesOf(account: PictureAccount): BankNames | null {
  if (account.bankName === null && account.legalName === null) return null;
  const bankName = account.bankName ?? account.legalName!;
  return { bankName, legalName: account.legalName ?? bankName };
}

/** Where an account outside the FSCS per-firm limits goes, or null for money under a licence. */
function outsidePlace(
  protection: AccountProtection,
): { kind: ProtectionCategory; bucket: NotLimitedBucket } | { kind: 'unknown-bank'; bucket: 'unknown' } | null {
  if (protection.status === 'unknown-bank') return { kind: 'unknown-bank', bucket: 'unknown' };
  if (protection.status === 'not-fscs') return { kind: protection.reason, bucket: protection.bucket };
  // Covered in full outside any limit (long-term insurance): shown with its own basis, so the
  // cards add up to the total.
  if (protection.status === 'covered-in-full' && protection.exposureKey === null)
    return { kind: protection.category, bucket: 'protected' };
  return null;
}

function outsideGroups(accounts: readonly PictureAccount[], report: ExposureReport): OutsideGroup[] {
  const byKey = new Map<string, OutsideGroup>();
  report.accounts.forEach((protection, index) => {
    const place = outsidePlace(protection);
    if (place === null) return;
    const account = accounts[index]!;
    const ref = account.input.institution;
    const unknown = place.kind === 'unknown-bank';
    const reason = unknown ? (account.unknownReason ?? 'no-bank') : null;
    const key = unknown ? `unknown|${reason}` : `${place.kind}|${ref ? institutionKey(ref) : 'none'}`;
    let group = byKey.get(key);
    if (!group) {
      const bank = bankNamesOf(account);
      const text = place.kind === 'unknown-bank' ? null : outsideText(place.kind);
      group = {
        key,
        kind: place.kind,
        bucket: place.bucket,
        basis: text ? text.basis : UNKNOWN_BASIS[reason!],
        unknownReason: reason,
        bankName: unknown ? null : (bank?.bankName ?? null),
        legalName: unknown ? null : (bank?.legalName ?? null),
        status: text ? text.status : 'Protection unknown',
        reason: text ? `${text.why(bank)} ${text.verdict ?? COUNTS_AS_UNPROTECTED}` : UNKNOWN_REASONS[reason!],
        accounts: [],
        totalPence: 0,
        jointShares: [],
      };
      byKey.set(key, group);
    }
    const line = lineOf(account, protection);
    group.accounts.push(line);
    group.totalPence += line.sharePence;
  });
  for (const group of byKey.values()) group.jointShares = jointSharesOf(group.accounts, null);
  return [...byKey.values()].sort(
    (a, b) => BUCKET_ORDER[a.bucket] - BUCKET_ORDER[b.bucket] || b.totalPence - a.totalPence,
  );
}

function alertSource(group: LicenceGroup): AlertSource {
  return {
    key: group.key,
    name: group.name,
    brands: group.brands,
    totalPence: group.totalPence,
    coveredPence: group.coveredPence,
    atRiskPence: group.atRiskPence,
    temporaryHighBalanceCoveredPence: group.temporaryHighBalance?.coveredPence ?? 0,
    limit: group.limit,
    alertLevel: group.alertLevel,
  };
}

/**
 * The protection picture of `accounts` (in the order the saver added them) on `date`, with any
 * admin override of today's deposit limit. All amounts in pence; pure. `report`: the engine's
 * report of the same accounts, date and override when the caller has it already (the engine
 * then runs once for both).
 */
export function protectionPicture(
  accounts: readonly PictureAccount[],
  date: CalendarDate,
  override?: DepositLimitOverride,
  report: ExposureReport = calculateExposure(
    accounts.map((a) => a.input),
    date,
    override,
  ),
): ProtectionPicture {
  const indexById = new Map(accounts.map((a, i) => [a.input.id, i]));
  const groups = report.institutions
    .map((exposure) => {
      // In the saver's order, not the engine's (sorted ids).
      const indexes = exposure.accountIds.map((id) => indexById.get(id)!).sort((a, b) => a - b);
      return licenceGroup(
        exposure,
        indexes.map((i) => accounts[i]!),
        indexes.map((i) => report.accounts[i]!),
        report,
        override,
      );
    })
    .sort(
      (a, b) =>
        b.atRiskPence - a.atRiskPence ||
        ALERT_SEVERITY[b.alertLevel] - ALERT_SEVERITY[a.alertLevel] ||
        b.totalPence - a.totalPence ||
        (a.key < b.key ? -1 : 1),
    );
  const { totalPence, protectedPence, unprotectedPence, governmentBackedPence, otherSchemePence, unknownPence } =
    report.totals;
  return {
    date,
    limits: report.limits,
    totals: {
      totalPence,
      protectedPence,
      atRiskPence: unprotectedPence,
      governmentBackedPence,
      otherSchemePence,
      unknownPence,
    },
    badge: report.badge,
    licenceCount: report.institutionCount,
    investmentFirmCount: report.investmentFirmCount,
    isDiversified: report.isDiversified,
    groups,
    outside: outsideGroups(accounts, report),
    alerts: licenceAlerts(groups.map(alertSource)),
  };
}
