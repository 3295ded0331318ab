import { meetsTier } from '../../../core/subscriptions/tier.ts';
import type { Me } from '../api.ts';
import { findRoute, isRegistered, paths, type RouteId, routeDefinition } from '../paths.ts';

/** A link of the header and menus; its icon (menus only) is in nav-icons.ts, loaded with the menus. */
export interface NavItem {
  routeId: RouteId;
  label: string;
  href: string;
}

/** The signed-in navigation (000 §2 header), in the spec's order. */
const APP_NAV: readonly NavItem[] = [
  { routeId: 'dashboard', label: 'Dashboard', href: paths.dashboard() },
  { routeId: 'accounts', label: 'Accounts', href: paths.accounts() },
  { routeId: 'transactions', label: 'Transactions', href: paths.transactions() },
  { routeId: 'protection', label: 'Protection', href: paths.protection() },
  { routeId: 'smartPig', label: 'Smart Pig', href: paths.smartPig() },
  { routeId: 'news', label: 'News', href: paths.news() },
  { routeId: 'settings', label: 'Settings', href: paths.settings() },
  { routeId: 'support', label: 'Support', href: paths.support() },
];

/** Feature pages linked for signed-out visitors (000 §2 header). */
const FEATURE_NAV: readonly NavItem[] = [
  {
    routeId: 'featureSavingsCalculator',
    label: 'Savings calculator',
    href: paths.featureSavingsCalculator(),
  },
  {
    routeId: 'featureInterestCalculator',
    label: 'Interest calculator',
    href: paths.featureInterestCalculator(),
  },
  {
    routeId: 'featureFscsProtectionChecker',
    label: 'Protection checker',
    href: paths.featureFscsProtectionChecker(),
  },
  {
    routeId: 'featureAccountManagement',
    label: 'Account management',
    href: paths.featureAccountManagement(),
  },
  { routeId: 'featureRateMonitoring', label: 'Rate monitoring', href: paths.featureRateMonitoring() },
  {
    routeId: 'featurePortfolioAnalytics',
    label: 'Portfolio analytics',
    href: paths.featurePortfolioAnalytics(),
  },
];

const CONTACT_ITEM: NavItem = { routeId: 'contact', label: 'Contact', href: paths.contact() };
const ADMIN_ITEM: NavItem = { routeId: 'admin', label: 'Admin Dashboard', href: paths.admin() };

/**
 * Signed-in items the user may see: registered pages their resolved features include (a page
 * that is one feature), or whose tier they have (admins see all).
 */
export function appNavItems(me: Pick<Me, 'tier' | 'isAdmin' | 'features'>): NavItem[] {
  return APP_NAV.filter((item) => {
    if (!isRegistered(item.routeId)) return false;
    const route = routeDefinition(item.routeId);
    if (route.feature) return me.isAdmin || me.features[route.feature];
    return meetsTier({ tier: me.tier, isAdmin: me.isAdmin }, route.tier);
  });
}

/** The Admin Dashboard link: admins only, once /admin exists, and never on the auth screens. */
export function adminNavItem(me: Pick<Me, 'isAdmin'>, pathname: string): NavItem | null {
  if (!me.isAdmin || !isRegistered(ADMIN_ITEM.routeId) || isAuthPage(pathname)) return null;
  return ADMIN_ITEM;
}

/** Admin pages that exist before the Admin Dashboard does (which will link to them itself). */
const ADMIN_TOOLS: readonly NavItem[] = [
  { routeId: 'adminAccountTypes', label: 'Account types', href: paths.adminAccountTypes() },
  { routeId: 'adminUsers', label: 'Users', href: paths.adminUsers() },
  { routeId: 'adminPromoCodes', label: 'Promo codes', href: paths.adminPromoCodes() },
];

/** Admin pages for the user menu: admins only, while there is no Admin Dashboard to hold them. */
export function adminToolItems(me: Pick<Me, 'isAdmin'>): NavItem[] {
  if (!me.isAdmin || isRegistered(ADMIN_ITEM.routeId)) return [];
  return ADMIN_TOOLS.filter((item) => isRegistered(item.routeId));
}

/** The feature pages that exist, in the spec's order (the visitor's Features menu, the footer). */
export function featureNavItems(): NavItem[] {
  return FEATURE_NAV.filter((item) => isRegistered(item.routeId));
}

/** Signed-out links (besides Log in and Sign up): feature pages that exist, then Contact. */
export function publicNavItems(): NavItem[] {
  return [...featureNavItems(), CONTACT_ITEM].filter((item) => isRegistered(item.routeId));
}

/** The visitor's Contact link, once its page exists. */
export function contactNavItem(): NavItem | null {
  return isRegistered(CONTACT_ITEM.routeId) ? CONTACT_ITEM : null;
}

/**
 * Whether a link is current only on its own path, not below it: the dashboard, and Settings, whose
 * /settings/support is Support's.
 */
export function matchesOnlyItsOwnPath(href: string): boolean {
  return href === paths.dashboard() || href === paths.settings();
}

export function isAuthPage(pathname: string): boolean {
  const id = findRoute(pathname);
  return id !== null && routeDefinition(id).access === 'auth';
}
