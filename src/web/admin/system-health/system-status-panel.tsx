import { Activity, ChevronRight, Database, ListTodo, Mail, PlugZap, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isRegistered, paths } from '../../app/paths.ts';
import { SectionLoadError } from '../../ui/section-states.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useSystemHealth } from './api.ts';
import { BandBadge, CheckBadge, IntegrationBadge } from './health-status.tsx';
import { durationText, FETCH_FAILED } from './health-text.ts';

/** A status card's corners and least height, which its placeholder shares. */
const CARD_SIZE = 'min-h-28 rounded-xl';
const CARD_GRID = 'grid gap-3 sm:grid-cols-2 lg:grid-cols-5';

/**
 * Five card-shaped placeholders in the cards' grid while the system is measured, so the admin
 * screens below do not jump down when the figures arrive (a tile aimed at would move).
 */
function StatusCardsSkeleton() {
  return (
    <div role="status" aria-label="Measuring the system" className={CARD_GRID}>
      {['health', 'database', 'jobs', 'crm', 'mail'].map((key) => (
        <Skeleton key={key} className={CARD_SIZE} />
      ))}
    </div>
  );
}

function StatusCard({
  icon: Icon,
  title,
  badge,
  children,
  href,
}: {
  icon: LucideIcon;
  title: string;
  badge: ReactNode;
  children: ReactNode;
  href?: string;
}) {
  const body = (
    <>
      <span className="flex items-center justify-between gap-2">
        <span className="flex items-center gap-2 font-semibold">
          <Icon className="size-4 text-brand" aria-hidden />
          {title}
          {href ? <ChevronRight className="size-4 text-muted-foreground" aria-hidden /> : null}
        </span>
        {badge}
      </span>
      <span className="text-sm text-muted-foreground">{children}</span>
    </>
  );
  const look = `grid h-full content-start gap-2 ${CARD_SIZE} border bg-card p-4 text-card-foreground shadow-xs`;
  return (
    <li>
      {href ? (
        <Link
          to={href}
          className={`${look} transition-colors hover:border-brand/60 hover:bg-accent/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring`}
        >
          {body}
        </Link>
      ) : (
        <div className={look}>{body}</div>
      )}
    </li>
  );
}

/**
 * The System status panel (002 §2) on the admin home: the health score and the state of the
 * database, the job queue, the CRM sync and e-mail, measured when the page opens; the health
 * and CRM cards lead to their screens. The average processing time is the measured one, not
 * the spec's fixed 2.5 s (ADR 0065).
 */
export function SystemStatusPanel() {
  const health = useSystemHealth();
  return (
    <section aria-labelledby="system-status-heading" className="grid gap-3">
      <h2 id="system-status-heading" className="text-xl font-semibold">
        System status
      </h2>
      {health.isPending ? (
        <StatusCardsSkeleton />
      ) : health.isError || !health.data ? (
        <SectionLoadError message={FETCH_FAILED} onRetry={() => void health.refetch()} retrying={health.isFetching} />
      ) : (
        <ul aria-label="System status" className={CARD_GRID}>
          <StatusCard
            icon={Activity}
            title="Health"
            badge={<BandBadge band={health.data.band} colour={health.data.colour} />}
            href={paths.adminSystemHealth()}
          >
            {health.data.healthPercent}%,{' '}
            {health.data.alerts.length === 0
              ? 'no alerts'
              : `${health.data.alerts.length} ${health.data.alerts.length === 1 ? 'alert' : 'alerts'}`}
          </StatusCard>
          <StatusCard
            icon={Database}
            title="Database"
            badge={<CheckBadge status={health.data.checks.find((c) => c.id === 'database')?.status ?? 'failed'} />}
          >
            {health.data.database.up ? `${durationText(health.data.database.roundTripMs)} round trip` : 'Not answering'}
          </StatusCard>
          <StatusCard
            icon={ListTodo}
            title="Jobs"
            badge={<CheckBadge status={health.data.checks.find((c) => c.id === 'job-queue')?.status ?? 'failed'} />}
          >
            {health.data.jobs.due} due, {health.data.jobs.running} running; average processing{' '}
            {durationText(health.data.processing.meanMs)}
          </StatusCard>
          <StatusCard
            icon={PlugZap}
            title="CRM"
            badge={<IntegrationBadge status={health.data.crm.status} />}
            href={isRegistered('adminHubspotIntegration') ? paths.adminHubspotIntegration() : undefined}
          >
            {health.data.crm.message}
          </StatusCard>
          <StatusCard icon={Mail} title="E-mail" badge={<IntegrationBadge status={health.data.mail.status} />}>
            {health.data.mail.message}
          </StatusCard>
        </ul>
      )}
    </section>
  );
}
