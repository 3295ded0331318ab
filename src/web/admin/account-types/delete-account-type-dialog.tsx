import { Ban, Trash2 } from 'lucide-react';
import { ApiError } from '../../app/api.ts';
import { notify } from '../../app/notify.ts';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/dialog.tsx';
import { accountsPhrase } from './account-type-dialog.tsx';
import { ACCOUNT_TYPE_TEXT, type AdminAccountType, errorMessage, useDeleteAccountType } from './api.ts';

/**
 * Confirms deleting a type (a soft delete: it leaves the selectors). A type in use cannot be
 * deleted (001 §5): the dialog says so and offers no delete button.
 */
export function DeleteAccountTypeDialog({ type, onClose }: { type: AdminAccountType | null; onClose: () => void }) {
  const remove = useDeleteAccountType();
  const inUse = (type?.accountCount ?? 0) > 0;

  const confirm = async () => {
    if (!type) return;
    try {
      await remove.mutateAsync(type.id);
      notify.success(ACCOUNT_TYPE_TEXT.deleted);
      onClose();
    } catch (error) {
      console.error('Failed to delete account type', error);
      if (error instanceof ApiError && error.status === 409) notify.error(ACCOUNT_TYPE_TEXT.inUse);
      else notify.error(ACCOUNT_TYPE_TEXT.deleteFailed(errorMessage(error)));
      onClose();
    }
  };

  return (
    <Dialog open={type !== null} onOpenChange={(open) => (open || remove.isPending ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete "{type?.name}"?</DialogTitle>
          <DialogDescription>
            {inUse
              ? 'Accounts still use this type.'
              : 'It will no longer be offered when people add or edit an account.'}
          </DialogDescription>
        </DialogHeader>
        {inUse && type ? (
          <Alert variant="destructive">
            <Ban aria-hidden />
            <AlertTitle>{ACCOUNT_TYPE_TEXT.inUse}</AlertTitle>
            <AlertDescription>
              {accountsPhrase(type.accountCount)} use{type.accountCount === 1 ? 's' : ''} "{type.name}". Rename the type
              instead, or change the type of those accounts first.
            </AlertDescription>
          </Alert>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={remove.isPending}>
            {inUse ? 'OK' : 'Cancel'}
          </Button>
          {inUse ? null : (
            <Button type="button" variant="destructive" onClick={() => void confirm()} disabled={remove.isPending}>
              <Trash2 aria-hidden />
              {remove.isPending ? 'Deleting...' : 'Delete account type'}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
