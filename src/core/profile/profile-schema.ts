import { z } from 'zod';
import { type CalendarDate, isCalendarDate } from '../dates/calendar-date.ts';
import {
  EARLIEST_DATE_OF_BIRTH,
  LEAD_SOURCES,
  normaliseUkMobile,
  normaliseUkPostcode,
  PROFILE_TEXT_LIMITS,
} from './profile-rules.ts';

export const PROFILE_MESSAGES = {
  firstNameRequired: 'Enter your first name',
  lastNameRequired: 'Enter your last name',
  postcode: 'Enter a full UK postcode, like SW1A 1AA',
  mobile: 'Enter a UK mobile number, like 07700 900123',
  dateOfBirthInvalid: 'Enter a real date of birth, like 31/12/1980',
  dateOfBirthFuture: 'Date of birth must be in the past',
  dateOfBirthTooEarly: 'Date of birth must be on or after 01/01/1900',
  leadSource: 'Choose where you heard about us',
} as const;

const LABELS: Record<keyof typeof PROFILE_TEXT_LIMITS, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  profession: 'Profession',
  companyName: 'Company name',
  addressLine1: 'Address line 1',
  addressLine2: 'Address line 2',
  town: 'Town or city',
  county: 'County',
};

const tooLong = (field: keyof typeof PROFILE_TEXT_LIMITS) =>
  `${LABELS[field]} must be ${PROFILE_TEXT_LIMITS[field]} characters or fewer`;

/** A required name: trimmed, not blank. */
const name = (field: 'firstName' | 'lastName', required: string) =>
  z.string(required).trim().min(1, required).max(PROFILE_TEXT_LIMITS[field], tooLong(field));

/** An optional text: trimmed; blank (or null) is stored as null. */
const optionalText = (field: keyof typeof PROFILE_TEXT_LIMITS) =>
  z
    .string()
    .nullable()
    .transform((value) => value?.trim() || null)
    .pipe(z.string().max(PROFILE_TEXT_LIMITS[field], tooLong(field)).nullable());

/** A value that is blank (stored as null) or must pass `normalise`. */
const optionalNormalised = (normalise: (value: string) => string | null, message: string) =>
  z
    .string()
    .nullable()
    .transform((value, ctx) => {
      const trimmed = value?.trim() ?? '';
      if (trimmed === '') return null;
      const normalised = normalise(trimmed);
      if (normalised === null) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return normalised;
    });

function dateOfBirth(today: CalendarDate) {
  return z
    .string()
    .meta({ format: 'date' })
    .nullable()
    .transform((value, ctx): CalendarDate | null => {
      const trimmed = value?.trim() ?? '';
      // The spec: an empty date of birth is saved as null.
      if (trimmed === '') return null;
      if (!isCalendarDate(trimmed)) {
        ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.dateOfBirthInvalid });
        return z.NEVER;
      }
      // 'yyyy-MM-dd' strings compare in date order.
      if (trimmed < EARLIEST_DATE_OF_BIRTH) {
        ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.dateOfBirthTooEarly });
        return z.NEVER;
      }
      if (trimmed > today) {
        ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.dateOfBirthFuture });
        return z.NEVER;
      }
      return trimmed;
    });
}

const leadSource = z
  .string()
  .nullable()
  .transform((value) => value?.trim() || null)
  .pipe(z.enum(LEAD_SOURCES, PROFILE_MESSAGES.leadSource).nullable());

/** Every field the owner may edit (the e-mail is read-only; the avatar has its own route). */
export function profileFieldsSchema(today: CalendarDate) {
  return z.object({
    firstName: name('firstName', PROFILE_MESSAGES.firstNameRequired),
    lastName: name('lastName', PROFILE_MESSAGES.lastNameRequired),
    mobileNumber: optionalNormalised(normaliseUkMobile, PROFILE_MESSAGES.mobile),
    profession: optionalText('profession'),
    companyName: optionalText('companyName'),
    dateOfBirth: dateOfBirth(today),
    addressLine1: optionalText('addressLine1'),
    addressLine2: optionalText('addressLine2'),
    town: optionalText('town'),
    county: optionalText('county'),
    postcode: optionalNormalised(normaliseUkPostcode, PROFILE_MESSAGES.postcode),
    marketingOptIn: z.boolean('Marketing choice must be yes or no'),
    leadSource,
  });
}

/** PATCH /api/profile: any subset of the fields, at least one, and nothing else. */
export function profileUpdateSchema(today: CalendarDate) {
  return z
    .strictObject(profileFieldsSchema(today).partial().shape, {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? `This field cannot be changed here: ${issue.keys.join(', ')}` : undefined,
    })
    .refine((value) => Object.keys(value).length > 0, 'Nothing to update');
}

export type ProfileFieldsInput = z.input<ReturnType<typeof profileFieldsSchema>>;
export type ProfileFields = z.output<ReturnType<typeof profileFieldsSchema>>;
export type ProfileUpdate = z.output<ReturnType<typeof profileUpdateSchema>>;
