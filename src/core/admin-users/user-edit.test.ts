import { describe, expect, it } from 'vitest';
import { ADMIN_USER_TEXTS, adminUserUpdateSchema, changedFields, selfEditRefusal } from './user-edit.ts';

const schema = adminUserUpdateSchema('2026-11-29');
const messageOf = (input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('the admin user edit rules', () => {
  it('takes any subset of the four parts, normalised as the profile form is', () => {
    expect(
      schema.parse({
        profile: { firstName: ' Sam ', postcode: 'sw1a1aa', town: '' },
        role: 'admin',
        settings: { hasIsas: true, maxAccounts: null, suspensionReason: '  x  ' },
        subscription: { adminOverride: false },
      }),
    ).toEqual({
      profile: { firstName: 'Sam', postcode: 'SW1A 1AA', town: null },
      role: 'admin',
      settings: { hasIsas: true, maxAccounts: null, suspensionReason: 'x' },
      subscription: { adminOverride: false },
    });
  });

  it('wants Maximum Accounts as a whole number from 0 to 1,000', () => {
    for (const maxAccounts of [0, 1, 1000]) expect(messageOf({ settings: { maxAccounts } })).toBeNull();
    for (const maxAccounts of [-1, 1.5, 1001, '2', Number.NaN]) {
      expect(messageOf({ settings: { maxAccounts } })).toBe(ADMIN_USER_TEXTS.maxAccounts);
    }
  });

  it('wants a reason with a suspension, and something to update', () => {
    expect(messageOf({ settings: { suspended: true } })).toBe(ADMIN_USER_TEXTS.reasonRequired);
    expect(messageOf({ settings: { suspended: true, suspensionReason: '   ' } })).toBe(ADMIN_USER_TEXTS.reasonRequired);
    expect(messageOf({ settings: { suspended: true, suspensionReason: 'Fraud review' } })).toBeNull();
    expect(messageOf({ settings: { suspended: false } })).toBeNull();
    expect(messageOf({})).toBe(ADMIN_USER_TEXTS.nothingToUpdate);
    expect(messageOf({ profile: {}, settings: {} })).toBe(ADMIN_USER_TEXTS.nothingToUpdate);
  });

  it('refuses the e-mail address and anything it does not know, naming it', () => {
    expect(messageOf({ email: 'x@example.com' })).toBe('This field cannot be changed here: email');
    expect(messageOf({ profile: { email: 'x@example.com' } })).toBe('This profile field cannot be changed here: email');
    expect(messageOf({ settings: { darkModeEnabled: true } })).toBe(
      'This setting cannot be changed here: darkModeEnabled',
    );
    expect(messageOf({ subscription: { tier: 'bigpig' } })).toBe(
      'This subscription field cannot be changed here: tier',
    );
    expect(messageOf({ role: 'owner' })).toBe('Role must be subscriber or admin');
  });

  it('refuses an admin demoting or suspending themselves, and nobody else', () => {
    expect(selfEditRefusal({ role: 'subscriber' }, true)).toBe(ADMIN_USER_TEXTS.ownAdminRole);
    expect(selfEditRefusal({ settings: { suspended: true } }, true)).toBe(ADMIN_USER_TEXTS.ownSuspension);
    expect(selfEditRefusal({ role: 'admin', settings: { suspended: false, hasIsas: true } }, true)).toBeNull();
    expect(selfEditRefusal({ role: 'subscriber', settings: { suspended: true } }, false)).toBeNull();
  });

  it('keeps only the fields that change, as they were and as they are', () => {
    expect(changedFields({ a: 1, b: 'x', c: null }, { a: 1, b: 'y', c: undefined })).toEqual({
      before: { b: 'x' },
      after: { b: 'y' },
    });
    expect(changedFields({ a: 1 }, { a: 1 })).toBeNull();
    expect(changedFields({ a: null }, { a: 0 })).toEqual({ before: { a: null }, after: { a: 0 } });
  });
});
