import type { ComponentProps } from 'react';
import { cn } from './cn.ts';

/** A grey placeholder block; hidden from screen readers (the container announces loading). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div data-slot="skeleton" aria-hidden className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />
  );
}
