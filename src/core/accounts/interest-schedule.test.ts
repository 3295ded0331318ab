import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_INTEREST_SCHEDULE,
  InterestScheduleSchema,
  MAX_SCHEDULE_ITEMS,
  SCHEDULE_MESSAGES,
  SCHEDULE_UNITS,
  describeScheduleItem,
} from './interest-schedule.ts';

const firstMessage = (value: unknown) => {
  const result = InterestScheduleSchema.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('the interim interest schedule', () => {
  it('defaults to one offset of 12 months on the payment day', () => {
    expect(DEFAULT_INTEREST_SCHEDULE).toEqual([
      { kind: 'offset', offsetValue: 12, offsetUnit: 'months', dayOfMonth: null },
    ]);
    expect(InterestScheduleSchema.parse(DEFAULT_INTEREST_SCHEDULE)).toEqual(DEFAULT_INTEREST_SCHEDULE);
    expect(describeScheduleItem(DEFAULT_INTEREST_SCHEDULE[0]!)).toBe('12 months after opening, on the payment day');
  });

  it('accepts the three kinds, and no schedule at all', () => {
    const schedule = [
      { kind: 'offset', offsetValue: 6, offsetUnit: 'months', dayOfMonth: 15 },
      { kind: 'recurring', unit: 'months', every: 3, count: 4, dayOfMonth: null },
      { kind: 'custom', dates: ['2027-03-31', '2026-09-30'] },
    ];
    expect(InterestScheduleSchema.parse(schedule)).toEqual([
      schedule[0],
      schedule[1],
      { kind: 'custom', dates: ['2026-09-30', '2027-03-31'] },
    ]);
    expect(InterestScheduleSchema.parse([])).toEqual([]);
  });

  it.each([
    [[{ kind: 'offset', offsetValue: 0, offsetUnit: 'months', dayOfMonth: null }], SCHEDULE_MESSAGES.offsetValue],
    [[{ kind: 'offset', offsetValue: 1.5, offsetUnit: 'months', dayOfMonth: null }], SCHEDULE_MESSAGES.offsetValue],
    [[{ kind: 'offset', offsetValue: 3, offsetUnit: 'fortnights', dayOfMonth: null }], SCHEDULE_MESSAGES.unit],
    [[{ kind: 'offset', offsetValue: 3, offsetUnit: 'months', dayOfMonth: 32 }], SCHEDULE_MESSAGES.dayOfMonth],
    [[{ kind: 'recurring', unit: 'weeks', every: 0, count: null, dayOfMonth: null }], SCHEDULE_MESSAGES.every],
    [[{ kind: 'recurring', unit: 'weeks', every: 2, count: 0, dayOfMonth: null }], SCHEDULE_MESSAGES.count],
    [[{ kind: 'custom', dates: [] }], SCHEDULE_MESSAGES.noDates],
    [[{ kind: 'custom', dates: ['2027-02-30'] }], SCHEDULE_MESSAGES.date],
    [[{ kind: 'custom', dates: ['2027-03-31', '2027-03-31'] }], SCHEDULE_MESSAGES.repeatedDate],
    [[{ kind: 'weekly' }], SCHEDULE_MESSAGES.kind],
  ])('refuses %j with %j', (schedule, message) => {
    expect(firstMessage(schedule)).toBe(message);
  });

  it('refuses fields of another kind and too many entries', () => {
    expect(firstMessage([{ kind: 'custom', dates: ['2027-01-01'], every: 2 }])).not.toBeNull();
    expect(firstMessage(Array.from({ length: MAX_SCHEDULE_ITEMS + 1 }, () => DEFAULT_INTEREST_SCHEDULE[0]))).toBe(
      SCHEDULE_MESSAGES.tooManyItems,
    );
  });

  it('describes each kind in plain English', () => {
    expect(describeScheduleItem({ kind: 'offset', offsetValue: 1, offsetUnit: 'years', dayOfMonth: 1 })).toBe(
      '1 year after opening, on the 1st',
    );
    expect(describeScheduleItem({ kind: 'recurring', unit: 'months', every: 1, count: null, dayOfMonth: 22 })).toBe(
      'Every month, on the 22nd',
    );
    expect(describeScheduleItem({ kind: 'recurring', unit: 'months', every: 3, count: 4, dayOfMonth: 13 })).toBe(
      'Every 3 months, on the 13th, 4 times',
    );
    expect(describeScheduleItem({ kind: 'recurring', unit: 'weeks', every: 2, count: 1, dayOfMonth: null })).toBe(
      'Every 2 weeks, once',
    );
    expect(describeScheduleItem({ kind: 'custom', dates: ['2026-09-30', '2027-03-31'] })).toBe(
      'On 30/09/2026, 31/03/2027',
    );
  });

  it('accepts every well-formed offset and recurring item as it is', () => {
    const number = fc.integer({ min: 1, max: 999 });
    const day = fc.option(fc.integer({ min: 1, max: 31 }));
    const unit = fc.constantFrom(...SCHEDULE_UNITS);
    const item = fc.oneof(
      fc.record({ kind: fc.constant('offset' as const), offsetValue: number, offsetUnit: unit, dayOfMonth: day }),
      fc.record({
        kind: fc.constant('recurring' as const),
        unit,
        every: number,
        count: fc.option(number),
        dayOfMonth: day,
      }),
    );
    fc.assert(
      fc.property(fc.array(item, { maxLength: MAX_SCHEDULE_ITEMS }), (schedule) => {
        expect(InterestScheduleSchema.parse(schedule)).toEqual(schedule);
        for (const entry of schedule) expect(describeScheduleItem(entry).length).toBeGreaterThan(0);
      }),
    );
  });
});
