import type { AccountCategory } from './account-type-category.ts';

/** Interest settings options and which fields show (001 §9). */
export const BASE_FREQUENCIES = ['Daily', 'Monthly', 'Quarterly', 'Annually'] as const;
export const INTEREST_FREQUENCIES = [...BASE_FREQUENCIES, 'On Demand', 'At Maturity'] as const;
export type InterestFrequency = (typeof INTEREST_FREQUENCIES)[number];

export const RATE_TYPES = ['AER', 'Gross', 'Net'] as const;
export type RateType = (typeof RATE_TYPES)[number];

export const PAYOUT_METHODS = ['Add to account', 'Transfer to nominated account', 'Cheque', 'On demand'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/** Months used for quarterly interest when no payment month is set. */
export const QUARTERLY_FALLBACK_MONTHS = [3, 6, 9, 12] as const;

/** The months (1-12, in calendar order) quarterly interest is paid in: the chosen month and every third after it, else the fallback months. */
export function quarterlyPaymentMonths(month: number | null): number[] {
  if (month === null) return [...QUARTERLY_FALLBACK_MONTHS];
  return [0, 3, 6, 9].map((offset) => ((month - 1 + offset) % 12) + 1).sort((a, b) => a - b);
}

/** The years the next rate change date may be picked from (001 §5): 2000 to ten years ahead. */
export function nextRateChangeYears(thisYear: number): { fromYear: number; toYear: number } {
  return { fromYear: 2000, toYear: thisYear + 10 };
}

/** Interest paid on the payment day counts from this time (London). */
export const INTEREST_PAYMENT_CUTOFF = '16:00';

export const INTEREST_DEFAULTS = {
  interestRateBps: 0,
  interestFrequency: 'Monthly',
  rateType: 'AER',
  interestPayoutMethod: 'Add to account',
} as const;

/** Frequencies offered for an account's category: current accounts add On Demand, bonds At Maturity. */
export function frequencyOptions(category: AccountCategory): InterestFrequency[] {
  const options: InterestFrequency[] = [...BASE_FREQUENCIES];
  if (category === 'current') options.push('On Demand');
  if (category === 'bond') options.push('At Maturity');
  return options;
}

/** Payment month (1-12) is asked for quarterly and annual interest. */
export function showsPaymentMonth(frequency: string): boolean {
  return frequency === 'Quarterly' || frequency === 'Annually';
}

/** Payment day is asked for monthly, quarterly and annual interest; never for At Maturity or On Demand. */
export function showsPaymentDay(frequency: string): boolean {
  return frequency === 'Monthly' || frequency === 'Quarterly' || frequency === 'Annually';
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/**
 * How many days the payment-day choice offers: 31 for monthly and quarterly; for annual interest
 * the chosen month's length (February 28: a yearly payment date must exist every year).
 */
export function paymentDayCount(frequency: string, month: number | null): number {
  if (frequency === 'Annually' && month !== null && month >= 1 && month <= 12) return DAYS_IN_MONTH[month - 1]!;
  return 31;
}
