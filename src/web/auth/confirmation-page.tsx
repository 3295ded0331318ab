import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { z } from 'zod';
import { paths } from '../app/paths.ts';
import { Button } from '../ui/button.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { AuthCard } from './auth-card.tsx';
import { DevMailboxLink } from './dev-mailbox-link.tsx';
import { readPendingSignup } from './pending-signup.ts';
import { EmailSchema } from './schemas.ts';
import { ResendVerificationButton, resendButtonLabel } from './resend-verification-button.tsx';
import { useResendVerification } from './use-resend-verification.ts';
import { type PromoTrial, signUpTrialWords } from '../../core/subscriptions/sign-up-trial.ts';

const ResendSchema = z.object({ email: EmailSchema });

/** What a promo code typed at sign-up adds to the trial (the sign-up's answer, in navigation state). */
function promoTrialFromState(state: unknown): PromoTrial | null {
  const promo = (state as { promoTrial?: unknown } | null)?.promoTrial;
  if (typeof promo !== 'object' || promo === null) return null;
  const { durationDays, durationMonths } = promo as Record<string, unknown>;
  const count = (n: unknown) => (typeof n === 'number' && Number.isInteger(n) ? n : null);
  return { durationDays: count(durationDays), durationMonths: count(durationMonths) };
}

function emailFromState(state: unknown): string | null {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' && email ? email : null;
}

function ResendForTypedAddress() {
  const { resend, isSending, isCoolingDown } = useResendVerification('lookup');
  const form = useForm<z.input<typeof ResendSchema>, unknown, z.output<typeof ResendSchema>>({
    resolver: zodResolver(ResendSchema),
    defaultValues: { email: '' },
  });
  return (
    <form className="grid gap-3" noValidate onSubmit={form.handleSubmit((values) => resend(values.email))}>
      <FormField label="Email address" error={form.formState.errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
      </FormField>
      <Button type="submit" variant="outline" size="lg" disabled={isSending || isCoolingDown}>
        {resendButtonLabel(isSending, isCoolingDown)}
      </Button>
    </form>
  );
}

/** After sign-up: "check your e-mail" with a resend button (000 §2, §8). */
export function ConfirmationPage() {
  const location = useLocation();
  const email = emailFromState(location.state) ?? readPendingSignup()?.email ?? null;
  const trial = signUpTrialWords(promoTrialFromState(location.state));

  return (
    <AuthCard
      icon={
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-success-soft text-success">
          <MailCheck className="size-7" aria-hidden />
        </span>
      }
      title="Check your email"
      description={
        <div className="grid gap-2">
          <p>Registration successful!</p>
          {email ? (
            <p>
              We've sent a verification link to <strong className="break-all text-foreground">{email}</strong>. Please
              check your email to verify your address and activate your {trial}.
            </p>
          ) : (
            <p>Please check your email to verify your address and activate your {trial}.</p>
          )}
        </div>
      }
      footer={
        <>
          Already verified?{' '}
          <Link to={paths.login()} className="font-medium text-brand underline-offset-4 hover:underline">
            Log in
          </Link>
        </>
      }
    >
      <div className="grid gap-5">
        <ul className="grid gap-2 rounded-lg bg-muted p-4 text-sm">
          <li>Open the email from SavvyPig and select the verification link.</li>
          <li>Can't see it? Check your spam or junk folder, or wait a minute and resend it.</li>
        </ul>
        {email ? (
          <ResendVerificationButton flow="confirmation" email={email} variant="outline" size="lg" className="w-full" />
        ) : (
          <ResendForTypedAddress />
        )}
        <DevMailboxLink />
      </div>
    </AuthCard>
  );
}
