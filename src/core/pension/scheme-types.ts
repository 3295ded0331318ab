/**
 * Pension scheme types (001 §3) with their protection categories, the defaults a chosen type
 * sets on the pension form (001 §4), transfer status badges and confidence colours (001 §4, §9).
 */
import type { CoverageTag, SchemeType } from '../reference-data/spec-mapping.ts';

export const SCHEME_TYPES = [
  'workplace_dc',
  'workplace_db',
  'personal_pension',
  'sipp',
  'ssas',
  'buyout_section32',
  'state_pension',
] as const satisfies readonly SchemeType[];

export type SchemeTypeDetails = {
  name: string;
  description: string;
  /** The spec's protection category, set on the form when the type is chosen. */
  protectionCategory: CoverageTag;
  typicalProviders: string;
  isDefinedBenefit: boolean;
};

/**
 * Protection by scheme type, before the provider is known (the provider's own category wins
 * once chosen: a master trust is trustee dependent). Insured schemes (most workplace DC and
 * personal pensions, Section 32 buy-outs) are long-term insurance: 100%. SIPPs are platform
 * investments: the FSCS investment limit per firm. Defined benefit schemes are backed by the
 * Pension Protection Fund; a SSAS depends on its trustees; the State Pension on the government.
 */
export const SCHEME_TYPE_DETAILS: Readonly<Record<SchemeType, SchemeTypeDetails>> = {
  workplace_dc: {
    name: 'Workplace pension (defined contribution)',
    description: 'A pot built from your and your employer’s contributions and its investment growth.',
    protectionCategory: 'insurance_100',
    typicalProviders: 'Nest, The People’s Pension, Aviva, Legal & General, Scottish Widows',
    isDefinedBenefit: false,
  },
  workplace_db: {
    name: 'Workplace pension (defined benefit)',
    description: 'A final salary or career average scheme: it promises an income worked out from your pay and service.',
    protectionCategory: 'db_ppf',
    typicalProviders: 'Employer and public sector schemes',
    isDefinedBenefit: true,
  },
  personal_pension: {
    name: 'Personal pension',
    description: 'A pension you arrange yourself with a provider, invested in its funds.',
    protectionCategory: 'insurance_100',
    typicalProviders: 'Aviva, Royal London, Standard Life, PensionBee',
    isDefinedBenefit: false,
  },
  sipp: {
    name: 'Self-invested personal pension (SIPP)',
    description: 'A personal pension on an investment platform where you choose the investments.',
    protectionCategory: 'sipp_platform_85k',
    typicalProviders: 'Hargreaves Lansdown, AJ Bell, Interactive Investor, Vanguard',
    isDefinedBenefit: false,
  },
  ssas: {
    name: 'Small self-administered scheme (SSAS)',
    description: 'A scheme for a few members, usually company directors, run by its trustees.',
    protectionCategory: 'ssas_trust',
    typicalProviders: 'Specialist SSAS administrators',
    isDefinedBenefit: false,
  },
  buyout_section32: {
    name: 'Buy-out plan (Section 32)',
    description: 'An insurance policy holding benefits transferred out of an employer’s scheme.',
    protectionCategory: 'insurance_100',
    typicalProviders: 'Insurers such as Aviva, Phoenix and Royal London',
    isDefinedBenefit: false,
  },
  state_pension: {
    name: 'State Pension',
    description: 'The government’s pension, paid from State Pension age on your National Insurance record.',
    protectionCategory: 'state',
    typicalProviders: 'The Department for Work and Pensions',
    isDefinedBenefit: true,
  },
};

/** Pension transfer statuses (001 §4) and their badge colours; the status shows only when not `new`. */
export const PENSION_TRANSFER_STATUSES = ['new', 'in_progress', 'complete', 'overdue'] as const;
export type PensionTransferStatus = (typeof PENSION_TRANSFER_STATUSES)[number];
export const PENSION_TRANSFER_BADGE: Readonly<Record<PensionTransferStatus, 'blue' | 'yellow' | 'green' | 'red'>> = {
  new: 'blue',
  in_progress: 'yellow',
  complete: 'green',
  overdue: 'red',
};

/** The spec's pension defaults that are product rules, not law (001 §9). */
export const PENSION_FORM_RULES = {
  transferSlaDays: 10,
  confidenceWarningBelow: 80,
  confidenceGreenFrom: 90,
  confidenceYellowFrom: 70,
  accessAgeMin: 50,
  accessAgeMax: 75,
  annualAllowanceStepPounds: 1000,
} as const;

/** Confidence colouring: green at 90 or above, yellow at 70 or above, red below. */
export function confidenceColour(score: number): 'green' | 'yellow' | 'red' {
  if (score >= PENSION_FORM_RULES.confidenceGreenFrom) return 'green';
  return score >= PENSION_FORM_RULES.confidenceYellowFrom ? 'yellow' : 'red';
}

/**
 * The scheme type a pension account has before its details are given, from the account type the
 * saver chose (issue 24): a workplace pension is not a personal pension. Used by the card, the
 * provider picker's first save and the dialog's first value; once saved, the record's own type wins.
 */
export function schemeTypeForAccountType(accountType: string): SchemeType {
  const type = accountType.trim().toLowerCase();
  if (type === 'sipp' || type.includes('self-invested') || type.includes('self invested')) return 'sipp';
  if (type === 'ssas') return 'ssas';
  if (type.includes('state pension')) return 'state_pension';
  if (type.includes('defined benefit') || type.includes('final salary')) return 'workplace_db';
  if (type.includes('workplace') || type.includes('employer') || type.includes('company')) return 'workplace_dc';
  return 'personal_pension';
}
