/**
 * Our reference data's banks that the provider can connect (issue 32): each names the provider's
 * institution id and the brand names (and the licence's FRN where one name has two) it covers in
 * data/reference/bank_brands.csv. Ids are TrueLayer's UK Open Banking providers (ADR 0067); the
 * sandbox connects every one to its mock bank.
 */
export type Institution = { providerInstitutionId: string; names: readonly string[]; frn?: string };

export const INSTITUTIONS: readonly Institution[] = [
  { providerInstitutionId: 'ob-barclays', names: ['Barclays', 'Barclays Bank UK PLC'], frn: '759676' },
  { providerInstitutionId: 'ob-hsbc', names: ['HSBC', 'HSBC UK', 'HSBC UK Bank', 'HSBC UK Bank Plc'], frn: '765112' },
  { providerInstitutionId: 'ob-first-direct', names: ['first direct', 'first direct bank'] },
  { providerInstitutionId: 'ob-lloyds', names: ['Lloyds Bank', 'Lloyds Bank PLC'], frn: '119278' },
  { providerInstitutionId: 'ob-halifax', names: ['Halifax'] },
  { providerInstitutionId: 'ob-bos', names: ['Bank of Scotland', 'Bank of Scotland plc'] },
  {
    providerInstitutionId: 'ob-natwest',
    names: ['NatWest', 'National Westminster Bank', 'National Westminster Bank Plc'],
    frn: '121878',
  },
  { providerInstitutionId: 'ob-rbs', names: ['The Royal Bank of Scotland Plc'] },
  { providerInstitutionId: 'ob-santander', names: ['Santander UK Plc'] },
  { providerInstitutionId: 'ob-nationwide', names: ['Nationwide', 'Nationwide Building Society'] },
  { providerInstitutionId: 'ob-monzo', names: ['Monzo', 'Monzo Bank Ltd'] },
  { providerInstitutionId: 'ob-starling', names: ['Starling Bank Limited'] },
  { providerInstitutionId: 'ob-tsb', names: ['TSB Bank plc'] },
  { providerInstitutionId: 'ob-metro', names: ['Metro Bank PLC'] },
  { providerInstitutionId: 'ob-danske', names: ['Danske Bank'] },
  { providerInstitutionId: 'ob-virgin-money', names: ['Virgin Money', 'Clydesdale Bank Plc'] },
  { providerInstitutionId: 'ob-coop', names: ['The Co-operative Bank Plc'] },
];

const BY_NAME = new Map<string, Institution[]>();
for (const institution of INSTITUTIONS) {
  for (const name of institution.names) {
    const key = name.toLowerCase();
    BY_NAME.set(key, [...(BY_NAME.get(key) ?? []), institution]);
  }
}

/** The provider's id for a reference bank (its name and FRN), or null when it cannot be connected. */
export function providerInstitutionFor(bankName: string, frn: string | null): string | null {
  const candidates = BY_NAME.get(bankName.toLowerCase()) ?? [];
  const match = candidates.find((i) => i.frn === undefined || i.frn === frn);
  return match?.providerInstitutionId ?? null;
}

/** Every brand name the provider covers (for the one query that finds them). */
export const INSTITUTION_NAMES: readonly string[] = [...BY_NAME.keys()];
