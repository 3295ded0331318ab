import { FileText, Lock } from 'lucide-react';
import { formatFileSize } from '../../core/support/attachments.ts';
import { Badge } from '../ui/badge.tsx';
import { cn } from '../ui/cn.ts';
import type { SupportAttachment, SupportMessage } from './api.ts';
import { ticketTimeText } from './support-text.ts';

/**
 * A ticket's conversation, oldest first. Every text a person wrote is rendered as text (React
 * escapes it), never as HTML, and attachment links point only at our own API.
 */
export function MessageThread({
  messages,
  authorOf,
}: {
  messages: SupportMessage[];
  /** The name shown for a message's author. */
  authorOf: (message: SupportMessage) => string;
}) {
  return (
    <ol aria-label="Messages" className="grid gap-4">
      {messages.map((message) => (
        <li
          key={message.id}
          data-testid="support-message"
          className={cn(
            'rounded-xl border p-4',
            message.isInternal
              ? 'border-dashed border-warning bg-warning-soft/40'
              : message.authorRole === 'admin'
                ? 'bg-brand-soft/40'
                : 'bg-card',
          )}
        >
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <p className="flex flex-wrap items-center gap-2 font-medium">
              <span className="break-all">{authorOf(message)}</span>
              {message.isInternal ? (
                <Badge variant="warning">
                  <Lock aria-hidden />
                  Internal note
                </Badge>
              ) : null}
            </p>
            <time dateTime={message.createdAt} className="text-muted-foreground tabular-nums">
              {ticketTimeText(message.createdAt)}
            </time>
          </div>
          <p className="mt-2 whitespace-pre-wrap break-words">{message.body}</p>
          {message.attachments.length > 0 ? (
            <ul aria-label="Attachments" className="mt-3 flex flex-wrap gap-3">
              {message.attachments.map((attachment) => (
                <li key={attachment.id}>
                  <AttachmentLink attachment={attachment} />
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

function AttachmentLink({ attachment }: { attachment: SupportAttachment }) {
  const isImage = attachment.contentType.startsWith('image/');
  return (
    <a
      href={attachment.url}
      target="_blank"
      rel="noopener noreferrer"
      className="flex max-w-64 items-center gap-2 rounded-lg border bg-background p-2 text-sm hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
    >
      {isImage ? (
        <img src={attachment.url} alt="" loading="lazy" className="size-12 shrink-0 rounded object-cover" />
      ) : (
        <FileText className="size-8 shrink-0 text-muted-foreground" aria-hidden />
      )}
      <span className="min-w-0">
        <span className="block truncate font-medium">{attachment.fileName}</span>
        <span className="block text-xs text-muted-foreground">
          {isImage ? 'Image' : 'PDF'}, {formatFileSize(attachment.size)}
          <span className="sr-only"> (opens in a new tab)</span>
        </span>
      </span>
    </a>
  );
}
