/**
 * Protection in plain English, the same words wherever a saver reads them: the public checker and
 * the signed-in Protection Hub. Why brands share one limit, what a temporary high balance covers
 * and until when, how a joint account counts, and why money outside the FSCS limits is where it is.
 */
import { formatLimit, formatLongDate, joinWithAnd } from '../checker/text.ts';
import type { CalendarDate } from '../dates/calendar-date.ts';
import { formatPence } from '../money/format.ts';
import type { AccountProtection, InstitutionExposure } from './exposure.ts';
import type { ProtectionCategory } from './types.ts';

/** 'Bank of Scotland plc (FRN 169628)', or the name alone when no FRN is known. */
export function firmWithFrn(licence: Pick<InstitutionExposure, 'name' | 'frn'>): string {
  return licence.frn ? `${licence.name} (FRN ${licence.frn})` : licence.name;
}

/**
 * Whether `brand` is the firm's own name rather than a brand of it: the same words, or the firm's
 * name begins with them ('AJ Bell' of AJ Bell Securities Limited, 'Nationwide' of Nationwide
 * Building Society). Such a name is never called "a brand of" the firm nor listed beside it.
 */
export function isFirmsOwnName(brand: string, firmName: string): boolean {
  const normal = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
  const b = normal(brand);
  const f = normal(firmName);
  return b === f || f.startsWith(`${b} `);
}

/**
 * Why the brands a saver uses share one limit (`brands` in the saver's order); null for a lone
 * brand that is the firm itself, and for an investment firm under its own name (`isFirmsOwnName`).
 */
export function sharedLimitReason(licence: InstitutionExposure, brands: readonly string[]): string | null {
  const limit = formatLimit(licence.limit.amountPence);
  if (brands.length >= 2) {
    return `${joinWithAnd(brands)} are brands of ${firmWithFrn(licence)}: one ${limit} limit covers them together.`;
  }
  const [brand] = brands;
  // A bank's other brands share its limit, so a bank under its own name still gets the note; an
  // investment firm under its own name is the one firm, with nothing else to share it.
  if (brand && brand !== licence.name && !(licence.scheme === 'investment' && isFirmsOwnName(brand, licence.name))) {
    return `${brand} is a brand of ${firmWithFrn(licence)}. Money with any other brand of ${licence.name} shares the same ${limit} limit.`;
  }
  return null;
}

/**
 * What temporary high balances at a licence cover and until when, and what happens after;
 * null when there are none. `afterRevert` is the same licence worked out on the revert date.
 */
export function temporaryHighBalanceText(
  licence: InstitutionExposure,
  accounts: readonly AccountProtection[],
  afterRevert: InstitutionExposure | undefined,
  date: CalendarDate,
): string | null {
  const parts: string[] = [];
  if (licence.temporaryHighBalanceCoveredPence > 0 && licence.temporaryHighBalanceRevertsOn) {
    const revertsOn = formatLongDate(licence.temporaryHighBalanceRevertsOn);
    parts.push(
      `${formatPence(licence.temporaryHighBalanceCoveredPence)} is covered as a temporary high balance, on top of the ${formatLimit(licence.limit.amountPence)} limit, until ${revertsOn}, when cover reverts to the standard limit.`,
    );
    if (afterRevert && afterRevert.uncoveredPence > licence.uncoveredPence) {
      parts.push(
        `From ${revertsOn}, ${formatPence(afterRevert.uncoveredPence)} of it will not be protected unless you move some of it.`,
      );
    }
  }
  for (const account of accounts) {
    if (account.status !== 'covered-in-full' && account.status !== 'partly-covered') continue;
    const thb = account.temporaryHighBalance;
    if (!thb || thb.isActive) continue;
    parts.push(
      thb.revertsOn <= date
        ? `Extra cover for a temporary high balance here ended on ${formatLongDate(thb.revertsOn)}: the standard limit applies to it now.`
        : 'A temporary high balance here has a credited date in the future, so it has no extra cover yet.',
    );
  }
  return parts.length > 0 ? [...new Set(parts)].join(' ') : null;
}

