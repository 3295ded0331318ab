import {
  Activity,
  ArrowRight,
  CircleCheck,
  CircleX,
  Gauge,
  HeartPulse,
  Inbox,
  LifeBuoy,
  ListChecks,
  Loader2,
  Play,
  PlugZap,
  RefreshCw,
  Settings2,
  ShieldCheck,
  Users,
} from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { refusalReason } from '../../app/api.ts';
import { notify } from '../../app/notify.ts';
import { isRegistered, paths, type RouteId } from '../../app/paths.ts';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert.tsx';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';
import { SectionLoadError, SectionSkeleton } from '../../ui/section-states.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs.tsx';
import { AdminHeader } from '../admin-header.tsx';
import { type CrmStatus, type SetupResult, useCrmStatus, useSetupProperties, useTestConnection } from './api.ts';
import { IntegrationDisabledNotice, QueueCounters } from './crm-parts.tsx';
import { countText, CRM_TEXT, durationText, percentText, setupFailedText, whenText } from './crm-text.ts';
import { useProcessAction } from './process-action.tsx';
import { SyncDebugger, TestResults } from './sync-debugger.tsx';
import { SyncUsersPanel } from './sync-users-panel.tsx';

function StatCard({
  title,
  icon,
  value,
  isLong = false,
  children,
}: {
  title: string;
  icon: ReactNode;
  value: ReactNode;
  /** A value of several words (a date and time): smaller, so it keeps to a line or two in a quarter-width card. */
  isLong?: boolean;
  children?: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-2 rounded-xl border bg-card p-4">
      <span className="flex items-center gap-1.5 text-sm font-medium text-muted-foreground [&_svg]:size-4">
        {icon}
        {title}
      </span>
      <span className={cn('font-bold tabular-nums', isLong ? 'text-lg' : 'text-2xl')}>{value}</span>
      {children ? <div className="text-sm text-muted-foreground">{children}</div> : null}
    </li>
  );
}

function StatusCards({ status }: { status: CrmStatus }) {
  const backlog = status.queue.pending + status.queue.processing;
  return (
    <ul aria-label="Integration status" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard
        title="Health"
        icon={<HeartPulse aria-hidden />}
        value={
          !status.enabled ? (
            <Badge variant="warning" className="text-sm">
              <PlugZap aria-hidden />
              Disabled
            </Badge>
          ) : status.healthy ? (
            <Badge variant="success" className="text-sm">
              <CircleCheck aria-hidden />
              Enabled and healthy
            </Badge>
          ) : (
            <Badge variant="destructive" className="text-sm">
              <CircleX aria-hidden />
              Needs attention
            </Badge>
          )
        }
      >
        {!status.enabled
          ? 'No access token is set: see above for what to set.'
          : status.healthy
            ? 'Fewer than 50 pending, 10 failed and 5 waiting over a day.'
            : `${countText(status.queue.pending)} pending, ${countText(status.queue.failed)} failed, ${countText(status.stalePending)} waiting over a day: healthy is under 50, 10 and 5.`}
      </StatCard>
      <StatCard title="Users" icon={<Users aria-hidden />} value={countText(status.users.total)}>
        {countText(status.users.synced)} linked to a HubSpot contact
      </StatCard>
      <StatCard title="Sync backlog" icon={<Inbox aria-hidden />} value={countText(backlog)}>
        {countText(status.queue.failed)} failed
        {status.errorRate === null ? null : <>, error rate {percentText(status.errorRate)}</>}
        {status.oldestPendingAt ? <>; oldest waiting since {whenText(status.oldestPendingAt)}</> : null}
      </StatCard>
      <StatCard
        title="Last sync"
        icon={<Activity aria-hidden />}
        value={whenText(status.lastSyncAt)}
        isLong={status.lastSyncAt !== null}
      >
        {/* "Not measured yet" would read as a capital in mid-sentence after the label. */}
        {status.averageProcessingMs === null
          ? 'Processing time not measured yet'
          : `Average processing time ${durationText(status.averageProcessingMs)}`}
        {status.averageLatencyMs === null ? null : <>; queued to sent in {durationText(status.averageLatencyMs)}</>}
      </StatCard>
    </ul>
  );
}

