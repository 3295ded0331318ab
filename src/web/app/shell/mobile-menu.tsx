import { LogIn, LogOut, Menu, UserPlus, UserRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { displayName } from '../../../core/profile/display-name.ts';
import { useSignOut } from '../../auth/use-sign-out.ts';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { Dialog, DialogDescription, DialogTitle, DialogTrigger, SheetContent } from '../../ui/dialog.tsx';
import type { Me } from '../api.ts';
import { isRegistered, paths } from '../paths.ts';
import { UserAvatar } from './avatar.tsx';
import { Logo } from './logo.tsx';
import { navIcon } from './nav-icons.ts';
import {
  type NavItem,
  adminNavItem,
  adminToolItems,
  appNavItems,
  contactNavItem,
  featureNavItems,
  matchesOnlyItsOwnPath,
} from './navigation.ts';
import { ThemeSegmented } from './theme-toggle.tsx';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex min-h-11 items-center gap-3 rounded-md px-3 text-base font-medium transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring',
    isActive ? 'bg-brand-soft text-brand-soft-foreground' : 'text-foreground',
  );

function ItemLink({ item, onNavigate }: { item: NavItem; onNavigate: () => void }) {
  const Icon = navIcon(item.routeId);
  return (
    <NavLink to={item.href} className={linkClass} onClick={onNavigate} end={matchesOnlyItsOwnPath(item.href)}>
      <Icon className="size-5 text-muted-foreground" aria-hidden />
      {item.label}
    </NavLink>
  );
}

/**
 * The side menu on phones and small tablets: the same items as the desktop header. `wide`: the
 * header holds more links (an admin's), shown on one line only from 1280 px, so the menu stays until then.
 */
export function MobileMenu({ me, wide = false }: { me: Me | null; wide?: boolean }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const { signOut, isSigningOut } = useSignOut();
  const close = () => setOpen(false);

  // Close when the page changes (e.g. browser back while the menu is open).
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the menu on every navigation.
  useEffect(() => setOpen(false), [location.pathname]);

  const items = me ? appNavItems(me) : [];
  // A visitor: the feature pages under a Features heading, then Contact (000 §2).
  const features = me ? [] : featureNavItems();
  const contact = me ? null : contactNavItem();
  const admin = me ? adminNavItem(me, location.pathname) : null;
  const name = me
    ? displayName({ firstName: me.profile.firstName, lastName: me.profile.lastName, email: me.user.email })
    : '';

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open menu" className={wide ? 'xl:hidden' : 'lg:hidden'}>
          <Menu className="size-6" aria-hidden />
        </Button>
      </DialogTrigger>
      <SheetContent aria-describedby="mobile-menu-description">
        <DialogTitle className="sr-only">Menu</DialogTitle>
        <DialogDescription id="mobile-menu-description" className="sr-only">
          Site navigation and account options
        </DialogDescription>
        <Logo to={me ? paths.dashboard() : paths.home()} onNavigate={close} className="self-start" />

        {me ? (
          <div className="flex items-center gap-3 rounded-lg border p-3">
            <UserAvatar me={me} className="size-10" />
            <div className="min-w-0">
              <p className="truncate font-medium">{name}</p>
              {name !== me.user.email ? (
                <p className="truncate text-sm text-muted-foreground">{me.user.email}</p>
              ) : null}
            </div>
          </div>
        ) : null}

        <nav aria-label="Main" className="grid gap-1">
          {features.length > 0 ? (
            <div className="grid gap-1">
              <p className="px-3 pt-1 text-sm font-semibold text-muted-foreground">Features</p>
              {features.map((item) => (
                <ItemLink key={item.routeId} item={item} onNavigate={close} />
              ))}
            </div>
          ) : null}
          {contact ? <ItemLink item={contact} onNavigate={close} /> : null}
          {items.map((item) => (
            <ItemLink key={item.routeId} item={item} onNavigate={close} />
          ))}
          {admin ? <ItemLink item={admin} onNavigate={close} /> : null}
        </nav>

        <div className="mt-auto grid gap-4 border-t pt-4">
          <ThemeSegmented />
          {me ? (
            <div className="grid gap-1">
              {isRegistered('settings') ? (
                <NavLink to={paths.settings('profile')} className={linkClass} onClick={close}>
                  <UserRound className="size-5 text-muted-foreground" aria-hidden />
                  Profile
                </NavLink>
              ) : null}
              {adminToolItems(me).map((item) => (
                <ItemLink key={item.routeId} item={item} onNavigate={close} />
              ))}
              <Button
                variant="outline"
                className="h-11 justify-start gap-3 px-3 text-base"
                disabled={isSigningOut}
                onClick={() => void signOut()}
              >
                <LogOut className="size-5" aria-hidden />
                {isSigningOut ? 'Signing out...' : 'Sign out'}
              </Button>
            </div>
          ) : (
            <div className="grid gap-2">
              <Button asChild variant="outline" size="lg">
                <NavLink to={paths.login()} onClick={close}>
                  <LogIn aria-hidden />
                  Log in
                </NavLink>
              </Button>
              <Button asChild size="lg">
                <NavLink to={paths.signup()} onClick={close}>
                  <UserPlus aria-hidden />
                  Sign up
                </NavLink>
              </Button>
            </div>
          )}
        </div>
      </SheetContent>
    </Dialog>
  );
}
