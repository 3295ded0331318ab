import { describe, expect, it } from 'vitest';
import { dismissedUntil, licenceAlerts, type AlertSource } from './alerts.ts';
import { limitsOn } from './limits.ts';

const limit = limitsOn('2026-11-22').deposit;

function source(overrides: Partial<AlertSource> = {}): AlertSource {
  return {
    key: 'deposit|frn:169628',
    name: 'Bank of Scotland plc',
    brands: ['Halifax', 'Bank of Scotland'],
    totalPence: 140_000_00,
    coveredPence: 120_000_00,
    atRiskPence: 20_000_00,
    temporaryHighBalanceCoveredPence: 0,
    limit,
    alertLevel: 'over-limit',
    ...overrides,
  };
}

describe('alert signatures', () => {
  it('change when a pound is added to the licence, so a dismissal no longer hides the alert', () => {
    const [before] = licenceAlerts([source()]);
    const [after] = licenceAlerts([source({ totalPence: 140_001_00, atRiskPence: 20_001_00 })]);
    expect(after!.id).toBe(before!.id);
    expect(after!.signature).not.toBe(before!.signature);
  });

  it('change with the limit (an admin’s override) and with the level', () => {
    const [today] = licenceAlerts([source()]);
    const [overridden] = licenceAlerts([source({ limit: { ...limit, amountPence: 130_000_00, isOverride: true } })]);
    const [approaching] = licenceAlerts([source({ alertLevel: 'approaching' })]);
    expect(new Set([today!.signature, overridden!.signature, approaching!.signature]).size).toBe(3);
  });
});

describe('licence alerts', () => {
  it('raise nothing under 85%, and list the most serious first', () => {
    const alerts = licenceAlerts([
      source({ key: 'a', alertLevel: 'approaching', totalPence: 103_000_00, coveredPence: 103_000_00, atRiskPence: 0 }),
      source({ key: 'none', alertLevel: 'none', totalPence: 1_00, coveredPence: 1_00, atRiskPence: 0 }),
      source({
        key: 'b',
        alertLevel: 'projected-breach',
        totalPence: 110_000_00,
        coveredPence: 110_000_00,
        atRiskPence: 0,
      }),
      source({ key: 'c' }),
    ]);
    expect(alerts.map((a) => [a.id, a.level])).toEqual([
      ['c', 'over-limit'],
      ['b', 'projected-breach'],
      ['a', 'approaching'],
    ]);
  });
});

describe('alert words', () => {
  it('say the real figure of a projected breach, rounded, not the threshold', () => {
    // £130,188 of £120,000 is 108.49%; leaving out nothing, and with no money over, a breach of 93.3%.
    const [breach] = licenceAlerts([
      source({ alertLevel: 'projected-breach', totalPence: 112_000_00, coveredPence: 112_000_00, atRiskPence: 0 }),
    ]);
    expect(breach!.title).toBe('Bank of Scotland plc is at 93.3% of its limit: a projected breach');
    expect(breach!.message).toContain(': 93.3% of the £120,000 limit.');
  });

  it('say "just over 90%" when rounding would show the threshold itself', () => {
    const [breach] = licenceAlerts([
      source({ alertLevel: 'projected-breach', totalPence: 108_000_50, coveredPence: 108_000_50, atRiskPence: 0 }),
    ]);
    expect(breach!.title).toBe('Bank of Scotland plc is at just over 90% of its limit: a projected breach');
  });

  it('say the figure of a licence close to the limit', () => {
    const [close] = licenceAlerts([
      source({ alertLevel: 'approaching', totalPence: 104_000_00, coveredPence: 104_000_00, atRiskPence: 0 }),
    ]);
    expect(close!.title).toBe('Bank of Scotland plc is at 86.7% of its limit: close to it');
  });
});

describe('a dismissed alert', () => {
  const [alert] = licenceAlerts([source()]);
  const dismissedAt = new Date('2026-11-22T10:00:00Z');
  const dismissal = { alertId: alert!.id, signature: alert!.signature, dismissedAt };

  it('stays hidden for 7 days and shows again after', () => {
    expect(dismissedUntil(alert!, dismissal, new Date('2026-11-29T09:59:59Z'))).toEqual(
      new Date('2026-11-29T10:00:00Z'),
    );
    expect(dismissedUntil(alert!, dismissal, new Date('2026-11-29T10:00:00Z'))).toBeNull();
  });

  it('shows again at once when its figures change', () => {
    const [changed] = licenceAlerts([source({ totalPence: 140_001_00, atRiskPence: 20_001_00 })]);
    expect(dismissedUntil(changed!, dismissal, new Date('2026-11-22T10:01:00Z'))).toBeNull();
  });

  it('hides only the alert it names', () => {
    const [other] = licenceAlerts([source({ key: 'deposit|frn:106078' })]);
    expect(dismissedUntil(other!, dismissal, new Date('2026-11-22T10:01:00Z'))).toBeNull();
    expect(dismissedUntil(alert!, undefined, new Date('2026-11-22T10:01:00Z'))).toBeNull();
  });
});
