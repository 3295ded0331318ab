import { type ComponentType, Suspense, useMemo } from 'react';
import { Outlet, type RouteObject, matchRoutes, useLocation, useRoutes } from 'react-router';
import { hasSignedInHint } from '../../core/session/signed-in-hint.ts';
import { lazyWithRetry } from './lazy-with-retry.ts';
import { PageSkeleton, type SkeletonKind } from './page-skeletons.tsx';
import { type RegisteredRouteId, type RouteAccess, registeredRouteIds, routes } from './paths.ts';
import { PublicLayout } from './public-layout.tsx';
import { type RouteHandle, RouteMatchesContext } from './route-handle.ts';
import { RootErrorPage, RouteErrorBoundary, RouteErrorPage } from './route-error.tsx';
import { RootLayout } from './root-layout.tsx';
import { CurrentPageSkeleton, SignedInCheck } from './signed-in-check.tsx';

interface PageEntry {
  Component: ComponentType;
  skeleton: SkeletonKind;
}

// The signed-in layout and its guards: one chunk that a visitor who has not signed in never loads.
const loadSignedInRoutes = () => import('./signed-in-routes.ts');
const ProtectedLayout = lazyWithRetry(() => loadSignedInRoutes().then((m) => ({ default: m.ProtectedLayout })));
const SubscriptionGuard = lazyWithRetry(() => loadSignedInRoutes().then((m) => ({ default: m.SubscriptionGuard })));
const VerifiedOnly = lazyWithRetry(() => loadSignedInRoutes().then((m) => ({ default: m.VerifiedOnly })));
const AdminGuard = lazyWithRetry(() => loadSignedInRoutes().then((m) => ({ default: m.AdminGuard })));

/** A guard's element: the page's skeleton while the guard's code loads. */
function guarded(Guard: ComponentType) {
  return (
    <Suspense fallback={<CurrentPageSkeleton />}>
      <Guard />
    </Suspense>
  );
}

const LoginPage = lazyWithRetry(() => import('../auth/login-page.tsx').then((m) => ({ default: m.LoginPage })));
const AdminHomePage = lazyWithRetry(() =>
  import('../admin/home/admin-home-page.tsx').then((m) => ({ default: m.AdminHomePage })),
);
const AccountDetailPage = lazyWithRetry(() =>
  import('../account-detail/account-detail-page.tsx').then((m) => ({ default: m.AccountDetailPage })),
);

/**
 * Every registered route's page. The type makes the compiler check this table against
 * paths.ts: registering a route without a page, or adding a page without registering its
 * route, does not compile.
 */
