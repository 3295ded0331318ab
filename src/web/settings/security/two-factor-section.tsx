import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, KeyRound, Mail, ShieldCheck, ShieldOff, Smartphone } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { meQueryKey, useMe } from '../../app/api.ts';
import { paths } from '../../app/paths.ts';
import {
  type TwoFactorStatus,
  VERIFY_EMAIL_MESSAGE,
  disableTwoFactor,
  enableEmailCodes,
  regenerateBackupCodes,
  startAuthenticatorEnrolment,
  twoFactorErrorMessage,
  twoFactorStatusQueryKey,
  useTwoFactorStatus,
} from '../../auth/two-factor-api.ts';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert.tsx';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { AuthenticatorSetup } from './authenticator-setup.tsx';
import { BackupCodesPanel } from './backup-codes-panel.tsx';
import { ConfirmPasswordForm } from './confirm-password-form.tsx';
import { useVerifiedOnly } from '../../auth/verified-only.tsx';
import { notify } from '../../app/notify.ts';

type PasswordAction = 'authenticator' | 'email' | 'backup-codes' | 'disable';
type View =
  | { step: 'overview' }
  | { step: 'password'; action: PasswordAction }
  | { step: 'scan'; totpURI: string; backupCodes: string[] }
  | { step: 'codes'; codes: string[] };

const PASSWORD_STEP: Record<PasswordAction, { intro: string; submit: string; pending: string; destructive?: boolean }> =
  {
    authenticator: {
      intro: 'To set up an authenticator app, first confirm your password.',
      submit: 'Continue',
      pending: 'Checking...',
    },
    email: {
      intro: "We'll email you a code each time you log in. Confirm your password to turn this on.",
      submit: 'Turn on email codes',
      pending: 'Turning on...',
    },
    'backup-codes': {
      intro: 'New backup codes replace the old ones, which stop working. Confirm your password to continue.',
      submit: 'Create new codes',
      pending: 'Creating...',
    },
    disable: {
      intro:
        'Without two-factor authentication, your password alone gets into your account. Confirm your password to turn it off.',
      submit: 'Turn off two-factor authentication',
      pending: 'Turning off...',
      destructive: true,
    },
  };

