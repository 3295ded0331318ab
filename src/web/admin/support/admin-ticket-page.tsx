import { Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import {
  ADMIN_STATUS_LABELS,
  SUPPORT_MESSAGES,
  type TicketPriority,
  type TicketStatus,
} from '../../../core/support/tickets.ts';
import { hasStatus, refusalReason } from '../../app/api.ts';
import { notify } from '../../app/notify.ts';
import { paths } from '../../app/paths.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { NativeSelect } from '../../ui/input.tsx';
import { SectionLoadError, SectionSkeleton } from '../../ui/section-states.tsx';
import { MessageThread } from '../../support/message-thread.tsx';
import { ReplyForm } from '../../support/reply-form.tsx';
import { categoryText } from '../../support/support-page.tsx';
import { STATUS_BADGE, ticketTimeText } from '../../support/support-text.ts';
import { AdminHeader } from '../admin-header.tsx';
import { type AdminSupportThread, useAdminMessage, useAdminTicket, useSupportAdmins, useUpdateTicket } from './api.ts';
import { PriorityBadge } from './tickets-page.tsx';
import { AdminOptions, PriorityOptions, RadioChoice, StatusOptions } from './ticket-options.tsx';

const ACTION_LABELS: Record<string, string> = {
  'ticket.update': 'Changed the ticket',
  'ticket.reply': 'Replied to the saver',
  'ticket.note': 'Added an internal note',
};

/** /admin/support/ticket/{ticketId}: the whole conversation, internal notes included, and the ticket's settings. */
export function AdminTicketPage() {
  const { ticketId = '' } = useParams();
  const thread = useAdminTicket(ticketId);
  const back = { to: paths.adminSupportTickets(), label: 'Support tickets' };

  if (thread.isPending || thread.isError)
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 md:py-10">
        <AdminHeader
          title={thread.isError && hasStatus(thread.error, 404) ? SUPPORT_MESSAGES.notFound : 'Support ticket'}
          back={back}
        />
        <div className="mt-6">
          {thread.isPending ? (
            <SectionSkeleton rows={5} label="Loading the ticket" />
          ) : hasStatus(thread.error, 404) ? null : (
            <SectionLoadError
              message={`Failed to load the ticket: ${thread.error.message}`}
              onRetry={() => void thread.refetch()}
              retrying={thread.isFetching}
            />
          )}
        </div>
      </div>
    );

  const { ticket, messages, activity } = thread.data;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 md:py-10">
      <AdminHeader
        title={ticket.subject}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Badge variant={STATUS_BADGE[ticket.status]}>{ADMIN_STATUS_LABELS[ticket.status]}</Badge>
            <PriorityBadge priority={ticket.priority} />
            <span>
              {ticket.reference} · {categoryText(ticket.category)} · Opened{' '}
              <time dateTime={ticket.createdAt}>{ticketTimeText(ticket.createdAt)}</time>
            </span>
          </span>
        }
        back={back}
      />
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="grid min-w-0 content-start gap-6">
          <section aria-label="Conversation">
            <MessageThread
              messages={messages}
              authorOf={(message) =>
                message.authorRole === 'saver'
                  ? (ticket.saver?.name ?? 'Saver')
                  : `${message.authorName ?? 'An admin'} (support)`
              }
            />
          </section>
          <AdminComposer thread={thread.data} />
        </div>
        <aside className="grid content-start gap-6">
          <TicketSettings key={ticket.updatedAt} thread={thread.data} />
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Saver</CardTitle>
            </CardHeader>
            <CardContent className="text-sm">
              {ticket.saver ? (
                <>
                  <p className="break-words font-medium">{ticket.saver.name}</p>
                  <p className="break-all text-muted-foreground">{ticket.saver.email}</p>
                </>
              ) : (
                <p>Deleted user</p>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Activity</CardTitle>
            </CardHeader>
            <CardContent className="text-sm">
              {activity.length === 0 ? (
                <p className="text-muted-foreground">No admin has worked on this ticket yet.</p>
              ) : (
                <ol className="grid gap-2">
                  {activity.map((entry) => (
                    <li key={entry.id}>
                      <span className="block">{ACTION_LABELS[entry.action] ?? entry.action}</span>
                      <span className="block break-all text-muted-foreground">
                        {entry.adminEmail}, <time dateTime={entry.createdAt}>{ticketTimeText(entry.createdAt)}</time>
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </CardContent>
          </Card>
        </aside>
      </div>
    </div>
  );
}

/** A public reply (e-mailed to the saver) or an internal note (admins only), optionally setting the status. */
function AdminComposer({ thread }: { thread: AdminSupportThread }) {
  const send = useAdminMessage(thread.ticket.id);
  const [kind, setKind] = useState<'reply' | 'note'>('reply');
  const [status, setStatus] = useState<TicketStatus | ''>('');
  const isInternal = kind === 'note';
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Answer</CardTitle>
      </CardHeader>
      <CardContent>
        <fieldset className="mb-4 grid gap-2">
          <legend className="mb-2 text-sm font-medium">Kind of message</legend>
          <RadioChoice
            name="message-kind"
            checked={kind === 'reply'}
            onSelect={() => setKind('reply')}
            label="Public reply"
            description="The saver sees it and gets it by email."
          />
          <RadioChoice
            name="message-kind"
            checked={kind === 'note'}
            onSelect={() => setKind('note')}
            label="Internal note"
            description="Admins only: the saver never sees it."
          />
        </fieldset>
        <ReplyForm
          label={isInternal ? 'Internal note' : 'Reply to the saver'}
          submitLabel={isInternal ? 'Add internal note' : 'Send reply'}
          allowsAttachment={!isInternal}
          extra={
            <FormField label="Status after sending" optional>
              <NativeSelect value={status} onChange={(e) => setStatus(e.target.value as TicketStatus | '')}>
                <option value="">{isInternal ? 'Leave as it is' : 'Awaiting saver (when open)'}</option>
                <StatusOptions />
              </NativeSelect>
            </FormField>
          }
          send={async ({ body, file }) => {
            await send.mutateAsync({ body, isInternal, status: status || undefined, file });
            notify.success(isInternal ? SUPPORT_MESSAGES.noteAdded : SUPPORT_MESSAGES.replied);
            setStatus('');
          }}
        />
      </CardContent>
    </Card>
  );
}

/** Status, priority and assignee, saved together (audited). */
function TicketSettings({ thread }: { thread: AdminSupportThread }) {
  const { ticket } = thread;
  const update = useUpdateTicket(ticket.id);
  const admins = useSupportAdmins();
  const [status, setStatus] = useState<TicketStatus>(ticket.status);
  const [priority, setPriority] = useState(ticket.priority as TicketPriority);
  const [assignee, setAssignee] = useState(ticket.assignee?.id ?? '');
  const [error, setError] = useState<string | null>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const change: Parameters<typeof update.mutateAsync>[0] = {};
    if (status !== ticket.status) change.status = status;
    if (priority !== ticket.priority) change.priority = priority;
    if (assignee !== (ticket.assignee?.id ?? '')) change.assignedAdminId = assignee || null;
    if (Object.keys(change).length === 0) {
      setError(SUPPORT_MESSAGES.nothingToChange);
      return;
    }
    try {
      await update.mutateAsync(change);
      notify.success(SUPPORT_MESSAGES.updated);
    } catch (failure) {
      setError(refusalReason(failure) ?? 'The ticket could not be updated. Please try again.');
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Ticket</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={save} className="grid gap-4">
          <FormError message={error} />
          <FormField label="Status">
            <NativeSelect value={status} onChange={(e) => setStatus(e.target.value as TicketStatus)}>
              <StatusOptions />
            </NativeSelect>
          </FormField>
          <FormField label="Priority">
            <NativeSelect value={priority} onChange={(e) => setPriority(e.target.value as TicketPriority)}>
              <PriorityOptions />
            </NativeSelect>
          </FormField>
          <FormField label="Assigned to">
            <NativeSelect value={assignee} onChange={(e) => setAssignee(e.target.value)}>
              <option value="">Unassigned</option>
              <AdminOptions admins={admins.data} />
            </NativeSelect>
          </FormField>
          <Button type="submit" disabled={update.isPending} className="w-full">
            <Save aria-hidden />
            {update.isPending ? 'Saving...' : 'Save changes'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
