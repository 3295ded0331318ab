/**
 * Whether an account earns cash interest, the one rule every rate figure reads (issue 24): a
 * stocks and shares ISA and a pension are invested, so their money grows (or falls) with the
 * market and pays no interest rate. Their rate is never shown ("—", not "0.00% AER"), never
 * averaged and never compared.
 */
import { accountTypeCategory } from './account-type-category.ts';
import { accountTypeProtection } from './account-protection.ts';
import { type Bps, formatRate } from './interest-rate.ts';

/** False for stocks and shares ISAs and every pension; true for cash (savings, current, bonds, cash ISAs…). */
export function earnsCashInterest(accountType: string): boolean {
  if (accountTypeCategory(accountType) === 'pension') return false;
  return accountTypeProtection(accountType) !== 'investment';
}

/** What a screen shows for an account's rate: the rate with its type, or "—" when it earns no cash interest. */
export function accountRateText(account: { accountType: string; interestRateBps: Bps; rateType?: string }): string {
  return earnsCashInterest(account.accountType) ? formatRate(account.interestRateBps, account.rateType) : '—';
}
