import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { lastNavigation } from './history-router.tsx';

/** The key React Router's `<ScrollRestoration>` keeps positions under (the cookie policy lists it). */
export const SCROLL_POSITIONS_KEY = 'react-router-scroll-positions';

let positions: Record<string, number> | null = null;

function savedPositions(): Record<string, number> {
  if (positions) return positions;
  positions = {};
  try {
    const stored = JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '{}') as unknown;
    if (typeof stored === 'object' && stored !== null) positions = stored as Record<string, number>;
  } catch {
    // Unreadable or refused storage: start afresh.
  }
  return positions;
}

/**
 * What React Router's `<ScrollRestoration>` does, without the data router it needs (ADR 0047): a
 * new page opens at its top (or at the element its #hash names), going back or forward returns to
 * where that entry was scrolled, also after a reload; a navigation with `preventScrollReset`
 * (tabs and filters in the query string) leaves the page where it is.
 */
export function ScrollMemory() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const currentKey = useRef(location.key);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    // The position is noted as it changes: by the time a navigation commits, the next page's DOM
    // may already have cut the scroll short.
    const onScroll = () => {
      savedPositions()[currentKey.current] = window.scrollY;
    };
    const onPageHide = () => {
      savedPositions()[currentKey.current] = window.scrollY;
      try {
        sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify(savedPositions()));
      } catch {
        // Storage refused: positions last as long as the page.
      }
      window.history.scrollRestoration = 'auto';
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) window.history.scrollRestoration = 'manual';
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each new location, as <ScrollRestoration> does.
  useLayoutEffect(() => {
    currentKey.current = location.key;
    const saved = navigationType === 'POP' ? savedPositions()[location.key] : undefined;
    if (typeof saved === 'number') {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash) {
      try {
        const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
        if (target) {
          target.scrollIntoView();
          return;
        }
      } catch {
        // Not a decodable id: nothing to scroll to.
      }
    }
    if (navigationType !== 'POP' && lastNavigation.preventScrollReset) return;
    window.scrollTo(0, 0);
  }, [location]);

  return null;
}
