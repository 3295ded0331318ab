import { LogOut, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { displayName } from '../../../core/profile/display-name.ts';
import { useSignOut } from '../../auth/use-sign-out.ts';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../ui/dropdown-menu.tsx';
import type { Me } from '../api.ts';
import { isRegistered, paths } from '../paths.ts';
import { UserAvatar } from './avatar.tsx';
import { navIcon } from './nav-icons.ts';
import { adminToolItems } from './navigation.ts';

export function UserMenu({ me }: { me: Me }) {
  const { signOut, isSigningOut } = useSignOut();
  const name = displayName({ firstName: me.profile.firstName, lastName: me.profile.lastName, email: me.user.email });
  const showEmail = name !== me.user.email;

  return (
    // Non-modal: a modal menu hides the rest of the page with aria-hidden while open.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
        {/* A text name rather than aria-label: the initials shown are decoration (aria-hidden). */}
        <span className="sr-only">Account menu for {name}</span>
        <UserAvatar me={me} />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <DropdownMenuLabel className="grid gap-0.5 font-normal">
          <span className="truncate font-medium">{name}</span>
          {showEmail ? <span className="truncate text-xs text-muted-foreground">{me.user.email}</span> : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {isRegistered('settings') ? (
          <DropdownMenuItem asChild>
            <Link to={paths.settings('profile')}>
              <UserRound aria-hidden />
              Profile
            </Link>
          </DropdownMenuItem>
        ) : null}
        {adminToolItems(me).map(({ routeId, label, href }) => {
          const Icon = navIcon(routeId);
          return (
            <DropdownMenuItem key={routeId} asChild>
              <Link to={href}>
                <Icon aria-hidden />
                {label}
              </Link>
            </DropdownMenuItem>
          );
        })}
        <DropdownMenuItem
          disabled={isSigningOut}
          onSelect={(event) => {
            event.preventDefault();
            void signOut();
          }}
        >
          <LogOut aria-hidden />
          {isSigningOut ? 'Signing out...' : 'Sign out'}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
