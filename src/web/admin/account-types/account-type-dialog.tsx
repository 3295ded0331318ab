import { TriangleAlert } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../app/api.ts';
import { notify } from '../../app/notify.ts';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/dialog.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input, Textarea } from '../../ui/input.tsx';
import {
  ACCOUNT_TYPE_TEXT,
  type AccountTypeInput,
  type AdminAccountType,
  errorMessage,
  isDuplicateName,
  useAddAccountType,
  useUpdateAccountType,
} from './api.ts';

export function accountsPhrase(count: number): string {
  return `${count} account${count === 1 ? '' : 's'}`;
}

/** The warning before an in-use type is renamed (001 §5: renaming renames it on those accounts too). */
export function renameWarning(count: number, from: string, to: string): string {
  return `${accountsPhrase(count)} use${count === 1 ? 's' : ''} "${from}". Saving renames the type on ${count === 1 ? 'that account' : `all ${count}`} to "${to}".`;
}

interface AccountTypeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The type being edited; none to add one. */
  editing?: AdminAccountType | null;
}

/** Add or edit an account type: name (required, trimmed) and an optional description. */
export function AccountTypeDialog({ open, onOpenChange, editing }: AccountTypeDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {/* Keyed so each opening starts from the type's saved values. */}
        {open ? (
          <AccountTypeForm key={editing?.id ?? 'new'} editing={editing ?? null} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function AccountTypeForm({ editing, onDone }: { editing: AdminAccountType | null; onDone: () => void }) {
  const add = useAddAccountType();
  const update = useUpdateAccountType();
  const [name, setName] = useState(editing?.name ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const busy = add.isPending || update.isPending;

  const trimmedName = name.trim();
  const renaming = editing !== null && editing.accountCount > 0 && trimmedName !== '' && trimmedName !== editing.name;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (trimmedName === '') {
      setNameError(ACCOUNT_TYPE_TEXT.nameRequired);
      return;
    }
    setNameError(null);
    const input: AccountTypeInput = { name: trimmedName, description: description.trim() || null };
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, input });
        notify.success(ACCOUNT_TYPE_TEXT.updated);
      } else {
        await add.mutateAsync(input);
        notify.success(ACCOUNT_TYPE_TEXT.added);
      }
      onDone();
    } catch (error) {
      console.error(editing ? 'Failed to update account type' : 'Failed to add account type', error);
      if (isDuplicateName(error)) setNameError(ACCOUNT_TYPE_TEXT.duplicate);
      else if (
        !editing &&
        error instanceof ApiError &&
        error.status === 403 &&
        error.message === ACCOUNT_TYPE_TEXT.adminsOnly
      ) {
        notify.error(ACCOUNT_TYPE_TEXT.adminsOnly);
      } else
        notify.error(
          editing
            ? ACCOUNT_TYPE_TEXT.updateFailed(errorMessage(error))
            : ACCOUNT_TYPE_TEXT.addFailed(errorMessage(error)),
        );
    }
  };

  return (
    <form className="grid gap-4" noValidate onSubmit={(event) => void submit(event)}>
      <DialogHeader>
        <DialogTitle>{editing ? 'Edit account type' : 'Add account type'}</DialogTitle>
        <DialogDescription>
          {editing
            ? 'Change the name people pick when they add an account, or its description.'
            : 'People pick from these types when they add an account.'}
        </DialogDescription>
      </DialogHeader>
      <FormField label="Name" error={nameError ?? undefined}>
        <Input
          value={name}
          maxLength={100}
          autoComplete="off"
          onChange={(event) => {
            setName(event.target.value);
            if (nameError) setNameError(null);
          }}
        />
      </FormField>
      <FormField label="Description" optional>
        <Textarea
          className="min-h-20"
          rows={3}
          maxLength={500}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </FormField>
      {renaming ? (
        <Alert variant="warning" role="status">
          <TriangleAlert aria-hidden />
          <AlertTitle>This type is in use</AlertTitle>
          <AlertDescription>{renameWarning(editing.accountCount, editing.name, trimmedName)}</AlertDescription>
        </Alert>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy
            ? 'Saving...'
            : renaming
              ? `Rename on ${accountsPhrase(editing.accountCount)}`
              : editing
                ? 'Save changes'
                : 'Add account type'}
        </Button>
      </DialogFooter>
    </form>
  );
}
