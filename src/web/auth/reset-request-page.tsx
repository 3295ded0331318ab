import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { apiFetch } from '../app/api.ts';
import { paths } from '../app/paths.ts';
import { Alert, AlertTitle } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { FormError } from '../ui/form-error.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { AuthCard } from './auth-card.tsx';
import { RESET_MESSAGES, resetRequestErrorMessage } from './reset-messages.ts';
import { type ResetRequest, type ResetRequestInput, ResetRequestSchema } from './schemas.ts';

/** `/reset-request`: e-mails a reset link. The answer is the same whether or not the address has an account. */
export function ResetRequestPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ResetRequestInput, unknown, ResetRequest>({
    resolver: zodResolver(ResetRequestSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async ({ email }: ResetRequest) => {
    setFormError(null);
    setWarning(null);
    try {
      await apiFetch('/api/auth/request-password-reset', {
        method: 'POST',
        json: { email, redirectTo: paths.resetPassword() },
      });
      setSentTo(email);
    } catch (error) {
      const { message, isWarning } = resetRequestErrorMessage(error);
      if (isWarning) setWarning(message);
      else setFormError(message);
    }
  };

  const backToLogin = (
    <Link to={paths.login()} className="font-medium text-brand underline-offset-4 hover:underline">
      Back to log in
    </Link>
  );

  if (sentTo) {
    return (
      <AuthCard
        title="Check your email"
        icon={<MailCheck className="size-12 text-brand" aria-hidden />}
        footer={backToLogin}
      >
        <p role="status" className="text-center text-sm">
          {RESET_MESSAGES.requestSent}
        </p>
        <p className="mt-3 text-center text-sm text-muted-foreground">
          If <strong className="text-foreground">{sentTo}</strong> has a SavvyPig account, the link arrives within a few
          minutes and works for one hour.
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Reset your password"
      description="Enter the email address you signed up with and we'll send you a link to choose a new password."
      footer={backToLogin}
    >
      <FormError message={formError} />
      {warning ? (
        <Alert variant="warning" className="mb-5" role="alert">
          <AlertTitle>{warning}</AlertTitle>
        </Alert>
      ) : null}
      <form className="grid gap-5" noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <FormField label="Email address" error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" spellCheck={false} {...form.register('email')} />
        </FormField>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Send reset link'}
        </Button>
      </form>
    </AuthCard>
  );
}
