/**
 * Whole-day arithmetic on calendar dates, and ages from a date of birth. Pure: Date.UTC here is
 * calendar arithmetic, never a clock ("today" is passed in).
 */
import type { CalendarDate } from './calendar-date.ts';

const MS_PER_DAY = 86_400_000;

function parts(date: CalendarDate): [number, number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

function dayNumber(date: CalendarDate): number {
  const [year, month, day] = parts(date);
  return Date.UTC(year, month - 1, day) / MS_PER_DAY;
}

/** Days from `from` to `to`: 0 on the same day, 1 for the next day, negative when `to` is earlier. */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return dayNumber(to) - dayNumber(from);
}

/** The date `days` days after `date` (before it when negative). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const d = new Date((dayNumber(date) + days) * MS_PER_DAY);
  return d.toISOString().slice(0, 10);
}

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/**
 * The date someone born on `dateOfBirth` turns `age`. A 29 February birthday falls on 1 March in
 * a common year: the person has not completed the year until 28 February has passed (the reading
 * HMRC and most UK age tests use).
 */
export function birthdayAt(dateOfBirth: CalendarDate, age: number): CalendarDate {
  const [year, month, day] = parts(dateOfBirth);
  const target = year + age;
  if (month === 2 && day === 29 && !isLeapYear(target)) return `${String(target).padStart(4, '0')}-03-01`;
  return `${String(target).padStart(4, '0')}${dateOfBirth.slice(4)}`;
}

/** Age in whole years on `date` (the birthday itself counts: someone is 65 on their 65th birthday). */
export function ageOn(dateOfBirth: CalendarDate, date: CalendarDate): number {
  const years = Number(date.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  return birthdayAt(dateOfBirth, years) <= date ? years : years - 1;
}
