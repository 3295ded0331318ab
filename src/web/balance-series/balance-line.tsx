/**
 * The balance-over-time line (issue 13 §1) on the account page and the dashboard: what was held
 * at the end of each day (or month, over long ranges), with the latest figure beside the title
 * and a table for screen readers. Recharts loads with this module only (both pages lazy-load it).
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { formatPence } from '../../core/money/format.ts';
import { errorMessage } from '../account-detail/api.ts';
import { axisPounds } from '../account-detail/chart-format.ts';
import { BalanceLineTable } from '../account-detail/chart-tables.tsx';
import { animate, axisTick, CHART_HEIGHT, sizeProps, tooltipStyle } from '../ui/chart-style.ts';
import { displayDate } from '../ui/date-format.ts';
import { SectionLoadError } from '../ui/section-states.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import type { BalanceSeries } from './api.ts';
import { balanceAxisDomain, pointName, pointsNote, pointTick } from './format.ts';

/** The line itself. */
export function BalanceLineChart({ series, width }: { series: BalanceSeries; width?: number }) {
  const last = series.points.length - 1;
  const data = series.points.map((p, i) => ({ ...p, name: pointName(p.date, series.granularity, i === last) }));
  return (
    <LineChart data={data} {...sizeProps(width)} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
      <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
      <XAxis
        dataKey="date"
        tickFormatter={(date: string) => pointTick(date, series.granularity)}
        tick={axisTick}
        tickLine={false}
        axisLine={{ stroke: 'var(--border)' }}
        interval="preserveStartEnd"
        minTickGap={24}
      />
      <YAxis
        tickFormatter={axisPounds}
        tick={axisTick}
        tickLine={false}
        axisLine={false}
        width="auto"
        domain={balanceAxisDomain(series.points.map((p) => p.balancePence))}
      />
      <Tooltip
        {...tooltipStyle}
        formatter={(value) => [formatPence(Number(value)), 'Balance']}
        labelFormatter={(_label, payload) => (payload?.[0]?.payload as { name?: string } | undefined)?.name ?? ''}
      />
      <Line
        dataKey="balancePence"
        name="Balance"
        stroke="var(--brand)"
        strokeWidth={2}
        type="linear"
        dot={series.points.length <= 31 ? { r: 2.5, fill: 'var(--brand)' } : false}
        activeDot={{ r: 4 }}
        isAnimationActive={animate()}
      />
    </LineChart>
  );
}

export type BalanceLineCardProps = {
  query: Pick<UseQueryResult<BalanceSeries>, 'data' | 'error' | 'isError' | 'isFetching' | 'refetch'>;
  title: string;
  /** The card's heading level in its page. */
  level: 2 | 3;
  /** What to show when there is nothing to draw yet. */
  empty: ReactNode;
  /** Said under the line after what its points are. */
  note?: string;
  width?: number;
};

/** The line in its card, with its loading, failed and empty states. */
export function BalanceLineCard({ query, title, level, empty, note: extraNote, width }: BalanceLineCardProps) {
  const headingId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  const series = query.data;
  const latest = series?.points.at(-1);
  let body: ReactNode;
  if (series && series.points.length === 0) body = empty;
  else if (series) {
    const note = pointsNote(series.granularity);
    body = (
      <>
        <div className="min-w-0">
          <BalanceLineChart series={series} width={width} />
        </div>
        <p className="text-xs text-muted-foreground">{extraNote ? `${note} ${extraNote}` : note}</p>
        <BalanceLineTable series={series} caption={`${title}. ${note}`} />
      </>
    );
  } else if (query.isError) {
    body = (
      <SectionLoadError
        message={`Failed to load the balance over time: ${errorMessage(query.error)}`}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  } else {
    body = (
      <div role="status" aria-busy="true">
        <span className="sr-only">Loading the balance over time</span>
        <Skeleton className="w-full rounded-lg" style={{ height: CHART_HEIGHT }} />
      </div>
    );
  }
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-5 shadow-sm sm:p-6"
    >
      <div className="flex min-h-9 flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <Heading id={headingId} className={level === 2 ? 'text-xl font-semibold' : 'text-base font-semibold'}>
          {title}
        </Heading>
        {latest ? (
          <p className="text-sm text-muted-foreground">
            {displayDate(latest.date)}:{' '}
            <span className="text-lg font-semibold text-foreground tabular-nums">
              {formatPence(latest.balancePence)}
            </span>
          </p>
        ) : null}
      </div>
      {body}
    </section>
  );
}
