/**
 * The account page's charts (001 §2 item 9, §9): monthly trends for the last 12 months as bars
 * or lines, scrollable with a brush (starting on the last six months) once more than six months
 * have transactions; and the share of each transaction type. Recharts is loaded with this module
 * only (the page lazy-loads it). Each chart has a table alternative beside it (chart-tables.tsx).
 */
import { useId, useState } from 'react';
import {
  Bar,
  BarChart,
  Brush,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  type PieLabelRenderProps,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { brushRange, formatPerMille, pieSlices, showsBrush, TYPE_LABELS } from '../../core/account-summary/charts.ts';
import { monthName } from '../../core/account-summary/months.ts';
import { formatPence } from '../../core/money/format.ts';
import { BalanceLineCard, type BalanceLineCardProps } from '../balance-series/balance-line.tsx';
import { Button } from '../ui/button.tsx';
import { animate, axisTick, sizeProps, tooltipStyle } from '../ui/chart-style.ts';
import { cn } from '../ui/cn.ts';
import type { AccountDetail } from './api.ts';
import { axisPounds, SERIES, shortMonth, TYPE_COLORS } from './chart-format.ts';
import { MonthlyTrendsTable, TypeShareTable } from './chart-tables.tsx';

export type ChartStyle = 'bar' | 'line';

function StyleToggle({ value, onChange }: { value: ChartStyle; onChange: (style: ChartStyle) => void }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a toggle of two buttons, not a form's fieldset.
    <div role="group" aria-label="Chart style" className="inline-flex rounded-md border p-0.5">
      {(['bar', 'line'] as const).map((style) => (
        <Button
          key={style}
          size="sm"
          variant={value === style ? 'secondary' : 'ghost'}
          aria-pressed={value === style}
          className={cn('h-8', value === style && 'shadow-xs')}
          onClick={() => onChange(style)}
        >
          {style === 'bar' ? 'Bar' : 'Line'}
        </Button>
      ))}
    </div>
  );
}

export const NOTHING_MOVED_IN_A_YEAR = 'No money has been paid in or out in the last 12 months.';

export function MonthlyTrendsChart({ monthly, width }: { monthly: AccountDetail['monthly']; width?: number }) {
  const [style, setStyle] = useState<ChartStyle>('bar');
  const headingId = useId();
  const data = monthly.map((m) => ({ ...m, label: shortMonth(m.month), name: monthName(m.month) }));
  // Twelve months of nothing drew an empty grid with £0 down its axis: say so in words instead.
  const moved = monthly.some((m) => SERIES.some((s) => m[s.key] !== 0));
  const brush = showsBrush(monthly) ? (
    <Brush
      dataKey="label"
      height={28}
      stroke="var(--brand)"
      fill="var(--card)"
      travellerWidth={10}
      {...brushRange(monthly)}
    />
  ) : null;
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
      <XAxis
        dataKey="label"
        tick={axisTick}
        tickLine={false}
        axisLine={{ stroke: 'var(--border)' }}
        interval="equidistantPreserveEnd"
      />
      <YAxis tickFormatter={axisPounds} tick={axisTick} tickLine={false} axisLine={false} width="auto" />
      <Tooltip
        {...tooltipStyle}
        formatter={(value) => formatPence(Number(value))}
        labelFormatter={(_label, payload) => (payload?.[0]?.payload as { name?: string } | undefined)?.name ?? ''}
      />
      <Legend wrapperStyle={{ fontSize: 12, paddingTop: 12 }} />
    </>
  );
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-5 shadow-sm sm:p-6"
    >
      <div className="flex min-h-9 flex-wrap items-center justify-between gap-3">
        <h3 id={headingId} className="text-base font-semibold">
          Monthly trends
        </h3>
        {moved ? <StyleToggle value={style} onChange={setStyle} /> : null}
      </div>
      {moved ? (
        <>
          <div className="min-w-0" data-chart-style={style}>
            {style === 'bar' ? (
              <BarChart data={data} {...sizeProps(width)} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                {axes}
                {SERIES.map((s) => (
                  <Bar
                    key={s.key}
                    dataKey={s.key}
                    name={s.label}
                    fill={s.color}
                    radius={[3, 3, 0, 0]}
                    maxBarSize={18}
                    isAnimationActive={animate()}
                  />
                ))}
                {brush}
              </BarChart>
            ) : (
              <LineChart data={data} {...sizeProps(width)} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                {axes}
                {SERIES.map((s) => (
                  <Line
                    key={s.key}
                    dataKey={s.key}
                    name={s.label}
                    stroke={s.color}
                    strokeWidth={2}
                    dot={{ r: 3 }}
                    type="monotone"
                    isAnimationActive={animate()}
                  />
                ))}
                {brush}
              </LineChart>
            )}
          </div>
          <p className="text-xs text-muted-foreground">Withdrawals and fees are shown as amounts paid out.</p>
          <MonthlyTrendsTable monthly={monthly} />
        </>
      ) : (
        <p className="text-sm text-muted-foreground">{NOTHING_MOVED_IN_A_YEAR}</p>
      )}
    </section>
  );
}

