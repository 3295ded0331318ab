import { type ReactNode, startTransition, useLayoutEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import {
  type Navigator,
  Router,
  type InitialEntry,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createMemoryHistory as createMemoryHistory,
} from 'react-router';

type History = ReturnType<typeof createBrowserHistory>;
type Update = Parameters<Parameters<History['listen']>[0]>[0];

/**
 * How the latest navigation asked to be shown, for `ScrollMemory`: `setSearchParams` with
 * `preventScrollReset` keeps the page where it is.
 */
export const lastNavigation = { preventScrollReset: false };

/** The browser's history, as React Router's own `BrowserRouter` makes it. */
export function browserHistory(): History {
  return createBrowserHistory({ v5Compat: true });
}

/** A history in memory (tests), starting at `entry`. */
export function memoryHistory(entry: InitialEntry): History {
  return createMemoryHistory({ initialEntries: [entry], v5Compat: true });
}

/**
 * React Router in declarative mode over a history (ADR 0047: the data router's machinery is about
 * 18 kB gzip of the first download, and the app uses none of its loaders or actions). Like the data
 * router, a navigation renders as a transition, except one asked for with `flushSync: true`, which
 * commits at once (leaving a signed-in page before the session's cache goes, `after-sign-out.ts`).
 */
export function HistoryRouter({ history, children }: { history: History; children: ReactNode }) {
  const [state, setState] = useState<Update>({ action: history.action, location: history.location, delta: null });
  const navigator = useMemo(() => {
    let commitNow = false;
    const note = (opts: { flushSync?: boolean; preventScrollReset?: boolean } | undefined) => {
      commitNow = opts?.flushSync === true;
      lastNavigation.preventScrollReset = opts?.preventScrollReset === true;
    };
    const listen = (update: Update) => {
      const now = commitNow;
      commitNow = false;
      if (update.action === 'POP') lastNavigation.preventScrollReset = false;
      if (now) flushSync(() => setState(update));
      else startTransition(() => setState(update));
    };
    const routerNavigator: Navigator = {
      createHref: history.createHref,
      createURL: history.createURL,
      encodeLocation: history.encodeLocation,
      go: history.go,
      push(to, pushState, opts) {
        note(opts);
        history.push(to, pushState);
      },
      replace(to, replaceState, opts) {
        note(opts);
        history.replace(to, replaceState);
      },
    };
    return { routerNavigator, listen };
  }, [history]);
  useLayoutEffect(() => history.listen(navigator.listen), [history, navigator]);
  return (
    <Router location={state.location} navigationType={state.action} navigator={navigator.routerNavigator}>
      {children}
    </Router>
  );
}
