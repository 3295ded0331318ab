/**
 * Each of a user's accounts' deposit protection, from the protection engine run over all of them
 * at once (brands sharing a licence share one limit, so no account can be judged alone). The
 * accounts list and the account page both answer with this: they cannot disagree.
 */
import type { CalendarDate } from '../dates/calendar-date.ts';
import {
  bankInstitution,
  bankProtectionCategory,
  type BankLicenceFacts,
  type BankProtectionFacts,
} from '../protection/bank-category.ts';
import { SPEC_PENSION_CATEGORY } from '../protection/categories.ts';
import { calculateExposure, type ExposureReport } from '../protection/exposure.ts';
import type { DepositLimitOverride } from '../protection/limits.ts';
import type { CoverageTag } from '../reference-data/spec-mapping.ts';
import type { AccountInput, Pence, ProtectionCategory, TemporaryHighBalance } from '../protection/types.ts';
import { accountTypeCategory, isIsaOrPension } from './account-type-category.ts';

/** A bank reference as the engine needs it: how it protects money, and the licence behind the brand. */
export type ProtectionBank = BankProtectionFacts & BankLicenceFacts;

export type AccountProtectionFacts = {
  id: string;
  balancePence: Pence;
  holders: number;
  accountType: string;
  isPlatformAccount: boolean;
  /** The bank's name as saved (free text when no reference was chosen). */
  bankName: string | null;
  /** The chosen bank (for a platform account, the platform itself). */
  bank: ProtectionBank | null;
  /** For a platform account, the bank that holds the deposits. */
  platformBank: ProtectionBank | null;
  temporaryHighBalance: TemporaryHighBalance | null;
  /** A pension's record: its money is in its own scheme, whoever's name the account carries. */
  pension?: PensionProtection | null;
  /**
   * The bank, platform bank or provider the account was linked to is no longer in SavvyPig's data
   * (an admin cleared the data, or the source dropped it): its protection is unknown until the
   * saver links the account again, whatever its name or type says (ADR 0052).
   */
  referenceWithdrawn?: boolean;
};

/** A pension record's protection category (the spec's fscs_ppf_category) and its provider's licence. */
export type PensionProtection = { category: CoverageTag; provider: BankLicenceFacts };

export const PROTECTION_STATUSES = ['covered-in-full', 'partly-covered', 'not-fscs', 'unknown-bank'] as const;
export type ProtectionStatus = (typeof PROTECTION_STATUSES)[number];

/**
 * Why an account's protection is unknown: `no-bank` (no bank recorded), `isa-provider-missing`
 * and `pension-provider-missing` (an ISA or pension whose provider is not chosen yet on its ISA
 * Details or Pension Details card), `platform-bank-missing` (money on a platform, and the bank
 * holding it is not named), `bank-not-in-data` (the bank or provider it was linked to has left
 * our data).
 */
export type UnknownProtectionReason =
  | 'no-bank'
  | 'isa-provider-missing'
  | 'pension-provider-missing'
  | 'platform-bank-missing'
  | 'bank-not-in-data';

/**
 * One account's answer. `uncoveredPence`: for `partly-covered`, the money over the limit at the
 * account's licence (shared by every account there). `reason`: for `not-fscs`, the engine's
 * category (e.g. 'ns-and-i', 'offshore', 'unverified'); for `unknown-bank`, why it is unknown.
 */
export type AccountProtectionSummary = {
  status: ProtectionStatus;
  uncoveredPence: Pence | null;
  reason: string | null;
};

/**
 * Whether a bank is a platform, which holds no deposits itself: the spec's platform-only filter
 * (type 'platform', or a name matching chip or raisin, 001 §5), or protected only through partners.
 */
export function isPlatformBank(bank: { type: string; bankName: string; protectionBasis: string }): boolean {
  return bank.type === 'platform' || bank.protectionBasis === 'via_partner_banks' || /chip|raisin/i.test(bank.bankName);
}

/** What an account's type alone can say about its money's protection (see `accountTypeProtection`). */
export type TypeProtection = Extract<ProtectionCategory, 'deposit' | 'investment' | 'ifisa' | 'ssas-trust'>;

/**
 * What the account's type says about its money, before its bank is looked at (001 §4 type
 * categories; docs/decisions/0014-protection-engine.md):
 * - an innovative finance ISA is peer-to-peer lending, not FSCS protected whoever runs it: `ifisa`;
 * - a SSAS is trust based, its protection trustee dependent: `ssas-trust`;
 * - a stocks and shares ISA and any other pension is invested: FSCS investment protection per
 *   firm, never the deposit limit (a pension's own card will name its scheme; until then the lower
 *   investment limit never overstates cover): `investment`;
 * - anything else (savings, current, bond, cash, lifetime and junior ISAs) is deposited: `deposit`.
 */
