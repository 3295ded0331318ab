/**
 * /account/{id} (001 §2 "Account detail"), in the spec's order: back button and title; the three
 * summary cards; Basic Information; Interest Settings; Protection (ours, issue 14: the account's
 * licence and the accounts sharing it); the transactions section; the standing orders; the charts; and last the Danger Zone (below the transactions, issue 13; the spec has it
 * above them). The ISA and pension cards, the Terms and Conditions card and
 * the smart-alerts banner come in a later issue: their places are marked below and render nothing.
 *
 * Not found (001 §2): an account that is missing when the page opens sends the user to
 * /accounts with 'Account not found' (an id that is not there at all: 'Account ID is missing');
 * one that disappears while shown (deleted in another tab) stays on the page as
 * 'Account not found' / 'The account you're looking for doesn't exist.' with a way back. An
 * archived account (a downgrade) is not missing: its page says it is archived and how to restore it.
 */
import { isBalanceStatement } from '../../core/balance/balance-rule.ts';
import { ArrowLeft, Info, Scale, TriangleAlert, X } from 'lucide-react';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { notify } from '../app/notify.ts';
import { paths } from '../app/paths.ts';
import { StandingOrdersCard } from '../standing-orders/standing-orders-card.tsx';
import { TransactionsSection } from '../transactions/transactions-section.tsx';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { useAccountBalanceSeries } from '../balance-series/api.ts';
import { Button } from '../ui/button.tsx';
import { SectionLoadError } from '../ui/section-states.tsx';
import { lazyWithRetry } from '../app/lazy-with-retry.ts';
import { AccountDetailSkeleton, ChartsSkeleton } from './account-detail-skeleton.tsx';
import { type AccountDetail, errorMessage, isNotFound, useAccountDetail } from './api.ts';
import { useArchivedAccounts } from '../subscriptions/downgrade-api.ts';
import { ArchivedAccountView } from './archived-account-view.tsx';
import { BasicInformationCard } from './basic-information-card.tsx';
import { DangerZoneCard } from './danger-zone-card.tsx';
import { InterestSettingsCard } from './interest-settings-card.tsx';
import { IsaDetailsCard } from './isa-details-card.tsx';
import { PensionDetailsCard } from './pension-details-card.tsx';
import { type AccountPageNotification, readAccountPageState } from './page-state.ts';
import { ProtectionCard } from './protection-card.tsx';
import { MaturityNote } from './maturity-note.tsx';
import { SavingsCalculatorLink } from '../calculators/from-account-link.tsx';
import { AccountBankSync } from '../open-banking/account-bank-sync.tsx';
import { SummaryCards } from './summary-cards.tsx';
import { TermsBanner, TermsCard } from './terms-card.tsx';
import { UpdateBalanceDialog } from './update-balance-dialog.tsx';

export const ACCOUNT_ID_MISSING = 'Account ID is missing';
export const ACCOUNT_NOT_FOUND = 'Account not found';
export const ACCOUNT_NOT_FOUND_TEXT = "The account you're looking for doesn't exist.";
export const TRANSACTIONS_ANCHOR = 'transactions';

// Recharts is large: it loads with the charts, after the rest of the page.
const AccountCharts = lazyWithRetry(() => import('./account-charts.tsx').then((m) => ({ default: m.AccountCharts })));

