import { ArrowLeft, Plus } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { SAVER_STATUS_LABELS, SUPPORT_MESSAGES } from '../../core/support/tickets.ts';
import { hasStatus } from '../app/api.ts';
import { notify } from '../app/notify.ts';
import { paths } from '../app/paths.ts';
import { Badge } from '../ui/badge.tsx';
import { buttonVariants } from '../ui/button-variants.ts';
import { Card, CardContent } from '../ui/card.tsx';
import { SectionLoadError, SectionSkeleton } from '../ui/section-states.tsx';
import { useReplyToTicket, useSupportTicket } from './api.ts';
import { MessageThread } from './message-thread.tsx';
import { ReplyForm } from './reply-form.tsx';
import { categoryText } from './support-page.tsx';
import { STATUS_BADGE, ticketTimeText } from './support-text.ts';

/** /settings/support/ticket/{ticketId}: the conversation with support, and a reply. */
export function TicketPage() {
  const { ticketId = '' } = useParams();
  const thread = useSupportTicket(ticketId);
  const reply = useReplyToTicket(ticketId);
  const back = (
    <Link to={paths.support()} className={`${buttonVariants({ variant: 'ghost', size: 'sm' })} -ml-3`}>
      <ArrowLeft aria-hidden />
      Your tickets
    </Link>
  );

  if (thread.isPending)
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 md:py-10">
        {back}
        <SectionSkeleton rows={4} label="Loading the ticket" />
      </div>
    );
  if (thread.isError)
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 md:py-10">
        {back}
        {hasStatus(thread.error, 404) ? (
          <h1 className="mt-4 text-2xl font-bold">{SUPPORT_MESSAGES.notFound}</h1>
        ) : (
          <SectionLoadError
            message={`Failed to load the ticket: ${thread.error.message}`}
            onRetry={() => void thread.refetch()}
            retrying={thread.isFetching}
          />
        )}
      </div>
    );

  const { ticket, messages } = thread.data;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 md:py-10">
      {back}
      <h1 className="mt-2 break-words text-2xl font-bold tracking-tight sm:text-3xl">{ticket.subject}</h1>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <Badge variant={STATUS_BADGE[ticket.status]}>{SAVER_STATUS_LABELS[ticket.status]}</Badge>
        <span>
          {ticket.reference} · {categoryText(ticket.category)} · Opened{' '}
          <time dateTime={ticket.createdAt}>{ticketTimeText(ticket.createdAt)}</time>
        </span>
      </p>

      <section aria-label="Conversation" className="mt-6">
        <MessageThread
          messages={messages}
          authorOf={(message) => (message.authorRole === 'admin' ? 'SavvyPig Support' : 'You')}
        />
      </section>

      <Card className="mt-6">
        <CardContent>
          {ticket.status === 'closed' ? (
            <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
              <p>{SUPPORT_MESSAGES.closed}</p>
              <Link to={paths.supportNew()} className={buttonVariants({ variant: 'outline' })}>
                <Plus aria-hidden />
                New ticket
              </Link>
            </div>
          ) : (
            <ReplyForm
              label="Your reply"
              submitLabel="Send reply"
              send={async (input) => {
                await reply.mutateAsync(input);
                notify.success(SUPPORT_MESSAGES.replied);
              }}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
