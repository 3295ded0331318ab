/**
 * The signed-in layout and the guards inside it, in one chunk loaded after first render: a visitor
 * who has not signed in never downloads them (router.tsx).
 */
export { VerifiedOnly } from '../auth/verified-only.tsx';
export { SubscriptionGuard } from '../subscriptions/subscription-guard.tsx';
export { AdminGuard } from './admin-guard.tsx';
export { ProtectedLayout } from './protected-layout.tsx';
