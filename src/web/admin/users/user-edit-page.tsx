import { UserX } from 'lucide-react';
import { useState } from 'react';
import { Controller, type Path, useForm } from 'react-hook-form';
import { useLocation, useParams } from 'react-router';
import {
  ADMIN_USER_TEXTS,
  type AdminUserUpdateInput,
  adminUserUpdateSchema,
  CURRENCIES,
  FEATURE_FLAG_FIELDS,
  FEATURE_FLAG_LABELS,
  type FeatureFlagField,
  USER_ROLES,
  type UserRole,
} from '../../../core/admin-users/user-edit.ts';
import { calendarDateInLondon } from '../../../core/dates/calendar-date.ts';
import { LEAD_SOURCE_LABELS, LEAD_SOURCES } from '../../../core/profile/profile-rules.ts';
import { ACCESS_REASON_LABELS } from '../../../core/subscriptions/access.ts';
import { TIER_LABELS } from '../../../core/subscriptions/tier.ts';
import { refusalReason } from '../../app/api.ts';
import { notify } from '../../app/notify.ts';
import { paths } from '../../app/paths.ts';
import { Badge } from '../../ui/badge.tsx';
import { Card, CardContent } from '../../ui/card.tsx';
import { DatePicker } from '../../ui/date-picker.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input, NativeSelect, Textarea } from '../../ui/input.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs.tsx';
import { AdminHeader } from '../admin-header.tsx';
import { AdminRecordFrame, AdminRecordPage, RecordFact, SaveChangesBar } from '../admin-record-page.tsx';
import { AuditLogView } from '../audit/audit-log-view.tsx';
import { dateTimeText } from '../audit/audit-text.ts';
import { PAYMENT_STATUS_LABELS, tableDateText } from '../subscriptions/subscription-text.ts';
import { type AdminUserDetail, useAdminUser, useUpdateAdminUser } from './api.ts';
import type { UsersListState } from './users-page.tsx';

const BACK = { to: paths.adminUsers(), label: 'Back to Users' };
const FORM = 'admin-user';

export const USER_TABS = ['profile', 'account', 'subscription', 'settings', 'hubspot', 'activity'] as const;
type Tab = (typeof USER_TABS)[number];
const TAB_LABELS: Record<Tab, string> = {
  profile: 'Profile',
  account: 'Account',
  subscription: 'Subscription',
  settings: 'Settings',
  hubspot: 'HubSpot',
  activity: 'Activity',
};

/** The form as the inputs hold it: text everywhere a box is typed in, in the API's four parts. */
type UserForm = {
  profile: {
    firstName: string;
    lastName: string;
    mobileNumber: string;
    profession: string;
    companyName: string;
    dateOfBirth: string;
    addressLine1: string;
    addressLine2: string;
    town: string;
    county: string;
    postcode: string;
    marketingOptIn: boolean;
    leadSource: string;
  };
  role: UserRole;
  settings: Record<FeatureFlagField, boolean> & {
    maxAccounts: string;
    suspended: boolean;
    suspensionReason: string;
    defaultCurrency: (typeof CURRENCIES)[number];
  };
  subscription: { adminOverride: boolean };
};

function formValues(user: AdminUserDetail): UserForm {
  const p = user.profile;
  const s = user.settings;
  return {
    profile: {
      firstName: p.firstName ?? '',
      lastName: p.lastName ?? '',
      mobileNumber: p.mobileNumber ?? '',
      profession: p.profession ?? '',
      companyName: p.companyName ?? '',
      dateOfBirth: p.dateOfBirth ?? '',
      addressLine1: p.addressLine1 ?? '',
      addressLine2: p.addressLine2 ?? '',
      town: p.town ?? '',
      county: p.county ?? '',
      postcode: p.postcode ?? '',
      marketingOptIn: p.marketingOptIn,
      leadSource: p.leadSource ?? '',
    },
    role: user.role,
    settings: {
      ...(Object.fromEntries(FEATURE_FLAG_FIELDS.map((f) => [f, s[f]])) as Record<FeatureFlagField, boolean>),
      maxAccounts: s.maxAccounts === null ? '' : String(s.maxAccounts),
      suspended: s.suspended,
      suspensionReason: s.suspensionReason ?? '',
      defaultCurrency: s.defaultCurrency,
    },
    subscription: { adminOverride: user.subscription.hasAdminOverride },
  };
}

/** Maximum Accounts as typed: empty is "the plan's limit" (null); anything else goes to the schema as a number. */
function maxAccountsValue(typed: string): number | null {
  const trimmed = typed.trim();
  return trimmed === '' ? null : Number(trimmed);
}

