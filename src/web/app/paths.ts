/**
 * The one route registry. Every route in the spec's route tables is listed here as *known*;
 * a route is *registered* only once its page exists. The router is built from the registered
 * routes, and navigation, footer and menus only ever link to registered routes.
 *
 * To add a page: build it, flip `registered` to true here and add it to the page table in
 * router.tsx (the compiler insists the two agree). Every URL the app builds comes from `paths`.
 */
import { matchRoutes } from 'react-router';
import type { Feature } from '../../core/subscriptions/features.ts';
import type { RequiredTier } from '../../core/subscriptions/tier.ts';
import { MAILBOX_TOKEN_PARAM } from '../../core/dev-mailbox/mailbox-token.ts';

/** Who may open a route. `auth` pages are the sign-in/sign-up screens. */
export type RouteAccess = 'public' | 'auth' | 'protected' | 'admin';

export interface RouteDefinition {
  /** react-router path pattern. */
  readonly pattern: string;
  readonly access: RouteAccess;
  /** Whether the page exists (and so may be linked to). */
  readonly registered: boolean;
  /** The lowest subscription tier that may open it (gates navigation). */
  readonly tier?: RequiredTier;
  /**
   * The feature the page is, as the server's gates name it: the user's resolved features (an
   * admin's grant included) decide it rather than the tier alone (ADR 0045).
   */
  readonly feature?: Feature;
  /**
   * Needs a verified e-mail address: an unverified user is sent to /verification-required
   * (docs/decisions/0013-verified-email-and-sign-in-limits.md). The server refuses the same
   * features with 403 EMAIL_NOT_VERIFIED.
   */
  readonly verifiedEmail?: true;
  /** Page title: "{title} · SavvyPig" and what the route announcer reads out. */
  readonly title: string;
  /** Which spec document lists the route (000, 001, 002) or why it exists. */
  readonly source: string;
}

