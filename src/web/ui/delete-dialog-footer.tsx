/**
 * The buttons of a "delete this?" dialog: Cancel, and a destructive Delete that waits for the
 * deletion (its dialog keeps the busy state, so it will not close mid-way).
 */
import { Trash2 } from 'lucide-react';
import { Button } from './button.tsx';
import { DialogFooter } from './dialog.tsx';

export function DeleteDialogFooter({
  busy,
  setBusy,
  onClose,
  onConfirm,
}: {
  busy: boolean;
  setBusy: (busy: boolean) => void;
  onClose: () => void;
  onConfirm: () => Promise<void>;
}) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
        Cancel
      </Button>
      <Button
        type="button"
        variant="destructive"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await onConfirm();
          } finally {
            setBusy(false);
          }
        }}
      >
        <Trash2 aria-hidden />
        {busy ? 'Deleting...' : 'Delete'}
      </Button>
    </DialogFooter>
  );
}
