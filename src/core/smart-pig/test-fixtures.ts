import type { AccountCategory } from '../accounts/account-type-category.ts';
import type { CalendarDate } from '../dates/calendar-date.ts';
import type { InstitutionRef, Pence, TemporaryHighBalance } from '../protection/types.ts';
import { depositRoomPence } from './account-facts.ts';
import { DEFAULT_PREFERENCES } from './preferences.ts';
import type { Recommendation, SmartPigAccount, SmartPigPreferences } from './types.ts';

// Test data for the Smart Pig golden and property tests. Names and FRNs are the real ones
// (BoE list of banking brands, 14 Apr 2025; shared facts §1).

/** Pinned "today": the £120,000 limit is in force. */
export const TODAY: CalendarDate = '2026-11-22';

export const LICENCES = {
  bankOfScotland: (brandName: string): InstitutionRef => ({
    kind: 'frn',
    frn: '169628',
    legalName: 'Bank of Scotland plc',
    brandName,
  }),
  barclays: { kind: 'frn', frn: '759676', legalName: 'Barclays Bank UK PLC', brandName: 'Barclays' },
  natWest: { kind: 'frn', frn: '121878', legalName: 'National Westminster Bank Plc', brandName: 'NatWest' },
  nationwide: { kind: 'frn', frn: '106078', legalName: 'Nationwide Building Society', brandName: 'Nationwide' },
  santander: { kind: 'frn', frn: '106054', legalName: 'Santander UK Plc', brandName: 'Santander' },
  coventry: { kind: 'frn', frn: '150892', legalName: 'Coventry Building Society', brandName: 'Coventry' },
  chase: { kind: 'frn', frn: '124579', legalName: 'J.P. Morgan Europe Limited', brandName: 'Chase' },
  shawbrook: { kind: 'frn', frn: '157154', legalName: 'Shawbrook Bank Limited', brandName: 'Shawbrook' },
  paragon: { kind: 'frn', frn: '741325', legalName: 'Paragon Bank PLC', brandName: 'Paragon' },
} as const satisfies Record<string, InstitutionRef | ((brand: string) => InstitutionRef)>;

export type AccountSpec = {
  name?: string;
  balancePence: Pence;
  institution: InstitutionRef | null;
  rateBps: number;
  category?: AccountCategory;
  holders?: number;
  noticeDays?: number | null;
  fixedEndsOn?: CalendarDate | null | undefined;
  introductoryRateEndsOn?: CalendarDate;
  temporaryHighBalance?: TemporaryHighBalance;
  /** The rate after a fixed term or introductory rate ends (null: none). */
  rateAfterBps?: number | null;
  earnsCashInterest?: boolean;
  /** What the account's terms let in; by default as `depositRoomPence` decides (nothing into a running fixed term). */
  depositRoomPence?: Pence | null;
};

/** A Smart Pig account: a sole, easy-access savings deposit unless `spec` says otherwise. */
export function account(id: string, spec: AccountSpec): SmartPigAccount {
  const brand = spec.institution?.kind === 'frn' ? (spec.institution.brandName ?? spec.institution.legalName) : null;
  const fixedTerm = spec.fixedEndsOn === undefined ? null : { endsOn: spec.fixedEndsOn };
  return {
    input: {
      id,
      balancePence: spec.balancePence,
      institution: spec.institution,
      holders: spec.holders ?? 1,
      category: 'deposit',
      ...(spec.temporaryHighBalance ? { temporaryHighBalance: spec.temporaryHighBalance } : {}),
    },
    name: spec.name ?? id,
    bankName: spec.institution?.kind === 'bank-name' ? spec.institution.bankName : brand,
    legalName: spec.institution?.kind === 'frn' ? spec.institution.legalName : null,
    unknownReason: spec.institution ? null : 'no-bank',
    category: spec.category ?? 'savings',
    interestRateBps: spec.rateBps,
    noticeDays: spec.noticeDays === undefined ? 0 : spec.noticeDays,
    fixedTerm,
    hasIntroductoryRate: spec.introductoryRateEndsOn !== undefined,
    introductoryRateEndsOn: spec.introductoryRateEndsOn ?? null,
    rateAfterBps: spec.rateAfterBps ?? null,
    earnsCashInterest: spec.earnsCashInterest ?? true,
    brandKey:
      brand?.toLowerCase() ?? (spec.institution?.kind === 'bank-name' ? spec.institution.bankName.toLowerCase() : null),
    depositRoomPence:
      spec.depositRoomPence !== undefined
        ? spec.depositRoomPence
        : depositRoomPence(null, fixedTerm, spec.balancePence, TODAY),
  };
}

/**
 * The shared-licence portfolio: Halifax at 3.00% and Bank of Scotland at 2.50% (one licence, Bank
 * of Scotland plc) and Barclays at 4.00%, with the balances given.
 */
export function halifaxBankOfScotlandBarclays(halifaxPence: Pence, bankOfScotlandPence: Pence, barclaysPence: Pence) {
  return [
    account('halifax', {
      name: 'Halifax Saver',
      balancePence: halifaxPence,
      institution: LICENCES.bankOfScotland('Halifax'),
      rateBps: 300,
    }),
    account('bos', {
      name: 'Bank of Scotland Saver',
      balancePence: bankOfScotlandPence,
      institution: LICENCES.bankOfScotland('Bank of Scotland'),
      rateBps: 250,
    }),
    account('barclays', {
      name: 'Barclays Saver',
      balancePence: barclaysPence,
      institution: LICENCES.barclays,
      rateBps: 400,
    }),
  ];
}

export function preferences(changes: Partial<SmartPigPreferences> = {}): SmartPigPreferences {
  return { ...DEFAULT_PREFERENCES, ...changes };
}

/** The figures of a recommendation worth asserting together, without its texts. */
export function gist(r: Recommendation) {
  return {
    type: r.type,
    priority: r.priority,
    from: r.fromAccount?.id ?? null,
    to: r.toAccount?.id ?? null,
    amountPence: r.amountPence,
    currentRateBps: r.currentRateBps,
    newRateBps: r.newRateBps,
    projectedGainPence: r.projectedGainPence,
    transfer: r.transfer,
    availableCapacityPence: r.availableCapacityPence,
    capacityLimited: r.capacityLimited,
  };
}

export function ofType(recommendations: readonly Recommendation[], type: Recommendation['type']) {
  return recommendations.filter((r) => r.type === type);
}