export const routes = {
  // Public and auth routes (000 §2)
  home: { pattern: '/', access: 'public', registered: true, title: 'Is your money protected?', source: '000' },
  login: { pattern: '/login', access: 'auth', registered: true, title: 'Log in', source: '000' },
  auth: { pattern: '/auth', access: 'auth', registered: true, title: 'Log in', source: '000' },
  signup: { pattern: '/signup', access: 'auth', registered: true, title: 'Create your account', source: '000' },
  resetRequest: {
    pattern: '/reset-request',
    access: 'auth',
    registered: true,
    title: 'Reset your password',
    source: '000',
  },
  resetPassword: {
    pattern: '/auth/reset-password',
    access: 'auth',
    registered: true,
    title: 'Set a new password',
    source: '000',
  },
  authConfirmation: {
    pattern: '/auth/confirmation',
    access: 'auth',
    registered: true,
    title: 'Check your email',
    source: '000',
  },
  authCallback: { pattern: '/auth/callback', access: 'auth', registered: true, title: 'Signing you in', source: '000' },
  legal: { pattern: '/legal', access: 'public', registered: true, title: 'Legal', source: '000, 002' },
  contact: { pattern: '/contact', access: 'public', registered: true, title: 'Contact us', source: '000, 002' },
  getStarted: {
    pattern: '/get-started',
    access: 'public',
    registered: true,
    title: 'Get started',
    source: '000, 002',
  },
  verificationRequired: {
    pattern: '/verification-required',
    access: 'protected',
    registered: true,
    title: 'Verify your email',
    source: '000',
  },
  subscribe: {
    pattern: '/subscribe',
    access: 'protected',
    registered: true,
    verifiedEmail: true,
    title: 'Choose a plan',
    source: '000, 002',
  },
  subscriptionSuccess: {
    pattern: '/subscription/success',
    access: 'protected',
    registered: true,
    title: 'Subscription confirmed',
    source: '000, 002',
  },
  subscriptionDowngrade: {
    pattern: '/subscription/downgrade',
    access: 'protected',
    registered: true,
    title: 'Change to a smaller plan',
    source: '000 (the downgrade wizard, §2 and §4; path is ours)',
  },
  subscriptionCancel: {
    pattern: '/subscription/cancel',
    access: 'protected',
    registered: true,
    title: 'Checkout cancelled',
    source: '000, 002',
  },
  subscriptionTestCheckout: {
    pattern: '/subscription/test-checkout/:id',
    access: 'protected',
    registered: true,
    title: 'Test checkout',
    source: 'issue 17 part 2 (test mode: no card provider configured; ADR 0037)',
  },
  subscriptionTestManage: {
    pattern: '/subscription/test-manage',
    access: 'protected',
    registered: true,
    title: 'Manage your subscription',
    source: 'issue 25 (test mode: the billing portal has no stand-in otherwise; ADR 0037)',
  },
  plans: {
    pattern: '/plans',
    access: 'public',
    registered: true,
    title: 'Plans and prices',
    source: 'issue 17 (the public plans page; path is ours)',
  },
  dashboard: { pattern: '/dashboard', access: 'protected', registered: true, title: 'Dashboard', source: '000' },
  settings: { pattern: '/settings', access: 'protected', registered: true, title: 'Settings', source: '000' },
  settingsSubscription: {
    pattern: '/settings/subscription',
    access: 'protected',
    registered: true,
    title: 'Subscription',
    source: '000',
  },
  settingsSubscriptionPayment: {
    pattern: '/settings/subscription/payment',
    access: 'protected',
    registered: true,
    title: 'Payment method',
    source: '000',
  },
  profile: { pattern: '/profile', access: 'protected', registered: true, title: 'Profile', source: '000' },

  // Feature pages linked from the signed-out header (000 §2, 002 §2)
  featureSavingsCalculator: {
    pattern: '/features/savings-calculator',
    access: 'public',
    registered: true,
    title: 'Savings calculator',
    source: '000, 002',
  },
  featureInterestCalculator: {
    pattern: '/features/interest-calculator',
    access: 'public',
    registered: true,
    title: 'Interest calculator',
    source: '000, 002',
  },
  featureFscsProtectionChecker: {
    pattern: '/features/fscs-protection-checker',
    access: 'public',
    registered: true,
    title: 'Deposit protection checker',
    source: '000, 002',
  },
  featureAccountManagement: {
    pattern: '/features/account-management',
    access: 'public',
    registered: true,
    title: 'Account management',
    source: '000, 002',
  },
  featureRateMonitoring: {
    pattern: '/features/rate-monitoring',
    access: 'public',
    registered: true,
    title: 'Rate monitoring',
    source: '000, 002',
  },
  featurePortfolioAnalytics: {
    pattern: '/features/portfolio-analytics',
    access: 'public',
    registered: true,
    title: 'Portfolio analytics',
    source: '000, 002',
  },

  // Account area (001 §2)
  accounts: { pattern: '/accounts', access: 'protected', registered: true, title: 'Accounts', source: '001' },
  accountNew: {
    pattern: '/account/new',
    access: 'protected',
    registered: true,
    verifiedEmail: true,
    title: 'Add an account',
    source: '001',
  },
  account: { pattern: '/account/:id', access: 'protected', registered: true, title: 'Account', source: '001' },
  // '/account' and '/account/' with no id: the account page says 'Account ID is missing' and goes to /accounts.
  accountWithoutId: {
    pattern: '/account',
    access: 'protected',
    registered: true,
    title: 'Account',
    source: '001 §2 (a missing id)',
  },
  accountEdit: {
    pattern: '/account/:id/edit',
    access: 'protected',
    registered: true,
    title: 'Edit account',
    source: '001',
  },
  accountImport: {
    pattern: '/account/:id/import',
    access: 'protected',
    registered: true,
    title: 'Import transactions',
    source: 'issue 5 (CSV import; path is ours)',
  },
  transactions: {
    pattern: '/transactions',
    access: 'protected',
    registered: true,
    title: 'Transactions',
    source: '001',
  },
  notifications: {
    pattern: '/notifications',
    access: 'protected',
    registered: true,
    title: 'Notifications',
    source: '001',
  },
  notificationsUnsubscribe: {
    pattern: '/notifications/unsubscribe',
    access: 'public',
    registered: true,
    title: 'Daily email digest',
    source: 'issue 16 (the digest e-mail’s unsubscribe link; path is ours)',
  },

  // Header navigation items whose paths the spec names elsewhere (000 §2 header, 002 §2)
  // The news feed's path is not given by the spec; /news is our choice.
  news: {
    pattern: '/news',
    access: 'protected',
    registered: true,
    tier: 'boar',
    feature: 'rssNews',
    title: 'News',
    source: '000 (header item News; path is ours)',
  },
  protection: {
    pattern: '/protection',
    access: 'protected',
    registered: true,
    tier: 'bigpig',
    feature: 'protectionHub',
    title: 'Protection Hub',
    source: '002',
  },
  smartPig: {
    pattern: '/smart-pig',
    access: 'protected',
    registered: true,
    tier: 'bigpig',
    feature: 'smartPig',
    title: 'Smart Pig',
    source: '002',
  },

  // Open Banking (issue 32; the paths are ours, and the server's callback redirects to them)
  openBanking: {
    pattern: '/open-banking',
    access: 'protected',
    registered: true,
    tier: 'bigpig',
    feature: 'openBanking',
    title: 'Open Banking',
    source: 'issue 32 (bank connections; path is ours)',
  },
  openBankingLink: {
    pattern: '/open-banking/connections/:connectionId/link',
    access: 'protected',
    registered: true,
    tier: 'bigpig',
    feature: 'openBanking',
    title: 'Link your bank accounts',
    source: 'issue 32 (after the bank’s consent; path is ours)',
  },

  // Big Pig's calculators (000 §6 feature matrix; the paths are ours, issue 29)
  maturityCalculator: {
    pattern: '/calculators/maturity',
    access: 'protected',
    registered: true,
    tier: 'bigpig',
    feature: 'maturityCalculator',
    title: 'Maturity calculator',
    source: '000 §6 (maturity calculator, Big Pig; path is ours)',
  },
  pensionCalculator: {
    pattern: '/calculators/pension',
    access: 'protected',
    registered: true,
    tier: 'bigpig',
    feature: 'pensionCalculator',
    title: 'Pension calculator',
    source: '000 §6 (pension calculator, Big Pig; path is ours)',
  },

  // User support (002 §2)
  support: { pattern: '/settings/support', access: 'protected', registered: true, title: 'Support', source: '002' },
  supportNew: {
    pattern: '/settings/support/new',
    access: 'protected',
    registered: true,
    title: 'New support ticket',
    source: '002',
  },
  supportTicket: {
    pattern: '/settings/support/ticket/:ticketId',
    access: 'protected',
    registered: true,
    title: 'Support ticket',
    source: '002',
  },

  // Admin (002 §2)
  admin: { pattern: '/admin', access: 'admin', registered: true, title: 'Admin Dashboard', source: '002' },
  adminUsers: {
    pattern: '/admin/users',
    access: 'admin',
    registered: true,
    title: 'Users',
    source: '002 (other links seen)',
  },
  adminUserEdit: {
    pattern: '/admin/users/:userId/edit',
    access: 'admin',
    registered: true,
    title: 'User details',
    source: '002',
  },
  adminContactEdit: {
    pattern: '/admin/contacts/:contactId/edit',
    access: 'admin',
    registered: true,
    title: 'Contact inquiry',
    source: '002',
  },
  adminContent: { pattern: '/admin/content', access: 'admin', registered: true, title: 'Content', source: '002' },
  adminContentAction: {
    pattern: '/admin/content/:action',
    access: 'admin',
    registered: true,
    title: 'Content',
    source: '002',
  },
  adminContentEdit: {
    pattern: '/admin/content/edit/:pageId',
    access: 'admin',
    registered: true,
    title: 'Edit page',
    source: '002',
  },
  adminSettings: {
    pattern: '/admin/settings',
    access: 'admin',
    registered: true,
    title: 'Admin settings',
    source: '002',
  },
  adminBankData: { pattern: '/admin/bank-data', access: 'admin', registered: true, title: 'Bank data', source: '002' },
  adminBankingGroups: {
    pattern: '/admin/banking-groups',
    access: 'admin',
    registered: true,
    title: 'Banking groups',
    source: '002',
  },
  adminBankDataManagement: {
    pattern: '/admin/bank-data-management',
    access: 'admin',
    registered: true,
    title: 'Bank data management',
    source: '002',
  },
  adminSupport: {
    pattern: '/admin/support',
    access: 'admin',
    registered: true,
    title: 'Support administration',
    source: '002',
  },
  adminSupportTickets: {
    pattern: '/admin/support/tickets',
    access: 'admin',
    registered: true,
    title: 'Support tickets',
    source: '002',
  },
  adminSupportTicket: {
    pattern: '/admin/support/ticket/:ticketId',
    access: 'admin',
    registered: true,
    title: 'Support ticket',
    source: '002',
  },
  adminConsentSyncMonitor: {
    pattern: '/admin/consent-sync-monitor',
    access: 'admin',
    registered: true,
    title: 'Consent and sync monitor',
    source: '002',
  },
  adminSystemHealth: {
    pattern: '/admin/system-health',
    access: 'admin',
    registered: true,
    title: 'System health',
    source: '002',
  },
  adminHubspotIntegration: {
    pattern: '/admin/hubspot-integration',
    access: 'admin',
    registered: true,
    title: 'CRM integration',
    source: '002',
  },
  adminAccountTypes: {
    pattern: '/admin/account-types',
    access: 'admin',
    registered: true,
    title: 'Account types',
    source: '001 §6, 002 (account-type management; path is ours)',
  },
  adminNews: {
    pattern: '/admin/news',
    access: 'admin',
    registered: true,
    title: 'News and ads',
    source: 'issue 29 (admins choose the news feeds and the house ads; path is ours)',
  },
  adminPromoCodes: {
    pattern: '/admin/promo-codes',
    access: 'admin',
    registered: true,
    title: 'Promo codes',
    source: 'issue 17 (admins create and withdraw promo codes; path is ours)',
  },
  adminDebugConsole: {
    pattern: '/admin/debug-console',
    access: 'admin',
    registered: true,
    title: 'Debug console',
    source: '002',
  },

  // CMS pages (002 §2)
  pagePreview: { pattern: '/preview/:slug', access: 'public', registered: true, title: 'Page preview', source: '002' },
  contentPage: { pattern: '/:slug', access: 'public', registered: true, title: 'SavvyPig', source: '002' },

  // Development mailbox: the page exists; it shows itself only in development or when the
  // server reports that captured mail is available (GET /api/dev/mail → 200), else the 404 page.
  devMailbox: {
    pattern: '/dev/mailbox',
    access: 'public',
    registered: true,
    title: 'Development mailbox',
    source: 'issue 2 (dev-only mailbox)',
  },

  // The catch-all 404 page (002 §2)
  notFound: { pattern: '*', access: 'public', registered: true, title: 'Page not found', source: '002' },
} as const satisfies Record<string, RouteDefinition>;

