import { Inbox } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { ADMIN_STATUS_LABELS, PRIORITY_LABELS, isTicketPriority } from '../../../core/support/tickets.ts';
import { paths } from '../../app/paths.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { NativeSelect } from '../../ui/input.tsx';
import { SectionLoadError, SectionSkeleton } from '../../ui/section-states.tsx';
import { categoryText } from '../../support/support-page.tsx';
import { STATUS_BADGE, ticketTimeText } from '../../support/support-text.ts';
import { AdminHeader } from '../admin-header.tsx';
import {
  AdminTable,
  AdminTableBody,
  AdminTableCell,
  AdminTableHead,
  AdminTableRow,
} from '../subscriptions/admin-table.tsx';
import { type TicketFilters, useAdminTickets, useSupportAdmins } from './api.ts';
import { AdminOptions, PriorityOptions, StatusOptions } from './ticket-options.tsx';

export const PRIORITY_BADGE = { low: 'secondary', medium: 'outline', high: 'warning', urgent: 'destructive' } as const;

export function PriorityBadge({ priority }: { priority: string }) {
  if (!isTicketPriority(priority)) return <Badge variant="outline">{priority}</Badge>;
  return <Badge variant={PRIORITY_BADGE[priority]}>{PRIORITY_LABELS[priority]}</Badge>;
}

/** /admin/support/tickets: every ticket, the latest conversation first, filtered by status, priority and assignee. */
export function SupportTicketsPage() {
  const [params, setParams] = useSearchParams();
  const filters: TicketFilters = {
    status: params.get('status') ?? '',
    priority: params.get('priority') ?? '',
    assignee: params.get('assignee') ?? '',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const tickets = useAdminTickets(filters);
  const admins = useSupportAdmins();

  const setFilter = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        if (name !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );

  const total = tickets.data?.total ?? 0;
  const pageSize = tickets.data?.pageSize ?? 50;
  const page = filters.page ?? 1;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 md:py-10">
      <AdminHeader
        title="Support tickets"
        description="The latest conversation first. Open a ticket to answer it, assign it or add an internal note."
        back={{ to: paths.adminSupport(), label: 'Support' }}
      />

      <search className="mt-6 block">
        <form className="grid gap-4 sm:grid-cols-3" onSubmit={(e) => e.preventDefault()}>
          <FormField label="Status">
            <NativeSelect value={filters.status} onChange={(e) => setFilter('status', e.target.value)}>
              <option value="">All statuses</option>
              <StatusOptions />
            </NativeSelect>
          </FormField>
          <FormField label="Priority">
            <NativeSelect value={filters.priority} onChange={(e) => setFilter('priority', e.target.value)}>
              <option value="">All priorities</option>
              <PriorityOptions />
            </NativeSelect>
          </FormField>
          <FormField label="Assignee">
            <NativeSelect value={filters.assignee} onChange={(e) => setFilter('assignee', e.target.value)}>
              <option value="">Anyone</option>
              <option value="me">Assigned to me</option>
              <option value="unassigned">Unassigned</option>
              <AdminOptions admins={admins.data} />
            </NativeSelect>
          </FormField>
        </form>
      </search>

      <div className="mt-6">
        {tickets.isPending ? (
          <SectionSkeleton rows={6} label="Loading tickets" />
        ) : tickets.isError ? (
          <SectionLoadError
            message={`Failed to load tickets: ${tickets.error.message}`}
            onRetry={() => void tickets.refetch()}
            retrying={tickets.isFetching}
          />
        ) : tickets.data.tickets.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-12 text-center">
            <Inbox className="size-10 text-muted-foreground" aria-hidden />
            <p className="text-lg font-semibold">No tickets match these filters</p>
          </div>
        ) : (
          <>
            <p className="mb-3 text-sm text-muted-foreground" aria-live="polite">
              {total === 1 ? '1 ticket' : `${total.toLocaleString('en-GB')} tickets`}
              {total > pageSize
                ? `, showing ${((page - 1) * pageSize + 1).toLocaleString('en-GB')}–${Math.min(page * pageSize, total).toLocaleString('en-GB')}`
                : ''}
            </p>
            <AdminTable aria-label="Support tickets">
              <AdminTableHead>
                <tr>
                  <th scope="col">Ticket</th>
                  <th scope="col">Saver</th>
                  <th scope="col">Status</th>
                  <th scope="col">Priority</th>
                  <th scope="col">Assignee</th>
                  <th scope="col">Last message</th>
                </tr>
              </AdminTableHead>
              <AdminTableBody>
                {tickets.data.tickets.map((ticket) => (
                  <AdminTableRow key={ticket.id}>
                    <AdminTableCell label="Ticket" className="max-md:block">
                      <Link
                        to={paths.adminSupportTicket(ticket.id)}
                        className="block break-words font-medium text-brand underline-offset-4 hover:underline"
                      >
                        {ticket.subject}
                      </Link>
                      <span className="block text-muted-foreground">
                        {ticket.reference} · {categoryText(ticket.category)}
                      </span>
                    </AdminTableCell>
                    <AdminTableCell label="Saver">
                      <span className="min-w-0 max-md:text-right">
                        <span className="block break-words">{ticket.saver?.name ?? 'Deleted user'}</span>
                        <span className="block break-all text-muted-foreground">{ticket.saver?.email ?? ''}</span>
                      </span>
                    </AdminTableCell>
                    <AdminTableCell label="Status">
                      <Badge variant={STATUS_BADGE[ticket.status]}>{ADMIN_STATUS_LABELS[ticket.status]}</Badge>
                    </AdminTableCell>
                    <AdminTableCell label="Priority">
                      <PriorityBadge priority={ticket.priority} />
                    </AdminTableCell>
                    <AdminTableCell label="Assignee">{ticket.assignee?.name ?? 'Unassigned'}</AdminTableCell>
                    <AdminTableCell label="Last message" className="tabular-nums">
                      <time dateTime={ticket.lastReplyAt}>{ticketTimeText(ticket.lastReplyAt)}</time>
                    </AdminTableCell>
                  </AdminTableRow>
                ))}
              </AdminTableBody>
            </AdminTable>
            {total > pageSize ? (
              <nav aria-label="Pages of tickets" className="mt-4 flex gap-2">
                <Button variant="outline" disabled={page <= 1} onClick={() => setFilter('page', String(page - 1))}>
                  Previous
                </Button>
                <Button
                  variant="outline"
                  disabled={page * pageSize >= total}
                  onClick={() => setFilter('page', String(page + 1))}
                >
                  Next
                </Button>
              </nav>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
