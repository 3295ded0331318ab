/**
 * The calculators' inputs as they arrive: text from a form or from the page's address (a link
 * reopens a calculation, so every input is a query parameter). Each reader returns the value or
 * the message to show under the field, in the account form's words.
 */
import { parseRatePercent } from '../accounts/interest-rate.ts';
import { parseAmountText } from '../transactions/amount-text.ts';

/** The largest sum a calculator takes: £10,000,000. */
export const MAX_CALCULATOR_PENCE = 10_000_000_00;
/** The highest rate a calculator takes: 25%. */
export const MAX_CALCULATOR_RATE_BPS = 2_500;

export const CALCULATOR_MESSAGES = {
  money: 'Enter an amount of £0 or more, in pounds and pence',
  moneyTooLarge: 'Enter an amount of £10,000,000 or less',
  rateNumber: 'Enter the interest rate as a number, like 4.35',
  rateNegative: 'Interest rate cannot be negative',
  rateTooPrecise: 'Enter the interest rate with at most 2 decimal places',
  rateTooHigh: 'Enter an interest rate of 25% or less',
} as const;

export type Read<T> = { ok: true; value: T } | { ok: false; message: string };

const ok = <T>(value: T): Read<T> => ({ ok: true, value });
const fail = <T>(message: string): Read<T> => ({ ok: false, message });

/** Money in pounds and pence, £0 or more; empty text reads as `empty` (null: required). */
export function readMoney(text: string, empty: number | null = null): Read<number | null> {
  if (text.trim() === '') return empty === null ? fail(CALCULATOR_MESSAGES.money) : ok(empty);
  const parsed = parseAmountText(text);
  if (!parsed.ok)
    return fail(parsed.reason === 'too-large' ? CALCULATOR_MESSAGES.moneyTooLarge : CALCULATOR_MESSAGES.money);
  if (parsed.pence < 0) return fail(CALCULATOR_MESSAGES.money);
  if (parsed.pence > MAX_CALCULATOR_PENCE) return fail(CALCULATOR_MESSAGES.moneyTooLarge);
  return ok(parsed.pence);
}

/** Money that may be left empty (null). */
export function readOptionalMoney(text: string): Read<number | null> {
  return text.trim() === '' ? ok(null) : readMoney(text);
}

/** A rate in percent, 0% to 25%, at most 2 decimals, as basis points; empty reads as `empty` when given. */
export function readRate(text: string, empty: number | null = null): Read<number> {
  if (text.trim() === '' && empty !== null) return ok(empty);
  const parsed = parseRatePercent(text);
  if (!parsed.ok)
    return fail(parsed.reason === 'too-precise' ? CALCULATOR_MESSAGES.rateTooPrecise : CALCULATOR_MESSAGES.rateNumber);
  if (parsed.bps < 0) return fail(CALCULATOR_MESSAGES.rateNegative);
  if (parsed.bps > MAX_CALCULATOR_RATE_BPS) return fail(CALCULATOR_MESSAGES.rateTooHigh);
  return ok(parsed.bps);
}

/** A whole number from `min` to `max`; empty reads as `empty` when given. `message` names the field and its range. */
export function readWhole(text: string, min: number, max: number, message: string, empty?: number): Read<number> {
  const trimmed = text.trim();
  if (trimmed === '' && empty !== undefined) return ok(empty);
  if (!/^\d{1,4}$/.test(trimmed)) return fail(message);
  const value = Number(trimmed);
  return value >= min && value <= max ? ok(value) : fail(message);
}

/** One of `options`, or `fallback` for anything else (a hand-edited address never breaks the page). */
export function readChoice<T extends string>(text: string | null, options: readonly T[], fallback: T): T {
  return options.includes(text as T) ? (text as T) : fallback;
}

/** The messages of the reads that failed, by field; empty when all are fine. */
export function problemsOf(reads: Readonly<Record<string, Read<unknown>>>): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [field, read] of Object.entries(reads)) if (!read.ok) problems[field] = read.message;
  return problems;
}
