import { describe, expect, it } from 'vitest';
import { transactionInsights } from './insights.ts';
import { monthWindow } from './months.ts';
import { accountSummary, groupTransactions, type SummaryTransaction } from './summary.ts';

const window = monthWindow('2026-11-21');
const insightsFor = (transactions: SummaryTransaction[]) => {
  const { monthly, summary } = accountSummary(groupTransactions(transactions, window), window, 0);
  return transactionInsights(monthly, summary);
};

describe('the transaction insights', () => {
  it('says nothing when nothing happened in the last 12 months', () => {
    expect(insightsFor([])).toEqual([]);
    expect(insightsFor([{ date: '2020-01-01', type: 'deposit', amountPence: 100 }])).toEqual([]);
  });

  it('tells growth, interest, the largest month for deposits', () => {
    const insights = insightsFor([
      { date: '2026-02-10', type: 'deposit', amountPence: 50_000 },
      { date: '2026-06-10', type: 'deposit', amountPence: 20_000 },
      { date: '2026-06-30', type: 'interest', amountPence: 150 },
      { date: '2026-07-31', type: 'interest', amountPence: 151 },
    ]);
    expect(insights).toEqual([
      { id: 'net', tone: 'success', message: 'Your balance grew by £703.01 over the last 12 months.' },
      {
        id: 'interest',
        tone: 'success',
        message:
          'You earned £3.01 in interest over the last 12 months, £1.51 a month on average in the months it was paid.',
      },
      {
        id: 'top-month',
        tone: 'info',
        message: 'Your largest month for deposits was February 2026, with £500.00 paid in.',
      },
    ]);
  });

  it('warns of a falling balance and fees, and counts the months more went out than came in', () => {
    const insights = insightsFor([
      { date: '2026-03-01', type: 'deposit', amountPence: 1_000 },
      { date: '2026-04-01', type: 'withdrawal', amountPence: -5_000 },
      { date: '2026-05-01', type: 'fee', amountPence: -250 },
    ]);
    expect(insights.map((i) => [i.id, i.tone, i.message])).toEqual([
      ['net', 'warning', 'Your balance fell by £42.50 over the last 12 months.'],
      ['interest', 'info', 'No interest has been recorded over the last 12 months.'],
      ['fees', 'warning', 'You paid £2.50 in fees over the last 12 months.'],
      ['money-out', 'info', 'More money went out than came in during 2 months of the last 12.'],
      ['top-month', 'info', 'Your largest month for deposits was March 2026, with £10.00 paid in.'],
    ]);
  });

  it('says when money in and out balanced', () => {
    const insights = insightsFor([
      { date: '2026-03-01', type: 'deposit', amountPence: 1_000 },
      { date: '2026-03-02', type: 'withdrawal', amountPence: -1_000 },
    ]);
    expect(insights[0]).toEqual({
      id: 'net',
      tone: 'info',
      message: 'Money in and out balanced exactly over the last 12 months.',
    });
  });
});