/** Settings › Security: turn two-factor authentication on or off and manage backup codes. */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const me = useMe();
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>({ step: 'overview' });
  // Enrolment needs a verified address: an unverified user is sent to verify it, and back here.
  const { guard } = useVerifiedOnly(paths.settings('security'));

  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: twoFactorStatusQueryKey }),
      queryClient.invalidateQueries({ queryKey: meQueryKey }),
    ]);
  };
  const backToOverview = () => setView({ step: 'overview' });

  const confirm = async (action: PasswordAction, password: string): Promise<string | null> => {
    try {
      if (action === 'authenticator') {
        const { totpURI, backupCodes } = await startAuthenticatorEnrolment(password);
        setView({ step: 'scan', totpURI, backupCodes });
      } else if (action === 'backup-codes') {
        const { backupCodes } = await regenerateBackupCodes(password);
        await refresh();
        notify.success('New backup codes created');
        setView({ step: 'codes', codes: backupCodes });
      } else {
        await (action === 'email' ? enableEmailCodes(password) : disableTwoFactor(password));
        await refresh();
        notify.success(action === 'email' ? 'Two-factor authentication is on' : 'Two-factor authentication is off');
        backToOverview();
      }
      return null;
    } catch (error) {
      return twoFactorErrorMessage(error, 'Something went wrong. Please try again.');
    }
  };

  const enabled = status.data?.enabled === true;
  let body: ReactNode;
  if (status.isPending) {
    body = (
      <div className="grid gap-3" role="status" aria-busy="true" aria-label="Loading two-factor settings">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-10 w-56" />
      </div>
    );
  } else if (status.isError) {
    body = (
      <Alert variant="destructive">
        <CircleAlert aria-hidden />
        <AlertTitle>We couldn't load your two-factor settings</AlertTitle>
        <AlertDescription>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void status.refetch()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  } else if (view.step === 'password') {
    const copy = PASSWORD_STEP[view.action];
    body = (
      <ConfirmPasswordForm
        intro={copy.intro}
        submitLabel={copy.submit}
        pendingLabel={copy.pending}
        variant={copy.destructive ? 'destructive' : 'default'}
        onConfirm={(password) => confirm(view.action, password)}
        onCancel={backToOverview}
      />
    );
  } else if (view.step === 'scan') {
    body = (
      <AuthenticatorSetup
        totpURI={view.totpURI}
        onCancel={backToOverview}
        onVerified={() => {
          void refresh();
          notify.success('Two-factor authentication is on');
          setView({ step: 'codes', codes: view.backupCodes });
        }}
      />
    );
  } else if (view.step === 'codes') {
    body = <BackupCodesPanel codes={view.codes} onDone={backToOverview} />;
  } else {
    body = (
      <Overview
        status={status.data}
        email={me.data?.user.email ?? 'your email address'}
        emailVerified={me.data?.user.emailVerified !== false}
        isAdmin={me.data?.isAdmin === true}
        onAction={(action) => {
          if (action === 'disable' || guard()) setView({ step: 'password', action });
        }}
      />
    );
  }

  return (
    <Card role="region" aria-labelledby="two-factor-title">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id="two-factor-title">Two-factor authentication</CardTitle>
          {status.data ? (
            enabled ? (
              <Badge variant="success">
                <ShieldCheck aria-hidden />
                On
              </Badge>
            ) : (
              <Badge variant="outline">
                <ShieldOff aria-hidden />
                Off
              </Badge>
            )
          ) : null}
        </div>
        <CardDescription>
          A second step when you log in, so your password alone is not enough to get into your account.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

function FactorRow({
  icon,
  title,
  detail,
  children,
}: {
  icon: ReactNode;
  title: string;
  detail: ReactNode;
  children?: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center">
      <div className="flex flex-1 items-start gap-3">
        <span className="mt-0.5 text-muted-foreground [&_svg]:size-5" aria-hidden>
          {icon}
        </span>
        <div className="grid gap-0.5">
          <p className="font-medium">{title}</p>
          <p className="text-sm text-muted-foreground">{detail}</p>
        </div>
      </div>
      {children}
    </li>
  );
}

function Overview({
  status,
  email,
  emailVerified,
  isAdmin,
  onAction,
}: {
  status: TwoFactorStatus;
  email: string;
  emailVerified: boolean;
  isAdmin: boolean;
  onAction: (action: PasswordAction) => void;
}) {
  const hasApp = status.factors.some((f) => f.factorType === 'totp');

  if (!status.enabled) {
    return (
      <div className="grid gap-4">
        {isAdmin ? (
          <Alert variant="warning">
            <CircleAlert aria-hidden />
            <AlertTitle>Admin pages need two-factor authentication</AlertTitle>
            <AlertDescription>
              <p>Turn it on to use the admin pages.</p>
            </AlertDescription>
          </Alert>
        ) : null}
        {emailVerified ? null : (
          <Alert variant="info">
            <Mail aria-hidden />
            <AlertTitle>{VERIFY_EMAIL_MESSAGE}</AlertTitle>
            <AlertDescription>
              <p>Two-factor authentication needs a verified email address.</p>
              <Link
                to={paths.verificationRequired(paths.settings('security'))}
                className="font-medium text-brand underline underline-offset-4"
              >
                Verify your email
              </Link>
            </AlertDescription>
          </Alert>
        )}
        <p className="text-sm text-muted-foreground">
          We recommend an authenticator app: codes sent by email are only as safe as your email account.
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button onClick={() => onAction('authenticator')}>
            <Smartphone aria-hidden />
            Set up an authenticator app
          </Button>
          <Button variant="outline" onClick={() => onAction('email')}>
            <Mail aria-hidden />
            Use email codes instead
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="grid gap-4">
      <ul className="divide-y">
        <FactorRow
          icon={<Smartphone />}
          title="Authenticator app"
          detail={hasApp ? 'Codes from the app on your phone.' : 'Not set up. An app is safer than email codes.'}
        >
          {hasApp ? (
            <Badge variant="success">Set up</Badge>
          ) : (
            <Button variant="outline" size="sm" onClick={() => onAction('authenticator')}>
              Set up an app
            </Button>
          )}
        </FactorRow>
        <FactorRow icon={<Mail />} title="Email codes" detail={`At log-in you can ask for a code sent to ${email}.`} />
        {hasApp ? (
          <FactorRow
            icon={<KeyRound />}
            title="Backup codes"
            detail={`${status.backupCodesRemaining ?? 0} of 10 left. Use one if you lose your phone.`}
          >
            <Button variant="outline" size="sm" onClick={() => onAction('backup-codes')}>
              Create new codes
            </Button>
          </FactorRow>
        ) : null}
      </ul>
      <div className="border-t pt-4">
        <Button variant="outline" className="text-destructive" onClick={() => onAction('disable')}>
          <ShieldOff aria-hidden />
          Turn off two-factor authentication
        </Button>
      </div>
    </div>
  );
}
