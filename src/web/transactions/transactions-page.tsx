import { ChevronLeft, ChevronRight, Download, Plus, Receipt, Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { TRANSACTION_TYPES, TRANSACTION_TYPE_LABELS } from '../../core/transactions/transaction-types.ts';
import { isRegistered, paths } from '../app/paths.ts';
import { Button } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { DatePicker } from '../ui/date-picker.tsx';
import { Input, NativeSelect } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { isCalendarDate } from '../../core/dates/calendar-date.ts';
import {
  type OverviewTransaction,
  type Transaction,
  type TransactionTotals,
  exportCsvHref,
  useAccountNames,
  useTransactionsOverview,
} from './api.ts';
import { loadFailureMessage, validationMessage } from './messages.ts';
import {
  MAX_SEARCH_LENGTH,
  NO_FILTERS,
  OVERVIEW_SORTS,
  SORT_LABELS,
  type OverviewFilters,
  filtersFromSearch,
  isFiltered,
  overviewSearchParams,
  pageCount,
} from './overview-filters.ts';
import { LoadError, Money } from './transaction-parts.tsx';
import { TransactionsTable } from './transactions-table.tsx';
import { AddTransactionsDialog } from './add-transactions-dialog.tsx';
import { DeleteTransactionDialog } from './delete-transaction-dialog.tsx';
import { EditTransactionDialog } from './edit-transaction-dialog.tsx';

/** The spec's search debounce (001 §9). */
export const SEARCH_DEBOUNCE_MS = 300;

function useOverviewFilters(): [OverviewFilters, (change: Partial<OverviewFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromSearch(params);
  const update = (change: Partial<OverviewFilters>) => {
    // Any change but the page's own starts again at page 1.
    const next = { ...filters, page: 1, ...change };
    setParams(new URLSearchParams(overviewSearchParams(next)), { replace: true, preventScrollReset: true });
  };
  return [filters, update];
}

function DateFilter({ label, value, onApply }: { label: string; value: string; onApply: (date: string) => void }) {
  const id = useId();
  const [typed, setTyped] = useState(value);
  useEffect(() => setTyped(value), [value]);
  const invalid = typed !== '' && !isCalendarDate(typed);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <DatePicker
        id={id}
        label={label.toLowerCase()}
        fromYear={1900}
        value={typed}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(next) => {
          setTyped(next);
          if (next === '' || isCalendarDate(next)) onApply(next);
        }}
      />
      {invalid ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          Please enter a valid date
        </p>
      ) : null}
    </div>
  );
}

function SearchFilter({ value, onApply }: { value: string; onApply: (q: string) => void }) {
  const [text, setText] = useState(value);
  const apply = useRef(onApply);
  apply.current = onApply;
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => apply.current(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor="transactions-search">Search notes</Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          id="transactions-search"
          type="search"
          className="pl-9"
          maxLength={MAX_SEARCH_LENGTH}
          placeholder="e.g. salary"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
    </div>
  );
}