function Page({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6 md:py-10">{children}</div>;
}

function BackToAccounts() {
  return (
    <Button asChild variant="ghost" className="-ml-3 justify-self-start">
      <Link to={paths.accounts()}>
        <ArrowLeft aria-hidden />
        Back to Accounts
      </Link>
    </Button>
  );
}

function NotFoundView() {
  return (
    <Page>
      <BackToAccounts />
      <div className="grid gap-2 rounded-xl border bg-card p-8 text-center">
        <h1 className="text-2xl font-semibold">{ACCOUNT_NOT_FOUND}</h1>
        <p className="text-muted-foreground">{ACCOUNT_NOT_FOUND_TEXT}</p>
      </div>
    </Page>
  );
}

function LoadFailed({ message, retrying, onRetry }: { message: string; retrying: boolean; onRetry: () => void }) {
  return (
    <Page>
      <BackToAccounts />
      <SectionLoadError message={`Failed to load account details: ${message}`} onRetry={onRetry} retrying={retrying} />
    </Page>
  );
}

/** A notification another page opened the account with (navigation state), until dismissed. */
function NotificationContext({
  notification,
  onDismiss,
}: {
  notification: AccountPageNotification;
  onDismiss: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const variant =
    notification.level === 'error'
      ? 'destructive'
      : notification.level === 'warning'
        ? 'warning'
        : notification.level === 'success'
          ? 'success'
          : 'info';
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      variant={variant}
      className="outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {variant === 'destructive' || variant === 'warning' ? <TriangleAlert aria-hidden /> : <Info aria-hidden />}
      <AlertTitle>{notification.title ?? notification.message}</AlertTitle>
      <AlertDescription>
        {notification.title ? <p>{notification.message}</p> : null}
        <Button variant="ghost" size="sm" className="-ml-3" onClick={onDismiss}>
          <X aria-hidden />
          Dismiss
        </Button>
      </AlertDescription>
    </Alert>
  );
}

function AccountView({
  detail,
  fetchedAt,
  openAddDialog,
  notification,
  onNotify,
  onDismissNotification,
}: {
  detail: AccountDetail;
  /**
   * When `detail` was fetched: its first page of transactions is as fresh. Null when `detail` is
   * out of date (another page changed the account and it is being fetched again): the list then
   * asks for its own first page rather than start from an old one.
   */
  fetchedAt: number | null;
  openAddDialog: boolean;
  notification: AccountPageNotification | null;
  onNotify: (notification: AccountPageNotification) => void;
  onDismissNotification: () => void;
}) {
  const { account } = detail;
  const chartsId = useId();
  // Fetched with the page, while Recharts loads.
  const balance = useAccountBalanceSeries(account.id);
  const [updatingBalance, setUpdatingBalance] = useState(false);
  const hasStatedBalance = detail.typeTotals.some((t) => isBalanceStatement(t.type));
  return (
    <Page>
      {/* 1. Back to Accounts and the title */}
      <div className="grid gap-2">
        <BackToAccounts />
        <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl">{account.name}</h1>
        <p className="text-muted-foreground">
          {[account.bank ?? account.licence?.bankName, account.accountType].filter(Boolean).join(' · ')}
        </p>
      </div>
      {notification ? (
        <NotificationContext
          // A new notice is a new alert, which takes the focus.
          key={`${notification.title ?? ''}|${notification.message}`}
          notification={notification}
          onDismiss={onDismissNotification}
        />
      ) : null}

      {/* 2. The three summary cards; "Update balance" under the balance (issue 13, ADR 0022) */}
      <SummaryCards
        summary={detail.summary}
        hasStatedBalance={hasStatedBalance}
        balanceAction={
          <Button type="button" variant="outline" size="sm" onClick={() => setUpdatingBalance(true)}>
            <Scale aria-hidden />
            Update balance
          </Button>
        }
      />
      {/* Open Banking (issue 32): where the balance came from, or "Keep this balance up to date" */}
      <AccountBankSync account={account} />
      <UpdateBalanceDialog
        accountId={account.id}
        open={updatingBalance}
        onOpenChange={setUpdatingBalance}
        onSaved={(message) => onNotify({ level: 'success', message })}
      />

      {/* A fixed-term account's maturity (issue 24) */}
      <MaturityNote account={account} />

      {/* 3. The smart-alerts banner offering 'Add T&Cs' (scrolls to the Terms and Conditions card) */}
      <TermsBanner account={account} />

      <div className="grid gap-6 lg:grid-cols-2">
        {/* 4. The account details card */}
        <BasicInformationCard account={account} />
        {/* 5. The ISA Details card for ISA types and the Pension Details card for pension types
               (account.category), here beside Basic Information. */}
        {account.category === 'isa' ? <IsaDetailsCard account={account} /> : null}
        {account.category === 'pension' ? <PensionDetailsCard account={account} /> : null}
        <InterestSettingsCard account={account} />
      </div>
      <SavingsCalculatorLink account={account} />

      {/* 6. Protection (issue 14): the account's licence, the accounts sharing it, its limit, covered and at risk */}
      <ProtectionCard account={account} protection={detail.protection} />

      {/* 7. The transactions section (#transactions scrolls here), starting from this answer's newest page */}
      <div id={TRANSACTIONS_ANCHOR} tabIndex={-1} className="min-w-0 scroll-mt-24 outline-none">
        <TransactionsSection
          accountId={account.id}
          openAddDialog={openAddDialog}
          firstPage={fetchedAt === null ? undefined : { page: detail.transactions, fetchedAt }}
        />
      </div>

      {/* 8. The standing orders */}
      <StandingOrdersCard accountId={account.id} />

      {/* 9. The charts */}
      <section aria-labelledby={chartsId} className="grid min-w-0 gap-4">
        <h2 id={chartsId} className="text-xl font-semibold">
          Charts
        </h2>
        <Suspense fallback={<ChartsSkeleton />}>
          <AccountCharts detail={detail} balance={balance} />
        </Suspense>
      </section>

      {/* 10. The Terms and Conditions card (the banner's 'Add T&Cs' scrolls to it) */}
      <TermsCard account={account} />

      {/* The Danger Zone comes last (issue 13: the spec's item 6 put it above the transactions, where a
             saver scrolling to their entries passed a delete button first). */}
      <DangerZoneCard account={account} />
    </Page>
  );
}

export function AccountDetailPage() {
  const { id: rawId } = useParams();
  const id = rawId?.trim() ?? '';
  const location = useLocation();
  const navigate = useNavigate();
  const detail = useAccountDetail(id, id !== '');

  // The navigation-state flags, read once; then dropped from history, so a reload does not repeat them.
  const [pageState] = useState(() => readAccountPageState(location.state));
  const [notification, setNotification] = useState(pageState.notification);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival.
  useEffect(() => {
    if (location.state != null)
      void navigate(
        { pathname: location.pathname, search: location.search, hash: location.hash },
        { replace: true, state: null },
      );
  }, []);

  const missingOnArrival = id === '' || (isNotFound(detail.error) && detail.data === undefined);
  // A missing account may be archived (a downgrade): then the page says so, and how to restore it.
  const archived = useArchivedAccounts({ enabled: id !== '' && missingOnArrival });
  const archivedAccount = archived.data?.accounts.find((a) => a.id === id);
  const checkingArchive = id !== '' && missingOnArrival && archived.isPending;
  const goneForGood = missingOnArrival && !checkingArchive && !archivedAccount;
  useEffect(() => {
    if (!goneForGood) return;
    // It explains the page the user is sent to, so it outlives this one.
    notify.error(id === '' ? ACCOUNT_ID_MISSING : ACCOUNT_NOT_FOUND, { acrossPages: true });
    void navigate(paths.accounts(), { replace: true });
  }, [goneForGood, id, navigate]);

  // #transactions: scroll to the section once the page is there.
  const loaded = detail.data !== undefined;
  useEffect(() => {
    if (!loaded || location.hash !== `#${TRANSACTIONS_ANCHOR}`) return;
    const section = document.getElementById(TRANSACTIONS_ANCHOR);
    section?.scrollIntoView({ block: 'start' });
    section?.focus({ preventScroll: true });
  }, [loaded, location.hash]);

  if (archivedAccount)
    return (
      <Page>
        <BackToAccounts />
        <ArchivedAccountView account={archivedAccount} />
      </Page>
    );
  if (checkingArchive)
    return (
      <Page>
        <AccountDetailSkeleton />
      </Page>
    );
  if (missingOnArrival || (isNotFound(detail.error) && detail.data)) return <NotFoundView />;
  if (detail.data) {
    return (
      <AccountView
        detail={detail.data}
        fetchedAt={detail.isStale ? null : detail.dataUpdatedAt}
        openAddDialog={pageState.openAddTransactions}
        notification={notification}
        onNotify={setNotification}
        onDismissNotification={() => setNotification(null)}
      />
    );
  }
  if (detail.isError)
    return (
      <LoadFailed
        message={errorMessage(detail.error)}
        retrying={detail.isFetching}
        onRetry={() => void detail.refetch()}
      />
    );
  return (
    <Page>
      <AccountDetailSkeleton />
    </Page>
  );
}
