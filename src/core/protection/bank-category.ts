import type { ProtectionBasis } from '../reference-data/spec-mapping.ts';
import type { InstitutionType } from '../reference-data/records.ts';
import type { InstitutionRef, ProtectionCategory } from './types.ts';

/** What a bank reference says about how money held there is protected (a picker's bank option). */
export type BankProtectionFacts = {
  type: InstitutionType;
  protectionBasis: ProtectionBasis;
  /** Jersey, Guernsey or Isle of Man business: outside the FSCS whatever the group's UK status. */
  isCrownDependency: boolean;
};

/**
 * The engine's protection category for money held directly with a bank, or null when the bank
 * cannot hold the money itself: a platform takes no deposits, so its partner bank's licence
 * is the one that counts, and the saver has to name that bank instead.
 */
export function bankProtectionCategory(bank: BankProtectionFacts): ProtectionCategory | null {
  // A platform first: it is never the protected firm, even if a row carries a deposit basis.
  if (bank.type === 'platform' || bank.protectionBasis === 'via_partner_banks') return null;
  // Crown Dependency business is outside the UK scheme even where the wider group is a UK bank.
  if (bank.isCrownDependency) return 'offshore';
  switch (bank.protectionBasis) {
    case 'fscs_deposit':
    case 'fscs_deposit_uk_branch':
      return 'deposit';
    case 'hm_treasury':
      return 'ns-and-i';
    case 'unverified':
      return 'unverified';
    // Bases of investment and pension providers (an ISA's or pension's provider holds the money:
    // account-protection.ts). Never deposit cover: each is its own scheme.
    case 'fscs_investment':
      return 'investment';
    case 'not_fscs_investment_risk':
      return 'ifisa';
    case 'insurance_100':
      return 'insurance-100';
    case 'trustee_dependent':
      return 'ssas-trust';
  }
}

/** A bank reference's licence as the engine groups money by it: the brand and the firm behind it. */
export type BankLicenceFacts = {
  /** The brand, e.g. 'Halifax'. */
  bankName: string;
  /** The PRA-authorised firm, e.g. 'Bank of Scotland plc'. */
  legalName: string;
  /** The licence's FRN; null for NS&I and banks whose FRN is not known. */
  frn: string | null;
};

/** The institution a bank's money counts against: its licence's FRN, else its firm's name. */
export function bankInstitution(bank: BankLicenceFacts): InstitutionRef {
  const frn = bank.frn?.trim();
  if (frn) return { kind: 'frn', frn, legalName: bank.legalName, brandName: bank.bankName };
  // No FRN: brands of one firm share its legal name, so the spec's by-name fallback groups them.
  return { kind: 'bank-name', bankName: bank.legalName };
}

/** Whether a saver can put a bank in the public checker (platforms are left out of its picker). */
export function isCheckerSelectable(bank: BankProtectionFacts): boolean {
  return bankProtectionCategory(bank) !== null;
}
