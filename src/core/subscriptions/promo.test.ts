import { describe, expect, it } from 'vitest';
import {
  checkPromo,
  normalisePromoCode,
  PROMO_MESSAGES,
  type PromoCode,
  promoExpiryHint,
  promoPeriodEnd,
} from './promo.ts';

const NOW = new Date('2026-11-27T10:00:00Z');
const promo = (over: Partial<PromoCode> = {}): PromoCode => ({
  id: 'p1',
  code: 'SPRING',
  promoType: 'free_trial',
  isFreeTier: false,
  isAdFree: false,
  discountPercentage: null,
  durationDays: 14,
  durationMonths: null,
  discountMonths: null,
  discountDays: null,
  isOneTimeUse: false,
  expiresAt: null,
  isActive: true,
  ...over,
});
const fresh = { now: NOW, timesRedeemed: 0, usedByThisUser: false };

describe('checking a promo code', () => {
  it.each<[string, PromoCode | null, Partial<typeof fresh>, string | null]>([
    ['an unknown code', null, {}, PROMO_MESSAGES.unknown],
    ['a withdrawn code', promo({ isActive: false }), {}, PROMO_MESSAGES.unknown],
    ['a code one millisecond before its expiry', promo({ expiresAt: new Date(NOW.getTime() + 1) }), {}, null],
    ['a code at its expiry instant', promo({ expiresAt: NOW }), {}, PROMO_MESSAGES.expired],
    [
      'a one-time code used by someone (answered as unknown)',
      promo({ isOneTimeUse: true }),
      { timesRedeemed: 1 },
      PROMO_MESSAGES.unknown,
    ],
    ['a many-times code used by others', promo(), { timesRedeemed: 40 }, null],
    ['a code this user already used', promo(), { usedByThisUser: true, timesRedeemed: 1 }, PROMO_MESSAGES.used],
  ])('%s', (_, code, over, message) => {
    const result = checkPromo(code, { ...fresh, ...over });
    expect(result).toEqual(message === null ? { valid: true } : { valid: false, message });
  });

  it('matches codes whatever the case and spaces', () => {
    expect(normalisePromoCode('  spring26 ')).toBe('SPRING26');
  });
});

describe('promo periods', () => {
  it('adds months then days in London time, across the clocks going back', () => {
    expect(
      promoPeriodEnd(new Date('2026-10-20T09:00:00Z'), { durationDays: 14, durationMonths: null }).toISOString(),
    ).toBe('2026-11-03T10:00:00.000Z');
    expect(promoPeriodEnd(NOW, { durationDays: 1, durationMonths: 1 }).toISOString()).toBe('2026-12-28T10:00:00.000Z');
  });

  it('turns the expiry hint orange under 7 days', () => {
    expect(promoExpiryHint(new Date(NOW.getTime() + 7 * 86_400_000), NOW)).toEqual({
      text: 'Promo ends 04/12/2026',
      isWarning: false,
    });
    expect(promoExpiryHint(new Date(NOW.getTime() + 7 * 86_400_000 - 1), NOW).isWarning).toBe(true);
  });
});
