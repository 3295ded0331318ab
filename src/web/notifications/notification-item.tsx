import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import { Link } from 'react-router';
import { refusalReason } from '../app/api.ts';
import { notify } from '../app/notify.ts';
import { Button } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { type AppNotification, useDismissNotification } from './api.ts';

/** Colour never alone: an icon and words (read out first) say how serious each one is. */
const SEVERITY = {
  error: { icon: TriangleAlert, words: 'Urgent', className: 'text-destructive' },
  warning: { icon: CircleAlert, words: 'Warning', className: 'text-warning' },
  info: { icon: Info, words: 'For information', className: 'text-info' },
  success: { icon: CircleCheck, words: 'Done', className: 'text-success' },
} as const;

export function NotificationItem({
  notification,
  onDismissed,
  onFollow,
}: {
  notification: AppNotification;
  /** Called once it is dismissed: the list moves focus somewhere that still exists. */
  onDismissed: () => void;
  /** Called when its link is followed (the dropdown closes). */
  onFollow?: () => void;
}) {
  const dismiss = useDismissNotification();
  const severity = SEVERITY[notification.severity];
  const Icon = severity.icon;
  return (
    <li className="flex items-start gap-3 py-3">
      <Icon className={cn('mt-0.5 size-5 shrink-0', severity.className)} aria-hidden />
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="font-medium leading-snug">
          <span className="sr-only">{severity.words}: </span>
          {notification.title}
        </p>
        <p className="text-sm text-muted-foreground">{notification.message}</p>
        <Link
          to={notification.link.href}
          onClick={onFollow}
          aria-label={`${notification.link.label}: ${notification.title}`}
          className="w-fit text-sm font-medium text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {notification.link.label}
        </Link>
      </div>
      {notification.dismissible ? (
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-9 shrink-0"
          disabled={dismiss.isPending}
          aria-label={`Dismiss: ${notification.title}`}
          // mutateAsync, not mutate's callbacks: the item is gone from the list (unmounted) by the
          // time the answer lands, and focus must still move.
          onClick={() =>
            dismiss.mutateAsync(notification.id).then(onDismissed, (error: unknown) => {
              // A notification whose figures changed is already gone: the refetch shows the new one.
              if (refusalReason(error) === null)
                notify.error('We could not dismiss the notification. Please try again.');
              else onDismissed();
            })
          }
        >
          <X aria-hidden />
        </Button>
      ) : null}
    </li>
  );
}

/** What the list says when there is nothing in it. */
export function NotificationsEmpty({ enabled }: { enabled: boolean }) {
  return enabled ? (
    <p className="flex items-center gap-2 text-sm text-muted-foreground">
      <CircleCheck className="size-4 text-success" aria-hidden />
      You're all caught up: nothing needs your attention.
    </p>
  ) : (
    <p className="text-sm text-muted-foreground">
      Account notifications are off.{' '}
      <Link to="/settings?tab=notifications" className="font-medium text-brand underline-offset-4 hover:underline">
        Turn them on in Settings
      </Link>
      .
    </p>
  );
}

/** The notifications showing, or what to say when there are none. */
export function NotificationList({
  notifications,
  enabled,
  onDismissed,
  onFollow,
  emptyClassName,
}: {
  notifications: readonly AppNotification[];
  enabled: boolean;
  onDismissed: () => void;
  onFollow?: () => void;
  emptyClassName: string;
}) {
  if (notifications.length === 0)
    return (
      <div className={emptyClassName}>
        <NotificationsEmpty enabled={enabled} />
      </div>
    );
  return (
    <ul className="divide-y">
      {notifications.map((notification) => (
        <NotificationItem
          key={notification.id}
          notification={notification}
          onDismissed={onDismissed}
          onFollow={onFollow}
        />
      ))}
    </ul>
  );
}
