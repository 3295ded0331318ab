import { useQueryClient } from '@tanstack/react-query';
import { TriangleAlert, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../app/notify.ts';
import { ApiError, type Me, useMe } from '../../app/api.ts';
import { afterSignOut } from '../../auth/after-sign-out.ts';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../ui/dialog.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { PasswordInput } from '../../ui/password-input.tsx';
import { deleteAccount } from '../api.ts';
import { SettingsSection } from '../settings-section.tsx';

export const ACCOUNT_DELETED = 'Your account has been deleted';

function deleteErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status > 0 && error.status < 500) return error.message;
  return 'Your account could not be deleted. Please try again.';
}

function DeleteAccountDialog({ me }: { me: Me }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onOpenChange = (next: boolean) => {
    if (busy) return;
    setOpen(next);
    setPassword('');
    setError(null);
  };

  const submit = async () => {
    if (!password) {
      setError('Enter your password to confirm');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await deleteAccount(password);
    } catch (failure) {
      setError(deleteErrorMessage(failure));
      setBusy(false);
      return;
    }
    await afterSignOut(queryClient, navigate);
    notify.success(ACCOUNT_DELETED);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button" variant="destructive">
          <Trash2 aria-hidden />
          Delete my account
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <DialogHeader>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>
              This permanently deletes your SavvyPig account for{' '}
              <strong className="break-all text-foreground">{me.user.email}</strong> and everything in it.
            </DialogDescription>
          </DialogHeader>
          <Alert variant="destructive">
            <TriangleAlert aria-hidden />
            <AlertTitle>This cannot be undone</AlertTitle>
            <AlertDescription>
              <ul className="list-disc pl-4">
                <li>Your profile, photo, settings and saved choices are deleted.</li>
                <li>You are signed out on every device.</li>
                <li>We can't bring any of it back. Download your data first if you want a copy.</li>
              </ul>
            </AlertDescription>
          </Alert>
          <FormField label="Your password" description="To make sure it's you." error={error ?? undefined}>
            <PasswordInput
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={busy}>
              <Trash2 aria-hidden />
              {busy ? 'Deleting...' : 'Delete my account permanently'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** "Delete my account": re-authentication, a confirmation naming the consequence, then gone. */
export function DeleteAccountSection() {
  const { data: me } = useMe();
  return (
    <SettingsSection
      title="Delete my account"
      tone="danger"
      description="Close your SavvyPig account and delete everything we hold about you. This cannot be undone."
    >
      {me ? <DeleteAccountDialog me={me} /> : null}
    </SettingsSection>
  );
}
