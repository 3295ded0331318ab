import { describe, expect, it } from 'vitest';
import {
  findRoute,
  isRegistered,
  isRegisteredHref,
  paths,
  registeredRouteIds,
  routeDefinition,
  routes,
} from './paths.ts';

// Every route the spec's route tables list (000 §2, 001 §2, 002 §2), written as concrete URLs,
// with the access each table gives it.
const SPEC_ROUTES: { path: string; access: 'public' | 'auth' | 'protected' | 'admin'; tier?: 'bigpig' }[] = [
  // 000 §2 public and auth routes
  { path: '/', access: 'public' },
  { path: '/login', access: 'auth' },
  { path: '/auth', access: 'auth' },
  { path: '/signup', access: 'auth' },
  { path: '/reset-request', access: 'auth' },
  { path: '/auth/reset-password', access: 'auth' },
  { path: '/auth/confirmation', access: 'auth' },
  { path: '/auth/callback?next=/', access: 'auth' },
  { path: '/legal?tab=cookies', access: 'public' },
  { path: '/contact', access: 'public' },
  { path: '/get-started', access: 'public' },
  { path: '/verification-required', access: 'protected' },
  { path: '/subscribe?tier=boar&cycle=monthly', access: 'protected' },
  { path: '/subscription/success', access: 'protected' },
  { path: '/subscription/cancel', access: 'protected' },
  { path: '/dashboard', access: 'protected' },
  { path: '/settings?tab=profile', access: 'protected' },
  { path: '/settings/subscription', access: 'protected' },
  { path: '/profile', access: 'protected' },
  { path: '/settings/subscription/payment', access: 'protected' },
  // 000 §2 signed-out header feature links, 002 §2 public routes
  { path: '/features/savings-calculator', access: 'public' },
  { path: '/features/interest-calculator', access: 'public' },
  { path: '/features/fscs-protection-checker', access: 'public' },
  { path: '/features/account-management', access: 'public' },
  { path: '/features/rate-monitoring', access: 'public' },
  { path: '/features/portfolio-analytics', access: 'public' },
  { path: '/preview/about-us', access: 'public' },
  // 001 §2
  { path: '/accounts', access: 'protected' },
  { path: '/account/abc-123', access: 'protected' },
  { path: '/account/abc-123/edit', access: 'protected' },
  { path: '/account/new', access: 'protected' },
  { path: '/transactions', access: 'protected' },
  { path: '/notifications', access: 'protected' },
  // 002 §2 admin routes and other links
  { path: '/admin?tab=settings&settings=contact-inquiries', access: 'admin' },
  { path: '/admin/content', access: 'admin' },
  { path: '/admin/content/new', access: 'admin' },
  { path: '/admin/content/edit/page-1', access: 'admin' },
  { path: '/admin/settings', access: 'admin' },
  { path: '/admin/bank-data', access: 'admin' },
  { path: '/admin/banking-groups', access: 'admin' },
  { path: '/admin/bank-data-management', access: 'admin' },
  { path: '/admin/support', access: 'admin' },
  { path: '/admin/support/tickets', access: 'admin' },
  { path: '/admin/support/ticket/t-1', access: 'admin' },
  { path: '/admin/users', access: 'admin' },
  { path: '/admin/users/u-1/edit', access: 'admin' },
  { path: '/admin/contacts/c-1/edit', access: 'admin' },
  { path: '/admin/consent-sync-monitor', access: 'admin' },
  { path: '/admin/system-health', access: 'admin' },
  { path: '/admin/hubspot-integration', access: 'admin' },
  { path: '/admin/debug-console', access: 'admin' },
  // 002 §2 user support, subscription-gated pages
  { path: '/settings/support', access: 'protected' },
  { path: '/settings/support/new', access: 'protected' },
  { path: '/settings/support/ticket/t-1', access: 'protected' },
  { path: '/protection', access: 'protected', tier: 'bigpig' },
  { path: '/smart-pig', access: 'protected', tier: 'bigpig' },
  { path: '/calculators/maturity', access: 'protected', tier: 'bigpig' },
  { path: '/calculators/pension', access: 'protected', tier: 'bigpig' },
];

