import { describe, expect, it } from 'vitest';
import { taperedAllowance } from './annual-allowance.ts';
import { effectiveTransferStatus, type PensionAlertInput, pensionAlerts } from './alerts.ts';
import { pensionFiguresFor } from './pension-figures.ts';
import { taxYearStarting } from '../dates/tax-year.ts';

const TODAY = '2026-11-21';

function input(overrides: Partial<PensionAlertInput> = {}): PensionAlertInput {
  return {
    today: TODAY,
    account: { id: 'p1', schemeType: 'personal_pension', transferSlaDays: null },
    provider: null,
    flexibleAccessDate: null,
    taper: null,
    transfers: [],
    ...overrides,
  };
}

describe('pension alerts from the spec catalogue', () => {
  it('raises none for a plain pension', () => {
    expect(pensionAlerts(input())).toEqual([]);
  });

  it('says the MPAA is triggered with today’s figure, in the spec’s words', () => {
    const [alert] = pensionAlerts(input({ flexibleAccessDate: '2026-09-01' }));
    expect(alert!.title).toBe('MPAA triggered - Future contributions limited to £10,000 per year');
  });

  it('says the taper applies', () => {
    const taper = taperedAllowance(pensionFiguresFor(taxYearStarting(2026)), 250_000_00, 300_000_00);
    expect(pensionAlerts(input({ taper }))[0]!.title).toBe('Tapered Annual Allowance applies due to high income');
  });

  it('calls an in-progress transfer overdue after its SLA days (default 10)', () => {
    const transfer = { id: 't1', status: 'in_progress' as const, startedOn: '2026-11-11' };
    expect(effectiveTransferStatus(transfer, TODAY)).toBe('in_progress');
    expect(effectiveTransferStatus(transfer, '2026-11-22')).toBe('overdue');
    const [alert] = pensionAlerts(input({ today: '2026-11-22', transfers: [transfer] }));
    expect(alert).toMatchObject({ level: 'critical', title: 'Pension transfer is overdue - contact your provider' });
  });

  it('warns about the provider: low confidence, a missing FRN, a platform, its own alert', () => {
    const alerts = pensionAlerts(
      input({
        account: { id: 'p1', schemeType: 'sipp', transferSlaDays: null },
        provider: {
          name: 'Example SIPP',
          frn: null,
          expectsFrn: true,
          coverageTag: 'sipp_platform_85k',
          confidenceScore: 79,
          warnUserLevel: 'high',
          userMessage: 'This provider is closing to new business.',
        },
      }),
    );
    expect(alerts.map((a) => [a.title, a.level])).toEqual([
      ['Data Confidence Low', 'warning'],
      ['Provider Alert', 'warning'],
      ['Missing FRN', 'info'],
      ['SIPP/Platform Notice', 'info'],
    ]);
    expect(alerts[3]!.message).toContain('£85,000 per person per firm');
  });
});
