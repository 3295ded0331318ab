import type { ProfileFieldsInput } from '../../../core/profile/profile-schema.ts';
import type { Profile } from '../api.ts';

/** The form's fields as strings ('' for nothing), the marketing choice as a boolean. */
export type ProfileFormValues = {
  [K in keyof ProfileFieldsInput]-?: K extends 'marketingOptIn' ? boolean : string;
};

export function profileToFormValues(profile: Profile): ProfileFormValues {
  return {
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    mobileNumber: profile.mobileNumber ?? '',
    profession: profile.profession ?? '',
    companyName: profile.companyName ?? '',
    dateOfBirth: profile.dateOfBirth ?? '',
    addressLine1: profile.addressLine1 ?? '',
    addressLine2: profile.addressLine2 ?? '',
    town: profile.town ?? '',
    county: profile.county ?? '',
    postcode: profile.postcode ?? '',
    marketingOptIn: profile.marketingOptIn,
    leadSource: profile.leadSource ?? '',
  };
}
