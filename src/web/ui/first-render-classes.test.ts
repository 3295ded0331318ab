import { describe, expect, it } from 'vitest';
import { pigMarkClassName } from '../app/shell/logo.tsx';
import { featuresMenuItemClass } from '../app/shell/features-menu.tsx';
import { desktopLinkClass, logInLinkClass, signUpLinkClass } from '../app/shell/header.tsx';
import { buttonVariants } from './button-variants.ts';
import { cn } from './cn.ts';
import { skeletonClassName } from './skeleton.tsx';

// The first render joins its classes without tailwind-merge (ADR 0047); each join must give what
// `cn` (tailwind-merge) gives, or the shell would look different.
describe('the first render’s classes', () => {
  it('a skeleton keeps the caller’s corners and drops its own', () => {
    for (const className of [
      undefined,
      'h-4 w-24',
      'size-9 rounded-full',
      'h-40 w-full rounded-xl',
      'w-full rounded-lg',
      'mt-6 h-10 w-72 max-w-full rounded-lg',
      'h-80 w-full rounded-xl lg:col-span-3',
      'h-72 w-full rounded-2xl',
      'h-4 rounded',
      'h-4 rounded-t-md',
      'h-4 lg:rounded-lg',
    ]) {
      expect(skeletonClassName(className)).toBe(cn('animate-pulse rounded-md bg-muted', className));
    }
  });

  it('the pig mark takes the caller’s size', () => {
    for (const className of [undefined, 'size-6', 'size-12', 'size-20 opacity-90', 'opacity-90']) {
      expect(pigMarkClassName(className)).toBe(cn('size-8 shrink-0', className));
    }
  });

  it('the header’s links and buttons', () => {
    for (const isActive of [true, false]) {
      const classes = desktopLinkClass({ isActive });
      expect(classes).toBe(cn(classes));
      const featureLink = featuresMenuItemClass({ isActive });
      expect(featureLink).toBe(cn(featureLink));
    }
    expect(logInLinkClass).toBe(cn(buttonVariants({ variant: 'ghost' }), 'hidden sm:inline-flex'));
    expect(signUpLinkClass).toBe(cn(buttonVariants({ size: 'sm' }), 'sm:h-10 sm:px-4'));
  });

  it('the cookie banner’s and the error page’s buttons', () => {
    expect(buttonVariants()).toBe(cn(buttonVariants()));
    expect(buttonVariants({ variant: 'outline' })).toBe(cn(buttonVariants({ variant: 'outline' })));
  });
});
