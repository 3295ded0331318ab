/**
 * The saver's Smart Pig constraints: the spec's defaults (002 §9: full FSCS cover on, avoid teaser
 * rates on, notice days 0, fixed months 12, ISA first on) and the sliders' ranges (002 §2: notice
 * 0–95 days, fixed term 0–60 months, step 1). One schema for the server's check and the page's.
 */
import { z } from 'zod';
import { FIXED_MONTHS_RANGE, NOTICE_DAYS_RANGE } from './constants.ts';
import type { SmartPigPreferences } from './types.ts';

export const DEFAULT_PREFERENCES: Readonly<SmartPigPreferences> = Object.freeze({
  keepFullFSCSCover: true,
  avoidTeaserRates: true,
  maxNoticeDays: 0,
  maxFixedMonths: 12,
  useISAFirst: true,
});

/** Our messages (the spec gives none), in the account form's plain style. */
export const PREFERENCE_MESSAGES = {
  yesNo: 'Choose yes or no',
  noticeDays: `Choose a notice period from ${NOTICE_DAYS_RANGE.min} to ${NOTICE_DAYS_RANGE.max} days`,
  fixedMonths: `Choose a fixed term from ${FIXED_MONTHS_RANGE.min} to ${FIXED_MONTHS_RANGE.max} months`,
} as const;

const wholeInRange = (range: { min: number; max: number }, message: string) =>
  z.number(message).int(message).min(range.min, message).max(range.max, message);

/** Every preference, each omitted one taking its default; unknown fields are refused. */
export const SmartPigPreferencesSchema = z.strictObject({
  keepFullFSCSCover: z.boolean(PREFERENCE_MESSAGES.yesNo).default(DEFAULT_PREFERENCES.keepFullFSCSCover),
  avoidTeaserRates: z.boolean(PREFERENCE_MESSAGES.yesNo).default(DEFAULT_PREFERENCES.avoidTeaserRates),
  maxNoticeDays: wholeInRange(NOTICE_DAYS_RANGE, PREFERENCE_MESSAGES.noticeDays).default(
    DEFAULT_PREFERENCES.maxNoticeDays,
  ),
  maxFixedMonths: wholeInRange(FIXED_MONTHS_RANGE, PREFERENCE_MESSAGES.fixedMonths).default(
    DEFAULT_PREFERENCES.maxFixedMonths,
  ),
  useISAFirst: z.boolean(PREFERENCE_MESSAGES.yesNo).default(DEFAULT_PREFERENCES.useISAFirst),
});

export type PreferenceIssue = { field: string; message: string };

/**
 * Checks preferences as sent (`unknown`: straight from a request or storage): the whole set with
 * defaults filled in, or each problem once at its field.
 */
export function validatePreferences(
  value: unknown,
): { ok: true; preferences: SmartPigPreferences } | { ok: false; issues: PreferenceIssue[] } {
  const parsed = SmartPigPreferencesSchema.safeParse(value ?? {});
  if (parsed.success) return { ok: true, preferences: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((issue) => ({
      field: issue.path.join('.'),
      message:
        issue.code === 'unrecognized_keys'
          ? `This preference does not exist: ${issue.keys.join(', ')}`
          : issue.code === 'invalid_type' && issue.path.length === 0
            ? 'Preferences must be an object'
            : issue.message,
    })),
  };
}
