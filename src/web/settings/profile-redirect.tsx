import { Navigate } from 'react-router';
import { paths } from '../app/paths.ts';

/** /profile: the profile tab of /settings (000 §2). */
export function ProfileRedirect() {
  return <Navigate replace to={paths.settings('profile')} state={{ activeTab: 'profile' }} />;
}

/** /settings/subscription and /settings/subscription/payment (000 §2): the subscription tab of /settings. */
export function SubscriptionRedirect() {
  return <Navigate replace to={paths.settings('subscription')} state={{ activeTab: 'subscription' }} />;
}
