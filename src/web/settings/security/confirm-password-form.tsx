import { type FormEvent, type ReactNode, useState } from 'react';
import { Button, type ButtonProps } from '../../ui/button.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { PasswordInput } from '../../ui/password-input.tsx';

/**
 * Re-authentication before a security change: the current password, then the action.
 * `onConfirm` resolves to an error message to show, or null when done.
 */
export function ConfirmPasswordForm({
  intro,
  submitLabel,
  pendingLabel,
  variant = 'default',
  onConfirm,
  onCancel,
}: {
  intro: ReactNode;
  submitLabel: string;
  pendingLabel: string;
  variant?: ButtonProps['variant'];
  onConfirm: (password: string) => Promise<string | null>;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError('Enter your password');
      return;
    }
    setPending(true);
    try {
      setError((await onConfirm(password)) ?? undefined);
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      <div className="text-sm text-muted-foreground">{intro}</div>
      <FormField label="Current password" error={error}>
        <PasswordInput
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
          autoFocus
        />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant={variant} disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