const SHARE_WORDS: Readonly<Record<number, string>> = {
  2: 'half',
  3: 'third',
  4: 'quarter',
  5: 'fifth',
  6: 'sixth',
  7: 'seventh',
  8: 'eighth',
  9: 'ninth',
  10: 'tenth',
};

/** 'half', 'third', 'quarter'…, or 'one-in-12 share' past ten holders. */
export function holderShareWord(holders: number): string {
  return SHARE_WORDS[holders] ?? `one-in-${holders} share`;
}

/**
 * How a joint account counts, in words: 'Only your half of Joint Saver counts here: £50,000.00
 * of its £100,000.00. Each of its 2 holders has their own £120,000 limit.' (the last sentence
 * only where a limit applies: `limitPence` null for money outside the FSCS limits).
 */
export function jointShareSentence(
  account: { name: string; holders: number; balancePence: number; sharePence: number },
  limitPence: number | null,
): string {
  const share = `Only your ${holderShareWord(account.holders)} of ${account.name} counts here: ${formatPence(account.sharePence)} of its ${formatPence(account.balancePence)}.`;
  if (limitPence === null) return share;
  return `${share} Each of its ${account.holders} holders has their own ${formatLimit(limitPence)} limit.`;
}

/** The names a bank is known by, for the sentences below. */
export type BankNames = { bankName: string; legalName: string };

/**
 * Why money sits outside the FSCS limits. `verdict` null: the money counts as not protected, in
 * words the caller chooses ('The checker counts it as not protected.').
 */
export type OutsideText = {
  status: string;
  /** What the money rests on, in a few words: 'Insurer: FSCS covers 100% of a long-term insurance claim'. */
  basis: string;
  why: (bank: BankNames | null) => string;
  verdict: string | null;
};

/**
 * What money under an FSCS limit rests on, in a few words: 'Banking licence: £120,000 per person
 * if the bank fails', 'Investment firm: £85,000 if the firm fails'.
 */
export function licenceBasis(scheme: 'deposit' | 'investment', limitPence: number): string {
  return scheme === 'investment'
    ? `Investment firm: ${formatLimit(limitPence)} if the firm fails`
    : `Banking licence: ${formatLimit(limitPence)} per person if the bank fails`;
}

const firmOf = (bank: BankNames | null) => bank?.legalName ?? 'this firm';

/** Anything the list below does not name: money the FSCS does not cover. */
export const NOT_FSCS: OutsideText = {
  status: 'Not FSCS protected',
  basis: 'Not FSCS protected',
  why: (bank) => `The FSCS does not cover money held with ${firmOf(bank)}.`,
  verdict: null,
};

const OTHER_SCHEME_VERDICT = 'It is not counted as protected or as at risk.';

