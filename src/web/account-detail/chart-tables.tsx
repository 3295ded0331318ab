import type { ReactNode } from 'react';
import { formatPerMille, pieSlices, TYPE_LABELS } from '../../core/account-summary/charts.ts';
import { monthName } from '../../core/account-summary/months.ts';
import { formatPence } from '../../core/money/format.ts';
import type { BalanceSeries } from '../balance-series/api.ts';
import { pointName } from '../balance-series/format.ts';
import type { AccountDetail } from './api.ts';
import { SERIES } from './chart-format.ts';

/** Hidden from sight, not from screen readers (a table ignores the sr-only width itself, so a box clips it). */
function ScreenReaderTable({ children }: { children: ReactNode }) {
  return (
    <div className="sr-only">
      <table>{children}</table>
    </div>
  );
}

/** The trends chart as a table, for screen readers (visually hidden). */
export function MonthlyTrendsTable({ monthly }: { monthly: AccountDetail['monthly'] }) {
  return (
    <ScreenReaderTable>
      <caption>Monthly trends for the last 12 months</caption>
      <thead>
        <tr>
          <th scope="col">Month</th>
          {SERIES.map((s) => (
            <th key={s.key} scope="col">
              {s.label}
            </th>
          ))}
          <th scope="col">Net change</th>
        </tr>
      </thead>
      <tbody>
        {monthly.map((m) => (
          <tr key={m.month}>
            <th scope="row">{monthName(m.month)}</th>
            {SERIES.map((s) => (
              <td key={s.key}>{formatPence(m[s.key])}</td>
            ))}
            <td>{formatPence(m.netPence)}</td>
          </tr>
        ))}
      </tbody>
    </ScreenReaderTable>
  );
}

/** The type pie as a table, for screen readers (visually hidden). */
export function TypeShareTable({ typeTotals }: { typeTotals: AccountDetail['typeTotals'] }) {
  const slices = pieSlices(typeTotals);
  return (
    <ScreenReaderTable>
      <caption>Transactions by type</caption>
      <thead>
        <tr>
          <th scope="col">Type</th>
          <th scope="col">Amount</th>
          <th scope="col">Share</th>
          <th scope="col">Transactions</th>
        </tr>
      </thead>
      <tbody>
        {slices.map((s) => (
          <tr key={s.type}>
            <th scope="row">{TYPE_LABELS[s.type]}</th>
            <td>{formatPence(s.totalPence)}</td>
            <td>{formatPerMille(s.perMille)}</td>
            <td>{s.count}</td>
          </tr>
        ))}
      </tbody>
    </ScreenReaderTable>
  );
}

/** The balance line as a table, for screen readers (visually hidden): each point's date and balance, oldest first. */
export function BalanceLineTable({ series, caption }: { series: BalanceSeries; caption: string }) {
  return (
    <ScreenReaderTable>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Balance</th>
        </tr>
      </thead>
      <tbody>
        {series.points.map((p, i) => (
          <tr key={p.date}>
            <th scope="row">{pointName(p.date, series.granularity, i === series.points.length - 1)}</th>
            <td>{formatPence(p.balancePence)}</td>
          </tr>
        ))}
      </tbody>
    </ScreenReaderTable>
  );
}