type Dirty = { [key: string]: boolean | Dirty | undefined };

/** The fields the admin changed, as the API takes them: each part only with what changed in it. */
export function updateOf(values: UserForm, dirty: Dirty): AdminUserUpdateInput {
  const update: AdminUserUpdateInput = {};
  const part = <K extends 'profile' | 'settings' | 'subscription'>(key: K) => {
    const changed = (dirty[key] ?? {}) as Dirty;
    const fields = Object.keys(changed).filter((field) => changed[field]);
    return fields.length > 0 ? fields : null;
  };
  const profileFields = part('profile');
  if (profileFields) {
    update.profile = Object.fromEntries(
      profileFields.map((field) => {
        const value = values.profile[field as keyof UserForm['profile']];
        return [field, value === '' ? null : value];
      }),
    );
  }
  if (dirty.role) update.role = values.role;
  const settingsFields = part('settings');
  if (settingsFields) {
    const settings: Record<string, unknown> = {};
    for (const field of settingsFields) {
      const value = values.settings[field as keyof UserForm['settings']];
      settings[field] = field === 'maxAccounts' ? maxAccountsValue(value as string) : value === '' ? null : value;
    }
    // A suspension is saved with its reason, and a reason with its suspension.
    if ('suspended' in settings || 'suspensionReason' in settings) {
      settings.suspended = values.settings.suspended;
      settings.suspensionReason = values.settings.suspended ? values.settings.suspensionReason : null;
    }
    update.settings = settings as AdminUserUpdateInput['settings'];
  }
  if (part('subscription')) update.subscription = { adminOverride: values.subscription.adminOverride };
  return update;
}

/** /admin/users/{userId}/edit (002 §2 Admin user detail page): six tabs and Save Changes. */
export function UserEditPage() {
  const { userId = '' } = useParams();
  // Back to the list's search and page when the list led here.
  const listSearch = (useLocation().state as UsersListState | null)?.listSearch ?? '';
  const back = { ...BACK, to: `${BACK.to}${listSearch.startsWith('?') ? listSearch : ''}` };
  return (
    <AdminRecordPage
      query={useAdminUser(userId)}
      title="User"
      back={back}
      texts={ADMIN_USER_TEXTS}
      missingIcon={UserX}
      missingHint="They may have deleted their account, or the link is wrong."
    >
      {(user) => <UserEditor key={user.userId} user={user} back={back} />}
    </AdminRecordPage>
  );
}

const when = (iso: string | null, none = 'Never') => (iso ? <time dateTime={iso}>{dateTimeText(iso)}</time> : none);

function displayName(user: AdminUserDetail): string {
  const name = [user.profile.firstName, user.profile.lastName].filter(Boolean).join(' ').trim();
  return name || user.email;
}

/** The tab each part of the form is on, to show the first field a refused save points at. */
function tabOfField(field: string): Tab {
  if (field.startsWith('profile')) return 'profile';
  if (field === 'role' || field.startsWith('settings.suspen')) return 'account';
  if (field.startsWith('subscription')) return 'subscription';
  return 'settings';
}

