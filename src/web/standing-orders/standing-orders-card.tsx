import { CalendarClock, Info, Pencil, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { DeleteDialogFooter } from '../ui/delete-dialog-footer.tsx';
import { useId, useState } from 'react';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { formatPence } from '../../core/money/format.ts';
import type { StandingOrderInput } from '../../core/standing-orders/standing-order-form.ts';
import {
  dueLabel,
  endsLabel,
  formatShortDate,
  frequencyLabel,
  paymentsDueLabel,
  processedMessage,
} from '../../core/standing-orders/text.ts';
import { hasStatus, refusalReason } from '../app/api.ts';
import { notify } from '../app/notify.ts';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/dialog.tsx';
import { SectionLoadError, SectionSkeleton } from '../ui/section-states.tsx';
import { type StandingOrder, useStandingOrderMutations, useStandingOrders } from './api.ts';
import { emptyFormValues, formValuesFromOrder } from './form-values.ts';
import {
  addFailureMessage,
  deleteFailureMessage,
  loadFailureMessage,
  processFailureMessage,
  STANDING_ORDER_TEXT as T,
  updateFailureMessage,
} from './messages.ts';
import { StandingOrderDialog } from './standing-order-dialog.tsx';

export type StandingOrdersCardProps = { accountId: string };

/** A refusal the user can act on (the server's validation message); anything else is only the spec's failure toast. */
function refusalOf(error: unknown): string | null {
  return hasStatus(error, 404) ? null : refusalReason(error);
}

/** 'Monthly on the 15th' for the row's screen-reader names: 'standing order of £50.00, monthly on the 15th'. */
function orderName(order: StandingOrder): string {
  return `standing order of ${formatPence(order.amountPence)}, ${frequencyLabel(order).toLowerCase()}`;
}

/**
 * The next payment: its date, and when it is due and not yet made (the run has not reached it,
 * or the order was added with a start in the past) 'Overdue' or 'Due today' and how many wait.
 */
function NextPayment({ order }: { order: StandingOrder }) {
  if (!order.isActive) return <Badge variant="secondary">Paused</Badge>;
  if (order.nextPaymentDate === null) return <span className="text-muted-foreground">No more payments</span>;
  const date = <span className="tabular-nums">{formatShortDate(order.nextPaymentDate)}</span>;
  if (order.paymentsDue === 0) return date;
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      {date}
      <Badge variant="warning">{dueLabel(order.nextPaymentDate, calendarDateInLondon(new Date()))}</Badge>
      {order.paymentsDue > 1 ? (
        <span className="text-xs text-muted-foreground">{paymentsDueLabel(order.paymentsDue)}</span>
      ) : null}
    </span>
  );
}

/**
 * The order's note (typed by the user, shown as text): wraps anywhere, cut to two lines on screen
 * with the whole of it in the tooltip; screen readers read it all.
 */
function OrderNote({ note, className }: { note: string; className?: string }) {
  return (
    <span
      title={note}
      className={`line-clamp-2 max-w-64 text-xs text-muted-foreground [overflow-wrap:anywhere] ${className ?? ''}`}
    >
      <span className="sr-only">Note: </span>
      {note}
    </span>
  );
}

/** The phone layout's label for a cell (the table's header says it to screen readers). */
function CellLabel({ children }: { children: string }) {
  return (
    <span aria-hidden className="text-xs font-medium text-muted-foreground sm:hidden">
      {children}
    </span>
  );
}

const cell = 'grid gap-0.5 sm:table-cell sm:px-3 sm:py-2 sm:align-middle';

