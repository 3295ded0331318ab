import { describe, expect, it } from 'vitest';
import { accountRateText, earnsCashInterest } from './cash-interest.ts';

describe('earnsCashInterest', () => {
  it.each([
    ['Savings', true],
    ['Current Account', true],
    ['Fixed Rate Bond', true],
    ['Notice Account', true],
    ['Cash ISA', true],
    ['Lifetime ISA', true],
    ['Innovative Finance ISA', true],
    ['Stocks and Shares ISA', false],
    ['Stocks & Shares ISA', false],
    ['Pension', false],
    ['SIPP', false],
    ['SSAS', false],
    ['Workplace Pension', false],
  ])('%s earns cash interest: %s', (type, expected) => {
    expect(earnsCashInterest(type)).toBe(expected);
  });
});

describe('accountRateText', () => {
  it('shows a cash account rate with its type', () => {
    expect(accountRateText({ accountType: 'Cash ISA', interestRateBps: 435, rateType: 'AER' })).toBe('4.35% AER');
  });

  it('shows "—" for a stocks and shares ISA and a pension, never "0.00% AER"', () => {
    expect(accountRateText({ accountType: 'Stocks and Shares ISA', interestRateBps: 0, rateType: 'AER' })).toBe('—');
    expect(accountRateText({ accountType: 'SIPP', interestRateBps: 0, rateType: 'AER' })).toBe('—');
  });
});
