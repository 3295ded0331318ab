import type { AccountSession, Profile, UserSettings } from './api.ts';

/** Test data for the settings screens (used by the *.test.tsx files only). */
export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    email: 'jane@example.com',
    firstName: 'Jane',
    lastName: 'Doe',
    avatarUrl: null,
    mobileNumber: null,
    profession: null,
    companyName: null,
    dateOfBirth: null,
    addressLine1: null,
    addressLine2: null,
    town: null,
    county: null,
    postcode: null,
    marketingOptIn: false,
    leadSource: null,
    updatedAt: '2026-11-21T09:00:00.000Z',
    ...overrides,
  };
}

export function makeSettings(overrides: Partial<UserSettings> = {}): UserSettings {
  return {
    maxAccounts: null,
    darkModeEnabled: false,
    notificationsEnabled: true,
    loginNotificationsEnabled: true,
    twoFactorEnabled: false,
    defaultCurrency: 'GBP',
    ...overrides,
  };
}

export function makeSessions(): AccountSession[] {
  return [
    {
      id: 'session-here',
      browser: 'Firefox',
      os: 'Windows',
      ipAddress: '203.0.113.9',
      createdAt: '2026-11-20T08:00:00.000Z',
      lastActiveAt: '2026-11-21T09:00:00.000Z',
      isCurrent: true,
    },
    {
      id: 'session-phone',
      browser: 'Safari',
      os: 'iPhone',
      ipAddress: '203.0.113.10',
      createdAt: '2026-11-19T18:30:00.000Z',
      lastActiveAt: '2026-11-20T21:15:00.000Z',
      isCurrent: false,
    },
  ];
}
