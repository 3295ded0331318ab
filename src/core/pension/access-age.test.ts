import { describe, expect, it } from 'vitest';
import { defaultAccessAge, earliestAccessDate } from './access-age.ts';
import { confidenceColour, SCHEME_TYPE_DETAILS, SCHEME_TYPES } from './scheme-types.ts';

describe('the earliest age a pension can be taken: 55, rising to 57 on 6 April 2028', () => {
  it.each([
    ['1960-01-01', '2015-01-01', 55],
    ['1973-04-05', '2028-04-05', 55], // 55 the day before the rise
    ['1973-04-06', '2030-04-06', 57], // 55 on the day of the rise: waits until 57
    ['1972-01-01', '2027-01-01', 55],
    ['1980-02-29', '2037-03-01', 57],
  ])('born %s: from %s at %i', (dateOfBirth, date, age) => {
    expect(earliestAccessDate(dateOfBirth)).toEqual({ date, age });
  });

  it('sets 65 for a defined benefit scheme and the minimum pension age for the others', () => {
    const today = '2026-11-21';
    expect(defaultAccessAge('workplace_db', { today, dateOfBirth: null }).age).toBe(65);
    expect(defaultAccessAge('sipp', { today, dateOfBirth: null })).toEqual({
      age: 55,
      words:
        'The minimum age to take money from a pension is 55. It rises to 57 on 06/04/2028: anyone under 57 then waits until 57, unless your scheme gives you a protected pension age. Add your date of birth to see yours.',
    });
    expect(defaultAccessAge('personal_pension', { today: '2028-04-06', dateOfBirth: null }).age).toBe(57);
    expect(defaultAccessAge('workplace_dc', { today, dateOfBirth: '1985-06-01' })).toEqual({
      age: 57,
      words:
        'You can take money from this pension from age 57, on 01/06/2042, unless your scheme gives you a protected pension age.',
    });
    expect(defaultAccessAge('workplace_dc', { today, dateOfBirth: '1972-01-01' }).words).toBe(
      'You can take money from this pension from age 55, on 01/01/2027, unless your scheme gives you a protected pension age. If you have not started taking it by 06/04/2028, you will need to be 57, unless your scheme gives you a protected pension age.',
    );
    expect(defaultAccessAge('state_pension', { today, dateOfBirth: null }).age).toBe(66);
  });
});

describe('scheme types', () => {
  it('give every type a protection category: PPF for defined benefit, the investment limit for a SIPP', () => {
    expect(SCHEME_TYPES.map((t) => SCHEME_TYPE_DETAILS[t].protectionCategory)).toEqual([
      'insurance_100',
      'db_ppf',
      'insurance_100',
      'sipp_platform_85k',
      'ssas_trust',
      'insurance_100',
      'state',
    ]);
  });

  it('colour confidence green at 90, yellow at 70, red below', () => {
    expect([90, 89, 70, 69].map(confidenceColour)).toEqual(['green', 'yellow', 'yellow', 'red']);
  });
});
