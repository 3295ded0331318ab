/**
 * The savings calculator's balance over time: the balance and the money paid in, at the end of
 * each year (each month for terms under two years). The year-by-year table under it gives the
 * same figures to everyone, screen readers included.
 */
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { SavingsGrowth } from '../../core/calculators/savings-growth.ts';
import { formatPence } from '../../core/money/format.ts';
import { axisPounds } from '../account-detail/chart-format.ts';
import { animate, axisTick, sizeProps, tooltipStyle } from '../ui/chart-style.ts';

type ChartPoint = { label: string; balancePence: number; paidInPence: number };

/** The points to draw: the start, then each year's end (or each month's, for a short term). */
export function savingsChartPoints(growth: SavingsGrowth, startPence: number): ChartPoint[] {
  const monthly = growth.points.length < 24;
  const points: ChartPoint[] = [{ label: 'Start', balancePence: startPence, paidInPence: startPence }];
  let paidIn = startPence;
  for (const point of growth.points) {
    paidIn += point.depositPence;
    const month = point.month + 1;
    const isLast = month === growth.points.length;
    if (monthly || month % 12 === 0 || isLast) {
      const label = monthly ? `Month ${month}` : month % 12 === 0 ? `Year ${month / 12}` : `${month} months`;
      points.push({ label, balancePence: point.balancePence, paidInPence: paidIn });
    }
  }
  return points;
}

export function SavingsChart({
  growth,
  startPence,
  width,
}: {
  growth: SavingsGrowth;
  startPence: number;
  width?: number;
}) {
  const data = savingsChartPoints(growth, startPence);
  return (
    <div className="min-w-0">
      <LineChart data={data} {...sizeProps(width)} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
        <XAxis
          dataKey="label"
          tick={axisTick}
          tickLine={false}
          axisLine={{ stroke: 'var(--border)' }}
          interval="preserveStartEnd"
          minTickGap={24}
        />
        <YAxis tickFormatter={axisPounds} tick={axisTick} tickLine={false} axisLine={false} width="auto" />
        <Tooltip {...tooltipStyle} formatter={(value, name) => [formatPence(Number(value)), name]} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Line
          dataKey="balancePence"
          name="Balance"
          stroke="var(--brand)"
          strokeWidth={2}
          dot={false}
          isAnimationActive={animate()}
        />
        <Line
          dataKey="paidInPence"
          name="Paid in"
          stroke="var(--muted-foreground)"
          strokeDasharray="4 4"
          strokeWidth={2}
          dot={false}
          isAnimationActive={animate()}
        />
      </LineChart>
    </div>
  );
}
