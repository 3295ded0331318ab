import { ArrowLeft, LifeBuoy, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { CATEGORY_LABELS, isTicketCategory, SAVER_STATUS_LABELS } from '../../core/support/tickets.ts';
import { paths } from '../app/paths.ts';
import { Badge } from '../ui/badge.tsx';
import { buttonVariants } from '../ui/button-variants.ts';
import { SectionLoadError, SectionSkeleton } from '../ui/section-states.tsx';
import { useSupportTickets } from './api.ts';
import { STATUS_BADGE, ticketTimeText } from './support-text.ts';

export const categoryText = (category: string) => (isTicketCategory(category) ? CATEGORY_LABELS[category] : category);

/** /settings/support: the saver's tickets, the latest conversation first, and a way to open one. */
export function SupportPage() {
  const tickets = useSupportTickets();
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 md:py-10">
      <Link to={paths.settings()} className={`${buttonVariants({ variant: 'ghost', size: 'sm' })} -ml-3`}>
        <ArrowLeft aria-hidden />
        Settings
      </Link>
      <div className="mt-2 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Support</h1>
          <p className="mt-2 max-w-2xl text-muted-foreground">
            Ask us about your accounts, your plan or anything that is not working. We reply here and by email.
          </p>
        </div>
        <Link to={paths.supportNew()} className={buttonVariants()}>
          <Plus aria-hidden />
          New ticket
        </Link>
      </div>

      <section aria-labelledby="tickets-heading" className="mt-8">
        <h2 id="tickets-heading" className="sr-only">
          Your tickets
        </h2>
        {tickets.isPending ? (
          <SectionSkeleton rows={3} label="Loading your tickets" />
        ) : tickets.isError ? (
          <SectionLoadError
            message={`Failed to load your tickets: ${tickets.error.message}`}
            onRetry={() => void tickets.refetch()}
            retrying={tickets.isFetching}
          />
        ) : tickets.data.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-12 text-center">
            <LifeBuoy className="size-10 text-muted-foreground" aria-hidden />
            <p className="text-lg font-semibold">You have no support tickets</p>
            <p className="text-muted-foreground">Open one and we will get back to you.</p>
          </div>
        ) : (
          <ul className="grid gap-3">
            {tickets.data.map((ticket) => (
              <li key={ticket.id}>
                <Link
                  to={paths.supportTicket(ticket.id)}
                  className="grid gap-2 rounded-xl border bg-card p-4 transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring sm:grid-cols-[1fr_auto] sm:items-center"
                >
                  <span className="min-w-0">
                    <span className="block break-words font-semibold">{ticket.subject}</span>
                    <span className="mt-1 block text-sm text-muted-foreground">
                      {ticket.reference} · {categoryText(ticket.category)} · Last message{' '}
                      <time dateTime={ticket.lastReplyAt}>{ticketTimeText(ticket.lastReplyAt)}</time>
                    </span>
                  </span>
                  <Badge variant={STATUS_BADGE[ticket.status]}>{SAVER_STATUS_LABELS[ticket.status]}</Badge>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
