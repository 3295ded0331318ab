import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useDraftJanitor } from '../drafts/use-draft-janitor.ts';
import { CookieConsent } from '../consent/cookie-consent.tsx';
import { notify } from './notify.ts';
import { isRegisteredHref } from './paths.ts';
import { pageTitle, useCurrentRouteHandle } from './route-handle.ts';
import { rememberLastVisited } from './route-memory.ts';
import { ScrollMemory } from './scroll-memory.tsx';

/**
 * Wraps every page: keeps lastVisitedRoute, sets the document title, restores scroll, tells the
 * notifier which page is showing (a page's error toasts end with it), and after an in-app
 * navigation moves focus to the main content and announces the new page title. Cookie consent
 * (banner, preferences, script gate) covers every page, public and signed in.
 */
export function RootLayout() {
  const location = useLocation();
  const handle = useCurrentRouteHandle();
  const title = pageTitle(handle);
  const [announcement, setAnnouncement] = useState('');
  const firstRender = useRef(true);
  useDraftJanitor();

  // Before any page's effects run: errors and warnings raised on the page before go (ADR 0023),
  // and those the new page raises belong to it.
  useLayoutEffect(() => notify.pageChanged(location.pathname), [location.pathname]);

  useEffect(() => {
    const path = `${location.pathname}${location.search}${location.hash}`;
    // A path that would show the 404 page is not worth returning to.
    if (isRegisteredHref(path)) rememberLastVisited(path);
  }, [location.pathname, location.search, location.hash]);

  useEffect(() => {
    document.title = title;
  }, [title]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new page counts, not a changed query string (e.g. switching tabs).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    setAnnouncement(title);
    if (!location.hash) document.getElementById('main')?.focus({ preventScroll: true });
  }, [location.pathname]);

  return (
    <CookieConsent>
      <Outlet />
      <ScrollMemory />
      <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
        {announcement}
      </div>
    </CookieConsent>
  );
}
