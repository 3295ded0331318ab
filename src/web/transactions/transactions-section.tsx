import { FileUp, Plus, Receipt, RefreshCw, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { formatPence } from '../../core/money/format.ts';
import { isRegistered, paths } from '../app/paths.ts';
import { notify } from '../app/notify.ts';
import { Button } from '../ui/button.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { AddTransactionsDialog } from './add-transactions-dialog.tsx';
import {
  type FetchedTransactionPage,
  type Transaction,
  useAccountTransactions,
  useRecalculateBalance,
  useTransactionInsights,
} from './api.ts';
import { DeleteTransactionDialog } from './delete-transaction-dialog.tsx';
import { EditTransactionDialog } from './edit-transaction-dialog.tsx';
import { TRANSACTION_TEXT, insightsFailureMessage, loadFailureMessage } from './messages.ts';
import { LoadError, RowsSkeleton } from './transaction-parts.tsx';
import { TransactionsTable } from './transactions-table.tsx';

export type TransactionsSectionProps = {
  accountId: string;
  /** Open the 'Add Transactions' dialog at once (the account page's navigation-state flag). */
  openAddDialog?: boolean;
  /** The newest page from the account page's answer, shown without fetching it again. */
  firstPage?: FetchedTransactionPage;
};

function Insights({ accountId }: { accountId: string }) {
  const insights = useTransactionInsights(accountId);
  if (insights.isError) {
    return (
      <p role="alert" className="flex items-center gap-2 text-sm text-destructive">
        <TriangleAlert className="size-4" aria-hidden />
        {insightsFailureMessage(insights.error)}
      </p>
    );
  }
  if (!insights.data) {
    return (
      <div role="status" aria-label="Loading transaction insights" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-14 rounded-lg" />
        ))}
      </div>
    );
  }
  const { count, totals } = insights.data;
  if (count === 0) return null;
  const figures = [
    { label: 'Money in', value: formatPence(totals.depositsPence), note: 'deposits and opening balances' },
    {
      label: 'Money out',
      value: formatPence(totals.withdrawalsPence + totals.feesPence),
      note: 'withdrawals and fees',
    },
    { label: 'Interest', value: formatPence(totals.interestPence), note: 'all time' },
    { label: 'Transactions', value: String(count), note: 'in total' },
  ];
  return (
    <dl aria-label="Transaction insights" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {figures.map((figure) => (
        <div key={figure.label} className="rounded-lg bg-muted px-3 py-2">
          <dt className="text-xs text-muted-foreground">
            {figure.label} <span className="sr-only">({figure.note})</span>
          </dt>
          <dd className="text-base font-semibold tabular-nums">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The account page's Transactions section (001 §2): the table newest first with 'Load more',
 * 'Add Transactions', edit and delete, the insights and 'Recalculate balance'. Any change to the
 * account's transactions, in this tab or another, refetches it (realtime events name its keys).
 */
export function TransactionsSection({ accountId, openAddDialog = false, firstPage }: TransactionsSectionProps) {
  const headingId = useId();
  const list = useAccountTransactions(accountId, firstPage);
  const recalculate = useRecalculateBalance(accountId);
  const [adding, setAdding] = useState(openAddDialog);
  const [editing, setEditing] = useState<Transaction | null>(null);
  const [deleting, setDeleting] = useState<Transaction | null>(null);

  useEffect(() => {
    if (openAddDialog) setAdding(true);
  }, [openAddDialog]);

  const transactions = list.data?.pages.flatMap((page) => page.items) ?? [];

  const runRecalculate = () =>
    recalculate.mutate(undefined, {
      onSuccess: ({ balancePence }) => notify.success(TRANSACTION_TEXT.recalculated(balancePence)),
      onError: () => notify.error(TRANSACTION_TEXT.recalculateFailed),
    });

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold leading-tight">
          Transactions
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={runRecalculate} disabled={recalculate.isPending}>
            <RefreshCw aria-hidden className={recalculate.isPending ? 'animate-spin' : undefined} />
            {recalculate.isPending ? 'Recalculating...' : 'Recalculate balance'}
          </Button>
          {/* The CSV import page (issue 5, part E) appears here once its route is registered. */}
          {isRegistered('accountImport') ? (
            <Button asChild variant="outline" size="sm">
              <Link to={paths.accountImport(accountId)}>
                <FileUp aria-hidden />
                Import CSV
              </Link>
            </Button>
          ) : null}
          <Button type="button" size="sm" onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            Add Transactions
          </Button>
        </div>
      </div>

      <div className="mt-4 grid gap-4">
        <Insights accountId={accountId} />
        {list.isError && !list.data ? (
          <LoadError
            message={loadFailureMessage(list.error)}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        ) : !list.data ? (
          <RowsSkeleton rows={4} label="Loading transactions" />
        ) : transactions.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-8 text-center">
            <Receipt className="size-8 text-muted-foreground" aria-hidden />
            <p className="text-muted-foreground">{TRANSACTION_TEXT.empty}</p>
            <Button type="button" variant="outline" size="sm" onClick={() => setAdding(true)}>
              <Plus aria-hidden />
              Add your first transaction
            </Button>
          </div>
        ) : (
          <div className="grid gap-3">
            <TransactionsTable
              transactions={transactions}
              caption="Transactions, newest first"
              onEdit={setEditing}
              onDelete={setDeleting}
            />
            {list.hasNextPage ? (
              <Button
                type="button"
                variant="outline"
                className="justify-self-center"
                onClick={() => void list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
              >
                {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            ) : null}
          </div>
        )}
      </div>

      <AddTransactionsDialog accountId={accountId} open={adding} onOpenChange={setAdding} />
      <EditTransactionDialog transaction={editing} onClose={() => setEditing(null)} />
      <DeleteTransactionDialog transaction={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}
