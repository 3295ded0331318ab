import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { apiFetch, useMe } from '../app/api.ts';
import { paths } from '../app/paths.ts';
import { Button } from '../ui/button.tsx';
import { FormError } from '../ui/form-error.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { PasswordInput } from '../ui/password-input.tsx';
import { AuthCard } from './auth-card.tsx';
import { signUpErrorMessage } from './auth-errors.ts';
import { savePendingSignup } from './pending-signup.ts';
import { isTooCommonPassword, PASSWORD_TOO_COMMON_MESSAGE } from './too-common-password.ts';
import { MIN_PASSWORD_LENGTH, type Signup, type SignupInput, SignupSchema } from './schemas.ts';
import type { PromoTrial } from '../../core/subscriptions/sign-up-trial.ts';

export interface SignUpRequest {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  promoCode?: string;
}

/** Registers with `POST /api/account/sign-up`; it does not sign in (the e-mail must be verified). */
export function SignupPage() {
  const me = useMe();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SignupInput, unknown, Signup>({
    resolver: zodResolver(SignupSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', promoCode: '' },
  });
  const { errors, isSubmitting } = form.formState;

  if (me.data) return <Navigate to={paths.dashboard()} replace />;

  const onSubmit = async (values: Signup) => {
    setFormError(null);
    const body: SignUpRequest = {
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      password: values.password,
      ...(values.promoCode ? { promoCode: values.promoCode } : {}),
    };
    let userId: string | null = null;
    let promoTrial: PromoTrial | null = null;
    try {
      const answer = await apiFetch<{ userId?: unknown; promoTrial?: PromoTrial | null }>('/api/account/sign-up', {
        method: 'POST',
        json: body,
      });
      userId = typeof answer?.userId === 'string' ? answer.userId : null;
      promoTrial = answer?.promoTrial ?? null;
    } catch (error) {
      if (isTooCommonPassword(error))
        form.setError('password', { message: PASSWORD_TOO_COMMON_MESSAGE }, { shouldFocus: true });
      else setFormError(signUpErrorMessage(error));
      return;
    }
    savePendingSignup({ userId, email: values.email });
    await navigate(paths.authConfirmation(), { state: { email: values.email, promoTrial } });
  };

  return (
    <AuthCard
      title="Create your account"
      description="Start tracking your savings and see how much of your money is protected. Every new account begins with a 7-day free trial."
      footer={
        <>
          Already have an account?{' '}
          <Link to={paths.login()} className="font-medium text-brand underline-offset-4 hover:underline">
            Log in
          </Link>
        </>
      }
    >
      <FormError message={formError} />
      <form className="grid gap-5" noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label="First name" error={errors.firstName?.message}>
            <Input autoComplete="given-name" {...form.register('firstName')} />
          </FormField>
          <FormField label="Last name" error={errors.lastName?.message}>
            <Input autoComplete="family-name" {...form.register('lastName')} />
          </FormField>
        </div>
        <FormField label="Email address" error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" spellCheck={false} {...form.register('email')} />
        </FormField>
        <FormField
          label="Password"
          description={`Use at least ${MIN_PASSWORD_LENGTH} characters. A few unrelated words make a strong password.`}
          error={errors.password?.message}
        >
          <PasswordInput autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <FormField label="Promo code" optional error={errors.promoCode?.message}>
          <Input autoComplete="off" spellCheck={false} autoCapitalize="characters" {...form.register('promoCode')} />
        </FormField>
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
          {isSubmitting ? 'Creating your account...' : 'Create account'}
        </Button>
        <p className="text-center text-xs leading-relaxed text-muted-foreground">
          By creating an account you agree to our{' '}
          <Link to={paths.legal('terms')} className="underline underline-offset-2 hover:text-foreground">
            terms
          </Link>{' '}
          and confirm you have read our{' '}
          <Link to={paths.legal('privacy')} className="underline underline-offset-2 hover:text-foreground">
            privacy notice
          </Link>
          .
        </p>
      </form>
    </AuthCard>
  );
}
