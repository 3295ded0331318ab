import { format } from 'date-fns';
import { ArrowLeft, ExternalLink, Inbox, Mail, RefreshCw } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../app/api.ts';
import { PageSkeleton } from '../app/page-skeletons.tsx';
import { paths } from '../app/paths.ts';
import { NotFoundPage } from '../not-found/not-found-page.tsx';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { Skeleton } from '../ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/tabs.tsx';
import { type MailSummary, useMailList, useMailMessage } from './api.ts';
import { useMailboxToken } from './mailbox-token.ts';
import { PREVIEW_SANDBOX, previewDocument } from './preview-document.ts';

function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : format(date, 'd MMM yyyy, HH:mm');
}

function MessageList({
  messages,
  selectedId,
  token,
}: {
  messages: MailSummary[];
  selectedId: string | null;
  token: string | null;
}) {
  return (
    <ul className="grid content-start gap-2" aria-label="Captured emails">
      {messages.map((message) => {
        const selected = message.id === selectedId;
        return (
          <li key={message.id}>
            <Link
              to={paths.devMailbox(message.id, token ?? undefined)}
              aria-current={selected ? 'true' : undefined}
              className={cn(
                'grid gap-1 rounded-lg border p-3 text-sm transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring',
                selected && 'border-brand bg-brand-soft hover:bg-brand-soft',
              )}
            >
              <span className="line-clamp-2 font-medium">{message.subject || '(no subject)'}</span>
              <span className="truncate text-muted-foreground">To {message.to}</span>
              <span className="text-xs text-muted-foreground">{formatDate(message.date)}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function MessageView({ id, token }: { id: string; token: string | null }) {
  const message = useMailMessage(id, token);

  if (message.isPending) {
    return (
      <div className="grid gap-3 rounded-xl border p-5" role="status" aria-label="Loading email">
        <Skeleton className="h-7 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-80 w-full" />
      </div>
    );
  }
  if (message.isError) {
    return (
      <Alert variant="destructive">
        <Mail aria-hidden />
        <AlertTitle>
          {message.error instanceof ApiError && message.error.status === 404
            ? 'This email is no longer in the mailbox.'
            : 'The email could not be loaded.'}
        </AlertTitle>
      </Alert>
    );
  }

  const mail = message.data;
  return (
    <article className="grid min-w-0 gap-4 rounded-xl border bg-card p-4 sm:p-5" aria-labelledby="mail-subject">
      <header className="grid gap-1">
        <h2 id="mail-subject" className="text-xl font-semibold break-words">
          {mail.subject || '(no subject)'}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
          <dt className="text-muted-foreground">From</dt>
          <dd className="break-all">{mail.from}</dd>
          <dt className="text-muted-foreground">To</dt>
          <dd className="break-all">{mail.to}</dd>
          <dt className="text-muted-foreground">Sent</dt>
          <dd>{formatDate(mail.date)}</dd>
        </dl>
      </header>

      {mail.links.length > 0 ? (
        <section aria-labelledby="mail-links" className="grid gap-2 rounded-lg bg-muted p-3">
          <h3 id="mail-links" className="text-sm font-semibold">
            Links in this email
          </h3>
          <ul className="grid gap-1.5">
            {mail.links.map((link) => (
              <li key={link}>
                <a
                  href={link}
                  className="inline-flex items-start gap-1.5 text-sm font-medium break-all text-brand underline underline-offset-4"
                >
                  <ExternalLink className="mt-0.5 size-4 shrink-0" aria-hidden />
                  {link}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <Tabs defaultValue={mail.html ? 'html' : 'text'}>
        <TabsList>
          <TabsTrigger value="html" disabled={!mail.html}>
            Email
          </TabsTrigger>
          <TabsTrigger value="text" disabled={!mail.text}>
            Plain text
          </TabsTrigger>
        </TabsList>
        <TabsContent value="html">
          {/* No scripts, forms or pop-ups; a link the user clicks opens in the whole tab (ADR 0007). */}
          <iframe
            title={`Email: ${mail.subject}`}
            sandbox={PREVIEW_SANDBOX}
            srcDoc={previewDocument(mail.html ?? '')}
            className="h-[32rem] w-full resize-y rounded-lg border bg-white"
          />
        </TabsContent>
        <TabsContent value="text">
          <pre className="max-h-[32rem] overflow-auto rounded-lg border bg-muted p-4 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">
            {mail.text}
          </pre>
        </TabsContent>
      </Tabs>
    </article>
  );
}

/**
 * /dev/mailbox: e-mails the server wrote to disk because no SMTP server is configured, so a
 * newcomer can open their verification link. Shown in development, or whenever the server offers
 * the mailbox; otherwise this address is the 404 page.
 */
export function MailboxPage() {
  const [params] = useSearchParams();
  const selectedId = params.get('id');
  const token = useMailboxToken();
  const list = useMailList(token);

  if (list.isPending) return <PageSkeleton kind="list" label="Loading the mailbox" />;

  // The server answers 404 alike for no mailbox and for a missing or stale token.
  if (list.isError && list.error instanceof ApiError && list.error.status === 404) {
    if (!import.meta.env.DEV && !token) return <NotFoundPage />;
    return (
      <div className="mx-auto w-full max-w-2xl px-4 py-12">
        <Alert variant="info">
          <Inbox aria-hidden />
          <AlertTitle>The mailbox did not open</AlertTitle>
          <AlertDescription>
            <p>
              Open it with the link the server printed when it started (“Local mailbox: …”): the link carries a key, and
              a new one is made at every start. If the server sends email through SMTP, there is no mailbox.
            </p>
          </AlertDescription>
        </Alert>
      </div>
    );
  }

  const messages = list.data ?? [];

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-3xl font-bold tracking-tight">Development mailbox</h1>
            <Badge variant="warning">Development only</Badge>
          </div>
          <p className="mt-2 max-w-2xl text-muted-foreground">
            Emails SavvyPig would have sent. No mail server is configured, so they are kept here instead.
          </p>
        </div>
        <Button variant="outline" onClick={() => void list.refetch()} disabled={list.isFetching}>
          <RefreshCw className={cn(list.isFetching && 'animate-spin')} aria-hidden />
          Refresh
        </Button>
      </div>

      {list.isError ? (
        <Alert variant="destructive" className="mt-6">
          <Mail aria-hidden />
          <AlertTitle>The mailbox could not be loaded.</AlertTitle>
          <AlertDescription>
            <p>{list.error.message}</p>
          </AlertDescription>
        </Alert>
      ) : messages.length === 0 ? (
        <div className="mt-10 flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-14 text-center">
          <Inbox className="size-10 text-muted-foreground" aria-hidden />
          <h2 className="text-lg font-semibold">No emails yet</h2>
          <p className="max-w-md text-sm text-muted-foreground">
            When SavvyPig sends an email, for example after someone signs up, it appears here. This page checks for new
            emails every few seconds.
          </p>
          <Button asChild>
            <Link to={paths.signup()}>Create an account</Link>
          </Button>
        </div>
      ) : (
        <div className="mt-6 grid gap-6 md:grid-cols-[20rem_1fr]">
          <div className={cn(selectedId && 'hidden md:block')}>
            <MessageList messages={messages} selectedId={selectedId} token={token} />
          </div>
          <div className={cn('min-w-0', !selectedId && 'hidden md:block')}>
            {selectedId ? (
              <div className="grid gap-3">
                <Button asChild variant="ghost" className="justify-self-start md:hidden">
                  <Link to={paths.devMailbox(undefined, token ?? undefined)}>
                    <ArrowLeft aria-hidden />
                    All emails
                  </Link>
                </Button>
                <MessageView key={selectedId} id={selectedId} token={token} />
              </div>
            ) : (
              <div className="flex h-full min-h-60 flex-col items-center justify-center gap-2 rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
                <Mail className="size-8" aria-hidden />
                Choose an email to read it.
              </div>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
