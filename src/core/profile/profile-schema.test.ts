import { describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES, profileFieldsSchema, profileUpdateSchema } from './profile-schema.ts';

const TODAY = '2026-11-21';

const complete = {
  firstName: ' Jane ',
  lastName: 'Doe',
  mobileNumber: '+44 7700 900123',
  profession: 'Teacher',
  companyName: '',
  dateOfBirth: '1985-03-02',
  addressLine1: '1 High Street',
  addressLine2: '   ',
  town: 'Leeds',
  county: 'West Yorkshire',
  postcode: 'ls1 4ap',
  marketingOptIn: true,
  leadSource: 'friend_or_family',
};

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : result.error?.issues[0]?.message;
}

describe('the profile fields schema', () => {
  it('trims, normalises and turns blanks into null', () => {
    expect(profileFieldsSchema(TODAY).parse(complete)).toEqual({
      firstName: 'Jane',
      lastName: 'Doe',
      mobileNumber: '07700 900123',
      profession: 'Teacher',
      companyName: null,
      dateOfBirth: '1985-03-02',
      addressLine1: '1 High Street',
      addressLine2: null,
      town: 'Leeds',
      county: 'West Yorkshire',
      postcode: 'LS1 4AP',
      marketingOptIn: true,
      leadSource: 'friend_or_family',
    });
  });

  it('saves an empty date of birth as null', () => {
    expect(profileFieldsSchema(TODAY).parse({ ...complete, dateOfBirth: '' }).dateOfBirth).toBeNull();
    expect(profileFieldsSchema(TODAY).parse({ ...complete, dateOfBirth: null }).dateOfBirth).toBeNull();
  });

  it('accepts a date of birth of today and of 1 January 1900, and refuses the days either side', () => {
    const schema = profileFieldsSchema(TODAY);
    expect(schema.parse({ ...complete, dateOfBirth: TODAY }).dateOfBirth).toBe(TODAY);
    expect(schema.parse({ ...complete, dateOfBirth: '1900-01-01' }).dateOfBirth).toBe('1900-01-01');
    expect(firstMessage(schema.safeParse({ ...complete, dateOfBirth: '2026-11-22' }))).toBe(
      PROFILE_MESSAGES.dateOfBirthFuture,
    );
    expect(firstMessage(schema.safeParse({ ...complete, dateOfBirth: '1899-12-31' }))).toBe(
      PROFILE_MESSAGES.dateOfBirthTooEarly,
    );
  });

  it('refuses dates that do not exist or are not yyyy-MM-dd', () => {
    const schema = profileFieldsSchema(TODAY);
    expect(firstMessage(schema.safeParse({ ...complete, dateOfBirth: '1990-02-30' }))).toBe(
      PROFILE_MESSAGES.dateOfBirthInvalid,
    );
    expect(firstMessage(schema.safeParse({ ...complete, dateOfBirth: '02/03/1985' }))).toBe(
      PROFILE_MESSAGES.dateOfBirthInvalid,
    );
  });

  it('names the rule a bad postcode, mobile number or lead source breaks', () => {
    const schema = profileFieldsSchema(TODAY);
    expect(firstMessage(schema.safeParse({ ...complete, postcode: '90210' }))).toBe(PROFILE_MESSAGES.postcode);
    expect(firstMessage(schema.safeParse({ ...complete, mobileNumber: '020 7946 0000' }))).toBe(
      PROFILE_MESSAGES.mobile,
    );
    expect(firstMessage(schema.safeParse({ ...complete, leadSource: 'carrier pigeon' }))).toBe(
      PROFILE_MESSAGES.leadSource,
    );
  });

  it('refuses a blank first or last name', () => {
    expect(firstMessage(profileFieldsSchema(TODAY).safeParse({ ...complete, firstName: '  ' }))).toBe(
      PROFILE_MESSAGES.firstNameRequired,
    );
    expect(firstMessage(profileFieldsSchema(TODAY).safeParse({ ...complete, lastName: '' }))).toBe(
      PROFILE_MESSAGES.lastNameRequired,
    );
  });

  it('refuses text longer than its limit', () => {
    expect(firstMessage(profileFieldsSchema(TODAY).safeParse({ ...complete, companyName: 'x'.repeat(201) }))).toBe(
      'Company name must be 200 characters or fewer',
    );
    expect(profileFieldsSchema(TODAY).safeParse({ ...complete, companyName: 'x'.repeat(200) }).success).toBe(true);
  });
});

describe('the profile update schema', () => {
  it('takes any subset of the fields', () => {
    expect(profileUpdateSchema(TODAY).parse({ town: 'York' })).toEqual({ town: 'York' });
  });

  it('refuses an empty update and fields that are not editable', () => {
    expect(firstMessage(profileUpdateSchema(TODAY).safeParse({}))).toBe('Nothing to update');
    expect(profileUpdateSchema(TODAY).safeParse({ email: 'x@example.com' }).success).toBe(false);
    expect(profileUpdateSchema(TODAY).safeParse({ avatarUrl: '/x' }).success).toBe(false);
  });
});
