import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { notify } from '../../app/notify.ts';
import { calendarDateInLondon } from '../../../core/dates/calendar-date.ts';
import { LEAD_SOURCE_LABELS, LEAD_SOURCES } from '../../../core/profile/profile-rules.ts';
import {
  type ProfileFields,
  type ProfileFieldsInput,
  profileFieldsSchema,
} from '../../../core/profile/profile-schema.ts';
import { ApiError } from '../../app/api.ts';
import { DraftNotice } from '../../drafts/draft-notice.tsx';
import { useFormDraft } from '../../drafts/use-form-draft.ts';
import { Button } from '../../ui/button.tsx';
import { DatePicker } from '../../ui/date-picker.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input, NativeSelect } from '../../ui/input.tsx';
import { Label } from '../../ui/label.tsx';
import { Switch } from '../../ui/switch.tsx';
import { PROFILE_MESSAGES, type Profile, useUpdateProfile } from '../api.ts';
import { SettingsSection } from '../settings-section.tsx';
import { profileToFormValues } from './profile-form-values.ts';

/** This form's toasts: a success takes an earlier failure away (ADR 0023). */
const PROFILE_FORM = 'profile';

function failureMessage(error: unknown): string {
  return error instanceof ApiError && error.status > 0 && error.status < 500 && error.message
    ? error.message
    : PROFILE_MESSAGES.failed;
}

/** Every profile field of 000 §3 and 002 §3 the owner may change; the e-mail is shown read-only. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const today = calendarDateInLondon(new Date());
  const schema = useMemo(() => profileFieldsSchema(today), [today]);
  const values = useMemo(() => profileToFormValues(profile), [profile]);
  const form = useForm<ProfileFieldsInput, unknown, ProfileFields>({
    resolver: zodResolver(schema),
    values,
    resetOptions: { keepDirtyValues: true },
  });
  const draft = useFormDraft({ formId: 'profile', form });
  const update = useUpdateProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const { errors, isSubmitting, isDirty } = form.formState;

  const onSubmit = async (fields: ProfileFields) => {
    setFormError(null);
    try {
      const saved = await update.mutateAsync(fields);
      draft.clear();
      // The saved values are the new starting point; nothing typed before the save stays dirty.
      form.reset(profileToFormValues(saved), { keepDirtyValues: false });
      notify.success(PROFILE_MESSAGES.updated, { form: PROFILE_FORM });
    } catch (error) {
      const message = failureMessage(error);
      setFormError(message);
      notify.error(message, { form: PROFILE_FORM });
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-6" aria-label="Profile details">
      <div className="empty:hidden">
        <DraftNotice restoredAt={draft.restoredAt} onDiscard={draft.discard} />
        <FormError message={formError} />
      </div>

      <SettingsSection title="Personal details" description="Your name appears in the menu and in emails we send you.">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label="First name" error={errors.firstName?.message}>
            <Input autoComplete="given-name" {...form.register('firstName')} />
          </FormField>
          <FormField label="Last name" error={errors.lastName?.message}>
            <Input autoComplete="family-name" {...form.register('lastName')} />
          </FormField>
          <FormField
            label="Email address"
            description="You sign in with this address; it can't be changed here."
            className="sm:col-span-2"
          >
            <Input type="email" value={profile.email} readOnly className="bg-muted text-muted-foreground" />
          </FormField>
          <FormField label="Mobile number" optional error={errors.mobileNumber?.message}>
            <Input
              type="tel"
              autoComplete="tel-national"
              inputMode="tel"
              placeholder="07700 900123"
              {...form.register('mobileNumber')}
            />
          </FormField>
          <Controller
            control={form.control}
            name="dateOfBirth"
            render={({ field }) => (
              <FormField label="Date of birth" optional error={errors.dateOfBirth?.message}>
                <DatePicker
                  label="date of birth"
                  autoComplete="bday"
                  name={field.name}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  latest={today}
                />
              </FormField>
            )}
          />
          <FormField label="Profession" optional error={errors.profession?.message}>
            <Input autoComplete="organization-title" {...form.register('profession')} />
          </FormField>
          <FormField label="Company name" optional error={errors.companyName?.message}>
            <Input autoComplete="organization" {...form.register('companyName')} />
          </FormField>
        </div>
      </SettingsSection>

      <SettingsSection title="Address" description="Your home address in the UK.">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label="Address line 1" optional error={errors.addressLine1?.message} className="sm:col-span-2">
            <Input autoComplete="address-line1" {...form.register('addressLine1')} />
          </FormField>
          <FormField label="Address line 2" optional error={errors.addressLine2?.message} className="sm:col-span-2">
            <Input autoComplete="address-line2" {...form.register('addressLine2')} />
          </FormField>
          <FormField label="Town or city" optional error={errors.town?.message}>
            <Input autoComplete="address-level2" {...form.register('town')} />
          </FormField>
          <FormField label="County" optional error={errors.county?.message}>
            <Input autoComplete="address-level1" {...form.register('county')} />
          </FormField>
          <FormField label="Postcode" optional error={errors.postcode?.message}>
            <Input autoComplete="postal-code" className="uppercase sm:max-w-40" {...form.register('postcode')} />
          </FormField>
        </div>
      </SettingsSection>

      <SettingsSection title="About you">
        <div className="grid gap-5">
          <Controller
            control={form.control}
            name="marketingOptIn"
            render={({ field }) => (
              <div className="flex items-start justify-between gap-4">
                <div className="grid gap-1">
                  <Label htmlFor="marketing-opt-in">Savings tips and offers by email</Label>
                  <p id="marketing-opt-in-help" className="text-sm text-muted-foreground">
                    Occasional news about better rates and new features. You can stop at any time.
                  </p>
                </div>
                <Switch
                  id="marketing-opt-in"
                  aria-describedby="marketing-opt-in-help"
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                />
              </div>
            )}
          />
          <FormField
            label="Where did you hear about us?"
            optional
            error={errors.leadSource?.message}
            className="sm:max-w-sm"
          >
            <NativeSelect {...form.register('leadSource')}>
              <option value="">Choose an answer</option>
              {LEAD_SOURCES.map((source) => (
                <option key={source} value={source}>
                  {LEAD_SOURCE_LABELS[source]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </div>
      </SettingsSection>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="lg" disabled={isSubmitting}>
          <Save aria-hidden />
          {isSubmitting ? 'Saving...' : 'Save changes'}
        </Button>
        {isDirty && !isSubmitting ? <p className="text-sm text-muted-foreground">You have unsaved changes.</p> : null}
      </div>
    </form>
  );
}
