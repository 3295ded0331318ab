import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { notify } from '../../app/notify.ts';
import { z } from 'zod';
import { loadAuthClient } from '../../app/api.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../auth/schemas.ts';
import { isTooCommonPassword, PASSWORD_TOO_COMMON_MESSAGE } from '../../auth/too-common-password.ts';
import { Button } from '../../ui/button.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { PasswordInput } from '../../ui/password-input.tsx';
import { settingsKeys } from '../api.ts';
import { SettingsSection } from '../settings-section.tsx';

/** The spec's update-password messages (000 §5, §8). */
export const PASSWORD_MESSAGES = {
  updated: 'Password updated successfully',
  failed: 'Failed to update password',
  tooShort: 'Password must be at least 8 characters',
  wrongCurrent: 'Your current password is incorrect',
} as const;

/** This form's toasts: a success takes an earlier failure away (ADR 0023). */
const PASSWORD_FORM = 'change-password';

const ChangePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Enter your current password'),
  newPassword: z
    .string()
    .min(MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES.tooShort)
    .max(MAX_PASSWORD_LENGTH, `Password must be ${MAX_PASSWORD_LENGTH} characters or fewer`),
  signOutOthers: z.boolean(),
});
type ChangePassword = z.infer<typeof ChangePasswordSchema>;

function failureMessage(error: { code?: string; message?: string; status?: number } | null | undefined): string {
  if (error?.code === 'INVALID_PASSWORD') return PASSWORD_MESSAGES.wrongCurrent;
  if (error?.code === 'PASSWORD_TOO_SHORT') return PASSWORD_MESSAGES.tooShort;
  if (isTooCommonPassword(error)) return PASSWORD_TOO_COMMON_MESSAGE;
  if (error?.status === 429) return 'Too many requests. Please wait before trying again';
  return PASSWORD_MESSAGES.failed;
}

/** Change the password (better-auth's change-password), optionally signing out other devices. */
export function PasswordSection() {
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ChangePassword>({
    resolver: zodResolver(ChangePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', signOutOthers: true },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async (values: ChangePassword) => {
    setFormError(null);
    let message: string | null = null;
    try {
      const authClient = await loadAuthClient();
      const result = await authClient.changePassword({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
        revokeOtherSessions: values.signOutOthers,
      });
      if (result.error) message = failureMessage(result.error);
    } catch {
      message = PASSWORD_MESSAGES.failed;
    }
    if (message) {
      if (message === PASSWORD_MESSAGES.wrongCurrent) form.setError('currentPassword', { message });
      else if (message === PASSWORD_TOO_COMMON_MESSAGE)
        form.setError('newPassword', { message }, { shouldFocus: true });
      else setFormError(message);
      notify.error(message, { form: PASSWORD_FORM });
      return;
    }
    form.reset();
    notify.success(PASSWORD_MESSAGES.updated, { form: PASSWORD_FORM });
    void queryClient.invalidateQueries({ queryKey: settingsKeys.sessions });
  };

  return (
    <SettingsSection
      title="Password"
      description={`Use at least ${MIN_PASSWORD_LENGTH} characters. A long phrase is easier to remember and harder to guess.`}
    >
      <FormError message={formError} />
      <form
        noValidate
        onSubmit={form.handleSubmit(onSubmit)}
        className="grid max-w-md gap-5"
        aria-label="Change password"
      >
        <FormField label="Current password" error={errors.currentPassword?.message}>
          <PasswordInput autoComplete="current-password" {...form.register('currentPassword')} />
        </FormField>
        <FormField label="New password" error={errors.newPassword?.message}>
          <PasswordInput autoComplete="new-password" {...form.register('newPassword')} />
        </FormField>
        <label className="flex items-start gap-3 text-sm">
          <input type="checkbox" className="mt-0.5 size-4 accent-primary" {...form.register('signOutOthers')} />
          <span>
            <span className="font-medium">Sign out of all other devices</span>
            <span className="block text-muted-foreground">
              Recommended if you think someone else knows your password.
            </span>
          </span>
        </label>
        <Button type="submit" disabled={isSubmitting} className="w-fit">
          <KeyRound aria-hidden />
          {isSubmitting ? 'Updating...' : 'Update password'}
        </Button>
      </form>
    </SettingsSection>
  );
}
