/**
 * How the research pack's categories map onto the spec's reference-data fields
 * (`fscs_protected`, `fscs_category`, `coverage_tag`, `warn_user_level`, `confidence_score`).
 * The reasons are written up in docs/reference-data.md; keep the two in step.
 */
import type { Confidence, FscsDepositProtection, IsaFscsCategory, LimitKey, PensionCategory } from './records.ts';

/** What a saver's money at a firm actually rests on. */
export type ProtectionBasis =
  /** UK-incorporated bank, building society or credit union: the FSCS deposit limit per FRN. */
  | 'fscs_deposit'
  /** Overseas bank's UK branch: only deposits held by the UK establishment are covered. */
  | 'fscs_deposit_uk_branch'
  /** Gibraltar and EEA sections of the PRA list: not confirmed, so counted as not covered. */
  | 'unverified'
  /** A platform that takes no deposits: each partner bank's own FRN limit applies. */
  | 'via_partner_banks'
  /** NS&I: HM Treasury backed, 100%, never "uncovered". */
  | 'hm_treasury'
  /** Investment firm failure: the FSCS investment limit per firm. */
  | 'fscs_investment'
  /** Innovative Finance ISA: borrower default is generally not FSCS-protected. */
  | 'not_fscs_investment_risk'
  /** Long-term insurance (insured pensions): 100%, no upper limit. */
  | 'insurance_100'
  /** Trust-based scheme: depends on how the trustees invest (100% if insured funds). */
  | 'trustee_dependent';

export type WarnUserLevel = 'critical' | 'high' | 'medium' | 'info' | 'low';

/** Spec `confidence_score` (0–100; the spec colours ≥ 90 green, ≥ 70 yellow, below red). */
export const CONFIDENCE_SCORES: Readonly<Record<Confidence, number>> = { high: 100, medium: 75, low: 50 };

export const DEPOSIT_PROTECTION_BASIS: Readonly<Record<FscsDepositProtection, ProtectionBasis>> = {
  yes: 'fscs_deposit',
  yes_uk_branch_deposits: 'fscs_deposit_uk_branch',
  unverified: 'unverified',
  not_a_deposit_taker_protection_via_partner_banks: 'via_partner_banks',
  no_hm_treasury_backed: 'hm_treasury',
};

/** The limit each basis is measured against; null when no single pence figure applies. */
export const BASIS_LIMIT_KEY: Readonly<Record<ProtectionBasis, LimitKey | null>> = {
  fscs_deposit: 'fscs_deposit',
  fscs_deposit_uk_branch: 'fscs_deposit',
  unverified: null,
  via_partner_banks: null,
  hm_treasury: null,
  fscs_investment: 'fscs_investment',
  not_fscs_investment_risk: null,
  insurance_100: null,
  trustee_dependent: null,
};

/**
 * Spec `fscs_protected` (a yes/no on bank references and groups): true only where the FSCS
 * itself pays out on this firm's failure. NS&I is false here but never "uncovered": its basis
 * says HM Treasury. A platform is false: the partner bank is the protected firm.
 */
export function isFscsProtected(basis: ProtectionBasis): boolean {
  return (
    basis === 'fscs_deposit' ||
    basis === 'fscs_deposit_uk_branch' ||
    basis === 'fscs_investment' ||
    basis === 'insurance_100'
  );
}

export const ISA_CATEGORY_BASIS: Readonly<Record<IsaFscsCategory, ProtectionBasis>> = {
  banking_group: 'fscs_deposit',
  cash_platform: 'via_partner_banks',
  investment_platform: 'fscs_investment',
  ifisa_platform: 'not_fscs_investment_risk',
  government_backed: 'hm_treasury',
};

/**
 * The FSCS note per ISA provider category. The spec names three (banking group, investment
 * platform, IFISA platform) and shows 'Check FSCS protection level' for anything else; the
 * research pack adds cash-only platforms and NS&I, which get their own true sentence instead.
 * Amounts are not written here: the screen fills in the limit in force on the day.
 */
export const ISA_CATEGORY_MESSAGES: Readonly<Record<IsaFscsCategory, string>> = {
  banking_group:
    'Deposit protection per banking licence: this cash ISA shares one limit with your other money at the same licence.',
  cash_platform:
    'Cash ISA platform, not a bank: your money is protected by each partner bank it is placed with, per partner bank licence.',
  investment_platform:
    'Investment protection if the firm fails (per person per firm). Any cash is held at third-party banks.',
  ifisa_platform:
    'Limited protection: Innovative Finance ISA money is at investment risk and borrower default is generally not covered.',
  government_backed: 'Backed 100% by HM Treasury (NS&I), with no upper limit.',
};

export const ISA_CATEGORY_WARN_LEVEL: Readonly<Record<IsaFscsCategory, WarnUserLevel>> = {
  banking_group: 'low',
  cash_platform: 'info',
  investment_platform: 'info',
  ifisa_platform: 'high',
  government_backed: 'low',
};

/** Spec pension `coverage_tag`: one of the spec's protection categories. */
export type CoverageTag = 'insurance_100' | 'sipp_platform_85k' | 'db_ppf' | 'ssas_trust' | 'state';

/** Spec scheme types, used to say which scheme a provider category typically runs. */
export type SchemeType =
  | 'workplace_dc'
  | 'workplace_db'
  | 'personal_pension'
  | 'sipp'
  | 'ssas'
  | 'buyout_section32'
  | 'state_pension';

export interface PensionCategoryMapping {
  coverageTag: CoverageTag;
  basis: ProtectionBasis;
  typicalSchemeType: SchemeType;
  warnUserLevel: WarnUserLevel;
}

/**
 * Master trusts have no category of their own in the spec. They are trust-based: the closest
 * spec category is the trustee-dependent one (`ssas_trust`), and the provider's message says
 * FSCS cover depends on how the trustees invest. Personal-pension platforms (PensionBee) are
 * platform pensions like SIPPs: investment protection per firm.
 */
export const PENSION_CATEGORY_MAPPING: Readonly<Record<PensionCategory, PensionCategoryMapping>> = {
  insurer: {
    coverageTag: 'insurance_100',
    basis: 'insurance_100',
    typicalSchemeType: 'personal_pension',
    warnUserLevel: 'low',
  },
  sipp_platform: {
    coverageTag: 'sipp_platform_85k',
    basis: 'fscs_investment',
    typicalSchemeType: 'sipp',
    warnUserLevel: 'info',
  },
  personal_pension_platform: {
    coverageTag: 'sipp_platform_85k',
    basis: 'fscs_investment',
    typicalSchemeType: 'personal_pension',
    warnUserLevel: 'info',
  },
  master_trust: {
    coverageTag: 'ssas_trust',
    basis: 'trustee_dependent',
    typicalSchemeType: 'workplace_dc',
    warnUserLevel: 'medium',
  },
};
