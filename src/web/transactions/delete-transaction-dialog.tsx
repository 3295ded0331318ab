import { Trash2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { displayDate } from '../ui/date-format.ts';
import { notify } from '../app/notify.ts';
import { Button } from '../ui/button.tsx';
import { type Transaction, useDeleteTransaction } from './api.ts';
import { TRANSACTION_TEXT, deleteFailureMessage } from './messages.ts';
import { Money, typeLabel } from './transaction-parts.tsx';

/** The spec's delete confirmation (001 §2), naming the transaction, with a red button. */
export function DeleteTransactionDialog({
  transaction,
  onClose,
}: {
  transaction: Transaction | null;
  onClose: () => void;
}) {
  const remove = useDeleteTransaction();
  const confirm = () => {
    if (!transaction) return;
    remove.mutate(
      { id: transaction.id, accountId: transaction.accountId },
      {
        onSuccess: () => {
          notify.success(TRANSACTION_TEXT.deleted);
          onClose();
        },
        onError: (failure) => {
          notify.error(deleteFailureMessage(failure));
          onClose();
        },
      },
    );
  };
  return (
    <AlertDialog.Root
      open={transaction !== null}
      onOpenChange={(open) => (open || remove.isPending ? undefined : onClose())}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-fade-in" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-popover p-6 text-popover-foreground shadow-lg data-[state=open]:animate-zoom-in">
          <AlertDialog.Title className="text-lg font-semibold leading-tight">Delete transaction</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-muted-foreground">
            {TRANSACTION_TEXT.deleteConfirmation}
          </AlertDialog.Description>
          {transaction ? (
            <p className="rounded-md bg-muted px-3 py-2 text-sm">
              {typeLabel(transaction.type)} of <Money pence={transaction.amountPence} /> on{' '}
              {displayDate(transaction.date)}
              {transaction.notes ? (
                <span className="block break-words text-muted-foreground">{transaction.notes}</span>
              ) : null}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" disabled={remove.isPending}>
                Cancel
              </Button>
            </AlertDialog.Cancel>
            <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
              <Trash2 aria-hidden />
              {remove.isPending ? 'Deleting...' : 'Delete'}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
