import { format, formatDistanceToNow } from 'date-fns';
import { enGB } from 'date-fns/locale';
import { LogOut, Monitor, Smartphone, Tablet } from 'lucide-react';
import { notify } from '../../app/notify.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { type AccountSession, useAccountSessions, useSessionMutations } from '../api.ts';
import { SectionLoadError, SectionSkeleton } from '../../ui/section-states.tsx';
import { SettingsSection } from '../settings-section.tsx';

function DeviceIcon({ os }: { os: string }) {
  const Icon = os === 'iPhone' || os === 'Android' ? Smartphone : os === 'iPad' ? Tablet : Monitor;
  return <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden />;
}

function when(iso: string): string {
  return format(new Date(iso), "d MMM yyyy 'at' HH:mm", { locale: enGB });
}

function SessionRow({ session, onEnd, ending }: { session: AccountSession; onEnd: () => void; ending: boolean }) {
  const title = `${session.browser} on ${session.os}`;
  return (
    <li className="grid grid-cols-[auto_1fr] items-start gap-x-3 gap-y-3 py-4 first:pt-0 last:pb-0 sm:grid-cols-[auto_1fr_auto]">
      <DeviceIcon os={session.os} />
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {title}
          {session.isCurrent ? <Badge variant="success">This device</Badge> : null}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm text-muted-foreground">
          <dt>IP address</dt>
          <dd className="font-mono text-foreground/80">{session.ipAddress ?? 'Unknown'}</dd>
          <dt>Signed in</dt>
          <dd>{when(session.createdAt)}</dd>
          <dt>Last active</dt>
          <dd>
            {session.isCurrent
              ? 'Now'
              : formatDistanceToNow(new Date(session.lastActiveAt), { addSuffix: true, locale: enGB })}
          </dd>
        </dl>
      </div>
      {session.isCurrent ? null : (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="col-start-2 w-fit sm:col-start-3"
          onClick={onEnd}
          disabled={ending}
          aria-label={`Sign out ${title}`}
        >
          <LogOut aria-hidden />
          {ending ? 'Signing out...' : 'Sign out'}
        </Button>
      )}
    </li>
  );
}

/** Where the account is signed in, with sign-out of one session or of all the others. */
export function SessionsSection() {
  const sessions = useAccountSessions();
  const { endOne, endOthers } = useSessionMutations();
  const others = sessions.data?.filter((s) => !s.isCurrent).length ?? 0;

  return (
    <SettingsSection
      title="Where you're signed in"
      description="Sign out of any device you don't recognise, then change your password."
    >
      {sessions.data ? (
        <div className="grid gap-5">
          <ul className="divide-y" aria-label="Signed-in sessions">
            {sessions.data.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                ending={endOne.isPending && endOne.variables === session.id}
                onEnd={() =>
                  endOne.mutate(session.id, {
                    onSuccess: () => notify.success('Signed out of that device'),
                    onError: (error) => notify.error(error.message),
                  })
                }
              />
            ))}
          </ul>
          <Button
            type="button"
            variant="outline"
            className="w-fit"
            disabled={others === 0 || endOthers.isPending}
            onClick={() =>
              endOthers.mutate(undefined, {
                onSuccess: (result) =>
                  notify.success(
                    result.ended === 1 ? 'Signed out of 1 other device' : `Signed out of ${result.ended} other devices`,
                  ),
                onError: (error) => notify.error(error.message),
              })
            }
          >
            <LogOut aria-hidden />
            {endOthers.isPending ? 'Signing out...' : 'Sign out of all other devices'}
          </Button>
        </div>
      ) : sessions.isError ? (
        <SectionLoadError
          message="Your sessions could not be loaded."
          onRetry={() => void sessions.refetch()}
          retrying={sessions.isFetching}
        />
      ) : (
        <SectionSkeleton rows={2} label="Loading where you're signed in" />
      )}
    </SettingsSection>
  );
}
