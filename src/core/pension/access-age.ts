/**
 * The age a pension can first be taken, as the pension form's access age (001 §4: choosing a
 * scheme type sets it): 65 for a defined benefit scheme (the spec's default for its normal
 * pension age), the State Pension age for the State Pension, and otherwise the normal minimum
 * pension age in law: 55, rising to 57 on 6 April 2028 (Finance Act 2022). docs/domain.md.
 */
import type { CalendarDate } from '../dates/calendar-date.ts';
import { birthdayAt } from '../dates/day-count.ts';
import type { SchemeType } from '../reference-data/spec-mapping.ts';
import { formatShortDate } from '../standing-orders/text.ts';
import { NORMAL_MINIMUM_PENSION_AGE, normalMinimumPensionAgeOn, statePensionAgeOn } from './pension-figures.ts';

/**
 * The spec's access age for a defined benefit scheme: a common normal pension age, not a law
 * figure (a scheme's own may differ; benefits can often start earlier, reduced).
 */
export const DEFINED_BENEFIT_ACCESS_AGE = 65;

const PROTECTED_AGE_NOTE = 'unless your scheme gives you a protected pension age';

/**
 * The first day someone born on `dateOfBirth` reaches the normal minimum pension age in force
 * on that day: their 55th birthday if it comes before 6 April 2028, else their 57th.
 */
export function earliestAccessDate(dateOfBirth: CalendarDate): { date: CalendarDate; age: number } {
  const rows = NORMAL_MINIMUM_PENSION_AGE;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const birthday = birthdayAt(dateOfBirth, row.value);
    // biome-ignore lint/complexity/useMathMinMax: these are ISO date strings, which Math.max cannot compare
    const date = birthday > row.effectiveFrom ? birthday : row.effectiveFrom;
    const next = rows[i + 1]?.effectiveFrom;
    if (next === undefined || date < next) return { date, age: row.value };
  }
  throw new Error('the minimum pension age table is empty');
}

export type AccessAge = { age: number; words: string };

/**
 * The access age a chosen scheme type sets on the form, with why. With a date of birth the
 * minimum pension age is the one that applies to that person; without, the one in force today,
 * and the words say when it rises.
 */
export function defaultAccessAge(
  schemeType: SchemeType,
  options: { today: CalendarDate; dateOfBirth: CalendarDate | null },
): AccessAge {
  if (schemeType === 'workplace_db') {
    return {
      age: DEFINED_BENEFIT_ACCESS_AGE,
      words: `Defined benefit schemes usually pay a full pension from their normal pension age, often ${DEFINED_BENEFIT_ACCESS_AGE}: check your scheme's.`,
    };
  }
  if (schemeType === 'state_pension') {
    const age = statePensionAgeOn(options.today).value;
    return {
      age,
      words: `The State Pension is paid from State Pension age, ${age} today and rising to 67 for people born after 5 April 1960: check yours on gov.uk.`,
    };
  }
  const later = NORMAL_MINIMUM_PENSION_AGE.find((row) => row.effectiveFrom > options.today);
  if (options.dateOfBirth) {
    const { date, age } = earliestAccessDate(options.dateOfBirth);
    const rise =
      later && age < later.value
        ? ` If you have not started taking it by ${formatShortDate(later.effectiveFrom)}, you will need to be ${later.value}, ${PROTECTED_AGE_NOTE}.`
        : '';
    return {
      age,
      words: `You can take money from this pension from age ${age}, on ${formatShortDate(date)}, ${PROTECTED_AGE_NOTE}.${rise}`,
    };
  }
  const age = normalMinimumPensionAgeOn(options.today).value;
  const rise = later
    ? ` It rises to ${later.value} on ${formatShortDate(later.effectiveFrom)}: anyone under ${later.value} then waits until ${later.value}, ${PROTECTED_AGE_NOTE}. Add your date of birth to see yours.`
    : '';
  return { age, words: `The minimum age to take money from a pension is ${age}.${rise}` };
}
