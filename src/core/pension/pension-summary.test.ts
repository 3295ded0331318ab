import { describe, expect, it } from 'vitest';
import {
  normalisedRecord,
  PensionRecordSchema,
  pensionProtectionCategory,
  PENSION_MESSAGES,
} from './pension-record.ts';
import { flexibleAccessDateOf, type PensionSummaryInput, pensionSummary } from './pension-summary.ts';
import { pensionSummaryInput } from './pension-summary-test-fixtures.ts';

const TODAY = '2026-11-21';

const input = (overrides: Partial<PensionSummaryInput> = {}) => pensionSummaryInput(TODAY, overrides);

describe('the pension card’s figures', () => {
  it('leaves £60,000 less this year’s contributions across every pension, plus unused years carried forward', () => {
    const summary = pensionSummary(
      input({
        contributions: [
          {
            accountId: 'p1',
            taxYear: 2026,
            employeePence: 10_000_00,
            employerPence: 5_000_00,
            schemeType: 'workplace_dc',
          },
          { accountId: 'p2', taxYear: 2026, employeePence: 5_000_00, employerPence: 0, schemeType: 'sipp' },
        ],
      }),
    );
    expect(summary.allowance.annualAllowancePence).toBe(60_000_00);
    expect(summary.allowance.inputPence).toBe(20_000_00);
    expect(summary.allowance.remainingPence).toBe(40_000_00);

    const carried = pensionSummary(
      input({
        contributions: [
          { accountId: 'p1', taxYear: 2025, employeePence: 50_000_00, employerPence: 0, schemeType: 'sipp' },
        ],
      }),
    );
    expect(carried.allowance.carryForward.availablePence).toBe(10_000_00);
    expect(carried.allowance.remainingPence).toBe(70_000_00);
  });

  it('tapers with high incomes and raises the taper alert', () => {
    const summary = pensionSummary(input({ thresholdIncomePence: 300_000_00, adjustedIncomePence: 300_000_00 }));
    expect(summary.allowance.annualAllowancePence).toBe(40_000_00);
    expect(summary.alerts.map((a) => a.title)).toContain('Tapered Annual Allowance applies due to high income');
  });

  it('starts the MPAA on the first drawdown income, not on a tax-free lump sum', () => {
    expect(
      flexibleAccessDateOf([
        { date: '2026-05-01', eventType: 'pcls' },
        { date: '2026-07-01', eventType: 'income' },
        { date: null },
      ]),
    ).toBe('2026-07-01');
    const summary = pensionSummary(input({ flexibleAccess: [{ date: '2026-07-01', eventType: 'ufpls' }] }));
    expect(summary.allowance.mpaa.status).toBe('applies');
    expect(summary.alerts[0]!.title).toBe('MPAA triggered - Future contributions limited to £10,000 per year');
  });

  it('shows an in-progress transfer past its SLA as overdue, with the day it was expected', () => {
    const summary = pensionSummary(
      input({
        transfers: [
          { id: 't1', status: 'in_progress', startedOn: '2026-11-01' },
          { id: 't2', status: 'in_progress', startedOn: '2026-11-20' },
        ],
      }),
    );
    expect(summary.transfers).toEqual([
      { id: 't1', shownStatus: 'overdue', expectedBy: '2026-11-11' },
      { id: 't2', shownStatus: 'in_progress', expectedBy: '2026-11-30' },
    ]);
    expect(summary.alerts[0]!.title).toBe('Pension transfer is overdue - contact your provider');
  });

  it('warns when the provider’s confidence is under 80, and for a missing FRN of an FCA firm only', () => {
    const provider = {
      name: 'Standard Life',
      frn: null,
      regulator: 'PRA (authorised), FCA & PRA (regulated)',
      coverageTag: 'insurance_100' as const,
      confidenceScore: 75,
      warnUserLevel: 'low' as const,
      userMessage: null,
    };
    const summary = pensionSummary(input({ provider }));
    expect(summary.lowConfidence).toBe(true);
    expect(summary.alerts.map((a) => a.title).sort()).toEqual(['Data Confidence Low', 'Missing FRN']);
    const trust = pensionSummary(
      input({ provider: { ...provider, regulator: 'The Pensions Regulator', confidenceScore: 80 } }),
    );
    expect(trust.lowConfidence).toBe(false);
    expect(trust.alerts).toEqual([]);
  });
});

describe('the pension record’s rules', () => {
  it('takes the protection category from the provider, but a DB scheme and the State Pension keep theirs', () => {
    expect(pensionProtectionCategory('sipp', null)).toBe('sipp_platform_85k');
    expect(pensionProtectionCategory('workplace_dc', 'ssas_trust')).toBe('ssas_trust');
    expect(pensionProtectionCategory('workplace_db', 'insurance_100')).toBe('db_ppf');
    expect(pensionProtectionCategory('state_pension', 'insurance_100')).toBe('state');
  });

  it('clears the employer when the link is off', () => {
    expect(normalisedRecord({ employerLink: false, employerName: 'Acme' })).toEqual({
      employerLink: false,
      employerName: null,
      employerContributionPolicy: null,
    });
    expect(normalisedRecord({ employerLink: true, employerName: 'Acme' })).toEqual({
      employerLink: true,
      employerName: 'Acme',
    });
  });

  it('validates with the spec’s messages', () => {
    const base = { providerId: 'aviva', schemeType: 'sipp', annualAllowancePence: 60_000_00, accessAge: 55 };
    expect(PensionRecordSchema.safeParse(base).success).toBe(true);
    const message = (patch: object) => PensionRecordSchema.safeParse({ ...base, ...patch }).error?.issues[0]?.message;
    expect(message({ schemeType: '' })).toBe(PENSION_MESSAGES.schemeTypeRequired);
    expect(message({ providerId: ' ' })).toBe(PENSION_MESSAGES.providerRequired);
    expect(message({ annualAllowancePence: 60_500_00 })).toBe(PENSION_MESSAGES.annualAllowance);
    expect(message({ annualAllowancePence: -100_000 })).toBe(PENSION_MESSAGES.annualAllowance);
    expect(message({ accessAge: 49 })).toBe(PENSION_MESSAGES.accessAge);
    expect(message({ accessAge: 76 })).toBe(PENSION_MESSAGES.accessAge);
    expect(message({ accessAge: 75 })).toBeUndefined();
  });
});