function SetupOutcome({ result }: { result: SetupResult }) {
  const ok = result.errors.length === 0;
  return (
    <Alert variant={ok ? 'success' : 'warning'}>
      {ok ? <CircleCheck aria-hidden /> : <CircleX aria-hidden />}
      <AlertTitle>
        Properties set up: {result.created.length} created, {result.groupsCreated.length} groups created
      </AlertTitle>
      <AlertDescription>
        {result.created.length > 0 ? <p className="wrap-anywhere">Created: {result.created.join(', ')}</p> : null}
        {result.existing.length > 0 ? (
          <p className="wrap-anywhere">
            Already there: {result.existing.length} {result.existing.length === 1 ? 'property' : 'properties'}
          </p>
        ) : null}
        {result.errors.length > 0 ? (
          <ul className="list-disc pl-5">
            {result.errors.map((error) => (
              <li key={error} className="wrap-anywhere">
                {error}
              </li>
            ))}
          </ul>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}

function QuickActions({ enabled, disabledId }: { enabled: boolean; disabledId: string }) {
  const test = useTestConnection();
  const setup = useSetupProperties();
  const process = useProcessAction();
  const [outcome, setOutcome] = useState<ReactNode>(null);
  const describedBy = enabled ? undefined : disabledId;

  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>Quick actions</CardTitle>
        <CardDescription>
          Test the connection, create the custom properties SavvyPig writes, or send what is waiting in the queue now.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 px-4 sm:px-6">
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            disabled={!enabled || test.isPending}
            aria-describedby={describedBy}
            onClick={() => {
              setOutcome(null);
              test.mutate(undefined, {
                onSuccess: (result) => setOutcome(<TestResults outcome={{ title: 'Test connection', result }} />),
                onError: (error) =>
                  setOutcome(
                    <TestResults
                      outcome={{ title: 'Test connection', error: refusalReason(error) ?? error.message }}
                    />,
                  ),
              });
            }}
          >
            {test.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <ShieldCheck aria-hidden />}
            Test connection
          </Button>
          <Button
            variant="outline"
            disabled={!enabled || setup.isPending}
            aria-describedby={describedBy}
            onClick={() => {
              setOutcome(null);
              setup.mutate(undefined, {
                onSuccess: (result) => setOutcome(<SetupOutcome result={result} />),
                onError: (error) => notify.error(setupFailedText(refusalReason(error) ?? error.message)),
              });
            }}
          >
            {setup.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Settings2 aria-hidden />}
            Set up properties
          </Button>
          <Button disabled={!enabled || process.isPending} aria-describedby={describedBy} onClick={process.run}>
            {process.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Play aria-hidden />}
            {process.isPending ? 'Processing...' : 'Process queue'}
          </Button>
        </div>
        <div aria-live="polite" className="empty:hidden">
          {outcome}
        </div>
      </CardContent>
    </Card>
  );
}

const LINKS: { routeId: RouteId; href: string; label: string; description: string; icon: ReactNode }[] = [
  {
    routeId: 'adminConsentSyncMonitor',
    href: paths.adminConsentSyncMonitor(),
    label: 'Consent and Sync Monitor',
    description: 'Consent changes and the whole sync queue.',
    icon: <ListChecks aria-hidden />,
  },
  {
    routeId: 'adminSystemHealth',
    href: paths.adminSystemHealth(),
    label: 'System health',
    description: 'Health, backlog, error rate and alerts.',
    icon: <Gauge aria-hidden />,
  },
  {
    routeId: 'adminUsers',
    href: paths.adminUsers(),
    label: 'Users',
    description: 'Find a user and their HubSpot contact.',
    icon: <Users aria-hidden />,
  },
  {
    routeId: 'adminSupport',
    href: paths.adminSupport(),
    label: 'Support',
    description: 'Tickets from savers.',
    icon: <LifeBuoy aria-hidden />,
  },
];

function MonitorLinks() {
  return (
    <nav aria-labelledby="crm-links">
      <h2 id="crm-links" className="text-lg font-semibold">
        Other monitors
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {LINKS.filter((link) => isRegistered(link.routeId)).map((link) => (
          <li key={link.routeId}>
            <Link
              to={link.href}
              className="flex h-full flex-col gap-1 rounded-xl border bg-card p-4 transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
            >
              <span className="flex items-center gap-1.5 font-medium [&_svg]:size-4">
                {link.icon}
                {link.label}
                <ArrowRight className="ml-auto" aria-hidden />
              </span>
              <span className="text-sm text-muted-foreground">{link.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * /admin/hubspot-integration, the CRM integration dashboard (002 §2): status cards, quick actions,
 * the User Synchronization tab (Sync Users) and the System Monitoring tab (queue counts and the
 * Sync Debugger), links to the other monitors, and Refresh Status.
 */
export function HubspotIntegrationPage() {
  const status = useCrmStatus();
  const disabledId = useId();
  const enabled = status.data?.enabled === true;

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-8 sm:px-6 md:py-10">
      <AdminHeader
        title="CRM integration"
        description="SavvyPig’s HubSpot connection: profile, consent and contact-form changes sent as contacts, and the tools to check and repair the sync."
        showBackToSettings
        actions={
          <Button variant="outline" onClick={() => void status.refetch()} disabled={status.isFetching}>
            <RefreshCw className={status.isFetching ? 'animate-spin' : undefined} aria-hidden />
            Refresh Status
          </Button>
        }
      />
      {status.isPending ? (
        <SectionSkeleton rows={4} label="Loading the integration status" />
      ) : status.isError ? (
        <SectionLoadError
          message={CRM_TEXT.statusFailed}
          onRetry={() => void status.refetch()}
          retrying={status.isFetching}
        />
      ) : (
        <>
          {status.data.enabled ? null : (
            <div id={disabledId}>
              <IntegrationDisabledNotice integration={status.data} />
            </div>
          )}
          <StatusCards status={status.data} />
          <QuickActions enabled={enabled} disabledId={disabledId} />
          <Tabs defaultValue="users">
            <TabsList aria-label="Integration tools">
              <TabsTrigger value="users">User Synchronization</TabsTrigger>
              <TabsTrigger value="monitoring">System Monitoring</TabsTrigger>
            </TabsList>
            <TabsContent value="users">
              <SyncUsersPanel enabled={enabled} disabledId={disabledId} />
            </TabsContent>
            <TabsContent value="monitoring" className="grid gap-6">
              <QueueCounters counts={status.data.queue} />
              <SyncDebugger enabled={enabled} disabledId={disabledId} />
            </TabsContent>
          </Tabs>
        </>
      )}
      <MonitorLinks />
    </div>
  );
}
