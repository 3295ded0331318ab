import { initials } from '../../../core/profile/display-name.ts';
import { cn } from '../../ui/cn.ts';
import type { Me } from '../api.ts';

/** Round avatar: the profile photo when there is one, else the user's initials. */
export function UserAvatar({ me, className }: { me: Me; className?: string }) {
  const letters = initials({ firstName: me.profile.firstName, lastName: me.profile.lastName, email: me.user.email });
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-soft text-sm font-semibold text-brand-soft-foreground',
        className,
      )}
    >
      {me.profile.avatarUrl ? <img src={me.profile.avatarUrl} alt="" className="size-full object-cover" /> : letters}
    </span>
  );
}
