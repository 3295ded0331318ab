import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PensionGrowthInput, pensionGrowth, reliefOf } from './pension-growth.ts';

const base: PensionGrowthInput = {
  today: '2026-12-01',
  currentAge: 40,
  retirementAge: 42,
  potPence: 1_000_00,
  monthlyPence: 80_00,
  employerMonthlyPence: 50_00,
  reliefMethod: 'relief_at_source',
  band: 'basic',
  growthBps: 0,
  chargesBps: 0,
  inflationBps: 0,
  thresholdIncomePence: null,
  adjustedIncomePence: null,
  flexibleAccessOn: null,
  lumpSumTakenPence: 0,
};

describe('tax relief on a month’s contribution, worked by hand', () => {
  it('adds basic-rate relief at source, and notes the higher and additional rate claims', () => {
    // £80 paid: 80 × 20 / 80 = £20 added, £100 gross. Basic rate: it costs £80.
    expect(reliefOf(base)).toMatchObject({
      grossMonthlyPence: 100_00,
      addedMonthlyPence: 20_00,
      costMonthlyPence: 80_00,
    });
    // Higher rate: another 20% of £100 = £20 claimed back, so it costs £60.
    expect(reliefOf({ ...base, band: 'higher' })).toMatchObject({
      reclaimMonthlyPence: 20_00,
      costMonthlyPence: 60_00,
    });
    // Additional rate: 25% of £100 = £25 back, it costs £55.
    const additional = reliefOf({ ...base, band: 'additional' });
    expect(additional).toMatchObject({ reclaimMonthlyPence: 25_00, costMonthlyPence: 55_00 });
    expect(additional.words).toMatch(/another 25% back through self assessment/);
  });

  it('gives someone without earnings relief on up to £3,600 gross a year', () => {
    // £3,600 ÷ 12 = £300 gross a month, £240 of it paid: relief 240 × 20 / 80 = £60 however much more is paid.
    expect(reliefOf({ ...base, band: 'none', monthlyPence: 400_00 })).toMatchObject({
      grossMonthlyPence: 460_00,
      addedMonthlyPence: 60_00,
    });
  });

  it('takes net pay contributions before tax: the relief is the tax not paid', () => {
    // £100 from pay before tax at 40%: £100 goes in and costs 100 − 40 = £60.
    expect(reliefOf({ ...base, reliefMethod: 'net_pay', band: 'higher', monthlyPence: 100_00 })).toMatchObject({
      grossMonthlyPence: 100_00,
      addedMonthlyPence: 0,
      costMonthlyPence: 60_00,
    });
  });
});

