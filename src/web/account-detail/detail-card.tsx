import { type ReactNode, useId } from 'react';
import { cn } from '../ui/cn.ts';

/** One card of the account page: a section named by its heading (the page's h2 level). */
export function DetailCard({
  title,
  description,
  tone = 'default',
  className,
  children,
}: {
  title: string;
  description?: ReactNode;
  tone?: 'default' | 'danger';
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'flex min-w-0 flex-col gap-5 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6',
        tone === 'danger' && 'border-destructive/40',
        className,
      )}
    >
      <div className="grid gap-1.5">
        <h2
          id={headingId}
          className={cn('text-lg font-semibold leading-tight', tone === 'danger' && 'text-destructive')}
        >
          {title}
        </h2>
        {description ? <div className="text-sm text-muted-foreground">{description}</div> : null}
      </div>
      {children}
    </section>
  );
}