export function accountTypeProtection(accountType: string): TypeProtection {
  const category = accountTypeCategory(accountType);
  const type = accountType.trim().toLowerCase();
  if (category === 'isa') {
    if (type.includes('innovative') || type.includes('ifisa')) return 'ifisa';
    if (type.includes('stocks') || type.includes('shares')) return 'investment';
    return 'deposit';
  }
  if (category === 'pension') return type === 'ssas' ? 'ssas-trust' : 'investment';
  return 'deposit';
}

/** The engine's account for one of ours, or why the money's protection cannot be known. */
export function protectionInput(account: AccountProtectionFacts): {
  input: AccountInput;
  unknownReason: UnknownProtectionReason | null;
} {
  const base = { id: account.id, balancePence: account.balancePence, holders: account.holders };
  const thb = account.temporaryHighBalance ? { temporaryHighBalance: { ...account.temporaryHighBalance } } : {};
  const unknown = (reason: UnknownProtectionReason) => ({
    input: { ...base, institution: null, category: 'deposit' as const },
    unknownReason: reason,
  });
  // Its name alone would group it as a bank of its own and call it covered: it may share a licence.
  if (account.referenceWithdrawn) return unknown('bank-not-in-data');
  // On a platform the platform is never the protected firm: the bank holding the deposits is.
  const holder = account.isPlatformAccount ? account.platformBank : account.bank;
  // A pension's record names its scheme (ADR 0034): never deposit money, and never unknown.
  if (account.pension && accountTypeCategory(account.accountType) === 'pension') {
    const category = SPEC_PENSION_CATEGORY[account.pension.category]!;
    return {
      input: { ...base, institution: bankInstitution(account.pension.provider), category },
      unknownReason: null,
    };
  }
  const byType = accountTypeProtection(account.accountType);
  // Peer-to-peer lending and trustee-run schemes sit outside the FSCS limits whoever holds them.
  if (byType === 'ifisa' || byType === 'ssas-trust') {
    return {
      input: { ...base, institution: holder ? bankInstitution(holder) : null, category: byType },
      unknownReason: null,
    };
  }
  if (holder) {
    const byBank = bankProtectionCategory(holder);
    if (byBank === null) return unknown('platform-bank-missing');
    // A bank outside the UK scheme (NS&I, a Crown Dependency, unverified) keeps the money outside
    // it whatever the account; at a bank in it, invested money counts against the investment limit.
    const category = byBank === 'deposit' ? byType : byBank;
    return { input: { ...base, ...thb, institution: bankInstitution(holder), category }, unknownReason: null };
  }
  if (account.isPlatformAccount) return unknown('platform-bank-missing');
  // A bank named only in text groups by its name (the spec's fallback). ISA and pension money's
  // protection depends on the provider's records, which their own cards hold.
  const name = account.bankName?.trim();
  const typeCategory = accountTypeCategory(account.accountType);
  if (name && !isIsaOrPension(typeCategory)) {
    return {
      input: { ...base, ...thb, institution: { kind: 'bank-name', bankName: name }, category: 'deposit' },
      unknownReason: null,
    };
  }
  // An ISA or a pension is placed by its provider, chosen on its own card: say which card.
  if (typeCategory === 'isa') return unknown('isa-provider-missing');
  if (typeCategory === 'pension') return unknown('pension-provider-missing');
  return unknown('no-bank');
}

/** Every account's protection on `date` (UK), with any admin override of the deposit limit. */
export function accountProtectionSummaries(
  accounts: readonly AccountProtectionFacts[],
  date: CalendarDate,
  override?: DepositLimitOverride,
): Map<string, AccountProtectionSummary> {
  const prepared = accounts.map(protectionInput);
  const report = calculateExposure(
    prepared.map((p) => p.input),
    date,
    override,
  );
  return summariesOfReport(prepared, report);
}

/** Each account's answer from the engine's report of `prepared` (their inputs, in the same order). */
export function summariesOfReport(
  prepared: readonly { unknownReason: UnknownProtectionReason | null }[],
  report: ExposureReport,
): Map<string, AccountProtectionSummary> {
  const summaries = new Map<string, AccountProtectionSummary>();
  report.accounts.forEach((protection, index) => {
    const unknownReason = prepared[index]!.unknownReason;
    switch (protection.status) {
      case 'covered-in-full':
        summaries.set(protection.accountId, { status: 'covered-in-full', uncoveredPence: null, reason: null });
        break;
      case 'partly-covered':
        summaries.set(protection.accountId, {
          status: 'partly-covered',
          uncoveredPence: protection.institutionUncoveredPence,
          reason: null,
        });
        break;
      case 'not-fscs':
        summaries.set(protection.accountId, { status: 'not-fscs', uncoveredPence: null, reason: protection.reason });
        break;
      case 'unknown-bank':
        summaries.set(protection.accountId, {
          status: 'unknown-bank',
          uncoveredPence: null,
          reason: unknownReason ?? 'no-bank',
        });
        break;
    }
  });
  return summaries;
}
