import { useQueryClient } from '@tanstack/react-query';
import { CreditCard, TriangleAlert, Trash2 } from 'lucide-react';
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
import { PLANS } from '../../../core/subscriptions/plans.ts';
import { type Subscription, useSubscription } from '../../subscriptions/api.ts';
import { deleteAccount } from '../api.ts';
import { SettingsSection } from '../settings-section.tsx';

export const ACCOUNT_DELETED = 'Your account has been deleted';

function deleteErrorMessage(error: unknown): string {
  // 503: the card provider could not cancel the subscription; the server's message says nothing was deleted.
  if (error instanceof ApiError && error.status > 0 && (error.status < 500 || error.status === 503))
    return error.message;
  return 'Your account could not be deleted. Please try again.';
}

/**
 * What the deletion removes (the delete route and the tables that cascade from the user), in the
 * saver's words.
 */
function deletedItems(me: Me): string[] {
  return [
    'Your accounts, with their transactions, standing orders, terms and conditions, ISA and pension details and balance history.',
    'Your notifications and your notification, Smart Pig and Protection Hub choices.',
    'Your profile, photo, settings and saved choices.',
    'Your subscription record and any promo codes you used.',
    ...(me.user.emailVerified ? ['Messages you sent us through the contact form from this address.'] : []),
    'Your sign-in methods, two-factor settings and devices: you are signed out on every device.',
  ];
}

/** The plan a deletion cancels at the card provider, or null without a paid subscription. */
export function paidPlanToCancel(subscription: Subscription | undefined): string | null {
  if (!subscription?.billingCycle) return null;
  if (subscription.paymentStatus === 'canceled' || subscription.paymentStatus === 'inactive') return null;
  return PLANS.find((plan) => plan.tier === subscription.tier)?.name ?? 'paid';
}

function DeleteAccountDialog({ me }: { me: Me }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const paidPlan = paidPlanToCancel(useSubscription().data);

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
              <p>Deleted:</p>
              <ul className="list-disc pl-4">
                {deletedItems(me).map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
              <p>We can't bring any of it back. Download your data first if you want a copy.</p>
            </AlertDescription>
          </Alert>
          {paidPlan ? (
            <Alert>
              <CreditCard aria-hidden />
              <AlertTitle>Your {paidPlan} subscription</AlertTitle>
              <AlertDescription>
                <p>
                  Your {paidPlan} subscription will be cancelled with the card provider now, before anything is deleted:
                  you will not be charged again. No refund is made for the rest of the period you have already paid for.
                  If it cannot be cancelled, nothing is deleted.
                </p>
              </AlertDescription>
            </Alert>
          ) : null}
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
