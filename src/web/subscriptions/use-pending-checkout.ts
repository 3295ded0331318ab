import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Me } from '../app/api.ts';
import { paths } from '../app/paths.ts';
import { PENDING_CHECKOUT_KEY, takePendingCheckout } from './pending-checkout.ts';

/** Once a visitor who chose a plan before signing up is signed in and verified, /subscribe offers it. */
export function usePendingCheckout(me: Me): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    if (!me.user.emailVerified || pathname === paths.subscribe()) return;
    let pending: string | null = null;
    try {
      pending = localStorage.getItem(PENDING_CHECKOUT_KEY);
    } catch {
      return;
    }
    if (!pending) return;
    const choice = takePendingCheckout();
    if (choice) void navigate(paths.subscribe(choice), { replace: true });
  }, [me.user.emailVerified, pathname, navigate]);
}
