import { NavLink, Link, useLocation } from 'react-router';
import { buttonVariants } from '../../ui/button-variants.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import type { Me } from '../api.ts';
import { paths } from '../paths.ts';
import { Logo } from './logo.tsx';
import { MobileMenu, NotificationBell, ThemeToggle, UserMenu } from './header-parts.tsx';
import { FeaturesMenu } from './features-menu.tsx';
import {
  type NavItem,
  adminNavItem,
  appNavItems,
  contactNavItem,
  featureNavItems,
  matchesOnlyItsOwnPath,
} from './navigation.ts';

// The header is drawn before the page's code comes, so its classes are joined without
// tailwind-merge (ADR 0047); src/web/ui/first-render-classes.test.ts holds each to what `cn` makes of it.
export const desktopLinkClass = ({ isActive }: { isActive: boolean }) =>
  `relative inline-flex h-9 items-center whitespace-nowrap rounded-md px-2 text-sm xl:px-3 font-medium transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring ${
    isActive
      ? 'text-brand after:absolute after:inset-x-2 after:-bottom-[13px] xl:after:inset-x-3 after:h-0.5 after:rounded-full after:bg-brand'
      : 'text-muted-foreground'
  }`;

/** A ghost button shown from the `sm` breakpoint: `hidden` takes the place of its `inline-flex`. */
export const logInLinkClass = `${buttonVariants({ variant: 'ghost' }).replace(/^inline-flex /, '')} hidden sm:inline-flex`;
/** A small button that grows to the default size from the `sm` breakpoint. */
export const signUpLinkClass = `${buttonVariants({ size: 'sm' })} sm:h-10 sm:px-4`;

function DesktopLink({ item }: { item: NavItem }) {
  return (
    <NavLink to={item.href} className={desktopLinkClass} end={matchesOnlyItsOwnPath(item.href)}>
      {item.label}
    </NavLink>
  );
}

export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:font-medium focus:shadow-lg"
    >
      Skip to main content
    </a>
  );
}

export interface HeaderProps {
  /** The signed-in user; null when signed out; undefined while still checking. */
  me: Me | null | undefined;
}

export function Header({ me }: HeaderProps) {
  const location = useLocation();
  const loading = me === undefined;
  const items = me ? appNavItems(me) : [];
  // A visitor: the feature pages under one Features button, then Contact (000 §2).
  const features = me === null ? featureNavItems() : [];
  const contact = me === null ? contactNavItem() : null;
  const admin = me ? adminNavItem(me, location.pathname) : null;
  // With the Admin Dashboard link as well, the links fit on one line from 1280 px: below, the menu holds them.
  const wide = admin !== null;

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <SkipLink />
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
        <Logo to={me ? paths.dashboard() : paths.home()} />

        {items.length > 0 || admin || features.length > 0 || contact ? (
          <nav aria-label="Main" className={`ml-4 hidden items-center gap-1 ${wide ? 'xl:flex' : 'lg:flex'}`}>
            {features.length > 0 ? <FeaturesMenu items={features} buttonClass={desktopLinkClass} /> : null}
            {contact ? <DesktopLink item={contact} /> : null}
            {items.map((item) => (
              <DesktopLink key={item.routeId} item={item} />
            ))}
            {admin ? <DesktopLink item={admin} /> : null}
          </nav>
        ) : null}

        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <ThemeToggle />
          {loading ? (
            <Skeleton className="size-9 rounded-full" />
          ) : me ? (
            <>
              <NotificationBell />
              <UserMenu me={me} />
            </>
          ) : (
            <div className="flex items-center gap-2">
              <Link to={paths.login()} data-slot="button" className={logInLinkClass}>
                Log in
              </Link>
              <Link to={paths.signup()} data-slot="button" className={signUpLinkClass}>
                Sign up
              </Link>
            </div>
          )}
          {loading ? null : <MobileMenu me={me ?? null} wide={wide} />}
        </div>
      </div>
    </header>
  );
}
