import { createContext, useContext } from 'react';
import type { RouteMatch } from 'react-router';
import type { SkeletonKind } from './page-skeletons.tsx';
import { type RouteId, routes } from './paths.ts';

/** Stored on every page route (`handle`) so layouts know which page is showing. */
export interface RouteHandle {
  routeId: RouteId;
  skeleton: SkeletonKind;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'routeId' in value && 'skeleton' in value;
}

/**
 * Every route the current location matches, root first (`AppRoutes` provides them: the data
 * router's `useMatches` is not there in declarative mode, ADR 0047).
 */
export const RouteMatchesContext = createContext<readonly RouteMatch[] | null>(null);

/** The handle of the deepest matched page route, if any. */
export function useCurrentRouteHandle(): RouteHandle | null {
  const matches = useContext(RouteMatchesContext) ?? [];
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.route.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return null;
}

export function pageTitle(handle: RouteHandle | null): string {
  if (!handle) return 'SavvyPig';
  const title = routes[handle.routeId].title;
  return handle.routeId === 'home' ? `SavvyPig – ${title}` : `${title} · SavvyPig`;
}