function UserEditor({ user, back }: { user: AdminUserDetail; back: typeof BACK }) {
  const update = useUpdateAdminUser(user.userId);
  const [tab, setTab] = useState<Tab>('profile');
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<UserForm>({ values: formValues(user) });
  const { errors, isDirty, dirtyFields } = form.formState;
  const suspended = form.watch('settings.suspended');
  const maxTyped = form.watch('settings.maxAccounts');

  const onSubmit = async (values: UserForm) => {
    setFormError(null);
    form.clearErrors();
    const change = updateOf(values, dirtyFields as Dirty);
    // The server's own schema, as the admin saves: the same messages before a round trip.
    const checked = adminUserUpdateSchema(calendarDateInLondon(new Date())).safeParse(change);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = issue.path.join('.');
        if (field) form.setError(field as Path<UserForm>, { message: issue.message });
      }
      const first = checked.error.issues[0];
      const field = first?.path.join('.') ?? '';
      if (field) setTab(tabOfField(field));
      setFormError(first?.message ?? ADMIN_USER_TEXTS.updateFailed);
      return;
    }
    try {
      await update.mutateAsync(change);
    } catch (error) {
      setFormError(refusalReason(error) ?? ADMIN_USER_TEXTS.updateFailed);
      notify.error(ADMIN_USER_TEXTS.updateFailed, { form: FORM });
      return;
    }
    notify.success(ADMIN_USER_TEXTS.updated, { form: FORM });
  };

  const err = (name: Path<UserForm>) => {
    const parts = name.split('.');
    let node: unknown = errors;
    for (const part of parts) node = (node as Record<string, unknown> | undefined)?.[part];
    return (node as { message?: string } | undefined)?.message;
  };
  const s = user.subscription;
  const cap = user.accountCap;

  return (
    <AdminRecordFrame>
      <AdminHeader
        title={displayName(user)}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span className="break-all">{user.email}</span>
            {user.role === 'admin' ? <Badge variant="info">Admin</Badge> : null}
            {user.settings.suspended ? <Badge variant="destructive">Suspended</Badge> : null}
            {user.presence.isOnline ? <Badge variant="success">Online now</Badge> : null}
          </span>
        }
        back={back}
      />
      <form className="mt-8 grid gap-6" noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <FormError message={formError} />
        <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
          <TabsList aria-label="User details" className="grid h-auto grid-cols-3 sm:inline-flex">
            {USER_TABS.map((t) => (
              <TabsTrigger key={t} value={t} className="min-h-11">
                {TAB_LABELS[t]}
              </TabsTrigger>
            ))}
          </TabsList>

          {/* The form's tabs stay mounted: a change on one survives a look at another. */}
          <TabsContent value="profile" forceMount hidden={tab !== 'profile'}>
            <Card>
              <CardContent className="grid gap-5">
                <div className="grid gap-5 sm:grid-cols-2">
                  <FormField label="First name" error={err('profile.firstName')}>
                    <Input autoComplete="off" {...form.register('profile.firstName')} />
                  </FormField>
                  <FormField label="Last name" error={err('profile.lastName')}>
                    <Input autoComplete="off" {...form.register('profile.lastName')} />
                  </FormField>
                </div>
                <FormField label="Email" hint="The address they sign in with; it cannot be changed here.">
                  <Input type="email" value={user.email} readOnly />
                </FormField>
                <div className="grid gap-5 sm:grid-cols-2">
                  <FormField label="Mobile number" optional error={err('profile.mobileNumber')}>
                    <Input type="tel" autoComplete="off" {...form.register('profile.mobileNumber')} />
                  </FormField>
                  <Controller
                    control={form.control}
                    name="profile.dateOfBirth"
                    render={({ field }) => (
                      <FormField label="Date of birth" optional error={err('profile.dateOfBirth')}>
                        <DatePicker
                          label="date of birth"
                          name={field.name}
                          value={field.value ?? ''}
                          onChange={field.onChange}
                          onBlur={field.onBlur}
                          latest={calendarDateInLondon(new Date())}
                        />
                      </FormField>
                    )}
                  />
                  <FormField label="Profession" optional error={err('profile.profession')}>
                    <Input autoComplete="off" {...form.register('profile.profession')} />
                  </FormField>
                  <FormField label="Company name" optional error={err('profile.companyName')}>
                    <Input autoComplete="off" {...form.register('profile.companyName')} />
                  </FormField>
                  <FormField label="Address line 1" optional error={err('profile.addressLine1')}>
                    <Input autoComplete="off" {...form.register('profile.addressLine1')} />
                  </FormField>
                  <FormField label="Address line 2" optional error={err('profile.addressLine2')}>
                    <Input autoComplete="off" {...form.register('profile.addressLine2')} />
                  </FormField>
                  <FormField label="Town or city" optional error={err('profile.town')}>
                    <Input autoComplete="off" {...form.register('profile.town')} />
                  </FormField>
                  <FormField label="County" optional error={err('profile.county')}>
                    <Input autoComplete="off" {...form.register('profile.county')} />
                  </FormField>
                  <FormField label="Postcode" optional error={err('profile.postcode')}>
                    <Input autoComplete="off" className="uppercase" {...form.register('profile.postcode')} />
                  </FormField>
                  <FormField label="Where they heard about us" optional error={err('profile.leadSource')}>
                    <NativeSelect {...form.register('profile.leadSource')}>
                      <option value="">Not given</option>
                      {LEAD_SOURCES.map((source) => (
                        <option key={source} value={source}>
                          {LEAD_SOURCE_LABELS[source]}
                        </option>
                      ))}
                    </NativeSelect>
                  </FormField>
                </div>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    {...form.register('profile.marketingOptIn')}
                  />
                  Marketing e-mails: they agreed to hear about offers and news
                </label>
              </CardContent>
            </Card>
          </TabsContent>

          <TabsContent value="account" forceMount hidden={tab !== 'account'}>
            <Card>
              <CardContent className="grid gap-5">
                <FormField
                  label="Role"
                  error={err('role')}
                  hint={user.isSelf ? 'This is you: another admin must remove your admin role.' : undefined}
                >
                  <NativeSelect className="sm:max-w-xs" disabled={user.isSelf} {...form.register('role')}>
                    {USER_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {role === 'admin' ? 'Admin' : 'Subscriber'}
                      </option>
                    ))}
                  </NativeSelect>
                </FormField>
                {user.isSelf ? (
                  <p className="text-sm text-muted-foreground">
                    You cannot suspend your own account: another admin must do it.
                  </p>
                ) : (
                  <div className="grid gap-3 rounded-lg border p-4">
                    <label className="flex items-center gap-2 text-sm font-medium">
                      <input
                        type="checkbox"
                        className="size-4 accent-primary"
                        {...form.register('settings.suspended')}
                      />
                      Suspended
                    </label>
                    <p className="text-sm text-muted-foreground">
                      Suspending signs them out everywhere at once and refuses their sign-in until it is lifted.
                    </p>
                    {suspended ? (
                      <FormField label="Reason for the suspension" error={err('settings.suspensionReason')}>
                        <Textarea rows={3} {...form.register('settings.suspensionReason')} />
                      </FormField>
                    ) : null}
                  </div>
                )}
                <dl className="grid gap-4 sm:grid-cols-2">
                  <RecordFact label="Joined">{when(user.createdAt)}</RecordFact>
                  <RecordFact label="Email verified">{user.emailVerified ? 'Yes' : 'No'}</RecordFact>
                  <RecordFact label="Two-factor authentication">
                    {user.settings.twoFactorEnabled ? 'On' : 'Off'}
                  </RecordFact>
                  <RecordFact label="Signed in now">
                    {user.activity.liveSessions === 1 ? '1 session' : `${user.activity.liveSessions} sessions`}
                  </RecordFact>
                </dl>
              </CardContent>
            </Card>
          </TabsContent>

          <TabsContent value="subscription" forceMount hidden={tab !== 'subscription'}>
            <Card>
              <CardContent className="grid gap-5">
                <dl className="grid gap-4 sm:grid-cols-2">
                  <RecordFact label="Plan now">
                    {TIER_LABELS[s.tier]} ({ACCESS_REASON_LABELS[s.accessReason]})
                  </RecordFact>
                  <RecordFact label="Subscription status">
                    {s.hasSubscription
                      ? (PAYMENT_STATUS_LABELS[s.paymentStatus] ?? s.paymentStatus)
                      : 'No subscription yet'}
                  </RecordFact>
                  <RecordFact label="Paid plan">{s.storedTier ? TIER_LABELS[s.storedTier] : 'None chosen'}</RecordFact>
                  <RecordFact label="Billing cycle">
                    {s.billingCycle === 'annual' ? 'Annual' : s.billingCycle === 'monthly' ? 'Monthly' : 'None'}
                  </RecordFact>
                  <RecordFact label={s.cancelAtPeriodEnd ? 'Ends' : 'Renews'}>
                    {tableDateText(s.currentPeriodEnd)}
                  </RecordFact>
                  <RecordFact label="Payment failures">
                    {s.paymentFailureCount === 0
                      ? 'None'
                      : `${s.paymentFailureCount}, the last on ${tableDateText(s.lastPaymentFailureAt)}`}
                  </RecordFact>
                  <RecordFact label="Trial ends">
                    {tableDateText(s.trialExpiresAt)}
                    {s.isTrialExpired ? ' (ended)' : ''}
                  </RecordFact>
                  <RecordFact label="Promo code">
                    {s.promoCode
                      ? `${s.promoCode}${s.promo ? ` until ${tableDateText(s.promo.expiresAt)}` : ''}`
                      : 'None'}
                  </RecordFact>
                  <RecordFact label="Card provider customer">{s.stripeCustomerId ?? 'None'}</RecordFact>
                  <RecordFact label="Card provider subscription">{s.stripeSubscriptionId ?? 'None'}</RecordFact>
                </dl>
                <div className="grid gap-2 rounded-lg border p-4">
                  <label className="flex items-center gap-2 text-sm font-medium">
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      {...form.register('subscription.adminOverride')}
                    />
                    Tier override: Big Pig
                  </label>
                  <p className="text-sm text-muted-foreground">
                    Gives them Big Pig whatever they pay. Their payment status and paid plan stay the card
                    provider&apos;s.
                  </p>
                </div>
              </CardContent>
            </Card>
          </TabsContent>

          <TabsContent value="settings" forceMount hidden={tab !== 'settings'}>
            <Card>
              <CardContent className="grid gap-5">
                <fieldset className="grid gap-2">
                  <legend className="mb-2 text-sm font-medium">Features granted whatever the plan</legend>
                  <div className="grid gap-2 sm:grid-cols-2">
                    {FEATURE_FLAG_FIELDS.map((flag) => (
                      <label key={flag} className="flex items-center gap-2 text-sm">
                        <input
                          type="checkbox"
                          className="size-4 accent-primary"
                          {...form.register(`settings.${flag}`)}
                        />
                        {FEATURE_FLAG_LABELS[flag]}
                      </label>
                    ))}
                  </div>
                </fieldset>
                <div className="grid gap-5 sm:grid-cols-2">
                  <FormField
                    label="Maximum Accounts"
                    optional
                    error={err('settings.maxAccounts')}
                    hint={
                      maxTyped.trim() === ''
                        ? `Empty: the plan's limit applies (${cap.source === 'tier' && cap.max !== null ? cap.max : 'no limit'} now).`
                        : 'A whole number; it replaces the plan’s limit, up or down.'
                    }
                  >
                    <Input
                      type="number"
                      inputMode="numeric"
                      min={0}
                      step={1}
                      {...form.register('settings.maxAccounts')}
                    />
                  </FormField>
                  <FormField label="Default currency" error={err('settings.defaultCurrency')}>
                    <NativeSelect {...form.register('settings.defaultCurrency')}>
                      {CURRENCIES.map((currency) => (
                        <option key={currency} value={currency}>
                          {currency}
                        </option>
                      ))}
                    </NativeSelect>
                  </FormField>
                </div>
                <dl className="grid gap-4 sm:grid-cols-3">
                  <RecordFact label="Dark mode">{user.settings.darkModeEnabled ? 'On' : 'Off'}</RecordFact>
                  <RecordFact label="Notifications">{user.settings.notificationsEnabled ? 'On' : 'Off'}</RecordFact>
                  <RecordFact label="Sign-in alerts">
                    {user.settings.loginNotificationsEnabled ? 'On' : 'Off'}
                  </RecordFact>
                </dl>
                <p className="text-sm text-muted-foreground">Their own preferences: they change these themselves.</p>
              </CardContent>
            </Card>
          </TabsContent>

          <TabsContent value="hubspot">
            <Card>
              <CardContent>
                <p className="mb-4 text-sm text-muted-foreground">
                  What the CRM sync recorded for this user. These fields are the sync&apos;s to write.
                </p>
                <dl className="grid gap-4 sm:grid-cols-2">
                  <RecordFact label="HubSpot contact ID">{user.hubspot.contactId ?? 'Not synced'}</RecordFact>
                  <RecordFact label="Lifecycle stage">{user.hubspot.lifecycleStage ?? 'None'}</RecordFact>
                  <RecordFact label="Lead score">{user.hubspot.leadScore ?? 'None'}</RecordFact>
                  <RecordFact label="Last activity in HubSpot">
                    {when(user.hubspot.lastActivityDate, 'None')}
                  </RecordFact>
                  <RecordFact label="Last synced">{when(user.hubspot.syncedAt)}</RecordFact>
                </dl>
              </CardContent>
            </Card>
          </TabsContent>

          <TabsContent value="activity" className="grid gap-4">
            <Card>
              <CardContent>
                <h2 className="mb-4 text-lg font-semibold">Sign-ins</h2>
                <dl className="grid gap-4 sm:grid-cols-2">
                  <RecordFact label="Last signed in">{when(user.activity.lastLoginAt)}</RecordFact>
                  <RecordFact label="Last active">{when(user.activity.lastActiveAt)}</RecordFact>
                  <RecordFact label="Last signed out">{when(user.activity.lastSignoutAt)}</RecordFact>
                  <RecordFact label="Last signed out for inactivity">{when(user.activity.lastAutoLogoutAt)}</RecordFact>
                  <RecordFact label="Online now">
                    {user.presence.isOnline ? (user.presence.status === 'away' ? 'Away' : 'Yes') : 'No'}
                  </RecordFact>
                  <RecordFact label="Devices signed in from">
                    {user.activity.devices.length === 0
                      ? 'None'
                      : `${user.activity.devices.length}, the latest last seen ${dateTimeText(user.activity.devices[0]!.lastSeenAt)}`}
                  </RecordFact>
                </dl>
              </CardContent>
            </Card>
            <AuditLogView
              label="What admins changed"
              subject={{ subjectType: 'user', subjectId: user.userId }}
              empty="No admin has changed this user yet."
            />
          </TabsContent>
        </Tabs>

        <SaveChangesBar dirty={isDirty} saving={update.isPending} />
      </form>
    </AdminRecordFrame>
  );
}
