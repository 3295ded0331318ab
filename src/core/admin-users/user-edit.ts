/**
 * The admin user detail page's rules (002 §2 Admin user detail page, §3, §4, §5; issue 28): what
 * an admin may change on a user, in one schema the browser's form and the server both check, and
 * the two changes an admin may not make to themselves.
 */
import { z } from 'zod';
import type { CalendarDate } from '../dates/calendar-date.ts';
import { profileFieldsSchema } from '../profile/profile-schema.ts';

/** The spec's texts (002 §2, §8) and ours for the refusals it does not word. */
export const ADMIN_USER_TEXTS = {
  loading: 'Loading user data...',
  missing: 'User not found',
  loadFailed: 'Failed to load user data',
  updateFailed: 'Failed to update user',
  updated: 'User updated successfully',
  ownAdminRole: 'You cannot remove your own admin role: ask another admin to do it',
  ownSuspension: 'You cannot suspend your own account: ask another admin to do it',
  reasonRequired: 'Give a reason for the suspension',
  nothingToUpdate: 'Nothing to update',
  maxAccounts: 'Maximum Accounts must be a whole number from 0 to 1,000, or empty for the plan’s limit',
} as const;

export const USER_ROLES = ['subscriber', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const CURRENCIES = ['GBP', 'USD', 'EUR'] as const;

/** The largest account cap an admin may set (a cap above it is "unlimited" in all but name). */
export const MAX_ACCOUNTS_LIMIT = 1000;
/** A suspension reason is a note to other admins, not an essay. */
export const SUSPENSION_REASON_MAX = 500;

/** The feature flags of `user_settings` (002 §3), in the order the Settings tab lists them. */
export const FEATURE_FLAG_FIELDS = [
  'isAdFree',
  'hasIsas',
  'hasPensions',
  'hasMaturityCalculator',
  'hasMaturityNotifications',
  'hasRssNews',
  'hasPensionCalculator',
  'hasOpenBanking',
] as const;
export type FeatureFlagField = (typeof FEATURE_FLAG_FIELDS)[number];

export const FEATURE_FLAG_LABELS: Readonly<Record<FeatureFlagField, string>> = {
  isAdFree: 'Ad-free',
  hasIsas: 'ISA tracking',
  hasPensions: 'Pension tracking',
  hasMaturityCalculator: 'Maturity calculator',
  hasMaturityNotifications: 'Maturity notifications',
  hasRssNews: 'RSS news',
  hasPensionCalculator: 'Pension calculator',
  hasOpenBanking: 'Open Banking',
};

const flag = (label: string) => z.boolean(`${label} must be on or off`);

const settingsShape = {
  ...(Object.fromEntries(FEATURE_FLAG_FIELDS.map((f) => [f, flag(FEATURE_FLAG_LABELS[f])])) as Record<
    FeatureFlagField,
    z.ZodBoolean
  >),
  /** null: the plan's cap applies (core/accounts/account-cap.ts). */
  maxAccounts: z
    .number(ADMIN_USER_TEXTS.maxAccounts)
    .int(ADMIN_USER_TEXTS.maxAccounts)
    .min(0, ADMIN_USER_TEXTS.maxAccounts)
    .max(MAX_ACCOUNTS_LIMIT, ADMIN_USER_TEXTS.maxAccounts)
    .nullable(),
  suspended: z.boolean('Suspended must be on or off'),
  suspensionReason: z
    .string('The suspension reason must be text')
    .nullable()
    .transform((value) => value?.trim() || null)
    .pipe(
      z
        .string()
        .max(SUSPENSION_REASON_MAX, `The suspension reason must be ${SUSPENSION_REASON_MAX} characters or fewer`)
        .nullable(),
    ),
  defaultCurrency: z.enum(CURRENCIES, 'Choose GBP, USD or EUR'),
};

const strict = <S extends z.ZodRawShape>(shape: S, what: string) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `${what} cannot be changed here: ${issue.keys.join(', ')}` : undefined,
  });

/**
 * PATCH /api/admin/users/{userId}: any of the four parts the page saves, each any subset of its
 * fields. The e-mail address is not among them (read-only, 002 §5).
 */
export function adminUserUpdateSchema(today: CalendarDate) {
  return strict(
    {
      profile: strict(profileFieldsSchema(today).partial().shape, 'This profile field').optional(),
      role: z.enum(USER_ROLES, 'Role must be subscriber or admin').optional(),
      settings: strict(settingsShape, 'This setting').partial().optional(),
      subscription: strict(
        { adminOverride: z.boolean('The Big Pig override must be on or off') },
        'This subscription field',
      )
        .partial()
        .optional(),
    },
    'This field',
  ).superRefine((value, ctx) => {
    const parts = [value.profile, value.settings, value.subscription];
    if (value.role === undefined && parts.every((part) => part === undefined || Object.keys(part).length === 0)) {
      ctx.addIssue({ code: 'custom', message: ADMIN_USER_TEXTS.nothingToUpdate });
    }
    if (value.settings?.suspended === true && !value.settings.suspensionReason) {
      ctx.addIssue({
        code: 'custom',
        path: ['settings', 'suspensionReason'],
        message: ADMIN_USER_TEXTS.reasonRequired,
      });
    }
  });
}

export type AdminUserUpdateInput = z.input<ReturnType<typeof adminUserUpdateSchema>>;
export type AdminUserUpdate = z.output<ReturnType<typeof adminUserUpdateSchema>>;

/**
 * Why an admin may not make this change to their own account, or null. Losing the role or being
 * suspended would lock them out of the very page that could undo it; another admin must do it.
 */
export function selfEditRefusal(update: Pick<AdminUserUpdate, 'role' | 'settings'>, isSelf: boolean): string | null {
  if (!isSelf) return null;
  if (update.role === 'subscriber') return ADMIN_USER_TEXTS.ownAdminRole;
  if (update.settings?.suspended === true) return ADMIN_USER_TEXTS.ownSuspension;
  return null;
}

/**
 * The fields of `after` whose value differs from `before`'s, as they were and as they are (the
 * audit log keeps only what changed); null when nothing changes.
 */
export function changedFields<A extends Record<string, unknown>>(
  before: Readonly<Record<string, unknown>>,
  after: A,
): { before: Partial<A>; after: Partial<A> } | null {
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined || Object.is(before[key], value)) continue;
    was[key] = before[key];
    is[key] = value;
  }
  return Object.keys(is).length === 0 ? null : { before: was as Partial<A>, after: is as Partial<A> };
}
