import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { ADMIN_STATUS_LABELS, TICKET_STATUSES } from '../../../core/support/tickets.ts';
import { paths } from '../../app/paths.ts';
import { buttonVariants } from '../../ui/button-variants.ts';
import { SectionLoadError, SectionSkeleton } from '../../ui/section-states.tsx';
import { AdminHeader } from '../admin-header.tsx';
import { useSupportOverview } from './api.ts';

const ticketsHref = (query: Record<string, string>) =>
  `${paths.adminSupportTickets()}?${new URLSearchParams(query).toString()}`;

function CountTile({ label, count, href, hint }: { label: string; count: number; href: string; hint?: string }) {
  return (
    <li>
      <Link
        to={href}
        className="flex h-full flex-col gap-1 rounded-xl border bg-card p-4 transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
      >
        <span className="text-sm font-medium text-muted-foreground">{label}</span>
        <span className="text-3xl font-bold tabular-nums">{count.toLocaleString('en-GB')}</span>
        {hint ? <span className="text-xs text-muted-foreground">{hint}</span> : null}
      </Link>
    </li>
  );
}

/** /admin/support: the tickets counted by status, and what needs someone now. */
export function SupportOverviewPage() {
  const overview = useSupportOverview();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 md:py-10">
      <AdminHeader
        title="Support"
        description="Tickets from savers: answer them, assign them and keep internal notes."
        showBackToSettings
        actions={
          <Link to={paths.adminSupportTickets()} className={buttonVariants()}>
            All tickets
            <ArrowRight aria-hidden />
          </Link>
        }
      />
      <div className="mt-8">
        {overview.isPending ? (
          <SectionSkeleton rows={4} label="Loading the support overview" />
        ) : overview.isError ? (
          <SectionLoadError
            message={`Failed to load the support overview: ${overview.error.message}`}
            onRetry={() => void overview.refetch()}
            retrying={overview.isFetching}
          />
        ) : (
          <div className="grid gap-8">
            <section aria-labelledby="by-status">
              <h2 id="by-status" className="text-lg font-semibold">
                By status
              </h2>
              <ul className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-4">
                {TICKET_STATUSES.map((status) => (
                  <CountTile
                    key={status}
                    label={ADMIN_STATUS_LABELS[status]}
                    count={overview.data.byStatus[status] ?? 0}
                    href={ticketsHref({ status })}
                  />
                ))}
              </ul>
            </section>
            <section aria-labelledby="needs-someone">
              <h2 id="needs-someone" className="text-lg font-semibold">
                Open tickets waiting for support
              </h2>
              <ul className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-4">
                <CountTile
                  label="Urgent"
                  count={overview.data.activeByPriority.urgent}
                  href={ticketsHref({ status: 'open', priority: 'urgent' })}
                />
                <CountTile
                  label="High priority"
                  count={overview.data.activeByPriority.high}
                  href={ticketsHref({ status: 'open', priority: 'high' })}
                />
                <CountTile
                  label="Unassigned"
                  count={overview.data.activeUnassigned}
                  href={ticketsHref({ status: 'open', assignee: 'unassigned' })}
                />
                <CountTile
                  label="Assigned to you"
                  count={overview.data.activeMine}
                  href={ticketsHref({ status: 'open', assignee: 'me' })}
                />
              </ul>
            </section>
          </div>
        )}
      </div>
    </div>
  );
}
