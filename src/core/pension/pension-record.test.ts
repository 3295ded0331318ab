import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalisedRecord, PENSION_MESSAGES, PensionRecordSchema } from './pension-record.ts';

const BASE = { providerId: 'aviva', schemeType: 'workplace_dc', annualAllowancePence: 60_000_00, accessAge: 55 };

/** The database's `pension_accounts_employer` check, as a saved record meets it (a left-out link is stored off). */
const meetsTheEmployerCheck = (saved: {
  employerLink?: boolean;
  employerName?: string | null;
  employerContributionPolicy?: string | null;
}) => saved.employerLink === true || (saved.employerName == null && saved.employerContributionPolicy == null);

describe('the employer fields of a pension record', () => {
  it('refuses an employer or a contribution policy when the record leaves the employer link out', () => {
    for (const employer of [{ employerName: 'Acme Ltd' }, { employerContributionPolicy: '5% matched' }]) {
      const result = PensionRecordSchema.safeParse({ ...BASE, ...employer });
      expect(result.error?.issues).toEqual([
        expect.objectContaining({ path: ['employerLink'], message: PENSION_MESSAGES.employerLink }),
      ]);
    }
  });

  it('takes them with the link on, clears them with it off, and takes a record without them', () => {
    expect(PensionRecordSchema.parse({ ...BASE, employerLink: true, employerName: 'Acme Ltd' })).toMatchObject({
      employerLink: true,
      employerName: 'Acme Ltd',
    });
    expect(
      normalisedRecord(PensionRecordSchema.parse({ ...BASE, employerLink: false, employerName: 'Acme Ltd' })),
    ).toMatchObject({ employerLink: false, employerName: null, employerContributionPolicy: null });
    expect(
      PensionRecordSchema.safeParse({ ...BASE, employerName: '  ', employerContributionPolicy: null }).success,
    ).toBe(true);
  });

  it('never accepts a record that, saved, breaks the database’s employer check', () => {
    const text = fc.oneof(fc.constant(null), fc.constant(''), fc.constant(' '), fc.string({ maxLength: 20 }));
    fc.assert(
      fc.property(
        fc.record(
          { employerLink: fc.boolean(), employerName: text, employerContributionPolicy: text },
          { requiredKeys: [] },
        ),
        (employer) => {
          const result = PensionRecordSchema.safeParse({ ...BASE, ...employer });
          if (result.success) expect(meetsTheEmployerCheck(normalisedRecord(result.data))).toBe(true);
          else expect(result.error.issues.map((i) => i.message)).toEqual([PENSION_MESSAGES.employerLink]);
        },
      ),
    );
  });
});
