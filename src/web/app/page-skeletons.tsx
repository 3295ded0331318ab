import { Skeleton } from '../ui/skeleton.tsx';

/** The shape of a page while its code or data loads; each matches its page's layout. */
export type SkeletonKind = 'marketing' | 'auth' | 'dashboard' | 'document' | 'form' | 'list' | 'message';

function Loading({ children, label }: { children: React.ReactNode; label: string }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true" className="w-full">
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}

function Marketing() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 md:py-20">
      <div className="grid items-center gap-10 md:grid-cols-2">
        <div className="grid gap-4">
          <Skeleton className="h-6 w-40 rounded-full" />
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-4/5" />
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-3/4" />
          <div className="mt-2 flex gap-3">
            <Skeleton className="h-11 w-36" />
            <Skeleton className="h-11 w-28" />
          </div>
        </div>
        <Skeleton className="h-72 w-full rounded-2xl" />
      </div>
      <div className="mt-16 grid gap-6 md:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-40 rounded-xl" />
        ))}
      </div>
    </div>
  );
}

function Auth() {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="grid gap-5 rounded-xl border bg-card p-6">
        <Skeleton className="mx-auto size-12 rounded-full" />
        <Skeleton className="mx-auto h-7 w-48" />
        <Skeleton className="mx-auto h-4 w-64" />
        {[0, 1].map((i) => (
          <div key={i} className="grid gap-2">
            <Skeleton className="h-4 w-20" />
            <Skeleton className="h-10 w-full" />
          </div>
        ))}
        <Skeleton className="h-10 w-full" />
        <Skeleton className="mx-auto h-4 w-52" />
      </div>
    </div>
  );
}

function Dashboard() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <Skeleton className="h-4 w-36" />
      <Skeleton className="mt-3 h-9 w-72 max-w-full" />
      <Skeleton className="mt-3 h-5 w-96 max-w-full" />
      <div className="mt-8 grid gap-4 md:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-32 rounded-xl" />
        ))}
      </div>
      <Skeleton className="mt-10 h-6 w-40" />
      <div className="mt-4 grid gap-4 md:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-44 rounded-xl" />
        ))}
      </div>
    </div>
  );
}

function Document() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Skeleton className="h-9 w-40" />
      <Skeleton className="mt-3 h-5 w-80 max-w-full" />
      <Skeleton className="mt-6 h-10 w-72 max-w-full rounded-lg" />
      <div className="mt-8 grid gap-3">
        {Array.from({ length: 10 }, (_, i) => `placeholder-${i}`).map((key, i) => (
          <Skeleton key={key} className={i % 4 === 0 ? 'mt-4 h-6 w-56' : 'h-4 w-full'} />
        ))}
      </div>
    </div>
  );
}

function Form() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <Skeleton className="h-9 w-48" />
      <Skeleton className="mt-3 h-5 w-96 max-w-full" />
      <div className="mt-8 grid gap-8 md:grid-cols-[1fr_18rem]">
        <div className="grid gap-5 rounded-xl border bg-card p-6">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="grid gap-2">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-10 w-full" />
            </div>
          ))}
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-10 w-36" />
        </div>
        <Skeleton className="h-48 rounded-xl" />
      </div>
    </div>
  );
}

function List() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <Skeleton className="h-9 w-56" />
      <Skeleton className="mt-3 h-5 w-80 max-w-full" />
      <div className="mt-6 grid gap-6 md:grid-cols-[20rem_1fr]">
        <div className="grid gap-2">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-16 rounded-lg" />
          ))}
        </div>
        <Skeleton className="h-96 rounded-xl" />
      </div>
    </div>
  );
}

function Message() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <Skeleton className="size-14 rounded-full" />
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-4 w-72 max-w-full" />
      <Skeleton className="h-10 w-40" />
    </div>
  );
}

const SKELETONS: Record<SkeletonKind, () => React.JSX.Element> = {
  marketing: Marketing,
  auth: Auth,
  dashboard: Dashboard,
  document: Document,
  form: Form,
  list: List,
  message: Message,
};

export function PageSkeleton({ kind, label = 'Loading page' }: { kind: SkeletonKind; label?: string }) {
  const Shape = SKELETONS[kind];
  return (
    <Loading label={label}>
      <Shape />
    </Loading>
  );
}
