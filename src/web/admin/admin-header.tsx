import { ArrowLeft, LayoutDashboard, LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useMe } from '../app/api.ts';
import { paths } from '../app/paths.ts';
import { UserAvatar } from '../app/shell/avatar.tsx';
import { useSignOut } from '../auth/use-sign-out.ts';
import { Button } from '../ui/button.tsx';
import { buttonVariants } from '../ui/button-variants.ts';
import { cn } from '../ui/cn.ts';
import { Skeleton } from '../ui/skeleton.tsx';

/** 002 §8, the admin header's Logout. */
export const ADMIN_LOGOUT_FAILED = 'Failed to log out. Please try again.';
export const ADMIN_HEADER_DEFAULT_TITLE = 'Admin Dashboard';

export interface AdminHeaderProps {
  /** The page's heading (its one h1); 'Admin Dashboard' when not given. */
  title?: string;
  description?: ReactNode;
  /** A 'Back to Settings' link to /admin/settings, the admin home. */
  showBackToSettings?: boolean;
  /** A 'Back to Dashboard' link to the saver's /dashboard. */
  showBackToDashboard?: boolean;
  showLogout?: boolean;
  /** The page's own buttons (an Add button), placed beside Logout. */
  actions?: ReactNode;
  /** A back link of the page's own (a detail page's way back to its list), before the spec's. */
  back?: { to: string; label: string };
  className?: string;
}

/**
 * The spec's admin header (002 §2): title, optional description, the signed-in admin's avatar
 * (their photo, else their initials), and optional Back to Settings, Back to Dashboard and Logout.
 * Every admin screen starts with it.
 */
export function AdminHeader({
  title = ADMIN_HEADER_DEFAULT_TITLE,
  description,
  showBackToSettings = false,
  showBackToDashboard = false,
  showLogout = false,
  actions,
  back,
  className,
}: AdminHeaderProps) {
  const { data: me } = useMe();
  const { signOut, isSigningOut } = useSignOut({ failedMessage: ADMIN_LOGOUT_FAILED });
  const backLink = buttonVariants({ variant: 'ghost', size: 'sm' });
  const hasBackLinks = back || showBackToSettings || showBackToDashboard;

  return (
    <header data-slot="admin-header" className={cn('grid gap-4', className)}>
      {hasBackLinks ? (
        <nav aria-label="Back" className="-ml-3 flex flex-wrap gap-1">
          {back ? (
            <Link to={back.to} className={backLink}>
              <ArrowLeft aria-hidden />
              {back.label}
            </Link>
          ) : null}
          {showBackToSettings ? (
            <Link to={paths.adminSettings()} className={backLink}>
              <ArrowLeft aria-hidden />
              Back to Settings
            </Link>
          ) : null}
          {showBackToDashboard ? (
            <Link to={paths.dashboard()} className={backLink}>
              <LayoutDashboard aria-hidden />
              Back to Dashboard
            </Link>
          ) : null}
        </nav>
      ) : null}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-1 items-start gap-4">
          {me ? (
            <UserAvatar me={me} className="mt-1 size-12 text-base" />
          ) : (
            <Skeleton className="mt-1 size-12 shrink-0 rounded-full" />
          )}
          <div className="min-w-0 flex-1">
            <h1 className="text-3xl font-bold tracking-tight wrap-anywhere sm:text-4xl">{title}</h1>
            {description ? (
              <div className="mt-2 max-w-3xl text-muted-foreground wrap-anywhere">{description}</div>
            ) : null}
          </div>
        </div>
        {actions || showLogout ? (
          <div className="flex flex-wrap gap-2 sm:justify-end">
            {actions}
            {showLogout ? (
              <Button variant="outline" disabled={isSigningOut} onClick={() => void signOut()}>
                <LogOut aria-hidden />
                {isSigningOut ? 'Logging out...' : 'Logout'}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
    </header>
  );
}
