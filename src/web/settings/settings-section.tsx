import { RefreshCw, TriangleAlert } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { Skeleton } from '../ui/skeleton.tsx';

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

/** Placeholder rows while a section's data loads. */
export function SectionSkeleton({ rows = 3, label }: { rows?: number; label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-3">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}

/** A section whose data could not be loaded, with a way to try again. */
export function SectionLoadError({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying?: boolean }) {
  return (
    <Alert variant="destructive" role="alert">
      <TriangleAlert aria-hidden />
      <AlertTitle>{message}</AlertTitle>
      <AlertDescription>
        <Button type="button" variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
          <RefreshCw aria-hidden />
          {retrying ? 'Trying again...' : 'Try again'}
        </Button>
      </AlertDescription>
    </Alert>
  );
}
