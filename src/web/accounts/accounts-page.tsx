import { useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, TriangleAlert, Wallet } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { accountLimitMessage, canAddAccount } from '../../core/accounts/account-cap.ts';
import { accountRateText } from '../../core/accounts/cash-interest.ts';
import { formatPence } from '../../core/money/format.ts';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { ApiError } from '../app/api.ts';
import { notify } from '../app/notify.ts';
import { isRegistered, paths } from '../app/paths.ts';
import { rememberReturnTo } from '../app/route-memory.ts';
import { namesDiffer } from '../reference/picker-parts.tsx';
import { SectionLoadError } from '../ui/section-states.tsx';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { displayDate } from '../ui/date-format.ts';
import { Skeleton } from '../ui/skeleton.tsx';
import { shareNote } from '../protection/hub-words.ts';
import { type JointShare, type ListEntry, jointSharesById, listEntries } from './account-groups.ts';
import { AccountsTotals } from './accounts-totals.tsx';
import { ArchivedAccountsSection } from './archived-accounts-section.tsx';
import { type AccountListItem, AccountDataError, ACCOUNT_LIST_MESSAGES, useAccounts } from './api.ts';
import { ProtectionBadge } from './protection-badge.tsx';
import { SharedLicenceSummary } from './shared-licence-summary.tsx';
import { accountKeys } from './query-keys.ts';
import { BankConnectionsLink } from '../open-banking/entry-points.tsx';

const LIST_CAPTION = 'Your accounts, in the order you added them, grouped by banking licence where they share one';

/** An id for a licence group's heading, unique per layout (the table and the phone cards are both in the page). */
function licenceHeadingId(layout: 'row' | 'card', key: string): string {
  return `licence-${layout}-${key.replace(/[^a-z0-9]+/gi, '-')}`;
}

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
    // The firm's name is printed once: under a bank of the same name, the FRN alone.
    if (namesDiffer(l.bankName, l.legalName)) return firm;
    return l.frn ? `FRN\u00a0${l.frn}` : null;
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

/** A joint account's share beneath its balance: what counts towards the saver's protection. */
function ShareLine({ share }: { share: JointShare | undefined }) {
  if (!share) return null;
  return (
    <span className="text-xs font-normal text-muted-foreground tabular-nums">
      your share {formatPence(share.sharePence)}
    </span>
  );
}

/** 'Account ending 5678', and for a joint account who holds it: 'Joint account, 2 people: your half'. */
function AccountSubline({
  account,
  share,
  withType = false,
}: {
  account: AccountListItem;
  share: JointShare | undefined;
  withType?: boolean;
}) {
  const note = share ? shareNote(share.holders) : null;
  return (
    <span className="text-xs text-muted-foreground">
      {[withType ? account.accountType : null, accountNumberText(account.accountNumber), note]
        .filter(Boolean)
        .join(' · ')}
    </span>
  );
}

/**
 * A fixed-term account's maturity (core's `maturityDate`, read by the list's statement):
 * 'Matures 28/04/2027', or 'Matured 01/11/2026' once past; nothing for an account that does not mature.
 */
export function maturityText(maturityDate: string | null, today: string): string | null {
  if (maturityDate === null) return null;
  return `${maturityDate < today ? 'Matured' : 'Matures'} ${displayDate(maturityDate)}`;
}