function Totals({ totals, total, filtered }: { totals: TransactionTotals; total: number; filtered: boolean }) {
  const figures = [
    { label: 'Deposits', pence: totals.depositsPence, hint: 'including opening balances' },
    { label: 'Withdrawals', pence: totals.withdrawalsPence },
    { label: 'Interest', pence: totals.interestPence },
    { label: 'Fees', pence: totals.feesPence },
    { label: 'Net', pence: totals.netPence },
  ];
  return (
    <section aria-labelledby="transactions-totals" className="grid gap-2">
      <h2 id="transactions-totals" className="text-sm font-medium text-muted-foreground">
        {filtered ? 'Totals for these filters' : 'Totals for all your transactions'} ·{' '}
        {total === 1 ? '1 transaction' : `${total} transactions`}
      </h2>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {figures.map((figure) => (
          <div
            key={figure.label}
            className={cn('rounded-lg border bg-card px-3 py-2', figure.label === 'Net' && 'col-span-2 sm:col-span-1')}
          >
            <dt className="text-xs text-muted-foreground">
              {figure.label}
              {figure.hint ? <span className="sr-only"> ({figure.hint})</span> : null}
            </dt>
            <dd className="text-lg font-semibold">
              <Money pence={figure.pence} className={figure.label === 'Net' ? undefined : 'text-foreground'} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function AccountName({ transaction }: { transaction: OverviewTransaction }) {
  if (!isRegistered('account')) return <>{transaction.accountName}</>;
  return (
    <Link to={paths.account(transaction.accountId)} className="text-brand underline-offset-4 hover:underline">
      {transaction.accountName}
    </Link>
  );
}

function Pagination({
  page,
  pages,
  total,
  pageSize,
  onPage,
}: {
  page: number;
  pages: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Pages of transactions" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground" aria-live="polite">
        Showing {first}–{last} of {total} · page {page} of {pages}
      </p>
      <div className="flex gap-2">
        <Button type="button" variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden />
          Previous
        </Button>
        <Button type="button" variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}

/**
 * /transactions (001 §2; its layout is ours): every transaction of the user's, filtered,
 * searched, sorted and paged on the server, with totals for the filter and a CSV export; rows
 * can be added (choosing the account), edited and deleted here as on an account's page.
 */
export function TransactionsPage() {
  const [filters, update] = useOverviewFilters();
  const overview = useTransactionsOverview(filters);
  const accounts = useAccountNames();
  const filtered = isFiltered(filters);
  const data = overview.data;
  const accountOptions = accounts.data ?? [];
  const selectedMissing = filters.accountId !== '' && !accountOptions.some((a) => a.id === filters.accountId);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Transaction | null>(null);
  const [deleting, setDeleting] = useState<Transaction | null>(null);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 md:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Transactions</h1>
          <p className="mt-2 text-muted-foreground">Every transaction across your accounts.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href={exportCsvHref(filters)} download>
              <Download aria-hidden />
              Export CSV
            </a>
          </Button>
          <Button type="button" onClick={() => setAdding(true)} disabled={accountOptions.length === 0}>
            <Plus aria-hidden />
            Add Transactions
          </Button>
        </div>
      </div>

      {/* biome-ignore lint/a11y/useSemanticElements: <search> is too new for every browser we support. */}
      <form
        role="search"
        aria-label="Filter transactions"
        className="mt-6 grid gap-3 rounded-xl border bg-card p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-6"
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="grid gap-1.5 lg:col-span-2">
          <Label htmlFor="transactions-account">Account</Label>
          <NativeSelect
            id="transactions-account"
            value={filters.accountId}
            onChange={(event) => update({ accountId: event.target.value })}
          >
            <option value="">All accounts</option>
            {accountOptions.map((account) => (
              <option key={account.id} value={account.id}>
                {account.name}
              </option>
            ))}
            {selectedMissing ? (
              <option value={filters.accountId}>{data?.items[0]?.accountName ?? 'Selected account'}</option>
            ) : null}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="transactions-type">Type</Label>
          <NativeSelect
            id="transactions-type"
            value={filters.type}
            onChange={(event) => update({ type: event.target.value as OverviewFilters['type'] })}
          >
            <option value="">All types</option>
            {TRANSACTION_TYPES.map((type) => (
              <option key={type} value={type}>
                {TRANSACTION_TYPE_LABELS[type]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <DateFilter label="From" value={filters.from} onApply={(from) => update({ from })} />
        <DateFilter label="To" value={filters.to} onApply={(to) => update({ to })} />
        <div className="grid gap-1.5">
          <Label htmlFor="transactions-sort">Sort</Label>
          <NativeSelect
            id="transactions-sort"
            value={filters.sort}
            onChange={(event) => update({ sort: event.target.value as OverviewFilters['sort'] })}
          >
            {OVERVIEW_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="sm:col-span-2 lg:col-span-5">
          <SearchFilter value={filters.q} onApply={(q) => update({ q })} />
        </div>
        <div className="flex items-end">
          <Button
            type="button"
            variant="ghost"
            className="w-full"
            disabled={!filtered && filters.sort === 'date-desc'}
            onClick={() => update({ ...NO_FILTERS })}
          >
            <X aria-hidden />
            Clear filters
          </Button>
        </div>
      </form>

      <div className="mt-6 grid gap-4" aria-busy={overview.isFetching}>
        {overview.isError && !data ? (
          <LoadError
            message={validationMessage(overview.error) ?? loadFailureMessage(overview.error)}
            onRetry={() => void overview.refetch()}
            retrying={overview.isFetching}
          />
        ) : !data ? (
          <div role="status" aria-label="Loading transactions" className="grid gap-3">
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
              {[0, 1, 2, 3, 4].map((i) => (
                <Skeleton key={i} className="h-16 rounded-lg" />
              ))}
            </div>
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : (
          <>
            <Totals totals={data.totals} total={data.total} filtered={filtered} />
            <div
              className={cn(
                'transition-opacity sm:rounded-xl sm:border sm:bg-card sm:p-6 sm:shadow-sm',
                overview.isPlaceholderData && 'opacity-60',
              )}
            >
              {data.items.length > 0 ? (
                <div className="grid gap-4">
                  <TransactionsTable
                    transactions={data.items}
                    caption={`Transactions, ${SORT_LABELS[filters.sort].toLowerCase()}`}
                    account={(t) => <AccountName transaction={t} />}
                    onEdit={setEditing}
                    onDelete={setDeleting}
                  />
                  <Pagination
                    page={data.page}
                    pages={pageCount(data.total, data.pageSize)}
                    total={data.total}
                    pageSize={data.pageSize}
                    onPage={(page) => update({ page })}
                  />
                </div>
              ) : (
                <div className="flex flex-col items-center gap-3 px-4 py-8 text-center">
                  <Receipt className="size-8 text-muted-foreground" aria-hidden />
                  {data.total > 0 ? (
                    <>
                      <p className="text-muted-foreground">There are no transactions on this page.</p>
                      <Button type="button" variant="outline" size="sm" onClick={() => update({ page: 1 })}>
                        Go to the first page
                      </Button>
                    </>
                  ) : filtered ? (
                    <>
                      <p className="text-muted-foreground">No transactions match these filters.</p>
                      <Button type="button" variant="outline" size="sm" onClick={() => update({ ...NO_FILTERS })}>
                        Clear filters
                      </Button>
                    </>
                  ) : (
                    <>
                      <p className="text-muted-foreground">No transactions yet. Add them from an account's page.</p>
                      {isRegistered('accounts') ? (
                        <Button asChild variant="outline" size="sm">
                          <Link to={paths.accounts()}>Go to your accounts</Link>
                        </Button>
                      ) : null}
                    </>
                  )}
                </div>
              )}
            </div>
          </>
        )}
      </div>
      <AddTransactionsDialog
        accounts={accountOptions}
        accountId={filters.accountId || undefined}
        open={adding}
        onOpenChange={setAdding}
      />
      <EditTransactionDialog transaction={editing} onClose={() => setEditing(null)} />
      <DeleteTransactionDialog transaction={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
