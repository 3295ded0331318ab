import type { ComponentProps } from 'react';
import { cn } from '../../ui/cn.ts';

/**
 * A table that becomes stacked cards on phones (DESIGN: no horizontal scroll at 375 px): each
 * cell shows its column's name (`label`) before its value when the header row is hidden.
 */
export function AdminTable({ className, ...props }: ComponentProps<'table'>) {
  return <table className={cn('w-full border-collapse text-sm max-md:block', className)} {...props} />;
}

export function AdminTableHead({ className, ...props }: ComponentProps<'thead'>) {
  return (
    <thead
      className={cn(
        'text-left text-muted-foreground max-md:sr-only [&_th]:px-3 [&_th]:py-2 [&_th]:font-medium',
        className,
      )}
      {...props}
    />
  );
}

export function AdminTableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('max-md:grid max-md:gap-3', className)} {...props} />;
}

export function AdminTableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      className={cn(
        'border-t align-top max-md:grid max-md:gap-1 max-md:rounded-lg max-md:border max-md:p-3 md:hover:bg-muted/40',
        className,
      )}
      {...props}
    />
  );
}

export function AdminTableCell({ className, label, ...props }: ComponentProps<'td'> & { label: string }) {
  return (
    <td
      data-label={label}
      className={cn(
        'px-3 py-3 max-md:flex max-md:justify-between max-md:gap-3 max-md:px-0 max-md:py-0.5 max-md:before:font-medium max-md:before:text-muted-foreground max-md:before:content-[attr(data-label)]',
        className,
      )}
      {...props}
    />
  );
}
