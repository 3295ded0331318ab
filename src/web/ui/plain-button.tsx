import type { VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { buttonVariants } from './button-variants.ts';

type PlainButtonProps = ComponentProps<'button'> & VariantProps<typeof buttonVariants>;

/**
 * `Button` as the first render draws it (the cookie banner, the error page): the same look, but no
 * tailwind-merge and no `asChild`, so the first download leaves them out (ADR 0047). It takes no
 * `className`: one that overrides a variant's class needs `Button`'s merge.
 */
export function PlainButton({ variant, size, type, ...props }: Omit<PlainButtonProps, 'className'>) {
  return <button data-slot="button" type={type ?? 'button'} className={buttonVariants({ variant, size })} {...props} />;
}
