import { ListPlus, Plus } from 'lucide-react';
import { useState } from 'react';
import { notify } from '../../app/notify.ts';
import { SectionLoadError } from '../../ui/section-states.tsx';
import { Button } from '../../ui/button.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { AdminHeader } from '../admin-header.tsx';
import { AccountTypeDialog } from './account-type-dialog.tsx';
import {
  ACCOUNT_TYPE_TEXT,
  type AdminAccountType,
  errorMessage,
  useAdminAccountTypes,
  useSaveAccountTypeOrder,
} from './api.ts';
import { DeleteAccountTypeDialog } from './delete-account-type-dialog.tsx';
import { SortableTypeList } from './sortable-type-list.tsx';

/** /admin/account-types: the types people pick when they add an account, kept by admins (001 §4–§8). */
export function AccountTypesPage() {
  const types = useAdminAccountTypes();
  const saveOrder = useSaveAccountTypeOrder();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AdminAccountType | null>(null);
  const [deleting, setDeleting] = useState<AdminAccountType | null>(null);

  const reorder = (ordered: AdminAccountType[]) => {
    saveOrder.mutate(ordered, {
      onSuccess: () => notify.success(ACCOUNT_TYPE_TEXT.orderSaved),
      onError: (error) => {
        console.error('Failed to save order', error);
        notify.error(ACCOUNT_TYPE_TEXT.orderFailed);
      },
    });
  };

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 md:py-10">
      <AdminHeader
        title="Account types"
        description="The types people choose from when they add an account, in the order they see them. Drag a type by its handle, or use its arrows, to move it."
        showBackToSettings
        actions={
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            Add account type
          </Button>
        }
      />

      <div className="mt-8">
        {types.isPending ? (
          <div role="status" aria-label="Loading account types" className="grid gap-2">
            {Array.from({ length: 6 }, (_, i) => `placeholder-${i}`).map((key) => (
              <Skeleton key={key} className="h-16 w-full rounded-lg" />
            ))}
          </div>
        ) : types.isError ? (
          <SectionLoadError
            message={ACCOUNT_TYPE_TEXT.loadFailed(errorMessage(types.error))}
            onRetry={() => void types.refetch()}
            retrying={types.isFetching}
          />
        ) : types.data.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-12 text-center">
            <ListPlus className="size-10 text-muted-foreground" aria-hidden />
            <h2 className="text-lg font-semibold">No account types yet</h2>
            <p className="max-w-md text-muted-foreground">
              Add the first type people can choose when they add an account, such as Savings or Cash ISA.
            </p>
            <Button onClick={() => setAdding(true)}>
              <Plus aria-hidden />
              Add account type
            </Button>
          </div>
        ) : (
          <SortableTypeList types={types.data} onReorder={reorder} onEdit={setEditing} onDelete={setDeleting} />
        )}
      </div>

      <AccountTypeDialog open={adding} onOpenChange={setAdding} />
      <AccountTypeDialog
        open={editing !== null}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
        editing={editing}
      />
      <DeleteAccountTypeDialog type={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
