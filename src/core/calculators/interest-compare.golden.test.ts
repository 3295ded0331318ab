import { describe, expect, it } from 'vitest';
import { type CompareAccount, compareAccounts } from './interest-compare.ts';

const account = (over: Partial<CompareAccount>): CompareAccount => ({
  name: 'Account',
  aerBps: 500,
  bonusBps: 0,
  bonusMonths: 0,
  noticeDays: 0,
  fixedMonths: 0,
  paid: 'yearly',
  ...over,
});

const compare = (accounts: CompareAccount[], periodMonths = 12, targetPence: number | null = null) =>
  compareAccounts({ accounts, depositPence: 10_000_00, periodMonths, targetPence, startDate: '2026-11-29' });

describe('the interest calculator, worked by hand', () => {
  it('pays 5% AER yearly as £500.00 on £10,000 over a year', () => {
    // £10,000 × 5% = £500.00.
    const [result] = compare([account({})]);
    expect(result).toMatchObject({ interestPence: 500_00, balancePence: 10_500_00, firstYearInterestPence: 500_00 });
  });

  it('pays 4.5% AER monthly as £450.00 over a year, the same as yearly', () => {
    // Monthly at 1.045^(1/12) − 1 = 0.36748%: month 1 is £36.75 (36.748…), and the twelve add up to £10,000 × 4.5% = £450.00.
    const [monthly, yearly] = compare([account({ aerBps: 450, paid: 'monthly' }), account({ aerBps: 450 })]);
    expect(monthly?.interestPence).toBe(450_00);
    expect(yearly?.interestPence).toBe(450_00);
  });

  it('shows what a bonus’s end does to the next year', () => {
    // 3% AER + 1% bonus for 12 months, paid yearly: year 1 at 4% = £400.00 → £10,400.00;
    // the year after the bonus at 3%: £10,400 × 3% = £312.00, £88.00 less.
    const [result] = compare([account({ aerBps: 300, bonusBps: 100, bonusMonths: 12 })]);
    expect(result?.firstYearInterestPence).toBe(400_00);
    expect(result?.yearAfterBonusInterestPence).toBe(312_00);
  });

  it('pays a six-month bonus’s interest when it ends, then the rest of the year at the lower rate', () => {
    // 3% + 2% bonus for 6 months, paid yearly: months 1–6 at 5%: £10,000 × 5% ÷ 2 = £250.00 paid when the bonus ends;
    // months 7–12 at 3%: £10,250 × 3% ÷ 2 = £153.75 → year 1 £403.75.
    // Months 7–18 at 3% on £10,250: £153.75 (to the anniversary) + (£10,403.75 × 3% ÷ 2 = £156.05625 → £156.06) = £309.81.
    const [result] = compare([account({ aerBps: 300, bonusBps: 200, bonusMonths: 6 })]);
    expect(result?.firstYearInterestPence).toBe(403_75);
    expect(result?.yearAfterBonusInterestPence).toBe(309_81);
  });

  it('finds when the balance reaches a target', () => {
    // 5% yearly: £10,500.00 after 12 months, £11,025.00 after 24: £11,000 is reached at 24 months.
    expect(compare([account({})], 12, 11_000_00)[0]?.monthsToTarget).toBe(24);
    // A deposit at the target already: 0 months. No interest: never (within 50 years).
    expect(compare([account({})], 12, 10_000_00)[0]?.monthsToTarget).toBe(0);
    expect(compare([account({ aerBps: 0 })], 12, 11_000_00)[0]?.monthsToTarget).toBeNull();
  });

  it('says when a fixed term runs past the chosen period', () => {
    const [fixed, easy] = compare([account({ fixedMonths: 24 }), account({ fixedMonths: 12 })], 12);
    expect(fixed?.isFixedPastPeriod).toBe(true);
    expect(easy?.isFixedPastPeriod).toBe(false);
  });
});
