import { expect } from 'vitest';
import type { ExposureReport, InstitutionExposure } from './exposure.ts';
import type { AccountInput, InstitutionRef, Pence } from './types.ts';

// Test data for the golden cases (used by the *.golden.test.ts files only). Names and FRNs are
// the real ones from data/reference and the shared facts (BoE list of banking brands, 14 Apr 2025).

/** Pinned "today" for the golden cases: the new £120,000 law is in force. */
export const TODAY = '2026-11-22';
/** The last day of the old £85,000 law. */
export const OLD_LAW = '2025-11-30';

/** Halifax, Bank of Scotland, BM Savings, Intelligent Finance and Bank of Wales share this licence. */
export function bankOfScotland(brandName: string): InstitutionRef {
  return { kind: 'frn', frn: '169628', legalName: 'Bank of Scotland plc', brandName };
}

/** Lloyds Bank and its other brands: a separate licence from Bank of Scotland plc. */
export function lloydsBank(brandName = 'Lloyds Bank'): InstitutionRef {
  return { kind: 'frn', frn: '119278', legalName: 'Lloyds Bank PLC', brandName };
}

export function natWest(brandName = 'NatWest'): InstitutionRef {
  return { kind: 'frn', frn: '121878', legalName: 'National Westminster Bank Plc', brandName };
}

export const BARCLAYS: InstitutionRef = {
  kind: 'frn',
  frn: '759676',
  legalName: 'Barclays Bank UK PLC',
  brandName: 'Barclays',
};

/** An investment firm (stocks and shares ISAs, SIPPs): FSCS investment protection per firm. */
export const HARGREAVES_LANSDOWN: InstitutionRef = {
  kind: 'frn',
  frn: '115248',
  legalName: 'Hargreaves Lansdown Asset Management Limited',
  brandName: 'Hargreaves Lansdown',
};

export function bankName(name: string): InstitutionRef {
  return { kind: 'bank-name', bankName: name };
}

/** A sole deposit account unless `extra` says otherwise. */
export function account(
  id: string,
  balancePence: Pence,
  institution: InstitutionRef | null,
  extra: Partial<AccountInput> = {},
): AccountInput {
  return { id, balancePence, institution, holders: 1, category: 'deposit', ...extra };
}

/** Every money figure and flag of one exposure, for asserting them all at once. */
export function figures(institution: InstitutionExposure) {
  return {
    totalPence: institution.totalPence,
    coveredPence: institution.coveredPence,
    uncoveredPence: institution.uncoveredPence,
    limitPence: institution.limit.amountPence,
    temporaryHighBalanceCoveredPence: institution.temporaryHighBalanceCoveredPence,
    temporaryHighBalanceRevertsOn: institution.temporaryHighBalanceRevertsOn,
    alertLevel: institution.alertLevel,
  };
}

/** The report's one exposure (fails the test when there is not exactly one). */
export function onlyExposure(report: ExposureReport): InstitutionExposure {
  expect(report.institutions).toHaveLength(1);
  return report.institutions[0]!;
}
