/**
 * The account page's figures (001 §2 summary cards and charts, §9 "Charts and insights"), from
 * an account's transactions grouped by type and by month of the trend window. The server gets
 * that grouping from one SQL aggregate (src/server/account-detail/queries.ts) and a test holds
 * it equal to `groupTransactions` here; every rule about what the figures mean lives below.
 *
 * Amounts are integer pence. Transactions are signed as stored: withdrawals and fees negative.
 */
import type { CalendarDate } from '../dates/calendar-date.ts';
import { TRANSACTION_TYPES, type TransactionType } from '../transactions/transaction-types.ts';
import { isInWindow, monthOf, type MonthKey, type MonthWindow } from './months.ts';

/** A stored transaction type (001 §3); the page lists them in `TRANSACTION_TYPES` order. */
export type SummaryTransactionType = TransactionType;

/**
 * One group of an account's transactions: one type within one month of the window, or
 * (`month` null) all of that type's transactions outside the window (older, or dated after
 * this month). `totalPence` is signed as stored.
 */
export type TypeMonthGroup = {
  type: SummaryTransactionType;
  month: MonthKey | null;
  totalPence: number;
  count: number;
};

export type SummaryTransaction = { date: CalendarDate; type: SummaryTransactionType; amountPence: number };

export type SummaryCards = {
  currentBalancePence: number;
  /** Interest over the window ÷ the window's months that had interest, to the nearest penny (0 when none). */
  avgMonthlyInterestPence: number;
  /** Every interest transaction the account has, whenever dated. */
  lifetimeInterestPence: number;
};

/**
 * One month of the trends chart. Money out (withdrawals, fees) is shown as positive amounts
 * (001 §9: "withdrawals counted as absolute values"); an opening balance counts as money paid
 * in. So `netPence` = deposits − withdrawals + interest − fees: the month's change in balance.
 */
export type MonthlyTotals = {
  month: MonthKey;
  depositsPence: number;
  withdrawalsPence: number;
  interestPence: number;
  feesPence: number;
  netPence: number;
};

/** Whether anything happened in the month (a month of zero-amount transactions counts as nothing). */
export function hasActivity(m: MonthlyTotals): boolean {
  return m.depositsPence + m.withdrawalsPence + m.interestPence + m.feesPence !== 0;
}

/** All of one type's transactions, whenever dated; `totalPence` as a positive amount. */
export type TypeTotal = { type: SummaryTransactionType; totalPence: number; count: number };

export type AccountSummary = { summary: SummaryCards; monthly: MonthlyTotals[]; typeTotals: TypeTotal[] };

/** The grouping the SQL aggregate does, in TypeScript: the reference the database is tested against. */
export function groupTransactions(transactions: readonly SummaryTransaction[], window: MonthWindow): TypeMonthGroup[] {
  const groups = new Map<string, TypeMonthGroup>();
  for (const t of transactions) {
    const month = isInWindow(t.date, window) ? monthOf(t.date) : null;
    const key = `${t.type}/${month ?? ''}`;
    const group = groups.get(key);
    if (group) {
      group.totalPence += t.amountPence;
      group.count += 1;
    } else {
      groups.set(key, { type: t.type, month, totalPence: t.amountPence, count: 1 });
    }
  }
  return [...groups.values()];
}

/** `total ÷ count` to the nearest penny, halves up, in integers (no float decides a penny). */
function roundedAverage(totalPence: number, count: number): number {
  if (count === 0) return 0;
  return Math.floor((2 * totalPence + count) / (2 * count));
}

export function summaryCards(
  groups: readonly TypeMonthGroup[],
  window: MonthWindow,
  balancePence: number,
): SummaryCards {
  let lifetimeInterestPence = 0;
  let windowInterestPence = 0;
  const monthsWithInterest = new Set<MonthKey>();
  for (const g of groups) {
    if (g.type !== 'interest') continue;
    lifetimeInterestPence += g.totalPence;
    if (g.month !== null && window.months.includes(g.month) && g.count > 0) {
      windowInterestPence += g.totalPence;
      monthsWithInterest.add(g.month);
    }
  }
  return {
    currentBalancePence: balancePence,
    avgMonthlyInterestPence: roundedAverage(windowInterestPence, monthsWithInterest.size),
    lifetimeInterestPence,
  };
}

/** One entry per month of the window, oldest first; months with no transactions are zeros. */
export function monthlyTotals(groups: readonly TypeMonthGroup[], window: MonthWindow): MonthlyTotals[] {
  const byMonth = new Map<MonthKey, MonthlyTotals>(
    window.months.map((month) => [
      month,
      { month, depositsPence: 0, withdrawalsPence: 0, interestPence: 0, feesPence: 0, netPence: 0 },
    ]),
  );
  for (const g of groups) {
    const row = g.month === null ? undefined : byMonth.get(g.month);
    // A balance update states a balance; it moves no money (ADR 0022).
    if (!row || g.type === 'balance_update') continue;
    const amount = Math.abs(g.totalPence);
    if (g.type === 'deposit' || g.type === 'opening_balance') row.depositsPence += amount;
    else if (g.type === 'withdrawal') row.withdrawalsPence += amount;
    else if (g.type === 'interest') row.interestPence += amount;
    else row.feesPence += amount;
    row.netPence += g.totalPence;
  }
  return [...byMonth.values()];
}

/** Each type the account has, in the page's order; amounts positive (the pie's slices). */
export function typeTotals(groups: readonly TypeMonthGroup[]): TypeTotal[] {
  const totals = new Map<SummaryTransactionType, TypeTotal>();
  for (const g of groups) {
    const total = totals.get(g.type) ?? { type: g.type, totalPence: 0, count: 0 };
    // One type is all one sign (a database check), so the sum's size is the sizes' sum.
    total.totalPence += g.totalPence;
    total.count += g.count;
    totals.set(g.type, total);
  }
  return TRANSACTION_TYPES.flatMap((type) => {
    const total = totals.get(type);
    return total && total.count > 0 ? [{ ...total, totalPence: Math.abs(total.totalPence) }] : [];
  });
}

/** Everything the account page shows from the transaction groups and the balance. */
export function accountSummary(
  groups: readonly TypeMonthGroup[],
  window: MonthWindow,
  balancePence: number,
): AccountSummary {
  return {
    summary: summaryCards(groups, window, balancePence),
    monthly: monthlyTotals(groups, window),
    typeTotals: typeTotals(groups),
  };
}
