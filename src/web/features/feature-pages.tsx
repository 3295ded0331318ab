import { ACCOUNT_MANAGEMENT, PORTFOLIO_ANALYTICS, RATE_MONITORING } from './feature-content.tsx';
import { FeaturePage } from './feature-page.tsx';

/** /features/account-management */
export function AccountManagementPage() {
  return <FeaturePage content={ACCOUNT_MANAGEMENT} />;
}

/** /features/rate-monitoring */
export function RateMonitoringPage() {
  return <FeaturePage content={RATE_MONITORING} />;
}

/** /features/portfolio-analytics */
export function PortfolioAnalyticsPage() {
  return <FeaturePage content={PORTFOLIO_ANALYTICS} />;
}
