/**
 * What an admin gives to create a promo code (issue 17): one schema for the server's validation and
 * the admin form, so both say the same thing. The cross-field rules are `promoInputProblem`.
 */
import { z } from 'zod';
import { londonOffsetMinutes } from '../dates/london-instant.ts';
import { PROMO_TYPES, type PromoType } from './promo.ts';

/** How far ahead a code may expire: further is a typing slip (a year of 20266). */
export const PROMO_EXPIRY_MAX_YEARS = 10;

export const PROMO_INPUT_MESSAGES = {
  codeBlank: 'Please enter a promo code',
  codeLong: 'Promo code must be 64 characters or fewer',
  codeCharacters: 'Use letters, digits, - and _ only',
  promoType: 'Choose free_trial, discount or feature_upgrade',
  discountWhole: 'Discount must be a whole percentage',
  discountRange: 'Discount must be between 1 and 100',
  discountNeeded: 'A discount code needs a discount percentage',
  durationNeeded: 'Give the code a duration in days or months',
  expiry: 'Expiry must be a date and time',
  expiryNotReal: 'Expiry must be a real date between the years 2000 and 2100',
  expiryPast: 'Expiry must be in the future',
  expiryTooFar: `Expiry must be within ${PROMO_EXPIRY_MAX_YEARS} years from today`,
} as const;

/** Whether ISO date-time text names a real calendar day (no 30 February) in the years 2000–2100. */
export function isSaneExpiryText(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})T/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  const real = calendar.getUTCMonth() === month - 1 && calendar.getUTCDate() === day;
  return real && year >= 2000 && year <= 2100 && Number.isFinite(Date.parse(text));
}

/** What is wrong with a code's expiry at `now` (in the past, or too far ahead), or null. */
export function promoExpiryProblem(expiresAt: string, now: Date): string | null {
  const at = new Date(expiresAt);
  if (!isSaneExpiryText(expiresAt)) return PROMO_INPUT_MESSAGES.expiryNotReal;
  if (at.getTime() <= now.getTime()) return PROMO_INPUT_MESSAGES.expiryPast;
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + PROMO_EXPIRY_MAX_YEARS);
  if (at.getTime() > latest.getTime()) return PROMO_INPUT_MESSAGES.expiryTooFar;
  return null;
}

const positive = (max: number, name: string) =>
  z
    .number(`${name} must be a whole number`)
    .int(`${name} must be a whole number`)
    .min(0, `${name} cannot be negative`)
    .max(max, `${name} must be at most ${max}`)
    .nullable()
    .optional();

export const PromoCodeInputSchema = z.strictObject({
  code: z
    .string()
    .trim()
    .min(1, PROMO_INPUT_MESSAGES.codeBlank)
    .max(64, PROMO_INPUT_MESSAGES.codeLong)
    .regex(/^[A-Za-z0-9_-]+$/, PROMO_INPUT_MESSAGES.codeCharacters),
  promoType: z.enum(PROMO_TYPES, PROMO_INPUT_MESSAGES.promoType),
  isFreeTier: z.boolean().optional(),
  isAdFree: z.boolean().optional(),
  discountPercentage: z
    .number(PROMO_INPUT_MESSAGES.discountWhole)
    .int(PROMO_INPUT_MESSAGES.discountWhole)
    .min(1, PROMO_INPUT_MESSAGES.discountRange)
    .max(100, PROMO_INPUT_MESSAGES.discountRange)
    .nullable()
    .optional(),
  durationDays: positive(3650, 'Duration in days'),
  durationMonths: positive(120, 'Duration in months'),
  discountDays: positive(3650, 'Discount days'),
  discountMonths: positive(120, 'Discount months'),
  isOneTimeUse: z.boolean().optional(),
  expiresAt: z.iso
    .datetime({ offset: true, message: PROMO_INPUT_MESSAGES.expiry })
    .refine(isSaneExpiryText, PROMO_INPUT_MESSAGES.expiryNotReal)
    .nullable()
    .optional(),
});

export type PromoCodeInput = z.infer<typeof PromoCodeInputSchema>;

export type PromoInputProblem = { field: 'discountPercentage' | 'durationDays'; message: string };

/** The rules across fields: a discount code needs a percentage; the others a duration. */
export function promoInputProblem(input: {
  promoType: PromoType;
  discountPercentage?: number | null | undefined;
  durationDays?: number | null | undefined;
  durationMonths?: number | null | undefined;
}): PromoInputProblem | null {
  if (input.promoType === 'discount' && !input.discountPercentage)
    return { field: 'discountPercentage', message: PROMO_INPUT_MESSAGES.discountNeeded };
  if (input.promoType !== 'discount' && !input.durationDays && !input.durationMonths)
    return { field: 'durationDays', message: PROMO_INPUT_MESSAGES.durationNeeded };
  return null;
}

/**
 * The expiry instant for a code that may be used through `lastDay` (a London calendar date,
 * 'YYYY-MM-DD'): London midnight at the start of the next day, as ISO text.
 */
export function promoExpiryAfter(lastDay: string): string {
  const [year, month, day] = lastDay.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(year, month - 1, day + 1);
  return new Date(utcMidnight - londonOffsetMinutes(new Date(utcMidnight)) * 60_000).toISOString();
}