describe('the pension calculator, worked by hand', () => {
  it('adds the saver’s gross and the employer’s contributions year by year', () => {
    // £80 + £20 relief + £50 employer = £150 a month; no growth. From 40 to 42: 24 months.
    // Age 41: 1,000 + 12 × 150 = £2,800. Age 42: 2,800 + 1,800 = £4,600.
    const result = pensionGrowth(base);
    expect(result.months).toBe(24);
    expect(result.retirementDate).toBe('2028-12-01');
    expect(result.years).toEqual([
      { age: 41, contributionsPence: 1_800_00, growthPence: 0, potPence: 2_800_00 },
      { age: 42, contributionsPence: 1_800_00, growthPence: 0, potPence: 4_600_00 },
    ]);
    expect(result.contributedPence).toBe(3_600_00);
  });

  it('grows the pot by growth less charges, and says it in today’s money', () => {
    // £10,000, nothing paid in, 5.00% growth and a 0.50% charge for a year:
    // 10,000 × 1.05 × 0.995 = 10,000 × 1.04475 = £10,447.50 (twelve months of 1.04475^(1/12)).
    // In today's money at 2% inflation: 10,447.50 ÷ 1.02 = 10,242.647… → £10,242.65.
    // Tax-free: 25% of 10,447.50 = 2,611.875 → £2,611.88.
    const result = pensionGrowth({
      ...base,
      potPence: 10_000_00,
      monthlyPence: 0,
      employerMonthlyPence: 0,
      retirementAge: 41,
      growthBps: 500,
      chargesBps: 50,
      inflationBps: 200,
    });
    expect(result.potPence).toBe(10_447_50);
    expect(result.years).toEqual([{ age: 41, contributionsPence: 0, growthPence: 447_50, potPence: 10_447_50 }]);
    expect(result.potTodayMoneyPence).toBe(10_242_65);
    expect(result.lumpSum).toMatchObject({ taxFreePence: 2_611_88, cappedByAllowance: false });
  });

  it('caps the tax-free lump sum at what is left of the £268,275 allowance', () => {
    // £1,200,000 at retirement, £100,000 taken tax-free before: 268,275 − 100,000 = £168,275 left;
    // 25% would be £300,000, so £168,275 tax-free and 1,200,000 − 168,275 = £1,031,725 taxable.
    const result = pensionGrowth({ ...base, potPence: 1_200_000_00, retirementAge: 40, lumpSumTakenPence: 100_000_00 });
    expect(result.lumpSum).toEqual({
      taxFreePence: 168_275_00,
      allowanceLeftPence: 168_275_00,
      cappedByAllowance: true,
      restPence: 1_031_725_00,
    });
  });

  it('tapers this tax year’s allowance with core’s rule, and finds the excess', () => {
    // £5,000 a month in is £60,000 in 2026/27. Adjusted income £300,000 is £40,000 over £260,000:
    // £1 off per £2 = £20,000 off £60,000 = £40,000 allowance, so £20,000 over (no years before known).
    const result = pensionGrowth({
      ...base,
      monthlyPence: 0,
      employerMonthlyPence: 5_000_00,
      thresholdIncomePence: 250_000_00,
      adjustedIncomePence: 300_000_00,
    });
    expect(result.allowance.taxYear.label).toBe('2026/27');
    expect(result.allowance.annualAllowancePence).toBe(40_000_00);
    expect(result.allowance.excessPence).toBe(20_000_00);
  });

  it('applies the £10,000 MPAA to money paid in after flexible access', () => {
    // £1,000 a month on the 6th from 6 Apr 2026; flexible access on 1 May 2026: eleven payments
    // (6 May 2026 to 6 Mar 2027) are after it, £11,000: £1,000 over the MPAA.
    const result = pensionGrowth({
      ...base,
      monthlyPence: 0,
      employerMonthlyPence: 1_000_00,
      flexibleAccessOn: '2026-05-01',
    });
    expect(result.allowance.mpaa).toMatchObject({
      status: 'applies',
      moneyPurchaseAfterPence: 11_000_00,
      overPence: 1_000_00,
    });
  });

  it('warns when the retirement age is before the minimum pension age on that day', () => {
    // Retiring at 55 on 1 Dec 2031: the minimum pension age is 57 from 6 Apr 2028.
    expect(pensionGrowth({ ...base, currentAge: 50, retirementAge: 55 }).minimumAge).toEqual({
      age: 57,
      tooEarly: true,
    });
  });
});

describe('the pension calculator over its range', () => {
  it('rows always add up to the pot, and more growth never gives a smaller pot', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000_00 }),
        fc.integer({ min: 0, max: 10_000_00 }),
        fc.integer({ min: 18, max: 70 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 1_000 }),
        fc.constantFrom('none' as const, 'basic' as const, 'higher' as const, 'additional' as const),
        (potPence, monthlyPence, currentAge, years, growthBps, band) => {
          const input = {
            ...base,
            potPence,
            monthlyPence,
            currentAge,
            retirementAge: currentAge + years,
            growthBps,
            band,
          };
          const result = pensionGrowth(input);
          const sum = result.years.reduce((s, y) => s + y.contributionsPence + y.growthPence, potPence);
          expect(sum).toBe(result.potPence);
          expect(result.lumpSum.taxFreePence + result.lumpSum.restPence).toBe(result.potPence);
          expect(pensionGrowth({ ...input, growthBps: growthBps + 100 }).potPence).toBeGreaterThanOrEqual(
            result.potPence,
          );
          expect(result.relief.costMonthlyPence).toBeLessThanOrEqual(monthlyPence);
        },
      ),
    );
  });
});
