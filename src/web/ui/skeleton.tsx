import type { ComponentProps } from 'react';

/** A corner class of its own (`rounded-full`, `rounded-xl`, …) replaces the default `rounded-md`. */
const OWN_CORNERS = /(^|\s)rounded(-(none|xs|sm|md|lg|xl|2xl|3xl|4xl|full|\[[^\]]+\]))?(\s|$)/;

/**
 * The block's classes, joined without tailwind-merge (the first render's skeletons do not carry it,
 * ADR 0047): a caller only ever changes the corners, and a test holds this to `cn`'s answer.
 */
export function skeletonClassName(className?: string): string {
  if (!className) return 'animate-pulse rounded-md bg-muted';
  return OWN_CORNERS.test(className)
    ? `animate-pulse bg-muted ${className}`
    : `animate-pulse rounded-md bg-muted ${className}`;
}

/** A grey placeholder block; hidden from screen readers (the container announces loading). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="skeleton" aria-hidden className={skeletonClassName(className)} {...props} />;
}
