import { describe, expect, it } from 'vitest';
import {
  PROMO_INPUT_MESSAGES,
  PromoCodeInputSchema,
  promoExpiryAfter,
  promoExpiryProblem,
  promoInputProblem,
} from './promo-input.ts';

describe('promo code input', () => {
  it('asks a discount code for a percentage and the other kinds for a duration', () => {
    expect(promoInputProblem({ promoType: 'discount' })).toEqual({
      field: 'discountPercentage',
      message: PROMO_INPUT_MESSAGES.discountNeeded,
    });
    expect(promoInputProblem({ promoType: 'discount', discountPercentage: 10 })).toBeNull();
    expect(promoInputProblem({ promoType: 'free_trial', durationDays: null })).toEqual({
      field: 'durationDays',
      message: PROMO_INPUT_MESSAGES.durationNeeded,
    });
    expect(promoInputProblem({ promoType: 'feature_upgrade', durationMonths: 1 })).toBeNull();
  });

  it("says what is wrong in the schema's own words", () => {
    const messages = (input: unknown) =>
      PromoCodeInputSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({ code: ' ', promoType: 'discount' })).toContain(PROMO_INPUT_MESSAGES.codeBlank);
    expect(messages({ code: 'A B', promoType: 'discount' })).toContain(PROMO_INPUT_MESSAGES.codeCharacters);
    expect(messages({ code: 'AB', promoType: 'discount', discountPercentage: 101 })).toContain(
      PROMO_INPUT_MESSAGES.discountRange,
    );
    expect(messages({ code: 'AB', promoType: 'gift' })).toContain(PROMO_INPUT_MESSAGES.promoType);
    expect(messages({ code: 'AB', promoType: 'free_trial', durationDays: 14 })).toEqual([]);
  });

  it('ends a code at London midnight after its last day, in winter and in summer', () => {
    expect(promoExpiryAfter('2026-12-31')).toBe('2027-01-01T00:00:00.000Z');
    expect(promoExpiryAfter('2026-07-01')).toBe('2026-07-01T23:00:00.000Z');
    // 28 March 2027: the clocks go forward at 01:00 that night; midnight after 27 March is still GMT.
    expect(promoExpiryAfter('2027-03-27')).toBe('2027-03-28T00:00:00.000Z');
    expect(promoExpiryAfter('2027-03-28')).toBe('2027-03-28T23:00:00.000Z');
  });
});

describe('a promo code expiry', () => {
  const now = new Date('2026-11-27T10:00:00Z');

  it('is a real date in the years 2000 to 2100 (year 0000 gave a 500)', () => {
    const messages = (expiresAt: string) =>
      PromoCodeInputSchema.safeParse({ code: 'X', promoType: 'discount', expiresAt }).error?.issues.map(
        (issue) => issue.message,
      ) ?? [];
    expect(messages('0000-01-01T00:00:00Z')).toEqual([PROMO_INPUT_MESSAGES.expiryNotReal]);
    expect(messages('2101-01-01T00:00:00Z')).toEqual([PROMO_INPUT_MESSAGES.expiryNotReal]);
    expect(messages('2027-01-01T00:00:00+01:00')).toEqual([]);
  });

  it('is in the future and within ten years', () => {
    expect(promoExpiryProblem('2026-11-27T10:00:00Z', now)).toBe(PROMO_INPUT_MESSAGES.expiryPast);
    expect(promoExpiryProblem('2026-11-27T10:00:01Z', now)).toBeNull();
    expect(promoExpiryProblem('2036-11-27T10:00:00Z', now)).toBeNull();
    expect(promoExpiryProblem('2036-11-27T10:00:01Z', now)).toBe(PROMO_INPUT_MESSAGES.expiryTooFar);
  });
});
