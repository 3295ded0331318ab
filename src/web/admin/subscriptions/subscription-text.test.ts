import { describe, expect, it } from 'vitest';
import { lastDayText, periodText, promoBenefitText, tableDateText } from './subscription-text.ts';

const none = { durationDays: null, durationMonths: null, discountDays: null, discountMonths: null };

describe('admin subscription words', () => {
  it('names periods in months and days', () => {
    expect(periodText(2, 14)).toBe('2 months and 14 days');
    expect(periodText(1, null)).toBe('1 month');
    expect(periodText(null, 1)).toBe('1 day');
    expect(periodText(null, 0)).toBeNull();
  });

  it('says what each kind of code gives', () => {
    expect(promoBenefitText({ ...none, promoType: 'discount', discountPercentage: 20, discountMonths: 3 })).toBe(
      '20% off for 3 months',
    );
    expect(promoBenefitText({ ...none, promoType: 'discount', discountPercentage: 5 })).toBe('5% off');
    expect(promoBenefitText({ ...none, promoType: 'free_trial', discountPercentage: null, durationDays: 14 })).toBe(
      'Big Pig trial for 14 days',
    );
    expect(
      promoBenefitText({ ...none, promoType: 'feature_upgrade', discountPercentage: null, durationMonths: 1 }),
    ).toBe('Big Pig features for 1 month');
  });

  it('shows London dates, and the last usable day of an expiry at midnight', () => {
    expect(tableDateText('2026-07-01T23:30:00Z')).toBe('02/07/2026');
    expect(tableDateText(null)).toBe('—');
    expect(lastDayText('2027-01-01T00:00:00.000Z')).toBe('31/12/2026');
    expect(lastDayText('2026-07-01T23:00:00.000Z')).toBe('01/07/2026');
    expect(lastDayText(null)).toBe('Never');
  });
});