function OrdersTable({
  orders,
  onEdit,
  onDelete,
}: {
  orders: StandingOrder[];
  onEdit: (o: StandingOrder) => void;
  onDelete: (o: StandingOrder) => void;
}) {
  return (
    // Phones: each row is a small card of labelled values; wider screens: the spec's table.
    <table className="w-full text-sm">
      <caption className="sr-only">Standing orders</caption>
      <thead className="max-sm:sr-only">
        <tr className="border-b text-left text-muted-foreground">
          <th scope="col" className="px-3 py-2 text-right font-medium">
            Amount
          </th>
          <th scope="col" className="px-3 py-2 font-medium">
            Frequency
          </th>
          <th scope="col" className="px-3 py-2 font-medium">
            Ends
          </th>
          <th scope="col" className="px-3 py-2 font-medium">
            Next Payment
          </th>
          <th scope="col" className="px-3 py-2 text-right font-medium">
            Actions
          </th>
        </tr>
      </thead>
      <tbody className="grid gap-3 sm:table-row-group">
        {orders.map((order) => (
          <tr
            key={order.id}
            className="grid grid-cols-2 gap-3 rounded-lg border p-4 sm:table-row sm:rounded-none sm:border-0 sm:border-b sm:p-0 sm:last:border-b-0"
          >
            <td className={`${cell} sm:text-right`}>
              <CellLabel>Amount</CellLabel>
              <span className="font-semibold tabular-nums">{formatPence(order.amountPence)}</span>
              {order.firstPaymentAmountPence !== null ? (
                <span className="block text-xs text-muted-foreground tabular-nums">
                  First payment {formatPence(order.firstPaymentAmountPence)}
                </span>
              ) : null}
            </td>
            <td className={cell}>
              <CellLabel>Frequency</CellLabel>
              <span>{frequencyLabel(order)}</span>
              {order.notes ? <OrderNote note={order.notes} /> : null}
            </td>
            <td className={cell}>
              <CellLabel>Ends</CellLabel>
              <span>{endsLabel(order)}</span>
            </td>
            <td className={cell}>
              <CellLabel>Next Payment</CellLabel>
              <span>
                <NextPayment order={order} />
              </span>
            </td>
            <td className="col-span-2 flex justify-end gap-1 border-t pt-3 sm:table-cell sm:border-t-0 sm:px-3 sm:py-2 sm:text-right sm:align-middle sm:whitespace-nowrap">
              <Button
                type="button"
                variant="ghost"
                size="icon"
                onClick={() => onEdit(order)}
                aria-label={`Edit ${orderName(order)}`}
              >
                <Pencil aria-hidden />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="text-destructive hover:text-destructive"
                onClick={() => onDelete(order)}
                aria-label={`Delete ${orderName(order)}`}
              >
                <Trash2 aria-hidden />
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DeleteDialog({
  order,
  onClose,
  onConfirm,
}: {
  order: StandingOrder;
  onClose: () => void;
  onConfirm: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Delete standing order</DialogTitle>
          <DialogDescription>
            Are you sure you want to delete this standing order? This action cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm">
          {formatPence(order.amountPence)}, {frequencyLabel(order).toLowerCase()}. Payments already added stay on the
          account.
        </p>
        {order.notes ? (
          <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
            <span className="sr-only">Note: </span>
            {order.notes}
          </p>
        ) : null}
        <DeleteDialogFooter busy={busy} setBusy={setBusy} onClose={onClose} onConfirm={onConfirm} />
      </DialogContent>
    </Dialog>
  );
}

type Editing = { mode: 'add' } | { mode: 'edit'; order: StandingOrder } | null;

/** The account page's Standing Orders card (001 §2). */
export function StandingOrdersCard({ accountId }: StandingOrdersCardProps) {
  const orders = useStandingOrders(accountId);
  const { add, update, remove, process } = useStandingOrderMutations(accountId);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<StandingOrder | null>(null);
  const headingId = useId();

  const save = async (input: StandingOrderInput): Promise<string | null> => {
    const isAdd = editing?.mode === 'add';
    try {
      if (editing?.mode === 'edit') await update.mutateAsync({ id: editing.order.id, input });
      else await add.mutateAsync(input);
    } catch (error) {
      const failure = isAdd ? addFailureMessage(error) : updateFailureMessage(error);
      notify.error(failure);
      return refusalOf(error) ?? failure;
    }
    notify.success(isAdd ? T.added : T.updated);
    setEditing(null);
    return null;
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
    } catch (error) {
      notify.error(deleteFailureMessage(error));
      return;
    }
    notify.success(T.deleted);
    setDeleting(null);
  };

  const processNow = () =>
    process.mutate(undefined, {
      onSuccess: ({ processed, warnings }) => {
        if (processed > 0) notify.success(processedMessage(processed));
        else notify.info(T.noneToProcess);
        for (const warning of warnings) notify.warning(warning);
      },
      onError: (error) => notify.error(processFailureMessage(error)),
    });

  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle id={headingId} className="flex items-center gap-2">
            <CalendarClock className="size-5 text-muted-foreground" aria-hidden />
            Standing Orders
          </CardTitle>
          <CardDescription>Regular deposits into this account.</CardDescription>
        </div>
        <div className="grid gap-2 sm:flex sm:shrink-0">
          <Button type="button" variant="outline" onClick={processNow} disabled={process.isPending}>
            <RefreshCw
              aria-hidden
              className={process.isPending ? 'animate-spin motion-reduce:animate-none' : undefined}
            />
            {process.isPending ? 'Processing...' : 'Process Now'}
          </Button>
          <Button type="button" onClick={() => setEditing({ mode: 'add' })}>
            <Plus aria-hidden />
            Add Standing Order
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-5">
        {orders.data ? (
          orders.data.length === 0 ? (
            <div className="grid justify-items-center gap-1 rounded-lg border border-dashed px-4 py-8 text-center">
              <CalendarClock className="mb-2 size-8 text-muted-foreground" aria-hidden />
              <p className="font-medium">No standing orders set up for this account.</p>
              <p className="text-sm text-muted-foreground">
                Create your first standing order to start managing recurring payments.
              </p>
            </div>
          ) : (
            <OrdersTable
              orders={orders.data}
              onEdit={(order) => setEditing({ mode: 'edit', order })}
              onDelete={setDeleting}
            />
          )
        ) : orders.isError ? (
          <SectionLoadError
            message={loadFailureMessage(orders.error)}
            onRetry={() => void orders.refetch()}
            retrying={orders.isFetching}
          />
        ) : (
          <SectionSkeleton rows={2} label="Loading standing orders" />
        )}

        <Alert variant="info">
          <Info aria-hidden />
          <AlertTitle>Automatic Processing</AlertTitle>
          <AlertDescription>
            <p>Deposits from your standing orders are added to this account automatically on each payment date.</p>
            <p>
              If a standing order's start date is in the past, press Process Now to check for overdue payments and add
              them.
            </p>
          </AlertDescription>
        </Alert>
      </CardContent>

      {editing ? (
        <StandingOrderDialog
          key={editing.mode === 'edit' ? editing.order.id : 'add'}
          mode={editing.mode}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          initialValues={
            editing.mode === 'edit'
              ? formValuesFromOrder(editing.order)
              : emptyFormValues(calendarDateInLondon(new Date()))
          }
          onSave={save}
        />
      ) : null}
      {deleting ? <DeleteDialog order={deleting} onClose={() => setDeleting(null)} onConfirm={confirmDelete} /> : null}
    </Card>
  );
}
