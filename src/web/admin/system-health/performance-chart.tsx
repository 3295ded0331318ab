/**
 * The Performance Metrics tab's chart: this instance's request latency (50th and 95th
 * percentiles) per sample. The table beside it gives the same figures to everyone, screen
 * readers included.
 */
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { animate, axisTick, sizeProps, tooltipStyle } from '../../ui/chart-style.ts';
import type { PerformanceSample } from './api.ts';
import { clockText, durationText } from './health-text.ts';

export function PerformanceChart({ samples, width }: { samples: PerformanceSample[]; width?: number }) {
  const data = samples.map((s) => ({ label: clockText(s.at), p50: s.p50Ms, p95: s.p95Ms }));
  return (
    <div className="min-w-0">
      <LineChart data={data} {...sizeProps(width, 260)} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
        <XAxis
          dataKey="label"
          tick={axisTick}
          tickLine={false}
          axisLine={{ stroke: 'var(--border)' }}
          interval="preserveStartEnd"
          minTickGap={32}
        />
        <YAxis
          tickFormatter={(v: number) => `${v} ms`}
          tick={axisTick}
          tickLine={false}
          axisLine={false}
          width="auto"
        />
        <Tooltip {...tooltipStyle} formatter={(value, name) => [durationText(Number(value)), name]} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Line
          dataKey="p50"
          name="50th percentile"
          stroke="var(--brand)"
          strokeWidth={2}
          dot={false}
          connectNulls
          isAnimationActive={animate()}
        />
        <Line
          dataKey="p95"
          name="95th percentile"
          stroke="var(--muted-foreground)"
          strokeDasharray="4 4"
          strokeWidth={2}
          dot={false}
          connectNulls
          isAnimationActive={animate()}
        />
      </LineChart>
    </div>
  );
}
