import { type ReactNode, useId } from 'react';
import { cn } from '../ui/cn.ts';

/** One card of a settings tab: a titled section with optional help text. */
export function SettingsSection({
  title,
  description,
  children,
  tone = 'default',
  className,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  tone?: 'default' | 'danger';
  className?: string;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6',
        tone === 'danger' && 'border-destructive/40',
        className,
      )}
    >
      <h2 id={headingId} className={cn('text-lg font-semibold leading-tight', tone === 'danger' && 'text-destructive')}>
        {title}
      </h2>
      {description ? <div className="mt-1.5 text-sm text-muted-foreground">{description}</div> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}
