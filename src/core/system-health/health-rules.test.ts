import { describe, expect, it } from 'vitest';
import { backlogStatus, errorRateStatus, healthScorePercent, isAllClear, systemAlerts } from './health-rules.ts';

const checks = (pass: number, warning: number, fail: number) => [
  ...Array.from({ length: pass }, () => ({ status: 'passed' as const })),
  ...Array.from({ length: warning }, () => ({ status: 'warning' as const })),
  ...Array.from({ length: fail }, () => ({ status: 'failed' as const })),
];

describe('the health score of the checks', () => {
  it('is (passed + 0.5 × warnings) / total × 100, rounded', () => {
    expect(healthScorePercent(checks(5, 0, 0))).toBe(100);
    expect(healthScorePercent(checks(4, 1, 0))).toBe(90);
    expect(healthScorePercent(checks(3, 1, 1))).toBe(70);
    expect(healthScorePercent(checks(1, 1, 1))).toBe(50);
    expect(healthScorePercent(checks(0, 0, 3))).toBe(0);
    expect(healthScorePercent(checks(2, 0, 1))).toBe(67);
  });

  it('is 100 when nothing was checked', () => {
    expect(healthScorePercent([])).toBe(100);
  });
});

describe('the alerts', () => {
  const calm = { healthPercent: 100, errorRatePercent: 0, backlogItems: 0 };

  it('raises none, and gives the all-clear, for a calm system', () => {
    expect(systemAlerts(calm)).toEqual([]);
    expect(isAllClear(calm)).toBe(true);
  });

  it('raises the critical health text below 70%, not at 70%', () => {
    expect(systemAlerts({ ...calm, healthPercent: 70 })).toEqual([]);
    expect(systemAlerts({ ...calm, healthPercent: 69 })).toEqual([
      {
        id: 'low-health',
        level: 'critical',
        message: 'System health is critical (69%). Immediate attention required.',
      },
    ]);
  });

  it('raises the high error alert above 10%, not at 10%', () => {
    expect(systemAlerts({ ...calm, errorRatePercent: 10 })).toEqual([]);
    const [alert] = systemAlerts({ ...calm, errorRatePercent: 10.04 });
    expect(alert).toMatchObject({ id: 'high-error-rate', level: 'error' });
    expect(alert?.message).toContain('10%');
  });

  it('raises the large backlog text above 50 items, not at 50', () => {
    expect(systemAlerts({ ...calm, backlogItems: 50 })).toEqual([]);
    expect(systemAlerts({ ...calm, backlogItems: 51 })).toEqual([
      {
        id: 'large-backlog',
        level: 'warning',
        message: 'Large sync queue backlog detected (51 items). Consider processing manually.',
      },
    ]);
  });

  it('names critical validation issues with the spec’s text', () => {
    expect(systemAlerts({ ...calm, criticalValidationIssues: 3 })[0]?.message).toBe(
      '3 critical data validation issues found. Run auto-fix or manual resolution.',
    );
  });

  it('lists every alert, most severe first', () => {
    expect(systemAlerts({ healthPercent: 40, errorRatePercent: 50, backlogItems: 99 }).map((a) => a.level)).toEqual([
      'critical',
      'error',
      'warning',
    ]);
  });

  it('gives the all-clear only with errors under 5%, backlog under 10 and health at least 90', () => {
    expect(isAllClear({ ...calm, errorRatePercent: 4.9, backlogItems: 9, healthPercent: 90 })).toBe(true);
    expect(isAllClear({ ...calm, errorRatePercent: 5 })).toBe(false);
    expect(isAllClear({ ...calm, backlogItems: 10 })).toBe(false);
    expect(isAllClear({ ...calm, healthPercent: 89 })).toBe(false);
  });
});

describe('the check rules', () => {
  it('passes an error rate under 5%, warns up to 10%, fails above', () => {
    expect([0, 4.99, 5, 10, 10.01].map(errorRateStatus)).toEqual(['passed', 'passed', 'warning', 'warning', 'failed']);
  });

  it('passes a backlog under 10, warns up to 50, fails above', () => {
    expect([0, 9, 10, 50, 51].map(backlogStatus)).toEqual(['passed', 'passed', 'warning', 'warning', 'failed']);
  });
});
