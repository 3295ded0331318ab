/** en-GB labels the charts and their table alternatives share. */
import { formatPence } from '../../core/money/format.ts';
import { monthName, type MonthKey } from '../../core/account-summary/months.ts';

/** 'Nov 26' for '2026-11': short enough for a phone's axis. */
export function shortMonth(month: MonthKey): string {
  const [name, year] = monthName(month).split(' ');
  return `${name!.slice(0, 3)} ${year!.slice(2)}`;
}

/** '£1,235' for an axis tick in pence (whole pounds; the tooltip and table give pence). */
export function axisPounds(pence: number): string {
  return formatPence(Math.round(pence / 100) * 100, { wholePounds: true });
}

export const SERIES = [
  { key: 'depositsPence', label: 'Deposits', color: 'var(--success)' },
  { key: 'withdrawalsPence', label: 'Withdrawals', color: 'var(--destructive)' },
  { key: 'interestPence', label: 'Interest', color: 'var(--info)' },
  { key: 'feesPence', label: 'Fees', color: 'var(--warning)' },
] as const;

export const TYPE_COLORS = {
  deposit: 'var(--success)',
  withdrawal: 'var(--destructive)',
  interest: 'var(--info)',
  fee: 'var(--warning)',
  opening_balance: 'var(--brand)',
  balance_update: 'var(--muted-foreground)',
} as const;
