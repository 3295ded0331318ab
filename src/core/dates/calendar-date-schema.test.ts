import { describe, expect, it } from 'vitest';
import { calendarDateSchema } from './calendar-date-schema.ts';

describe('calendarDateSchema', () => {
  const schema = calendarDateSchema('Enter a real date');
  const message = (value: unknown) => schema.safeParse(value).error?.issues.map((i) => i.message);

  it('takes a real date in the supported years', () => {
    expect(schema.parse('2026-03-14')).toBe('2026-03-14');
  });

  it("gives the field's own message for what is no real date, year 0000 included", () => {
    for (const value of ['2026-02-30', '0000-01-01', '14/03/2026', 42])
      expect(message(value)).toEqual(['Enter a real date']);
  });

  it('names the supported years for a real date outside them', () => {
    expect(message('0001-01-01')).toEqual(['Enter a date in the years 1900 to 2099']);
    expect(message('9999-12-31')).toEqual(['Enter a date in the years 1900 to 2099']);
  });
});