const pages: Record<RegisteredRouteId, PageEntry> = {
  home: {
    Component: lazyWithRetry(() => import('../home/home-page.tsx').then((m) => ({ default: m.HomePage }))),
    skeleton: 'marketing',
  },
  login: { Component: LoginPage, skeleton: 'auth' },
  auth: { Component: LoginPage, skeleton: 'auth' },
  signup: {
    Component: lazyWithRetry(() => import('../auth/signup-page.tsx').then((m) => ({ default: m.SignupPage }))),
    skeleton: 'auth',
  },
  resetRequest: {
    Component: lazyWithRetry(() =>
      import('../auth/reset-request-page.tsx').then((m) => ({ default: m.ResetRequestPage })),
    ),
    skeleton: 'auth',
  },
  resetPassword: {
    Component: lazyWithRetry(() =>
      import('../auth/reset-password-page.tsx').then((m) => ({ default: m.ResetPasswordPage })),
    ),
    skeleton: 'auth',
  },
  authConfirmation: {
    Component: lazyWithRetry(() =>
      import('../auth/confirmation-page.tsx').then((m) => ({ default: m.ConfirmationPage })),
    ),
    skeleton: 'message',
  },
  authCallback: {
    Component: lazyWithRetry(() => import('../auth/callback-page.tsx').then((m) => ({ default: m.AuthCallbackPage }))),
    skeleton: 'message',
  },
  legal: {
    Component: lazyWithRetry(() => import('../legal/legal-page.tsx').then((m) => ({ default: m.LegalPage }))),
    skeleton: 'document',
  },
  contact: {
    Component: lazyWithRetry(() => import('../contact/contact-page.tsx').then((m) => ({ default: m.ContactPage }))),
    skeleton: 'form',
  },
  featureFscsProtectionChecker: {
    Component: lazyWithRetry(() => import('../checker/checker-page.tsx').then((m) => ({ default: m.CheckerPage }))),
    skeleton: 'form',
  },
  featureSavingsCalculator: {
    Component: lazyWithRetry(() =>
      import('../calculators/savings-calculator-page.tsx').then((m) => ({ default: m.SavingsCalculatorPage })),
    ),
    skeleton: 'form',
  },
  featureInterestCalculator: {
    Component: lazyWithRetry(() =>
      import('../calculators/interest-calculator-page.tsx').then((m) => ({ default: m.InterestCalculatorPage })),
    ),
    skeleton: 'form',
  },
  featureAccountManagement: {
    Component: lazyWithRetry(() =>
      import('../features/feature-pages.tsx').then((m) => ({ default: m.AccountManagementPage })),
    ),
    skeleton: 'marketing',
  },
  featureRateMonitoring: {
    Component: lazyWithRetry(() =>
      import('../features/feature-pages.tsx').then((m) => ({ default: m.RateMonitoringPage })),
    ),
    skeleton: 'marketing',
  },
  featurePortfolioAnalytics: {
    Component: lazyWithRetry(() =>
      import('../features/feature-pages.tsx').then((m) => ({ default: m.PortfolioAnalyticsPage })),
    ),
    skeleton: 'marketing',
  },
  dashboard: {
    Component: lazyWithRetry(() =>
      import('../dashboard/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })),
    ),
    skeleton: 'dashboard',
  },
  verificationRequired: {
    Component: lazyWithRetry(() =>
      import('../auth/verification-required-page.tsx').then((m) => ({ default: m.VerificationRequiredPage })),
    ),
    skeleton: 'message',
  },
  settings: {
    Component: lazyWithRetry(() => import('../settings/settings-page.tsx').then((m) => ({ default: m.SettingsPage }))),
    skeleton: 'form',
  },
  profile: {
    Component: lazyWithRetry(() =>
      import('../settings/profile-redirect.tsx').then((m) => ({ default: m.ProfileRedirect })),
    ),
    skeleton: 'form',
  },
  settingsSubscription: {
    Component: lazyWithRetry(() =>
      import('../settings/profile-redirect.tsx').then((m) => ({ default: m.SubscriptionRedirect })),
    ),
    skeleton: 'form',
  },
  // Reached from the payment notifications' actions: the tab shows Update Payment Method first.
  settingsSubscriptionPayment: {
    Component: lazyWithRetry(() =>
      import('../settings/profile-redirect.tsx').then((m) => ({ default: m.SubscriptionRedirect })),
    ),
    skeleton: 'form',
  },
  account: { Component: AccountDetailPage, skeleton: 'dashboard' },
  // The same page: with no id it says 'Account ID is missing' and goes to the accounts list.
  accountWithoutId: { Component: AccountDetailPage, skeleton: 'dashboard' },
  accounts: {
    Component: lazyWithRetry(() => import('../accounts/accounts-page.tsx').then((m) => ({ default: m.AccountsPage }))),
    skeleton: 'list',
  },
  accountNew: {
    Component: lazyWithRetry(() =>
      import('../accounts/account-form-page.tsx').then((m) => ({ default: m.AccountNewPage })),
    ),
    skeleton: 'form',
  },
  accountEdit: {
    Component: lazyWithRetry(() =>
      import('../accounts/account-form-page.tsx').then((m) => ({ default: m.AccountEditPage })),
    ),
    skeleton: 'form',
  },
  transactions: {
    Component: lazyWithRetry(() =>
      import('../transactions/transactions-page.tsx').then((m) => ({ default: m.TransactionsPage })),
    ),
    skeleton: 'list',
  },
  notifications: {
    Component: lazyWithRetry(() =>
      import('../notifications/notifications-page.tsx').then((m) => ({ default: m.NotificationsPage })),
    ),
    skeleton: 'list',
  },
  notificationsUnsubscribe: {
    Component: lazyWithRetry(() =>
      import('../notifications/unsubscribe-page.tsx').then((m) => ({ default: m.UnsubscribePage })),
    ),
    skeleton: 'message',
  },
  devMailbox: {
    Component: lazyWithRetry(() => import('../dev-mailbox/mailbox-page.tsx').then((m) => ({ default: m.MailboxPage }))),
    skeleton: 'list',
  },
  admin: { Component: AdminHomePage, skeleton: 'list' },
  adminSettings: { Component: AdminHomePage, skeleton: 'list' },
  adminContactEdit: {
    Component: lazyWithRetry(() =>
      import('../admin/contacts/contact-edit-page.tsx').then((m) => ({ default: m.ContactEditPage })),
    ),
    skeleton: 'form',
  },
  adminDebugConsole: {
    Component: lazyWithRetry(() =>
      import('../admin/debug-console/debug-console-page.tsx').then((m) => ({ default: m.DebugConsolePage })),
    ),
    skeleton: 'dashboard',
  },
  adminAccountTypes: {
    Component: lazyWithRetry(() =>
      import('../admin/account-types/account-types-page.tsx').then((m) => ({ default: m.AccountTypesPage })),
    ),
    skeleton: 'list',
  },
  adminBankData: {
    Component: lazyWithRetry(() =>
      import('../admin/bank-data/bank-data-page.tsx').then((m) => ({ default: m.BankDataPage })),
    ),
    skeleton: 'list',
  },
  adminBankingGroups: {
    Component: lazyWithRetry(() =>
      import('../admin/bank-data-screens/banking-groups-page.tsx').then((m) => ({ default: m.BankingGroupsPage })),
    ),
    skeleton: 'list',
  },
  adminBankDataManagement: {
    Component: lazyWithRetry(() =>
      import('../admin/bank-data-screens/bank-data-management-page.tsx').then((m) => ({
        default: m.BankDataManagementPage,
      })),
    ),
    skeleton: 'list',
  },
  adminUsers: {
    Component: lazyWithRetry(() => import('../admin/users/users-page.tsx').then((m) => ({ default: m.UsersPage }))),
    skeleton: 'list',
  },
  adminUserEdit: {
    Component: lazyWithRetry(() =>
      import('../admin/users/user-edit-page.tsx').then((m) => ({ default: m.UserEditPage })),
    ),
    skeleton: 'form',
  },
  adminContent: {
    Component: lazyWithRetry(() =>
      import('../admin/content/content-list-page.tsx').then((m) => ({ default: m.ContentListPage })),
    ),
    skeleton: 'list',
  },
  adminContentAction: {
    Component: lazyWithRetry(() =>
      import('../admin/content/content-editor-page.tsx').then((m) => ({ default: m.ContentActionPage })),
    ),
    skeleton: 'form',
  },
  adminContentEdit: {
    Component: lazyWithRetry(() =>
      import('../admin/content/content-editor-page.tsx').then((m) => ({ default: m.ContentEditPage })),
    ),
    skeleton: 'form',
  },
  pagePreview: {
    Component: lazyWithRetry(() => import('../content/content-page.tsx').then((m) => ({ default: m.PreviewPage }))),
    skeleton: 'marketing',
  },
  contentPage: {
    Component: lazyWithRetry(() => import('../content/content-page.tsx').then((m) => ({ default: m.ContentPage }))),
    skeleton: 'marketing',
  },
  adminNews: {
    Component: lazyWithRetry(() =>
      import('../admin/news/news-admin-page.tsx').then((m) => ({ default: m.NewsAdminPage })),
    ),
    skeleton: 'list',
  },
  adminSystemHealth: {
    Component: lazyWithRetry(() =>
      import('../admin/system-health/system-health-page.tsx').then((m) => ({ default: m.SystemHealthPage })),
    ),
    skeleton: 'dashboard',
  },
  news: {
    Component: lazyWithRetry(() => import('../news/news-page.tsx').then((m) => ({ default: m.NewsPage }))),
    skeleton: 'list',
  },
  adminPromoCodes: {
    Component: lazyWithRetry(() =>
      import('../admin/subscriptions/promo-codes-page.tsx').then((m) => ({ default: m.PromoCodesPage })),
    ),
    skeleton: 'list',
  },
  accountImport: {
    Component: lazyWithRetry(() =>
      import('../transaction-import/import-page.tsx').then((m) => ({ default: m.ImportPage })),
    ),
    skeleton: 'form',
  },
  protection: {
    Component: lazyWithRetry(() =>
      import('../protection/protection-hub-page.tsx').then((m) => ({ default: m.ProtectionHubPage })),
    ),
    skeleton: 'dashboard',
  },
  smartPig: {
    Component: lazyWithRetry(() =>
      import('../smart-pig/smart-pig-page.tsx').then((m) => ({ default: m.SmartPigPage })),
    ),
    skeleton: 'dashboard',
  },
  openBanking: {
    Component: lazyWithRetry(() =>
      import('../open-banking/open-banking-page.tsx').then((m) => ({ default: m.OpenBankingPage })),
    ),
    skeleton: 'list',
  },
  openBankingLink: {
    Component: lazyWithRetry(() => import('../open-banking/link-page.tsx').then((m) => ({ default: m.LinkPage }))),
    skeleton: 'form',
  },
  maturityCalculator: {
    Component: lazyWithRetry(() =>
      import('../calculators/maturity-calculator-page.tsx').then((m) => ({ default: m.MaturityCalculatorPage })),
    ),
    skeleton: 'form',
  },
  pensionCalculator: {
    Component: lazyWithRetry(() =>
      import('../calculators/pension-calculator-page.tsx').then((m) => ({ default: m.PensionCalculatorPage })),
    ),
    skeleton: 'form',
  },
  subscribe: {
    Component: lazyWithRetry(() =>
      import('../subscriptions/subscribe-page.tsx').then((m) => ({ default: m.SubscribePage })),
    ),
    skeleton: 'list',
  },
  subscriptionSuccess: {
    Component: lazyWithRetry(() =>
      import('../subscriptions/checkout-result-pages.tsx').then((m) => ({ default: m.SubscriptionSuccessPage })),
    ),
    skeleton: 'message',
  },
  subscriptionCancel: {
    Component: lazyWithRetry(() =>
      import('../subscriptions/checkout-result-pages.tsx').then((m) => ({ default: m.SubscriptionCancelPage })),
    ),
    skeleton: 'message',
  },
  subscriptionTestCheckout: {
    Component: lazyWithRetry(() =>
      import('../subscriptions/test-checkout-page.tsx').then((m) => ({ default: m.TestCheckoutPage })),
    ),
    skeleton: 'message',
  },
  subscriptionTestManage: {
    Component: lazyWithRetry(() =>
      import('../subscriptions/test-manage-page.tsx').then((m) => ({ default: m.TestManagePage })),
    ),
    skeleton: 'message',
  },
  getStarted: {
    Component: lazyWithRetry(() =>
      import('../subscriptions/get-started-page.tsx').then((m) => ({ default: m.GetStartedPage })),
    ),
    skeleton: 'marketing',
  },
  subscriptionDowngrade: {
    Component: lazyWithRetry(() =>
      import('../subscriptions/downgrade-page.tsx').then((m) => ({ default: m.DowngradePage })),
    ),
    skeleton: 'list',
  },
  plans: {
    Component: lazyWithRetry(() => import('../subscriptions/plans-page.tsx').then((m) => ({ default: m.PlansPage }))),
    skeleton: 'marketing',
  },
  support: {
    Component: lazyWithRetry(() => import('../support/support-page.tsx').then((m) => ({ default: m.SupportPage }))),
    skeleton: 'list',
  },
  supportNew: {
    Component: lazyWithRetry(() =>
      import('../support/new-ticket-page.tsx').then((m) => ({ default: m.NewTicketPage })),
    ),
    skeleton: 'form',
  },
  supportTicket: {
    Component: lazyWithRetry(() => import('../support/ticket-page.tsx').then((m) => ({ default: m.TicketPage }))),
    skeleton: 'list',
  },
  adminConsentSyncMonitor: {
    Component: lazyWithRetry(() =>
      import('../admin/crm/consent-sync-monitor-page.tsx').then((m) => ({ default: m.ConsentSyncMonitorPage })),
    ),
    skeleton: 'list',
  },
  adminHubspotIntegration: {
    Component: lazyWithRetry(() =>
      import('../admin/crm/hubspot-integration-page.tsx').then((m) => ({ default: m.HubspotIntegrationPage })),
    ),
    skeleton: 'dashboard',
  },
  adminSupport: {
    Component: lazyWithRetry(() =>
      import('../admin/support/support-overview-page.tsx').then((m) => ({ default: m.SupportOverviewPage })),
    ),
    skeleton: 'dashboard',
  },
  adminSupportTickets: {
    Component: lazyWithRetry(() =>
      import('../admin/support/tickets-page.tsx').then((m) => ({ default: m.SupportTicketsPage })),
    ),
    skeleton: 'list',
  },
  adminSupportTicket: {
    Component: lazyWithRetry(() =>
      import('../admin/support/admin-ticket-page.tsx').then((m) => ({ default: m.AdminTicketPage })),
    ),
    skeleton: 'list',
  },
  notFound: {
    Component: lazyWithRetry(() =>
      import('../not-found/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })),
    ),
    skeleton: 'message',
  },
};

function pageRoute(id: RegisteredRouteId): RouteObject {
  const { Component, skeleton } = pages[id];
  const handle: RouteHandle = { routeId: id, skeleton };
  return {
    id,
    path: routes[id].pattern,
    handle,
    element: (
      <Suspense fallback={<PageSkeleton kind={skeleton} />}>
        <Component />
      </Suspense>
    ),
  };
}

function needsVerifiedEmail(id: RegisteredRouteId): boolean {
  return 'verifiedEmail' in routes[id];
}

/** Routes a plan includes: behind the subscription guard (002 §4). */
function needsTier(id: RegisteredRouteId): boolean {
  return 'tier' in routes[id];
}

function pageRoutes(...access: RouteAccess[]): RouteObject[] {
  return registeredRouteIds
    .filter(
      (id) =>
        id !== 'notFound' &&
        (access as string[]).includes(routes[id].access) &&
        !needsVerifiedEmail(id) &&
        !needsTier(id),
    )
    .map(pageRoute);
}

/** A route's errorElement, without the data router (ADR 0047): its pages' errors show inside the layout. */
const pageErrors = (
  <RouteErrorBoundary fallback={RouteErrorPage}>
    <Outlet />
  </RouteErrorBoundary>
);

/** The route tree, built from the registered routes in paths.ts. */
export function createAppRoutes(): RouteObject[] {
  const adminRoutes = pageRoutes('admin');
  const verifiedRoutes = registeredRouteIds.filter(needsVerifiedEmail).map(pageRoute);
  const tierRoutes = registeredRouteIds.filter((id) => needsTier(id) && !needsVerifiedEmail(id)).map(pageRoute);
  return [
    {
      id: 'root',
      element: (
        <RouteErrorBoundary fallback={RootErrorPage}>
          <RootLayout />
        </RouteErrorBoundary>
      ),
      children: [
        {
          id: 'public-layout',
          element: <PublicLayout />,
          children: [{ element: pageErrors, children: [...pageRoutes('public', 'auth'), pageRoute('notFound')] }],
        },
        {
          id: 'protected-layout',
          element: (
            <Suspense fallback={<SignedInCheck />}>
              <ProtectedLayout />
            </Suspense>
          ),
          children: [
            {
              element: pageErrors,
              children: [
                ...pageRoutes('protected'),
                ...(tierRoutes.length > 0
                  ? [{ id: 'subscription-guard', element: guarded(SubscriptionGuard), children: tierRoutes }]
                  : []),
                ...(verifiedRoutes.length > 0
                  ? [{ id: 'verified-only', element: guarded(VerifiedOnly), children: verifiedRoutes }]
                  : []),
                ...(adminRoutes.length > 0
                  ? [{ id: 'admin-guard', element: guarded(AdminGuard), children: adminRoutes }]
                  : []),
              ],
            },
          ],
        },
      ],
    },
  ];
}

/**
 * A browser holding a session most likely opens a signed-in page: fetch its layout now, beside
 * the page's own code, rather than after it.
 */
export function preloadSignedInRoutes(): void {
  if (hasSignedInHint(document.cookie)) void loadSignedInRoutes().catch(() => undefined);
}

/**
 * The app's pages for the current location (React Router's declarative mode, ADR 0047), with the
 * matched routes for `useCurrentRouteHandle`.
 */
export function AppRoutes({ routes: appRoutes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const matches = useMemo(() => matchRoutes(appRoutes, location), [appRoutes, location]);
  const page = useRoutes(appRoutes, location);
  return <RouteMatchesContext value={matches}>{page}</RouteMatchesContext>;
}
