import { KeyRound, Mail, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../ui/button.tsx';
import { OneTimeCodeForm } from './one-time-code-form.tsx';
import {
  type ChallengeAnswer,
  type ChallengeMethod,
  answerChallenge,
  isChallengeExpired,
  sendSignInCode,
  twoFactorErrorMessage,
} from './two-factor-api.ts';
import { notify } from '../app/notify.ts';
import { SIGN_IN_FORM } from './auth-errors.ts';

const SIGN_IN_FAILED = 'Failed to sign in';

const COPY: Record<ChallengeAnswer, { label: string; description: string; kind: 'digits' | 'backup' }> = {
  totp: {
    label: 'Authenticator code',
    description: 'Open your authenticator app and enter the 6-digit code it shows for SavvyPig.',
    kind: 'digits',
  },
  otp: {
    label: 'Email code',
    description: 'Enter the 6-digit code we emailed you. It works for 5 minutes.',
    kind: 'digits',
  },
  'backup-code': {
    label: 'Backup code',
    description: 'Enter one of the backup codes you saved when you set up two-factor authentication. Each works once.',
    kind: 'backup',
  },
};

/**
 * The second step of signing in (the spec's `requires2FA`): an authenticator code, an e-mailed
 * code or a backup code. No session exists until one is accepted.
 */
export function TwoFactorChallenge({
  methods,
  email,
  onVerified,
  onRestart,
}: {
  methods: ChallengeMethod[];
  email: string;
  /** Called once the server has accepted a code and set the session cookie. */
  onVerified: () => Promise<void>;
  /** Back to the password form, with a message when the challenge expired. */
  onRestart: (message?: string) => void;
}) {
  const [answer, setAnswer] = useState<ChallengeAnswer>(methods.includes('totp') ? 'totp' : 'otp');
  const [codeSent, setCodeSent] = useState(false);
  const [sending, setSending] = useState(false);

  const submit = async (code: string): Promise<string | null> => {
    try {
      await answerChallenge(answer, code);
    } catch (error) {
      const message = twoFactorErrorMessage(error, SIGN_IN_FAILED);
      notify.error(message, { form: SIGN_IN_FORM });
      if (isChallengeExpired(error)) onRestart(message);
      return message;
    }
    await onVerified();
    return null;
  };

  const sendCode = async () => {
    setSending(true);
    try {
      await sendSignInCode();
      setCodeSent(true);
      notify.success(`We've sent a code to ${email}.`);
    } catch (error) {
      const message = twoFactorErrorMessage(error, 'Failed to send the code. Please try again.');
      notify.error(message, { form: SIGN_IN_FORM });
      if (isChallengeExpired(error)) onRestart(message);
    } finally {
      setSending(false);
    }
  };

  const alternatives: Array<{ to: ChallengeAnswer; label: string; icon: typeof Mail }> = [];
  if (answer !== 'totp' && methods.includes('totp'))
    alternatives.push({ to: 'totp', label: 'Use your authenticator app', icon: Smartphone });
  if (answer !== 'otp' && methods.includes('otp'))
    alternatives.push({ to: 'otp', label: 'Email me a code instead', icon: Mail });
  if (answer !== 'backup-code' && methods.includes('totp'))
    alternatives.push({ to: 'backup-code', label: 'Use a backup code', icon: KeyRound });

  const copy = COPY[answer];
  const waitingForEmail = answer === 'otp' && !codeSent;

  return (
    <div className="grid gap-5">
      {waitingForEmail ? (
        <div className="grid gap-4">
          <p className="text-sm text-muted-foreground">
            We'll email a 6-digit code to <span className="font-medium text-foreground">{email}</span>.
          </p>
          <Button size="lg" className="w-full" disabled={sending} onClick={() => void sendCode()}>
            {sending ? 'Sending...' : 'Email me a code'}
          </Button>
        </div>
      ) : (
        <OneTimeCodeForm
          key={answer}
          label={copy.label}
          description={copy.description}
          kind={copy.kind}
          submitLabel="Verify and log in"
          pendingLabel="Verifying..."
          onSubmit={submit}
        >
          {answer === 'otp' ? (
            <Button variant="link" className="justify-self-center" disabled={sending} onClick={() => void sendCode()}>
              {sending ? 'Sending...' : 'Send a new code'}
            </Button>
          ) : null}
        </OneTimeCodeForm>
      )}
      <div className="grid gap-1 border-t pt-4">
        {alternatives.map(({ to, label, icon: Icon }) => (
          <Button key={to} variant="ghost" className="justify-start" onClick={() => setAnswer(to)}>
            <Icon aria-hidden />
            {label}
          </Button>
        ))}
        <Button variant="ghost" className="justify-start text-muted-foreground" onClick={() => onRestart()}>
          Log in with a different account
        </Button>
      </div>
    </div>
  );
}
