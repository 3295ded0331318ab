import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { MailCheck, ShieldCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { meQueryKey, type Me, useMe } from '../app/api.ts';
import { authClient } from '../app/auth-client.ts';
import { isRegistered, paths } from '../app/paths.ts';
import { isPasswordRecovery, isSameOriginPath, takePostSignInDestination } from '../app/route-memory.ts';
import { Alert, AlertTitle } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { FormError } from '../ui/form-error.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { PasswordInput } from '../ui/password-input.tsx';
import { AuthCard } from './auth-card.tsx';
import { EMAIL_CONFIRMED_SIGN_IN_MESSAGE, type EmailConfirmedState } from './email-confirmed.ts';
import { type AuthClientError, SIGN_IN_FORM, signInErrorMessage } from './auth-errors.ts';
import { clearPendingSignup } from './pending-signup.ts';
import type { ChallengeMethod } from './two-factor-api.ts';
import { TwoFactorChallenge } from './two-factor-challenge.tsx';
import { type Login, type LoginInput, LoginSchema } from './schemas.ts';
import { notify } from '../app/notify.ts';

interface FromState {
  from?: { pathname?: string; search?: string; hash?: string };
}

function pathFromState(state: unknown): string | undefined {
  const from = (state as FromState | null)?.from;
  if (!from?.pathname) return undefined;
  const path = `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  return isSameOriginPath(path) ? path : undefined;
}

/** The login page, at /login and /auth. */
export function LoginPage() {
  const me = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [formError, setFormError] = useState<string | null>(null);
  // Set when the password was right and the account asks for a second factor (`requires2FA`).
  const [challenge, setChallenge] = useState<{ methods: ChallengeMethod[]; email: string } | null>(null);
  // Set once this page signs someone in, so the "already signed in" redirect stays out of the way.
  const signedInHere = useRef(false);

  const form = useForm<LoginInput, unknown, Login>({
    resolver: zodResolver(LoginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  // Sent here by a verification link that confirmed the address but could not sign in.
  const emailConfirmed = (location.state as EmailConfirmedState | null)?.emailConfirmed === true;

  // Someone signed in is sent on, except during a password recovery (000 §2).
  if (me.data && !signedInHere.current && !isPasswordRecovery(location))
    return <Navigate to={paths.dashboard()} replace />;

  const completeSignIn = async () => {
    signedInHere.current = true;
    await queryClient.invalidateQueries({ queryKey: meQueryKey, refetchType: 'all' });
    if (!queryClient.getQueryData<Me | null>(meQueryKey)) {
      // The cookie did not stick (e.g. cookies blocked): going on would only bounce back here.
      signedInHere.current = false;
      const message = 'Failed to sign in';
      setChallenge(null);
      setFormError(`${message}. Please check that cookies are allowed for this site and try again.`);
      notify.error(message, { form: SIGN_IN_FORM });
      return;
    }
    // The failed attempts before this one are over: their toasts go (ADR 0023).
    notify.formSucceeded(SIGN_IN_FORM);
    clearPendingSignup();
    const destination = takePostSignInDestination(pathFromState(location.state));
    await navigate(destination, { replace: true });
  };

  const onSubmit = async (values: Login) => {
    setFormError(null);
    let error: AuthClientError | null = null;
    let data: unknown = null;
    try {
      const result = await authClient.signIn.email({ email: values.email, password: values.password });
      error = result.error as AuthClientError | null;
      data = result.data;
    } catch {
      error = { status: 0 };
    }

    if (error) {
      const message = signInErrorMessage(error);
      setFormError(message);
      notify.error(message, { form: SIGN_IN_FORM });
      return;
    }
    const twoFactor = data as { twoFactorRedirect?: boolean; twoFactorMethods?: unknown } | null;
    if (twoFactor?.twoFactorRedirect) {
      const offered = Array.isArray(twoFactor.twoFactorMethods) ? twoFactor.twoFactorMethods : [];
      const methods = offered.filter((m): m is ChallengeMethod => m === 'totp' || m === 'otp');
      setChallenge({ methods: methods.length ? methods : ['otp'], email: values.email });
      return;
    }
    await completeSignIn();
  };

  if (challenge) {
    return (
      <AuthCard
        title="Two-factor authentication"
        description="Your password was right. Now confirm it's you with your second step."
        icon={<ShieldCheck className="size-12 text-brand" aria-hidden />}
      >
        <FormError message={formError} />
        <TwoFactorChallenge
          methods={challenge.methods}
          email={challenge.email}
          onVerified={completeSignIn}
          onRestart={(message) => {
            setChallenge(null);
            setFormError(message ?? null);
            form.resetField('password');
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Welcome back"
      description="Log in to see your savings and how well they're protected."
      footer={
        <>
          Don't have an account?{' '}
          <Link to={paths.signup()} className="font-medium text-brand underline-offset-4 hover:underline">
            Sign up
          </Link>
        </>
      }
    >
      {emailConfirmed && !formError ? (
        <Alert variant="success" className="mb-5">
          <MailCheck aria-hidden />
          <AlertTitle>{EMAIL_CONFIRMED_SIGN_IN_MESSAGE}</AlertTitle>
        </Alert>
      ) : null}
      <FormError message={formError} />
      <form className="grid gap-5" noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <FormField label="Email address" error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" spellCheck={false} {...form.register('email')} />
        </FormField>
        <div className="grid gap-2">
          <FormField label="Password" error={errors.password?.message}>
            <PasswordInput autoComplete="current-password" {...form.register('password')} />
          </FormField>
          {isRegistered('resetRequest') ? (
            <Link
              to={paths.resetRequest()}
              className="justify-self-end text-sm font-medium text-brand underline-offset-4 hover:underline"
            >
              Forgot password?
            </Link>
          ) : null}
        </div>
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
          {isSubmitting ? 'Logging in...' : 'Log in'}
        </Button>
      </form>
    </AuthCard>
  );
}
