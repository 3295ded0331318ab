import type { UseQueryResult } from '@tanstack/react-query';
import { type LucideIcon, Save } from 'lucide-react';
import type { ReactNode } from 'react';
import { hasStatus } from '../app/api.ts';
import { Button } from '../ui/button.tsx';
import { SectionLoadError } from '../ui/section-states.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { AdminHeader, type AdminHeaderProps } from './admin-header.tsx';

/** An admin detail page's column. */
export function AdminRecordFrame({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 md:py-10">{children}</div>;
}

export interface AdminRecordPageProps<T> {
  query: UseQueryResult<T>;
  /** The header while the record loads or is missing. */
  title: string;
  back: NonNullable<AdminHeaderProps['back']>;
  /** The spec's texts: 'Loading contact data...', 'Contact not found', 'Failed to load contact data'. */
  texts: { loading: string; missing: string; loadFailed: string };
  missingIcon: LucideIcon;
  /** A line under the missing text saying why it may be gone. */
  missingHint: string;
  children: (record: T) => ReactNode;
}

/**
 * One record's admin page (a contact inquiry, a user): its loading text, 'not found' for an id
 * that names nothing (404, or 400 for one that is not an id), the load failure with Try again,
 * then the page itself.
 */
export function AdminRecordPage<T>({
  query,
  title,
  back,
  texts,
  missingIcon: MissingIcon,
  missingHint,
  children,
}: AdminRecordPageProps<T>) {
  if (query.isSuccess) return children(query.data);
  return (
    <AdminRecordFrame>
      <AdminHeader title={title} back={back} />
      {query.isPending ? (
        <div role="status" className="mt-8 grid gap-4">
          <p className="text-muted-foreground">{texts.loading}</p>
          <Skeleton className="h-10 w-full max-w-md" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : (
        <div className="mt-8">
          {hasStatus(query.error, 404) || hasStatus(query.error, 400) ? (
            <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-12 text-center">
              <MissingIcon className="size-10 text-muted-foreground" aria-hidden />
              <h2 className="text-lg font-semibold">{texts.missing}</h2>
              <p className="text-muted-foreground">{missingHint}</p>
            </div>
          ) : (
            <SectionLoadError
              message={texts.loadFailed}
              onRetry={() => void query.refetch()}
              retrying={query.isFetching}
            />
          )}
        </div>
      )}
    </AdminRecordFrame>
  );
}

/** One read-only fact of a record, in a `<dl>`: its label and value (long values wrap anywhere). */
export function RecordFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-sm font-medium">{label}</dt>
      <dd className="wrap-anywhere text-muted-foreground">{children}</dd>
    </div>
  );
}

/** A record form's Save Changes button, enabled once something changed, and the unsaved-changes note. */
export function SaveChangesBar({ dirty, saving }: { dirty: boolean; saving: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="submit" disabled={!dirty || saving}>
        <Save aria-hidden />
        {saving ? 'Saving...' : 'Save Changes'}
      </Button>
      {dirty ? <p className="text-sm text-muted-foreground">You have unsaved changes.</p> : null}
    </div>
  );
}