const OUTSIDE_TEXTS: Partial<Record<ProtectionCategory, OutsideText>> = {
  'ns-and-i': {
    status: 'Backed by HM Treasury',
    basis: 'NS&I: 100% backed by HM Treasury',
    why: () => 'NS&I is 100% backed by HM Treasury rather than the FSCS.',
    verdict: 'All of it is safe, with no limit.',
  },
  state: {
    status: 'Backed by the government',
    basis: 'State Pension: paid by the government',
    why: () => 'The State Pension is paid by the government, not held by a bank, so the FSCS does not come into it.',
    verdict: 'It is not at risk from a bank failing.',
  },
  'insurance-100': {
    status: 'Protected in full',
    basis: 'Insurer: FSCS covers 100% of a long-term insurance claim',
    why: () => 'Long-term insurance, such as an insured pension or an annuity, is covered 100% by the FSCS.',
    verdict: 'All of it is protected, with no limit.',
  },
  ppf: {
    status: 'Pension Protection Fund',
    basis: 'Defined benefit scheme: the Pension Protection Fund',
    why: () => 'A defined-benefit pension is protected by the Pension Protection Fund, not the FSCS.',
    verdict: OTHER_SCHEME_VERDICT,
  },
  'ssas-trust': {
    status: 'Trustee dependent',
    basis: 'SSAS: protection depends on its trustees',
    why: () => 'A small self-administered scheme (SSAS) is run by its trustees: its protection depends on them.',
    verdict: OTHER_SCHEME_VERDICT,
  },
  offshore: {
    status: 'Not FSCS protected',
    basis: 'Crown Dependency: outside the FSCS',
    why: (bank) =>
      `${bank?.bankName ?? 'This bank'} holds this money in a Crown Dependency (Jersey, Guernsey or the Isle of Man), outside the UK, so the FSCS does not cover it.`,
    verdict: null,
  },
  'non-uk-branch': {
    status: 'Not FSCS protected',
    basis: 'Branch outside the UK: outside the FSCS',
    why: (bank) =>
      `${bank?.bankName ?? 'This bank'} holds this money at a branch outside the UK, so the FSCS does not cover it.`,
    verdict: null,
  },
  'e-money': {
    status: 'Not FSCS protected',
    basis: 'E-money: safeguarded, not FSCS protected',
    why: () => 'E-money is safeguarded by the firm that holds it, not protected by the FSCS.',
    verdict: null,
  },
  ifisa: {
    status: 'Not FSCS protected',
    basis: 'Peer-to-peer lending: not FSCS protected',
    why: () =>
      'An innovative finance ISA lends your money to people or businesses (peer-to-peer lending), which the FSCS does not cover.',
    verdict: null,
  },
  unverified: {
    status: 'Protection not confirmed',
    basis: 'FSCS protection not confirmed',
    why: (bank) => `We could not confirm that the FSCS covers ${firmOf(bank)}.`,
    verdict: null,
  },
};

/** The words for money of `category`, which sits outside the FSCS per-firm limits. */
export function outsideText(category: ProtectionCategory): OutsideText {
  return OUTSIDE_TEXTS[category] ?? NOT_FSCS;
}

/** What a licence's limit-use sentence needs; amounts in pence. */
export type LimitUse = {
  scheme: 'deposit' | 'investment';
  limit: { amountPence: number; isOverride: boolean };
  /** Of the standard limit, leaving out money covered as a temporary high balance; null for a zero limit. */
  limitUsedPercent: number | null;
  atRiskPence: number;
  temporaryHighBalance: { coveredPence: number; endsOn: CalendarDate | null } | null;
};

/**
 * How much of its limit a licence uses, in one sentence, the same on every screen: '116.7% of the
 * £120,000 deposit limit per person.' While a temporary high balance covers money here and none
 * is over, 'Covered in full until 1 April 2027…' rather than a bare share of the standard limit
 * (a covered house sale is not 0% of anything).
 */
export function limitUseSentence(licence: LimitUse): string {
  const limit = `${formatLimit(licence.limit.amountPence)} ${licence.scheme === 'investment' ? 'investment' : 'deposit'} limit per person`;
  const override = licence.limit.isOverride ? ' (a limit set by SavvyPig in place of the legal one)' : '';
  const thb = licence.temporaryHighBalance;
  if (thb && thb.coveredPence > 0 && thb.endsOn && licence.atRiskPence === 0) {
    const rest =
      licence.limitUsedPercent !== null && licence.limitUsedPercent > 0
        ? ` The rest uses ${licence.limitUsedPercent}% of the ${limit}${override}.`
        : ` Nothing else here counts against the ${limit}${override}.`;
    return `Covered in full until ${formatLongDate(thb.endsOn)}: ${formatPence(thb.coveredPence)} is a temporary high balance, covered on top of the limit.${rest}`;
  }
  if (licence.limitUsedPercent === null) return `The ${limit}${override}.`;
  return `${licence.limitUsedPercent}% of the ${limit}${override}.`;
}
