import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brushRange, pieSlices, showsBrush } from './charts.ts';
import { monthOf, monthWindow } from './months.ts';
import { accountSummary, groupTransactions } from './summary.ts';
import { dateArb, transactionArb } from './summary-arbitraries.ts';

const todayArb = dateArb;

describe('the account summary, for any transactions and any today', () => {
  it('keeps the figures to their definitions (a naive reading of the spec agrees)', () => {
    fc.assert(
      fc.property(
        fc.array(transactionArb, { maxLength: 80 }),
        todayArb,
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        (transactions, today, balance) => {
          const window = monthWindow(today);
          const { summary, monthly, typeTotals } = accountSummary(
            groupTransactions(transactions, window),
            window,
            balance,
          );
          const inWindow = transactions.filter((t) => window.months.includes(monthOf(t.date)));
          const interest = transactions.filter((t) => t.type === 'interest');
          const windowInterest = inWindow.filter((t) => t.type === 'interest');
          const interestMonths = new Set(windowInterest.map((t) => monthOf(t.date))).size;

          expect(summary.currentBalancePence).toBe(balance);
          expect(summary.lifetimeInterestPence).toBe(interest.reduce((a, t) => a + t.amountPence, 0));
          const windowTotal = windowInterest.reduce((a, t) => a + t.amountPence, 0);
          if (interestMonths === 0) expect(summary.avgMonthlyInterestPence).toBe(0);
          else
            expect(Math.abs(summary.avgMonthlyInterestPence * interestMonths - windowTotal)).toBeLessThanOrEqual(
              interestMonths / 2,
            );

          // Twelve consecutive months ending with today's.
          expect(monthly.map((m) => m.month)).toEqual(window.months);
          expect(monthly.at(-1)!.month).toBe(monthOf(today));
          for (const m of monthly) {
            for (const value of [m.depositsPence, m.withdrawalsPence, m.interestPence, m.feesPence])
              expect(value).toBeGreaterThanOrEqual(0);
            expect(m.netPence).toBe(m.depositsPence - m.withdrawalsPence + m.interestPence - m.feesPence);
            // A balance update states a balance and moves no money (ADR 0022).
            const ofMonth = inWindow.filter((t) => monthOf(t.date) === m.month && t.type !== 'balance_update');
            expect(m.netPence).toBe(ofMonth.reduce((a, t) => a + t.amountPence, 0));
            expect(m.withdrawalsPence).toBe(
              ofMonth.filter((t) => t.type === 'withdrawal').reduce((a, t) => a - t.amountPence, 0),
            );
          }

          // Type totals cover every transaction, whenever dated.
          expect(typeTotals.reduce((a, t) => a + t.count, 0)).toBe(transactions.length);
          expect(typeTotals.reduce((a, t) => a + t.totalPence, 0)).toBe(
            transactions.reduce((a, t) => a + Math.abs(t.amountPence), 0),
          );
        },
      ),
    );
  });

  it('does not depend on the order of the transactions', () => {
    fc.assert(
      fc.property(fc.array(transactionArb, { maxLength: 40 }), todayArb, (transactions, today) => {
        const window = monthWindow(today);
        const forward = accountSummary(groupTransactions(transactions, window), window, 0);
        const backward = accountSummary(groupTransactions([...transactions].reverse(), window), window, 0);
        expect(backward).toEqual(forward);
      }),
    );
  });

  it('splits the pie into shares that add up to exactly 100%', () => {
    fc.assert(
      fc.property(fc.array(transactionArb, { maxLength: 40 }), todayArb, (transactions, today) => {
        const window = monthWindow(today);
        const { typeTotals, monthly } = accountSummary(groupTransactions(transactions, window), window, 0);
        const slices = pieSlices(typeTotals);
        const money = typeTotals.reduce((a, t) => a + t.totalPence, 0);
        expect(slices.reduce((a, s) => a + s.perMille, 0)).toBe(money > 0 ? 1000 : 0);
        for (const s of slices) {
          // Each share within a tenth of a percent of the exact share.
          expect(Math.abs(s.perMille - (s.totalPence / money) * 1000)).toBeLessThan(1);
        }
        const range = brushRange(monthly);
        expect(range).toEqual({ startIndex: 6, endIndex: 11 });
        expect(showsBrush(monthly)).toBe(
          monthly.filter((m) => m.depositsPence + m.withdrawalsPence + m.interestPence + m.feesPence > 0).length > 6,
        );
      }),
    );
  });
});
