import { useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, TriangleAlert, Wallet } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { accountLimitMessage, canAddAccount } from '../../core/accounts/account-cap.ts';
import { formatRate } from '../../core/accounts/interest-rate.ts';
import { formatPence } from '../../core/money/format.ts';
import { ApiError } from '../app/api.ts';
import { notify } from '../app/notify.ts';
import { isRegistered, paths } from '../app/paths.ts';
import { rememberReturnTo } from '../app/route-memory.ts';
import { namesDiffer } from '../reference/picker-parts.tsx';
import { SectionLoadError } from '../ui/section-states.tsx';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card.tsx';
import { cn } from '../ui/cn.ts';
import { Skeleton } from '../ui/skeleton.tsx';
import { type AccountList, type AccountListItem, AccountDataError, ACCOUNT_LIST_MESSAGES, useAccounts } from './api.ts';
import { ProtectionBadge } from './protection-badge.tsx';
import { accountKeys } from './query-keys.ts';

/** 'Account ending 5678' for a long number (the rest stays off screen); a short one as it is. */
export function accountNumberText(accountNumber: string): string {
  const compact = accountNumber.replace(/\s+/g, '');
  return compact.length > 6 ? `Account ending ${compact.slice(-4)}` : `Account ${accountNumber}`;
}

/** The bank and the licence it sits under; for a platform account, the bank holding the deposits. */
export function bankLines(account: AccountListItem): { bank: string; licence: string | null } {
  const bank =
    account.licence?.bankName ??
    account.bank ??
    (account.category === 'isa' || account.category === 'pension' ? 'Provider not recorded' : 'No bank chosen');
  const licenceOf = (l: { bankName: string; legalName: string; frn: string | null }) => {
    // A no-break space keeps 'FRN 169628' on one line.
    const firm = l.frn ? `${l.legalName} · FRN\u00a0${l.frn}` : l.legalName;
    return namesDiffer(l.bankName, l.legalName) || l.frn ? firm : null;
  };
  if (account.isPlatformAccount) {
    const held = account.platformBank;
    return {
      bank,
      licence: held
        ? `Deposits held at ${held.bankName} (${licenceOf(held) ?? held.legalName})`
        : 'Bank holding the deposits not chosen',
    };
  }
  return { bank, licence: account.licence ? licenceOf(account.licence) : null };
}

function AccountName({ account }: { account: AccountListItem }) {
  return isRegistered('account') ? (
    <Link
      to={paths.account(account.id)}
      className="font-semibold text-foreground underline decoration-muted-foreground/50 underline-offset-4 hover:decoration-foreground"
    >
      {account.name}
    </Link>
  ) : (
    <span className="font-semibold">{account.name}</span>
  );
}

function EditLink({ account }: { account: AccountListItem }) {
  return (
    <Button asChild variant="ghost" size="sm">
      <Link to={paths.accountEdit(account.id)} aria-label={`Edit ${account.name}`}>
        <Pencil aria-hidden />
        Edit
      </Link>
    </Button>
  );
}

function Balance({ pence, className }: { pence: number; className?: string }) {
  return (
    <span className={cn('font-semibold tabular-nums', pence < 0 && 'text-destructive', className)}>
      {formatPence(pence)}
    </span>
  );
}

function BankCell({ account }: { account: AccountListItem }) {
  const { bank, licence } = bankLines(account);
  return (
    <span className="grid gap-0.5">
      <span>{bank}</span>
      {licence ? <span className="text-xs text-muted-foreground">{licence}</span> : null}
    </span>
  );
}

