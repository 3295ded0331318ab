import { Bell } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../app/paths.ts';
import { Button } from '../ui/button.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '../ui/popover.tsx';
import { useNotifications } from './api.ts';
import { NotificationList } from './notification-item.tsx';

/**
 * The header's bell: how many notifications are showing, and a dropdown listing them, each with
 * its link and a dismiss button. Reloaded every 60 s and whenever the dropdown opens (000 §9).
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const list = useNotifications();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const notifications = list.data?.notifications ?? [];
  const count = notifications.length;
  const label = count === 0 ? 'Notifications' : `Notifications, ${count} new`;

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void list.refetch();
      }}
    >
      <PopoverTrigger asChild>
        <Button type="button" variant="ghost" size="icon" className="relative" aria-label={label}>
          <Bell aria-hidden />
          {count > 0 ? (
            <span
              aria-hidden
              className="absolute top-1 right-1 grid min-w-5 place-items-center rounded-full bg-brand px-1 text-[11px] font-semibold leading-5 text-white"
            >
              {count > 99 ? '99+' : count}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="end"
        className="grid max-h-[min(32rem,calc(100vh-6rem))] w-[min(24rem,calc(100vw-1.5rem))] grid-rows-[auto_1fr_auto] gap-2 p-0"
        aria-labelledby="notification-bell-heading"
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          headingRef.current?.focus();
        }}
      >
        <h2
          id="notification-bell-heading"
          ref={headingRef}
          tabIndex={-1}
          className="border-b px-4 py-3 text-base font-semibold outline-none"
        >
          Notifications
        </h2>
        <div className="overflow-y-auto px-4">
          {list.isError && !list.data ? (
            <p className="py-3 text-sm text-muted-foreground">Your notifications could not be loaded.</p>
          ) : !list.data ? (
            <p className="py-3 text-sm text-muted-foreground">Loading your notifications…</p>
          ) : (
            <NotificationList
              notifications={notifications}
              enabled={list.data.enabled}
              onDismissed={() => headingRef.current?.focus()}
              onFollow={() => setOpen(false)}
              emptyClassName="py-3"
            />
          )}
        </div>
        <div className="border-t px-4 py-3">
          <Link
            to={paths.notifications()}
            onClick={() => setOpen(false)}
            className="text-sm font-medium text-brand underline-offset-4 hover:underline"
          >
            See all notifications
          </Link>
        </div>
      </PopoverContent>
    </Popover>
  );
}