export type RouteId = keyof typeof routes;

/** The ids of routes whose page exists; router.tsx must give each one a page. */
export type RegisteredRouteId = {
  [K in RouteId]: (typeof routes)[K]['registered'] extends true ? K : never;
}[RouteId];

export const routeIds = Object.keys(routes) as RouteId[];

export function routeDefinition(id: RouteId): RouteDefinition {
  return routes[id];
}

export function isRegistered(id: RouteId): boolean {
  return routes[id].registered;
}

export const registeredRouteIds = routeIds.filter(isRegistered) as RegisteredRouteId[];

export const LEGAL_TABS = ['privacy', 'terms', 'cookies'] as const;
export type LegalTab = (typeof LEGAL_TABS)[number];

export const SETTINGS_TABS = ['general', 'profile', 'subscription', 'security', 'notifications'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function segment(value: string): string {
  return encodeURIComponent(value);
}

/** Builders for every known route. Link only to registered ones (see `isRegistered`). */
export const paths = {
  home: () => '/',
  login: () => '/login',
  auth: () => '/auth',
  signup: () => '/signup',
  resetRequest: () => '/reset-request',
  resetPassword: () => '/auth/reset-password',
  authConfirmation: () => '/auth/confirmation',
  authCallback: (next?: string) => withQuery('/auth/callback', { next }),
  legal: (tab?: LegalTab) => withQuery('/legal', { tab }),
  contact: () => '/contact',
  getStarted: () => '/get-started',
  /** `next`: where to go once the address is verified (a same-origin path). */
  verificationRequired: (next?: string) => withQuery('/verification-required', { next }),
  subscribe: (query?: { tier?: RequiredTier; cycle?: 'monthly' | 'annual' }) =>
    withQuery('/subscribe', { tier: query?.tier, cycle: query?.cycle }),
  plans: () => '/plans',
  subscriptionSuccess: () => '/subscription/success',
  subscriptionCancel: () => '/subscription/cancel',
  subscriptionTestCheckout: (id: string) => `/subscription/test-checkout/${segment(id)}`,
  subscriptionTestManage: () => '/subscription/test-manage',
  /** The downgrade wizard to `tier` (piglet or boar). */
  subscriptionDowngrade: (tier?: string) => withQuery('/subscription/downgrade', { tier }),
  dashboard: () => '/dashboard',
  settings: (tab?: SettingsTab) => withQuery('/settings', { tab }),
  settingsSubscription: () => '/settings/subscription',
  settingsSubscriptionPayment: () => '/settings/subscription/payment',
  profile: () => '/profile',
  featureSavingsCalculator: () => '/features/savings-calculator',
  featureInterestCalculator: () => '/features/interest-calculator',
  featureFscsProtectionChecker: () => '/features/fscs-protection-checker',
  featureAccountManagement: () => '/features/account-management',
  featureRateMonitoring: () => '/features/rate-monitoring',
  featurePortfolioAnalytics: () => '/features/portfolio-analytics',
  accounts: () => '/accounts',
  accountNew: () => '/account/new',
  account: (id: string) => `/account/${segment(id)}`,
  accountWithoutId: () => '/account',
  accountEdit: (id: string) => `/account/${segment(id)}/edit`,
  accountImport: (id: string) => `/account/${segment(id)}/import`,
  transactions: () => '/transactions',
  notifications: () => '/notifications',
  notificationsUnsubscribe: (token?: string) => withQuery('/notifications/unsubscribe', { token }),
  news: () => '/news',
  protection: () => '/protection',
  smartPig: () => '/smart-pig',
  openBanking: () => '/open-banking',
  openBankingLink: (connectionId: string) => `/open-banking/connections/${segment(connectionId)}/link`,
  maturityCalculator: () => '/calculators/maturity',
  pensionCalculator: () => '/calculators/pension',
  support: () => '/settings/support',
  supportNew: () => '/settings/support/new',
  supportTicket: (ticketId: string) => `/settings/support/ticket/${segment(ticketId)}`,
  admin: (query?: { tab?: 'settings'; settings?: 'contact-inquiries' | 'audit-log' | 'footer' }) =>
    withQuery('/admin', { tab: query?.tab, settings: query?.settings }),
  adminUsers: () => '/admin/users',
  adminUserEdit: (userId: string) => `/admin/users/${segment(userId)}/edit`,
  adminContactEdit: (contactId: string) => `/admin/contacts/${segment(contactId)}/edit`,
  adminContent: () => '/admin/content',
  adminContentAction: (action: string) => `/admin/content/${segment(action)}`,
  adminContentEdit: (pageId: string) => `/admin/content/edit/${segment(pageId)}`,
  adminSettings: () => '/admin/settings',
  adminBankData: () => '/admin/bank-data',
  adminBankingGroups: () => '/admin/banking-groups',
  adminBankDataManagement: () => '/admin/bank-data-management',
  adminSupport: () => '/admin/support',
  adminSupportTickets: () => '/admin/support/tickets',
  adminSupportTicket: (ticketId: string) => `/admin/support/ticket/${segment(ticketId)}`,
  adminConsentSyncMonitor: () => '/admin/consent-sync-monitor',
  adminSystemHealth: () => '/admin/system-health',
  adminHubspotIntegration: () => '/admin/hubspot-integration',
  adminAccountTypes: () => '/admin/account-types',
  adminPromoCodes: () => '/admin/promo-codes',
  adminNews: () => '/admin/news',
  adminDebugConsole: () => '/admin/debug-console',
  pagePreview: (slug: string) => `/preview/${segment(slug)}`,
  contentPage: (slug: string) => `/${segment(slug)}`,
  devMailbox: (id?: string, token?: string) => withQuery('/dev/mailbox', { id, [MAILBOX_TOKEN_PARAM]: token }),
} as const satisfies Record<Exclude<RouteId, 'notFound'>, (...args: never[]) => string>;

const ORIGIN_FOR_PARSING = 'http://savvypig.invalid';

function pathnameOf(href: string): string | null {
  try {
    const url = new URL(href, ORIGIN_FOR_PARSING);
    if (url.origin !== ORIGIN_FOR_PARSING) return null;
    return url.pathname;
  } catch {
    return null;
  }
}

const matchableRoutes = routeIds.filter((id) => id !== 'notFound').map((id) => ({ id, path: routes[id].pattern }));

/**
 * The known route an in-app href points at, or null for unknown paths and other origins.
 * Unknown single-segment paths match the CMS content route (`/:slug`), as they will in the router.
 */
export function findRoute(href: string): RouteId | null {
  const pathname = pathnameOf(href);
  if (pathname === null) return null;
  const matches = matchRoutes(matchableRoutes, pathname);
  const leaf = matches?.[matches.length - 1];
  return (leaf?.route.id as RouteId | undefined) ?? null;
}

/** Whether an in-app href lands on a page that exists (not the 404 page). */
export function isRegisteredHref(href: string): boolean {
  const pathname = pathnameOf(href);
  if (pathname === null) return false;
  const registered = matchableRoutes.filter((r) => isRegistered(r.id));
  return (matchRoutes(registered, pathname)?.length ?? 0) > 0;
}
