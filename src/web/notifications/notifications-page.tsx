import { useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../app/paths.ts';
import { SectionLoadError, SectionSkeleton } from '../ui/section-states.tsx';
import { useNotifications } from './api.ts';
import { NotificationList } from './notification-item.tsx';

/** `/notifications`: every notification showing, each with its link and dismiss button. */
export function NotificationsPage() {
  const list = useNotifications();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const notifications = list.data?.notifications ?? [];
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:px-6">
      <div className="grid gap-1">
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold outline-none">
          Notifications
        </h1>
        <p className="text-sm text-muted-foreground">
          What needs your attention across your accounts. Dismissed notifications stay dismissed on every device until
          their figures change.{' '}
          <Link
            to={paths.settings('notifications')}
            className="font-medium text-brand underline-offset-4 hover:underline"
          >
            Get a daily email digest
          </Link>
          .
        </p>
      </div>
      <section aria-labelledby="notifications-list-heading" className="rounded-lg border bg-card px-4 sm:px-6">
        <h2 id="notifications-list-heading" className="sr-only">
          {notifications.length === 1 ? '1 notification' : `${notifications.length} notifications`}
        </h2>
        {list.isError && !list.data ? (
          <div className="py-4">
            <SectionLoadError
              message="Your notifications could not be loaded."
              onRetry={() => void list.refetch()}
              retrying={list.isFetching}
            />
          </div>
        ) : !list.data ? (
          <div className="py-4">
            <SectionSkeleton rows={3} label="Loading your notifications" />
          </div>
        ) : (
          <NotificationList
            notifications={notifications}
            enabled={list.data.enabled}
            onDismissed={() => headingRef.current?.focus()}
            emptyClassName="py-6"
          />
        )}
      </section>
    </div>
  );
}
