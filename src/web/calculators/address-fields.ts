/**
 * The Big Pig calculators' inputs live in the address (issue 29: a link reopens a calculation):
 * each field is the text the saver typed, read back with a default when absent, and checked with
 * core's calculator readers (calculator-inputs.ts) and, for dates and named rates, here.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ACCOUNT_MESSAGES } from '../../core/accounts/account-schema.ts';
import { parseRatePercent } from '../../core/accounts/interest-rate.ts';
import {
  MAX_CALCULATOR_RATE_BPS,
  type Read,
  readChoice,
  readMoney,
  readOptionalMoney,
  readWhole,
} from '../../core/calculators/calculator-inputs.ts';
import { isSupportedDate } from '../../core/dates/calendar-date.ts';

export type Checked<T> = Read<T>;

/** Whole pence from '£1,234.56' (core's reader): 0 or more, more than 0 with `positive`. */
export function checkMoney(text: string, { positive = false } = {}): Checked<number> {
  const read = readMoney(text);
  if (!read.ok) return read;
  if (positive && read.value === 0)
    return { ok: false, message: 'Enter an amount of more than £0, in pounds and pence' };
  return { ok: true, value: read.value ?? 0 };
}

export { readOptionalMoney as checkOptionalMoney };

/** A percentage as basis points, with messages naming the field (growth, charges…); `max` in basis points. */
export function checkRate(
  text: string,
  { label = 'Interest rate', max = MAX_CALCULATOR_RATE_BPS } = {},
): Checked<number> {
  const parsed = parseRatePercent(text);
  if (!parsed.ok) {
    const message =
      parsed.reason === 'too-precise'
        ? `Enter the ${label.toLowerCase()} with at most 2 decimal places`
        : `Enter the ${label.toLowerCase()} as a number, like 4.35`;
    return { ok: false, message };
  }
  if (parsed.bps < 0) return { ok: false, message: `${label} cannot be negative` };
  if (parsed.bps > max) return { ok: false, message: `Enter ${label.toLowerCase()} of ${max / 100}% or less` };
  return { ok: true, value: parsed.bps };
}

/** An optional rate: blank is null. */
export function checkOptionalRate(text: string, label: string): Checked<number | null> {
  return text.trim() === '' ? { ok: true, value: null } : checkRate(text, { label });
}

export { readWhole as checkWholeNumber };

/** A date from the date field ('yyyy-MM-dd'). */
export function checkDate(text: string): Checked<string> {
  return isSupportedDate(text.trim())
    ? { ok: true, value: text.trim() }
    : { ok: false, message: ACCOUNT_MESSAGES.date };
}

/** An optional date: blank is null. */
export function checkOptionalDate(text: string): Checked<string | null> {
  return text.trim() === '' ? { ok: true, value: null } : checkDate(text);
}

/** One of `choices`, else the first (a hand-edited address never breaks the page). */
export function oneOf<T extends string>(text: string, choices: readonly T[]): T {
  return readChoice(text, choices, choices[0]!);
}

/**
 * The calculator's fields from the address, each the typed text or its default, and a setter that
 * replaces the history entry (typing does not pile up in Back) and keeps the scroll position.
 */
export function useCalculatorFields<K extends string>(
  defaults: Readonly<Record<K, string>>,
): [Record<K, string>, (name: string, value: string) => void] {
  const [params, setParams] = useSearchParams();
  const values = useMemo(
    () =>
      Object.fromEntries(
        Object.entries<string>(defaults).map(([name, value]) => [name, params.get(name) ?? value]),
      ) as Record<K, string>,
    [defaults, params],
  );
  const set = useCallback(
    (name: string, value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(name, value);
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  return [values, set];
}

/** Query text for a calculator's address from the fields given. */
export function calculatorQuery(fields: Readonly<Record<string, string | number | null | undefined>>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    if (value !== null && value !== undefined) params.set(name, String(value));
  return params.toString();
}

/** The first failed check's message per field, and the values once every field passes. */
export function collect<T extends Record<string, Checked<unknown>>>(
  checks: T,
): {
  errors: Partial<Record<keyof T, string>>;
  values: { [K in keyof T]: T[K] extends Checked<infer V> ? V : never } | null;
} {
  const errors: Partial<Record<keyof T, string>> = {};
  const values: Record<string, unknown> = {};
  for (const [name, check] of Object.entries(checks)) {
    if (check.ok) values[name] = check.value;
    else errors[name as keyof T] = check.message;
  }
  return {
    errors,
    values:
      Object.keys(errors).length === 0
        ? (values as { [K in keyof T]: T[K] extends Checked<infer V> ? V : never })
        : null,
  };
}

/** A field's name, value, message and setter, to spread on a `CalculatorField`. */
export function fieldBinder<K extends string>(
  fields: Readonly<Record<K, string>>,
  errors: Readonly<Partial<Record<string, string>>>,
  set: (name: string, value: string) => void,
) {
  return (name: K) => ({ name, value: fields[name], error: errors[name], onChange: set });
}
