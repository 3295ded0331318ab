import { History } from 'lucide-react';
import { Link } from 'react-router';
import { isRegistered, paths } from '../../app/paths.ts';
import { Button } from '../../ui/button.tsx';
import { SectionLoadError, SectionSkeleton } from '../../ui/section-states.tsx';
import { type AdminActionJson, useAuditLog } from '../contacts/api.ts';
import { actionText, dateTimeText, fieldChanges, subjectTypeText } from './audit-text.ts';

/** Where an entry's subject is looked at, when its screen exists. */
function subjectHref(entry: AdminActionJson): string | null {
  if (entry.subjectType === 'contact_inquiry') return paths.adminContactEdit(entry.subjectId);
  if (entry.subjectType === 'user' && isRegistered('adminUserEdit')) return paths.adminUserEdit(entry.subjectId);
  return null;
}

function Subject({ entry }: { entry: AdminActionJson }) {
  const href = subjectHref(entry);
  const label = `${subjectTypeText(entry.subjectType)} ${entry.subjectId}`;
  return href ? (
    <Link to={href} className="font-medium break-all text-brand underline underline-offset-4">
      {label}
    </Link>
  ) : (
    <span className="break-all">{label}</span>
  );
}

function Entry({ entry, showSubject }: { entry: AdminActionJson; showSubject: boolean }) {
  const changes = fieldChanges(entry.before, entry.after);
  return (
    <li className="grid gap-2 rounded-lg border p-4" data-audit-entry>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-medium">{actionText(entry.action)}</p>
        <time dateTime={entry.createdAt} className="text-sm text-muted-foreground tabular-nums">
          {dateTimeText(entry.createdAt)}
        </time>
      </div>
      <p className="text-sm text-muted-foreground">
        By <span className="break-all text-foreground">{entry.adminEmail}</span>
        {showSubject ? (
          <>
            {' · '}
            <Subject entry={entry} />
          </>
        ) : null}
      </p>
      {changes.length > 0 ? (
        <dl className="grid gap-1 text-sm sm:grid-cols-[minmax(8rem,max-content)_1fr] sm:gap-x-4">
          {changes.map((change) => (
            <div key={change.field} className="contents">
              <dt className="font-medium">{change.field}</dt>
              <dd className="mb-1 wrap-anywhere sm:mb-0">
                <span className="text-muted-foreground">
                  <span className="sr-only">was </span>
                  <span className="whitespace-pre-wrap">{change.before}</span>
                </span>
                <span aria-hidden> → </span>
                <span className="sr-only">, now </span>
                <span className="whitespace-pre-wrap">{change.after}</span>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  );
}

/**
 * The admin audit log (issue 28), newest first, 50 at a time with More: who did what, to which
 * subject, when, and each field before and after. Of one subject (a contact's Activity tab) when
 * `subject` is given.
 */
export function AuditLogView({
  subject,
  label,
  empty = 'No admin actions recorded yet.',
}: {
  subject?: { subjectType: string; subjectId: string };
  label: string;
  empty?: string;
}) {
  const log = useAuditLog(subject);
  if (log.isPending) return <SectionSkeleton rows={4} label={`Loading ${label.toLowerCase()}`} />;
  if (log.isError)
    return (
      <SectionLoadError
        message={`Failed to load ${label.toLowerCase()}`}
        onRetry={() => void log.refetch()}
        retrying={log.isFetching}
      />
    );
  const entries = log.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0)
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-4 py-10 text-center">
        <History className="size-8 text-muted-foreground" aria-hidden />
        <p className="text-muted-foreground">{empty}</p>
      </div>
    );
  return (
    <div className="grid gap-4">
      <ol aria-label={label} className="grid gap-3">
        {entries.map((entry) => (
          <Entry key={entry.id} entry={entry} showSubject={!subject} />
        ))}
      </ol>
      {log.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          {log.isFetchingNextPage ? 'Loading...' : 'Show older entries'}
        </Button>
      ) : null}
    </div>
  );
}
