import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { apiFetch } from '../app/api.ts';
import { paths } from '../app/paths.ts';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { FormError } from '../ui/form-error.tsx';
import { FormField } from '../ui/form-field.tsx';
import { PasswordInput } from '../ui/password-input.tsx';
import { AuthCard } from './auth-card.tsx';
import { RESET_MESSAGES, resetPasswordErrorMessage } from './reset-messages.ts';
import { isTooCommonPassword, PASSWORD_TOO_COMMON_MESSAGE } from './too-common-password.ts';
import { MIN_PASSWORD_LENGTH, type NewPassword, type NewPasswordInput, NewPasswordSchema } from './schemas.ts';
import { notify } from '../app/notify.ts';

/**
 * `/auth/reset-password`, reached from the e-mailed link (`?token=`). It never redirects a
 * signed-in visitor away: a recovery in progress must finish here.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<NewPasswordInput, unknown, NewPassword>({
    resolver: zodResolver(NewPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const requestAgain = (
    <Link to={paths.resetRequest()} className="font-medium text-brand underline-offset-4 hover:underline">
      Request a new link
    </Link>
  );

  // The old code-based reset (`?code=`) is gone; a failed link check arrives as `?error=`.
  const problem =
    params.has('code') && !token
      ? RESET_MESSAGES.deprecatedCode
      : params.has('error') || !token
        ? RESET_MESSAGES.linkInvalid
        : null;
  if (problem) {
    return (
      <AuthCard title="Set a new password" footer={requestAgain}>
        <Alert variant="warning" role="alert">
          <AlertTitle>{problem}</AlertTitle>
          <AlertDescription>Reset links work once, for one hour.</AlertDescription>
        </Alert>
      </AuthCard>
    );
  }

  const onSubmit = async ({ password }: NewPassword) => {
    setFormError(null);
    try {
      await apiFetch('/api/auth/reset-password', { method: 'POST', json: { token, newPassword: password } });
    } catch (error) {
      if (isTooCommonPassword(error))
        form.setError('password', { message: PASSWORD_TOO_COMMON_MESSAGE }, { shouldFocus: true });
      else setFormError(resetPasswordErrorMessage(error));
      return;
    }
    notify.success(RESET_MESSAGES.updated);
    await navigate(paths.login(), { replace: true });
  };

  return (
    <AuthCard
      title="Set a new password"
      description="Choose a password you don't use anywhere else. Changing it signs you out on every other device."
      footer={requestAgain}
    >
      <FormError message={formError} />
      <form className="grid gap-5" noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <FormField
          label="New password"
          description={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          error={errors.password?.message}
        >
          <PasswordInput autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
          <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
        </FormField>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save new password'}
        </Button>
      </form>
    </AuthCard>
  );
}