describe('the route registry', () => {
  it.each(SPEC_ROUTES)('knows $path as a $access route', ({ path, access, tier }) => {
    const id = findRoute(path);
    expect(id, `${path} is not in paths.ts`).not.toBeNull();
    if (id === null) return;
    expect(id).not.toBe('contentPage');
    expect(routeDefinition(id).access).toBe(access);
    expect(routeDefinition(id).tier).toBe(tier);
  });

  it('knows CMS content pages at /{slug} and their previews', () => {
    expect(findRoute('/about-us')).toBe('contentPage');
    expect(findRoute('/preview/about-us')).toBe('pagePreview');
    expect(isRegistered('contentPage')).toBe(true);
  });

  it('registers exactly the pages that exist today', () => {
    expect([...registeredRouteIds].sort()).toEqual(
      [
        'account',
        'accountEdit',
        'accountWithoutId',
        'accountImport',
        'accountNew',
        'accounts',
        'admin',
        'adminAccountTypes',
        'adminBankData',
        'adminBankDataManagement',
        'adminBankingGroups',
        'adminConsentSyncMonitor',
        'adminContactEdit',
        'adminContent',
        'adminContentAction',
        'adminContentEdit',
        'adminDebugConsole',
        'adminHubspotIntegration',
        'adminNews',
        'adminPromoCodes',
        'adminSettings',
        'adminSupport',
        'adminSupportTicket',
        'adminSupportTickets',
        'adminSystemHealth',
        'adminUserEdit',
        'adminUsers',
        'auth',
        'authCallback',
        'authConfirmation',
        'contact',
        'contentPage',
        'dashboard',
        'devMailbox',
        'featureAccountManagement',
        'featureFscsProtectionChecker',
        'featureInterestCalculator',
        'featurePortfolioAnalytics',
        'featureRateMonitoring',
        'featureSavingsCalculator',
        'getStarted',
        'home',
        'legal',
        'login',
        'maturityCalculator',
        'news',
        'notFound',
        'notifications',
        'notificationsUnsubscribe',
        'openBanking',
        'openBankingLink',
        'pagePreview',
        'pensionCalculator',
        'plans',
        'profile',
        'protection',
        'resetPassword',
        'resetRequest',
        'settings',
        'settingsSubscription',
        'settingsSubscriptionPayment',
        'signup',
        'smartPig',
        'subscribe',
        'subscriptionCancel',
        'subscriptionSuccess',
        'subscriptionTestCheckout',
        'subscriptionTestManage',
        'support',
        'supportNew',
        'supportTicket',
        'subscriptionDowngrade',
        'transactions',
        'verificationRequired',
      ].sort(),
    );
  });

  it('marks the features that need a verified e-mail address (docs/decisions/0013)', () => {
    const verifiedOnly = Object.entries(routes)
      .filter(([, route]) => 'verifiedEmail' in route)
      .map(([id]) => id)
      .sort();
    expect(verifiedOnly).toEqual(['accountNew', 'subscribe']);
    expect(paths.verificationRequired('/account/new')).toBe('/verification-required?next=%2Faccount%2Fnew');
  });

  it('builds every known path from its own pattern', () => {
    for (const [id, build] of Object.entries(paths)) {
      const built = (build as (...args: string[]) => string)('sample-id');
      expect(findRoute(built), `${id} built ${built}`).toBe(id);
    }
  });

  it('encodes ids so they cannot break out of their path segment', () => {
    expect(paths.account('a/b?c')).toBe('/account/a%2Fb%3Fc');
  });

  it('adds the query strings the spec names', () => {
    expect(paths.legal('cookies')).toBe('/legal?tab=cookies');
    expect(paths.authCallback('/dashboard')).toBe('/auth/callback?next=%2Fdashboard');
    expect(paths.subscribe({ tier: 'boar', cycle: 'annual' })).toBe('/subscribe?tier=boar&cycle=annual');
    expect(paths.legal()).toBe('/legal');
  });

  it('tells registered hrefs from unregistered and foreign ones', () => {
    expect(isRegisteredHref('/legal?tab=terms')).toBe(true);
    expect(isRegisteredHref('/accounts')).toBe(true);
    expect(isRegisteredHref('/admin/debug-console/nothing')).toBe(false);
    // One segment may be a content page (/{slug}): only the server knows whether it is published.
    expect(isRegisteredHref('/no-such-page')).toBe(true);
    expect(isRegisteredHref('/no/such/page')).toBe(false);
    expect(isRegisteredHref('https://evil.example/dashboard')).toBe(false);
    expect(isRegisteredHref('//evil.example/dashboard')).toBe(false);
  });

  it('gives every route a title and a source', () => {
    for (const definition of Object.values(routes)) {
      expect(definition.title.length).toBeGreaterThan(0);
      expect(definition.source.length).toBeGreaterThan(0);
    }
  });
});
