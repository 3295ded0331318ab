import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { taxYearStarting } from '../dates/tax-year.ts';
import { isaAllowance } from './allowance.ts';
import { ISA_MOVEMENT_KINDS, ISA_TYPES, type IsaAccountInput } from './isa-types.ts';

// Dates around 2026/27 and 2027/28, often on the 5/6 April edges.
const dateArb = fc.oneof(
  fc
    .date({ min: new Date('2026-03-01T00:00:00Z'), max: new Date('2028-05-01T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom('2026-04-05', '2026-04-06', '2027-04-05', '2027-04-06'),
);
const movementArb = fc.record({
  date: dateArb,
  amountPence: fc.oneof(fc.integer({ min: 1, max: 25_000_00 }), fc.integer({ min: 1, max: 100 })),
  kind: fc.constantFrom(...ISA_MOVEMENT_KINDS),
});
const accountArb = (id: string) =>
  fc.record({
    id: fc.constant(id),
    name: fc.constant(id),
    isaType: fc.constantFrom(...ISA_TYPES),
    isFlexible: fc.boolean(),
    childId: fc.constantFrom(null, 'c1', 'c2'),
    childName: fc.constant(null),
    movements: fc.array(movementArb, { maxLength: 12 }),
  });
const accountsArb = fc
  .array(fc.nat(), { maxLength: 5 })
  .chain((ids) => fc.tuple(...ids.map((_, i) => accountArb(`a${i}`))));
const inputArb = fc.record({
  startYear: fc.constantFrom(2026, 2027),
  dateOfBirth: fc.constantFrom(null, '1950-01-01', '1962-04-06', '1962-10-01', '1990-07-15'),
  accounts: accountsArb,
});

describe('the ISA allowance, for any ISAs and movements', () => {
  it('uses no allowance for a movement dated after today until its date (ADR 0044)', () => {
    fc.assert(
      fc.property(inputArb, dateArb, ({ startYear, dateOfBirth, accounts }, today) => {
        const taxYear = taxYearStarting(startYear);
        const onToday = isaAllowance({ taxYear, dateOfBirth, accounts, today });
        const dueOnly = accounts.map((a) => ({ ...a, movements: a.movements.filter((m) => m.date <= today) }));
        expect(onToday).toEqual(isaAllowance({ taxYear, dateOfBirth, accounts: dueOnly }));
        const afterAll = isaAllowance({ taxYear, dateOfBirth, accounts, today: '2099-12-31' });
        expect(afterAll).toEqual(isaAllowance({ taxYear, dateOfBirth, accounts }));
      }),
    );
  });

  it('counts £2,000 used today, not £5,000, when £3,000 is dated next month; £5,000 on its date', () => {
    const accounts: IsaAccountInput[] = [
      {
        id: 'cash',
        name: 'Halifax Cash ISA',
        isaType: 'cash',
        isFlexible: false,
        movements: [
          { date: '2026-11-28', amountPence: 2_000_00, kind: 'subscription' },
          { date: '2026-12-28', amountPence: 3_000_00, kind: 'subscription' },
        ],
      },
    ];
    const used = (today: string) =>
      isaAllowance({ taxYear: taxYearStarting(2026), dateOfBirth: null, accounts, today }).overall.usedPence;
    expect(used('2026-11-28')).toBe(2_000_00);
    expect(used('2026-12-27')).toBe(2_000_00);
    expect(used('2026-12-28')).toBe(5_000_00);
  });

  it('never leaves a negative figure, and used − over + remaining is always the limit', () => {
    fc.assert(
      fc.property(inputArb, ({ startYear, dateOfBirth, accounts }) => {
        const result = isaAllowance({ taxYear: taxYearStarting(startYear), dateOfBirth, accounts });
        for (const usage of [result.overall, result.lisa, ...(result.cash ? [result.cash] : []), ...result.juniors]) {
          expect(usage.remainingPence).toBeGreaterThanOrEqual(0);
          expect(usage.overPence).toBeGreaterThanOrEqual(0);
          expect(usage.usedPence - usage.overPence + usage.remainingPence).toBe(usage.limitPence);
          expect(usage.crossedBy !== null).toBe(usage.overPence > 0);
        }
        for (const type of Object.values(result.byType)) {
          expect(type.roomPence).toBeGreaterThanOrEqual(0);
          expect(type.roomPence).toBeLessThanOrEqual(result.overall.remainingPence);
        }
      }),
    );
  });

  it('splits every payment in into new money and money put back, never putting back more than was taken out', () => {
    fc.assert(
      fc.property(inputArb, ({ startYear, dateOfBirth, accounts }) => {
        const result = isaAllowance({ taxYear: taxYearStarting(startYear), dateOfBirth, accounts });
        for (const year of result.accounts) {
          expect(year.subscribedPence + year.replacedPence).toBe(year.paidInPence);
          expect(year.replacedPence + year.replaceablePence).toBe(year.isFlexible ? year.withdrawnPence : 0);
          expect(year.replaceablePence).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('uses no allowance for transfers in', () => {
    fc.assert(
      fc.property(inputArb, movementArb, ({ startYear, dateOfBirth, accounts }, extra) => {
        if (accounts.length === 0) return;
        const taxYear = taxYearStarting(startYear);
        const before = isaAllowance({ taxYear, dateOfBirth, accounts });
        const [first, ...rest] = accounts as IsaAccountInput[];
        const withTransfer = {
          ...first!,
          movements: [...first!.movements, { ...extra, kind: 'transfer_in' as const }],
        };
        const after = isaAllowance({ taxYear, dateOfBirth, accounts: [withTransfer, ...rest] });
        expect(after.overall.usedPence).toBe(before.overall.usedPence);
        expect(after.juniors.map((j) => j.usedPence)).toEqual(before.juniors.map((j) => j.usedPence));
      }),
    );
  });
});
