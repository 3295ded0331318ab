import {
  ArrowLeftRight,
  Calculator,
  ChartPie,
  CircleDot,
  LayoutDashboard,
  LifeBuoy,
  ListOrdered,
  type LucideIcon,
  Newspaper,
  PiggyBank,
  Settings,
  ShieldCheck,
  ShieldHalf,
  Sparkles,
  TicketPercent,
  TrendingUp,
  Users,
  Wallet,
} from 'lucide-react';
import type { RouteId } from '../paths.ts';

/**
 * The icon beside each navigation item in the mobile and user menus (the desktop header shows
 * words only), kept out of navigation.ts so the first render does not carry them.
 */
const NAV_ICONS: Partial<Record<RouteId, LucideIcon>> = {
  dashboard: LayoutDashboard,
  accounts: Wallet,
  transactions: ArrowLeftRight,
  protection: ShieldCheck,
  smartPig: Sparkles,
  news: Newspaper,
  settings: Settings,
  support: LifeBuoy,
  featureSavingsCalculator: PiggyBank,
  featureInterestCalculator: Calculator,
  featureFscsProtectionChecker: ShieldHalf,
  featureAccountManagement: Wallet,
  featureRateMonitoring: TrendingUp,
  featurePortfolioAnalytics: ChartPie,
  contact: LifeBuoy,
  admin: ShieldCheck,
  adminAccountTypes: ListOrdered,
  adminUsers: Users,
  adminPromoCodes: TicketPercent,
};

export function navIcon(routeId: RouteId): LucideIcon {
  return NAV_ICONS[routeId] ?? CircleDot;
}
