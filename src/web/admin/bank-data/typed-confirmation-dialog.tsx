import { TriangleAlert } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { confirms } from '../../../core/reference-data/import/danger-zone.ts';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/dialog.tsx';
import { Input } from '../../ui/input.tsx';
import { Label } from '../../ui/label.tsx';

/**
 * A dangerous action's confirmation: the spec's warning, what it does to savers, and a box the
 * admin types the action's words into; the button stays disabled until they match (the server
 * checks the same words).
 */
export function TypedConfirmationDialog({
  open,
  title,
  warning,
  phrase,
  actionLabel,
  children,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  warning: string;
  phrase: string;
  actionLabel: string;
  children?: ReactNode;
  onConfirm: (typed: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const matches = confirms(typed, { phrase });
  const close = () => {
    setTyped('');
    onClose();
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{warning}</DialogDescription>
        </DialogHeader>
        <Alert variant="destructive">
          <TriangleAlert aria-hidden />
          <AlertTitle>What savers will see</AlertTitle>
          <AlertDescription>{children}</AlertDescription>
        </Alert>
        <form
          id={`${id}-form`}
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (!matches) return;
            onConfirm(typed);
            setTyped('');
          }}
        >
          <Label htmlFor={`${id}-typed`}>
            Type <span className="font-mono font-semibold">{phrase}</span> to confirm
          </Label>
          <Input
            id={`${id}-typed`}
            value={typed}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setTyped(event.target.value)}
          />
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} variant="destructive" disabled={!matches}>
            {actionLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
