/**
 * The reference-data options the pickers offer, as the public API returns them
 * (`GET /api/reference/banks`, `/isa-providers`, `/pension-providers`).
 */

export type BankType = 'bank' | 'building_society' | 'credit_union' | 'platform' | 'government_savings_bank';

export type BankProtectionBasis =
  | 'fscs_deposit'
  | 'fscs_deposit_uk_branch'
  | 'unverified'
  | 'via_partner_banks'
  | 'hm_treasury';

/** One brand under one licence: the same brand name can appear under two FRNs (`isAmbiguous`). */
export type BankOption = {
  /** Stable across machines and reloads (a UUID derived from the brand's reference key). */
  id: string;
  /** The brand's display name, e.g. 'Halifax'. */
  bankName: string;
  /** The PRA-authorised firm's display name, e.g. 'Bank of Scotland plc'. */
  legalName: string;
  /** The licence's FRN, e.g. '169628' (null for NS&I and some platforms). */
  frn: string | null;
  /** The institution the limit is counted against, e.g. 'frn-169628'. */
  bankingGroupId: string;
  type: BankType;
  protectionBasis: BankProtectionBasis;
  /** Jersey, Guernsey or Isle of Man business: outside the FSCS. */
  isCrownDependency: boolean;
  /** The same brand name is listed under another FRN: show `legalName` to tell them apart. */
  isAmbiguous: boolean;
  userMessage: string | null;
};

export const ISA_TYPES = ['cash', 'stocks_and_shares', 'ifisa', 'lisa', 'jisa'] as const;
export type IsaType = (typeof ISA_TYPES)[number];

export type IsaFscsCategory =
  | 'banking_group'
  | 'cash_platform'
  | 'investment_platform'
  | 'ifisa_platform'
  | 'government_backed';

export type IsaProviderOption = {
  /** HMRC ISA manager reference, e.g. 'Z1234'. */
  id: string;
  platformName: string;
  legalName: string;
  fcaReference: string | null;
  isaTypes: string[];
  fscsCategory: IsaFscsCategory;
  bankingGroupName: string | null;
  bankingGroupFrn: string | null;
  protectionBasis: string;
  userMessage: string;
  warnUserLevel: string;
};

export type PensionProviderOption = {
  id: string;
  providerDisplayName: string;
  legalEntityName: string;
  regulator: string;
  frn: string | null;
  category: string;
  coverageTag: string;
  userMessage: string;
  warnUserLevel: string;
  confidenceScore: number;
};
