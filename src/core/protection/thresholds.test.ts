import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALERT_LEVEL_WORDS,
  alertLevel,
  limitUsedPercent,
  protectionBadge,
  roundedPercent,
  THRESHOLDS_TEXT,
} from './thresholds.ts';

describe('alert levels against a £120,000 limit', () => {
  const limit = 120_000_00;
  it('alerts from 85% (£102,000) and calls above 90% (£108,000) a projected breach', () => {
    expect(alertLevel(101_999_99, limit, 0)).toBe('none');
    expect(alertLevel(102_000_00, limit, 0)).toBe('approaching');
    expect(alertLevel(108_000_00, limit, 0)).toBe('approaching');
    expect(alertLevel(108_000_01, limit, 0)).toBe('projected-breach');
    expect(alertLevel(130_000_00, limit, 10_000_00)).toBe('over-limit');
  });
});

describe('protection badge', () => {
  it('is fully protected from 99%, mostly protected from 85%, otherwise at risk', () => {
    expect(protectionBadge(99_00, 100_00)).toBe('fully-protected');
    expect(protectionBadge(98_99, 100_00)).toBe('mostly-protected');
    expect(protectionBadge(85_00, 100_00)).toBe('mostly-protected');
    expect(protectionBadge(84_99, 100_00)).toBe('at-risk');
    expect(protectionBadge(0, 0)).toBe('fully-protected');
  });
});

describe('limit used, as a percentage', () => {
  it('is rounded half up to one decimal place, not cut down', () => {
    // £130,188/£120,000 = 108.49%: shown 108.5%, where cutting it showed 108.4%.
    expect(limitUsedPercent(130_188_00, 120_000_00)).toBe(108.5);
    expect(limitUsedPercent(140_000_00, 120_000_00)).toBe(116.7);
    expect(limitUsedPercent(50_000_00, 120_000_00)).toBe(41.7);
    expect(limitUsedPercent(112_000_00, 120_000_00)).toBe(93.3);
    expect(limitUsedPercent(0, 120_000_00)).toBe(0);
    expect(limitUsedPercent(1_00, 0)).toBeNull();
  });

  it('never differs from the exact share by more than half of its last place', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_00 }), fc.integer({ min: 1, max: 10_000_000_00 }), (e, l) => {
        const shown = roundedPercent(e, l);
        const tenths = BigInt(Math.round(shown * 10));
        // |shown − e×100/l| ≤ 0.05, in whole numbers: |tenths × l − e × 1000| × 2 ≤ l (a float
        // check fails by float error alone once the percentage has twelve digits).
        const gap = tenths * BigInt(l) - BigInt(e) * 1000n;
        expect((gap < 0n ? -gap : gap) * 2n <= BigInt(l)).toBe(true);
        expect(shown).toBe(Math.round(shown * 10) / 10);
      }),
    );
  });
});

describe('the thresholds in words', () => {
  it('state the figures the alert levels use, for every screen that shows them', () => {
    expect(THRESHOLDS_TEXT).toBe(
      "Alerts start at 85% of a banking licence's limit; above 90% is a projected breach, and over the limit money is not protected.",
    );
    expect(ALERT_LEVEL_WORDS.approaching).toBe('Close to the limit: 85% to 90%');
    expect(ALERT_LEVEL_WORDS['projected-breach']).toBe('Projected breach: above 90% of the limit');
  });
});
