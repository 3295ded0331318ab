import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../app/notify.ts';
import { paths } from '../app/paths.ts';
import { accountKeys } from '../accounts/query-keys.ts';
import { Button } from '../ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../ui/dialog.tsx';
import { type Account, deleteAccount, errorMessage } from './api.ts';
import { DetailCard } from './detail-card.tsx';

export const ACCOUNT_DELETED = 'Account deleted successfully!';

/**
 * Danger Zone (001 §2): delete the account after the spec's confirmation. The server removes its
 * transactions, standing orders and everything attached to it in the same database transaction.
 */
export function DangerZoneCard({ account }: { account: Account }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await deleteAccount(account.id);
    } catch (error) {
      console.warn('Failed to delete account', error);
      notify.error(`Failed to delete account: ${errorMessage(error)}`);
      setBusy(false);
      return;
    }
    // Gone: nothing may refetch it (a refetch would only find it missing).
    queryClient.removeQueries({ queryKey: accountKeys.account(account.id) });
    void queryClient.invalidateQueries({ queryKey: accountKeys.list });
    notify.success(ACCOUNT_DELETED);
    void navigate(paths.accounts(), { replace: true });
  };

  return (
    <DetailCard
      title="Danger Zone"
      tone="danger"
      description="Deleting this account also deletes its transactions and standing orders."
    >
      <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
        <DialogTrigger asChild>
          <Button variant="destructive" className="self-start">
            <Trash2 aria-hidden />
            Delete Account
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Are you absolutely sure?</DialogTitle>
            <DialogDescription>
              This action cannot be undone. This will permanently delete your account and remove all associated data.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" disabled={busy} onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button variant="destructive" disabled={busy} onClick={() => void confirm()}>
              <Trash2 aria-hidden />
              {busy ? 'Deleting...' : 'Delete Account'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </DetailCard>
  );
}