function MaturityLine({ account }: { account: AccountListItem }) {
  const text = maturityText(account.maturityDate, calendarDateInLondon(new Date()));
  return text ? <span className="text-xs whitespace-nowrap text-muted-foreground">{text}</span> : null;
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

type RowProps = { account: AccountListItem; share: JointShare | undefined; inSharedLicence: boolean };

function AccountRow({ account, share, inSharedLicence }: RowProps) {
  return (
    <tr className={cn('align-top', inSharedLicence && 'bg-muted/20')}>
      <th
        scope="row"
        className={cn('px-4 py-3 text-left font-normal', inSharedLicence && 'border-l-4 border-l-border pl-3')}
      >
        <span className="grid gap-0.5">
          <AccountName account={account} />
          <AccountSubline account={account} share={share} />
        </span>
      </th>
      <td className="px-4 py-3">
        <BankCell account={account} />
      </td>
      <td className="px-4 py-3">
        <span className="grid gap-0.5">
          <span>{account.accountType}</span>
          <MaturityLine account={account} />
        </span>
      </td>
      <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">{accountRateText(account)}</td>
      <td className="px-4 py-3 text-right whitespace-nowrap">
        <span className="grid justify-items-end gap-0.5">
          <Balance pence={account.balancePence} />
          <ShareLine share={share} />
        </span>
      </td>
      <td className="max-w-60 px-4 py-3">
        <ProtectionBadge protection={account.protection} inSharedLicence={inSharedLicence} />
      </td>
      <td className="px-2 py-2 text-right">
        <EditLink account={account} />
      </td>
    </tr>
  );
}

const COLUMNS = 7;

/** Desktop: one row per account; accounts sharing a licence in a row group headed by the licence. */
function AccountsTable({ entries, shares }: { entries: ListEntry[]; shares: Map<string, JointShare> }) {
  // Consecutive single accounts share a body; each licence group is a body of its own.
  const bodies: ListEntry[][] = [];
  for (const entry of entries) {
    const last = bodies.at(-1);
    if (entry.kind === 'account' && last?.[0]?.kind === 'account') last.push(entry);
    else bodies.push([entry]);
  }
  return (
    <div className="hidden overflow-hidden rounded-xl border bg-card shadow-sm md:block">
      <table className="w-full text-sm">
        <caption className="sr-only">{LIST_CAPTION}</caption>
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
        {bodies.map((body) => {
          const first = body[0]!;
          if (first.kind === 'licence') {
            const headingId = licenceHeadingId('row', first.licence.key);
            return (
              <tbody
                key={first.licence.key}
                aria-labelledby={headingId}
                className="divide-y border-t-2 border-t-border"
              >
                <tr className="bg-muted/50">
                  <th scope="rowgroup" colSpan={COLUMNS} className="px-4 py-4 text-left font-normal">
                    <SharedLicenceSummary licence={first.licence} headingId={headingId} />
                  </th>
                </tr>
                {first.accounts.map((account) => (
                  <AccountRow key={account.id} account={account} share={shares.get(account.id)} inSharedLicence />
                ))}
              </tbody>
            );
          }
          return (
            <tbody key={first.account.id} className="divide-y border-t">
              {body.map((entry) =>
                entry.kind === 'account' ? (
                  <AccountRow
                    key={entry.account.id}
                    account={entry.account}
                    share={shares.get(entry.account.id)}
                    inSharedLicence={false}
                  />
                ) : null,
              )}
            </tbody>
          );
        })}
      </table>
    </div>
  );
}

/** One account as a phone shows it: the balance on the right. */
function AccountCardBody({ account, share, inSharedLicence }: RowProps) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <span className="grid min-w-0 gap-0.5">
          <AccountName account={account} />
          <AccountSubline account={account} share={share} withType />
          <MaturityLine account={account} />
        </span>
        <span className="grid shrink-0 justify-items-end gap-0.5 text-right">
          <Balance pence={account.balancePence} className="text-lg" />
          <ShareLine share={share} />
        </span>
      </div>
      <div className="mt-3 flex items-start justify-between gap-3 text-sm">
        <BankCell account={account} />
        <span className="shrink-0 tabular-nums text-muted-foreground">{accountRateText(account)}</span>
      </div>
      <div className="mt-3 flex items-end justify-between gap-3">
        <ProtectionBadge protection={account.protection} inSharedLicence={inSharedLicence} />
        <EditLink account={account} />
      </div>
    </>
  );
}

/** Phones: one card per account; accounts sharing a licence in one card headed by the licence. */
function AccountCards({ entries, shares }: { entries: ListEntry[]; shares: Map<string, JointShare> }) {
  return (
    <ul className="grid gap-3 md:hidden" aria-label="Your accounts">
      {entries.map((entry) => {
        if (entry.kind === 'account') {
          const { account } = entry;
          return (
            <li key={account.id} className="rounded-xl border bg-card p-4 shadow-sm">
              <AccountCardBody account={account} share={shares.get(account.id)} inSharedLicence={false} />
            </li>
          );
        }
        const headingId = licenceHeadingId('card', entry.licence.key);
        return (
          <li key={entry.licence.key}>
            <section aria-labelledby={headingId} className="overflow-hidden rounded-xl border bg-card shadow-sm">
              <SharedLicenceSummary
                licence={entry.licence}
                headingId={headingId}
                heading="h2"
                className="bg-muted/50 p-4"
              />
              <ul className="divide-y border-t" aria-label={`Accounts under ${entry.licence.name}`}>
                {entry.accounts.map((account) => (
                  <li key={account.id} className="p-4">
                    <AccountCardBody account={account} share={shares.get(account.id)} inSharedLicence />
                  </li>
                ))}
              </ul>
            </section>
          </li>
        );
      })}
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
          <p className="mt-1 text-muted-foreground">
            Every account you track, in the order you added them. Accounts that share a banking licence are grouped
            under it: they share one protection limit.
          </p>
        </div>
        {list && list.accounts.length > 0 ? (
          <div className="flex flex-wrap gap-2">
            <BankConnectionsLink />
            <AddAccountButton disabled={capReached} />
          </div>
        ) : null}
      </div>

      <div className="mt-6 grid gap-6">
        {list ? (
          list.accounts.length === 0 ? (
            <EmptyState />
          ) : (
            <>
              <AccountsTotals list={list} />
              {capReached ? (
                <Alert variant="info">
                  <TriangleAlert aria-hidden />
                  <AlertTitle>You can’t add another account</AlertTitle>
                  <AlertDescription>{accountLimitMessage(list.cap)}</AlertDescription>
                </Alert>
              ) : null}
              <AccountsTable entries={listEntries(list)} shares={jointSharesById(list)} />
              <AccountCards entries={listEntries(list)} shares={jointSharesById(list)} />
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
        <ArchivedAccountsSection />
      </div>
    </div>
  );
}
