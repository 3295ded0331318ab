import { Skeleton } from '../ui/skeleton.tsx';

function CardSkeleton({ rows, className = '' }: { rows: number; className?: string }) {
  return (
    <div className={`grid gap-4 rounded-xl border bg-card p-5 sm:p-6 ${className}`}>
      <Skeleton className="h-6 w-44" />
      {Array.from({ length: rows }, (_, i) => `placeholder-${i}`).map((key) => (
        <div key={key} className="grid gap-2">
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
    </div>
  );
}

/** The account page while it loads: the same blocks in the same places. */
export function AccountDetailSkeleton() {
  return (
    <div role="status" aria-live="polite" aria-busy="true" className="grid gap-6">
      <span className="sr-only">Loading account</span>
      <div className="grid gap-3">
        <Skeleton className="h-9 w-40" />
        <Skeleton className="h-9 w-72 max-w-full" />
        <Skeleton className="h-4 w-48" />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="grid gap-3 rounded-xl border bg-card p-5">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-8 w-36" />
            <Skeleton className="h-3 w-40" />
          </div>
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <CardSkeleton rows={5} />
        <CardSkeleton rows={5} />
      </div>
      <Skeleton className="h-64 w-full rounded-xl" />
      <CardSkeleton rows={1} />
    </div>
  );
}

/** The charts while Recharts loads. */
export function ChartsSkeleton() {
  return (
    <div role="status" aria-busy="true" className="grid gap-4 lg:grid-cols-5">
      <span className="sr-only">Loading charts</span>
      <Skeleton className="h-80 w-full rounded-xl lg:col-span-3" />
      <Skeleton className="h-80 w-full rounded-xl lg:col-span-2" />
    </div>
  );
}
