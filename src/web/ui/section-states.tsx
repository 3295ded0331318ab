/** What a section shows while its data loads, and when it could not be loaded. */
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from './alert.tsx';
import { Button } from './button.tsx';
import { Skeleton } from './skeleton.tsx';

/** Placeholder rows while a section's data loads. */
export function SectionSkeleton({ rows = 3, label }: { rows?: number; label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-3">
      {Array.from({ length: rows }, (_, i) => `placeholder-${i}`).map((key) => (
        <Skeleton key={key} className="h-10 w-full" />
      ))}
    </div>
  );
}

/** A section whose data could not be loaded, with a way to try again. */
export function SectionLoadError({
  message,
  onRetry,
  retrying,
}: {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
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
