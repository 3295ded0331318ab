import { Copy } from 'lucide-react';
import { OneTimeCodeForm } from '../../auth/one-time-code-form.tsx';
import { setupKeyFromUri, twoFactorErrorMessage, verifyAuthenticatorCode } from '../../auth/two-factor-api.ts';
import { Button } from '../../ui/button.tsx';
import { QrCode } from '../../ui/qr-code.tsx';
import { notify } from '../../app/notify.ts';

/** Groups of four, as authenticator apps show keys: easier to read out and type. */
export function groupKey(key: string): string {
  return key.replace(/(.{4})(?=.)/g, '$1 ');
}

/** Step two of enrolment: scan the QR code (or type the key), then prove it with a code. */
export function AuthenticatorSetup({
  totpURI,
  onVerified,
  onCancel,
}: {
  totpURI: string;
  onVerified: () => void;
  onCancel: () => void;
}) {
  const key = setupKeyFromUri(totpURI);

  const copyKey = async () => {
    try {
      await navigator.clipboard.writeText(key);
      notify.success('Setup key copied');
    } catch {
      notify.error('Could not copy the key. Select it and copy it yourself.');
    }
  };

  const verify = async (code: string) => {
    try {
      await verifyAuthenticatorCode(code);
    } catch (error) {
      return twoFactorErrorMessage(error, 'Failed to turn on two-factor authentication');
    }
    onVerified();
    return null;
  };

  return (
    <div className="grid gap-6">
      <ol className="grid list-decimal gap-2 pl-5 text-sm">
        <li>
          Open an authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator or 1Password.
        </li>
        <li>Scan the QR code, or enter the setup key by hand.</li>
        <li>Enter the 6-digit code the app shows for SavvyPig.</li>
      </ol>
      <div className="grid items-center gap-4 sm:grid-cols-[auto_1fr]">
        <QrCode
          value={totpURI}
          label="QR code to add SavvyPig to your authenticator app"
          className="justify-self-center border"
        />
        <div className="grid gap-2">
          <p className="text-sm font-medium">Can't scan it? Enter this setup key:</p>
          <code
            data-testid="totp-key"
            className="rounded-md border bg-muted/40 px-3 py-2 font-mono text-sm break-all select-all"
          >
            {groupKey(key)}
          </code>
          <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void copyKey()}>
            <Copy aria-hidden />
            Copy key
          </Button>
          <p className="text-xs text-muted-foreground">Choose a time-based key if your app asks.</p>
        </div>
      </div>
      <OneTimeCodeForm
        label="Code from your app"
        kind="digits"
        submitLabel="Verify and turn on"
        pendingLabel="Checking..."
        onSubmit={verify}
      >
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </OneTimeCodeForm>
    </div>
  );
}