/** Desktop: one row per account. */
function AccountsTable({ accounts }: { accounts: AccountListItem[] }) {
  return (
    <div className="hidden overflow-hidden rounded-xl border bg-card shadow-sm md:block">
      <table className="w-full text-sm">
        <caption className="sr-only">Your accounts, in the order you added them</caption>
        <thead className="border-b bg-muted/50 text-left text-xs font-medium text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="min-w-44 px-4 py-3 font-medium">
              Account
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Bank
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Type
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Rate
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Balance
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Protection
            </th>
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {accounts.map((account) => (
            <tr key={account.id} className="align-top">
              <th scope="row" className="px-4 py-3 text-left font-normal">
                <span className="grid gap-0.5">
                  <AccountName account={account} />
                  <span className="text-xs text-muted-foreground">{accountNumberText(account.accountNumber)}</span>
                </span>
              </th>
              <td className="px-4 py-3">
                <BankCell account={account} />
              </td>
              <td className="px-4 py-3">{account.accountType}</td>
              <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
                {formatRate(account.interestRateBps, account.rateType)}
              </td>
              <td className="px-4 py-3 text-right whitespace-nowrap">
                <Balance pence={account.balancePence} />
              </td>
              <td className="max-w-60 px-4 py-3">
                <ProtectionBadge protection={account.protection} />
              </td>
              <td className="px-2 py-2 text-right">
                <EditLink account={account} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones: one card per account, the balance on the right. */
function AccountCards({ accounts }: { accounts: AccountListItem[] }) {
  return (
    <ul className="grid gap-3 md:hidden" aria-label="Your accounts">
      {accounts.map((account) => (
        <li key={account.id} className="rounded-xl border bg-card p-4 shadow-sm">
          <div className="flex items-start justify-between gap-3">
            <span className="grid min-w-0 gap-0.5">
              <AccountName account={account} />
              <span className="text-xs text-muted-foreground">
                {account.accountType} · {accountNumberText(account.accountNumber)}
              </span>
            </span>
            <Balance pence={account.balancePence} className="shrink-0 text-lg" />
          </div>
          <div className="mt-3 flex items-start justify-between gap-3 text-sm">
            <BankCell account={account} />
            <span className="shrink-0 tabular-nums text-muted-foreground">
              {formatRate(account.interestRateBps, account.rateType)}
            </span>
          </div>
          <div className="mt-3 flex items-end justify-between gap-3">
            <ProtectionBadge protection={account.protection} />
            <EditLink account={account} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function AddAccountButton({ disabled = false }: { disabled?: boolean }) {
  if (disabled) {
    return (
      <Button disabled>
        <Plus aria-hidden />
        Add account
      </Button>
    );
  }
  return (
    <Button asChild>
      <Link to={paths.accountNew()}>
        <Plus aria-hidden />
        Add account
      </Link>
    </Button>
  );
}

function EmptyState() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed bg-card px-6 py-14 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand-soft-foreground">
        <Wallet className="size-7" aria-hidden />
      </span>
      <h2 className="text-xl font-semibold">No accounts yet</h2>
      <p className="max-w-md text-muted-foreground">
        Add your savings and current accounts to see your total balance and whether all of your money is protected.
      </p>
      <AddAccountButton />
    </div>
  );
}

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading accounts" className="grid gap-4">
      <Skeleton className="h-28 w-full rounded-xl sm:w-80" />
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-20 w-full rounded-xl" />
      ))}
    </div>
  );
}

function Summary({ list }: { list: AccountList }) {
  const { count, max } = list.cap;
  return (
    <Card className="gap-2 py-5 sm:w-fit sm:min-w-80">
      <CardHeader className="gap-1">
        <CardDescription>Total balance</CardDescription>
        <CardTitle className="text-3xl tabular-nums" aria-live="polite">
          <Balance pence={list.totalBalancePence} />
        </CardTitle>
      </CardHeader>
      <CardContent className="text-sm text-muted-foreground">
        {count === 1 ? '1 account' : `${count} accounts`}
        {max !== null ? ` of ${max} on your plan` : ''}
      </CardContent>
    </Card>
  );
}

/** /accounts: the user's accounts in the order they added them, their total and each one's protection. */
export function AccountsPage() {
  const accounts = useAccounts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedOut = accounts.error instanceof ApiError && accounts.error.status === 401;

  // The session ended under the page: say so and send them to sign in, coming back here after.
  useEffect(() => {
    if (!signedOut) return;
    notify.error(ACCOUNT_LIST_MESSAGES.signedOut, { acrossPages: true });
    rememberReturnTo(paths.accounts());
    queryClient.removeQueries({ queryKey: accountKeys.list });
    void navigate(paths.login(), { replace: true });
  }, [signedOut, navigate, queryClient]);

  const list = accounts.data;
  const capReached = list ? !canAddAccount(list.cap.count, { ...list.cap }) : false;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 md:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Accounts</h1>
          <p className="mt-1 text-muted-foreground">Every account you track, in the order you added them.</p>
        </div>
        {list && list.accounts.length > 0 ? <AddAccountButton disabled={capReached} /> : null}
      </div>

      <div className="mt-6 grid gap-6">
        {list ? (
          list.accounts.length === 0 ? (
            <EmptyState />
          ) : (
            <>
              <Summary list={list} />
              {capReached ? (
                <Alert variant="info">
                  <TriangleAlert aria-hidden />
                  <AlertTitle>You can’t add another account</AlertTitle>
                  <AlertDescription>{accountLimitMessage(list.cap)}</AlertDescription>
                </Alert>
              ) : null}
              <AccountsTable accounts={list.accounts} />
              <AccountCards accounts={list.accounts} />
            </>
          )
        ) : accounts.isError && !signedOut ? (
          <SectionLoadError
            message={
              accounts.error instanceof AccountDataError
                ? ACCOUNT_LIST_MESSAGES.processing
                : ACCOUNT_LIST_MESSAGES.failed
            }
            onRetry={() => void accounts.refetch()}
            retrying={accounts.isFetching}
          />
        ) : signedOut ? (
          <Alert variant="warning" role="alert">
            <TriangleAlert aria-hidden />
            <AlertTitle>{ACCOUNT_LIST_MESSAGES.signedOut}</AlertTitle>
          </Alert>
        ) : (
          <ListSkeleton />
        )}
      </div>
    </div>
  );
}