/** Slivers under 3% are named only in the tooltip and the table (their labels would overlap). */
const LABELLED_FROM_PER_MILLE = 30;
const isLabelled = (slice: { perMille?: number } | undefined) => (slice?.perMille ?? 0) >= LABELLED_FROM_PER_MILLE;

/** Each slice's share beside it, in the page's text colour. */
function PieShareLabel(props: PieLabelRenderProps) {
  const slice = props.payload as { share?: string; perMille?: number } | undefined;
  const share = slice?.share;
  if (!share || !isLabelled(slice)) return null;
  return (
    <text
      x={props.x}
      y={props.y}
      textAnchor={props.textAnchor}
      dominantBaseline="central"
      fill="var(--foreground)"
      fontSize={12}
    >
      {share}
    </text>
  );
}

/** The line from a slice to its label: none for a sliver without one (a line to nothing looks broken). */
function PieShareLabelLine(props: {
  points?: { x: number; y: number }[];
  stroke?: string;
  payload?: { perMille?: number };
}) {
  const [from, to] = props.points ?? [];
  if (!from || !to || !isLabelled(props.payload)) return <g />;
  return (
    <path
      className="recharts-pie-label-line"
      d={`M${from.x},${from.y}L${to.x},${to.y}`}
      stroke={props.stroke}
      fill="none"
    />
  );
}

export function TypePieChart({ typeTotals, width }: { typeTotals: AccountDetail['typeTotals']; width?: number }) {
  const headingId = useId();
  const slices = pieSlices(typeTotals).map((s) => ({
    ...s,
    name: TYPE_LABELS[s.type],
    share: formatPerMille(s.perMille),
  }));
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-5 shadow-sm sm:p-6"
    >
      <div className="flex min-h-9 items-center">
        <h3 id={headingId} className="text-base font-semibold">
          Transactions by type
        </h3>
      </div>
      {slices.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No money has been paid in or out yet. A starting balance or a balance update is not a payment.
        </p>
      ) : (
        <PieChart {...sizeProps(width)}>
          <Pie
            data={slices}
            dataKey="totalPence"
            nameKey="name"
            innerRadius="45%"
            outerRadius="75%"
            paddingAngle={1}
            label={PieShareLabel}
            labelLine={PieShareLabelLine}
            isAnimationActive={animate()}
          >
            {slices.map((s) => (
              // Slices are parted by a line of the card's colour; a lone slice is a full ring, with no seam.
              <Cell
                key={s.type}
                fill={TYPE_COLORS[s.type]}
                stroke={slices.length > 1 ? 'var(--card)' : TYPE_COLORS[s.type]}
              />
            ))}
          </Pie>
          <Tooltip
            {...tooltipStyle}
            formatter={(value, _name, item) =>
              `${formatPence(Number(value))} (${(item.payload as { share: string }).share})`
            }
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
        </PieChart>
      )}
      <TypeShareTable typeTotals={typeTotals} />
    </section>
  );
}

/** The charts, or what to do when there is nothing to chart yet. */
export function AccountCharts({
  detail,
  balance,
  width,
}: {
  detail: Pick<AccountDetail, 'monthly' | 'typeTotals'>;
  /** The account's balance line (GET /api/accounts/{id}/balance-series), fetched by the page. */
  balance: BalanceLineCardProps['query'];
  width?: number;
}) {
  if (detail.typeTotals.length === 0) {
    return (
      <p className="rounded-xl border border-dashed p-6 text-sm text-muted-foreground">
        Charts appear once the account has transactions.
      </p>
    );
  }
  return (
    <div className="grid gap-4">
      <BalanceLineCard
        query={balance}
        title="Balance over time"
        level={3}
        width={width}
        empty={
          <p className="text-sm text-muted-foreground">
            The balance over time appears once the account has transactions.
          </p>
        }
      />
      <div className="grid gap-4 lg:grid-cols-5">
        <div className="min-w-0 lg:col-span-3">
          <MonthlyTrendsChart monthly={detail.monthly} width={width} />
        </div>
        <div className="min-w-0 lg:col-span-2">
          <TypePieChart typeTotals={detail.typeTotals} width={width} />
        </div>
      </div>
    </div>
  );
}
