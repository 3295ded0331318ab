/**
 * Rules for the profile fields of 000 §3 and 002 §3. Pure: "today" is passed in.
 * The web form and the API validate with the same schema (profile-schema.ts).
 */

/** The earliest date of birth accepted (the date picker's range also starts in 1900). */
export const EARLIEST_DATE_OF_BIRTH = '1900-01-01';

// The Royal Mail pattern for a full UK postcode (GOV.UK's published form), with an optional
// space before the inward code; BFPO and overseas territories are not included.
const UK_POSTCODE =
  /^(GIR ?0AA|[A-PR-UWYZ]([0-9]{1,2}|([A-HK-Y][0-9]([0-9ABEHMNPRV-Y])?)|[0-9][A-HJKPS-UW]) ?[0-9][ABD-HJLNP-UW-Z]{2})$/;

/** 'sw1a1aa' → 'SW1A 1AA'; null when it is not a full UK postcode. */
export function normaliseUkPostcode(input: string): string | null {
  const compact = input.replace(/\s+/g, '').toUpperCase();
  if (!UK_POSTCODE.test(compact)) return null;
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/**
 * '+44 (0)7700-900123', '0044 7700 900123', '07700900123' → '07700 900123'; null when it is not
 * a UK mobile number (07 followed by nine digits).
 */
export function normaliseUkMobile(input: string): string | null {
  let digits = input.replace(/[\s().-]/g, '');
  if (digits.startsWith('+44')) digits = `0${digits.slice(3).replace(/^0/, '')}`;
  else if (digits.startsWith('0044')) digits = `0${digits.slice(4).replace(/^0/, '')}`;
  if (!/^07\d{9}$/.test(digits)) return null;
  return `${digits.slice(0, 5)} ${digits.slice(5)}`;
}

/** Where the user heard of SavvyPig (the spec's `lead_source`), as stored. */
export const LEAD_SOURCES = [
  'search_engine',
  'social_media',
  'friend_or_family',
  'comparison_site',
  'news_article',
  'advert',
  'other',
] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  search_engine: 'Search engine',
  social_media: 'Social media',
  friend_or_family: 'Friend or family',
  comparison_site: 'Comparison website',
  news_article: 'News article or blog',
  advert: 'Advert',
  other: 'Somewhere else',
};

/** Longest value accepted for each free-text field. */
export const PROFILE_TEXT_LIMITS = {
  firstName: 100,
  lastName: 100,
  profession: 100,
  companyName: 200,
  addressLine1: 200,
  addressLine2: 200,
  town: 100,
  county: 100,
} as const;
