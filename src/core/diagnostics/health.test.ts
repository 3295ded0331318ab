import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  healthColour,
  healthScore,
  jobQueueStatus,
  latencyStatus,
  overallStatus,
  statusBand,
  summarise,
  syncQueueStatus,
} from './health.ts';

describe('the health score', () => {
  it('counts a warning as half a pass', () => {
    expect(healthScore({ passed: 8, warnings: 2, total: 10 })).toBe(90);
    expect(healthScore({ passed: 3, warnings: 1, total: 4 })).toBe(88);
    expect(healthScore({ passed: 0, warnings: 0, total: 5 })).toBe(0);
  });

  it('is 100 with no checks at all', () => {
    expect(healthScore({ passed: 0, warnings: 0, total: 0 })).toBe(100);
  });

  it('stays within 0 to 100, rises with a pass and falls with a failure (property)', () => {
    fc.assert(
      fc.property(fc.nat(50), fc.nat(50), fc.nat(50), (passed, warnings, failed) => {
        const total = passed + warnings + failed;
        const score = healthScore({ passed, warnings, total });
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(100);
        expect(healthScore({ passed: passed + 1, warnings, total: total + 1 })).toBeGreaterThanOrEqual(score);
        expect(healthScore({ passed, warnings, total: total + 1 })).toBeLessThanOrEqual(score);
        if (warnings > 0)
          expect(healthScore({ passed: passed + 1, warnings: warnings - 1, total })).toBeGreaterThanOrEqual(score);
      }),
    );
  });
});

describe('the bands', () => {
  it('names the system status at 95, 85 and 70', () => {
    expect([100, 95, 94, 85, 84, 70, 69, 0].map(statusBand)).toEqual([
      'excellent',
      'excellent',
      'good',
      'good',
      'warning',
      'warning',
      'critical',
      'critical',
    ]);
  });

  it('colours 90 and more green, 70 and more yellow, below red', () => {
    expect([90, 89, 70, 69].map(healthColour)).toEqual(['green', 'yellow', 'yellow', 'red']);
  });

  it('is critical when a high-severity check failed, whatever the score', () => {
    const results = [
      ...Array.from({ length: 19 }, () => ({ status: 'passed' as const, severity: 'low' as const })),
      { status: 'failed' as const, severity: 'critical' as const },
    ];
    expect(summarise(results)).toMatchObject({ healthScore: 95, band: 'excellent', overallStatus: 'critical' });
    expect(overallStatus([{ status: 'warning', severity: 'low' }], 50)).toBe('critical');
    expect(overallStatus([{ status: 'warning', severity: 'low' }], 90)).toBe('warning');
    expect(overallStatus([{ status: 'passed', severity: 'high' }], 100)).toBe('healthy');
  });
});

describe('the queue thresholds', () => {
  it('passes a sync queue under 50 pending, 10 failed and 5 stale', () => {
    expect(syncQueueStatus({ pending: 49, failed: 9, stalePending: 4 })).toBe('passed');
    expect(syncQueueStatus({ pending: 50, failed: 0, stalePending: 0 })).toBe('warning');
    expect(syncQueueStatus({ pending: 0, failed: 10, stalePending: 0 })).toBe('warning');
    expect(syncQueueStatus({ pending: 0, failed: 0, stalePending: 5 })).toBe('warning');
    expect(syncQueueStatus({ pending: 100, failed: 0, stalePending: 0 })).toBe('failed');
  });

  it('warns about one stuck job', () => {
    expect(jobQueueStatus({ pending: 0, failed: 0, stuck: 1 })).toBe('warning');
    expect(jobQueueStatus({ pending: 3, failed: 2, stuck: 0 })).toBe('passed');
  });

  it('passes a response under the limit and fails one at it', () => {
    expect(latencyStatus(999, 1000, 1000)).toBe('passed');
    expect(latencyStatus(1000, 1000)).toBe('failed');
    expect(latencyStatus(600, 1000)).toBe('warning');
  });
});
