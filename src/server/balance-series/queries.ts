/**
 * The balance line's reads: one statement for an account's line and one for all the user's,
 * whatever the number of transactions. It sends the first and last transaction dates and, per
 * account, the rows the core's walk needs (src/core/balance/balance-series.ts), by the line's
 * granularity, which it decides as the core does (`lineGranularity`, from today's UK date):
 *
 * - a line of daily points (up to 92 days of history): the transactions grouped by account and
 *   day, each day with the sum of its entries that are not balance statements and the statement
 *   it starts from (the latest recorded of the day's, by `created_at` then id);
 * - a line of month-end points: the per-month totals the database keeps (account_monthly_totals)
 *   for months with no statement, and only the transactions of the months with one, split at the
 *   statements that matter (`balanceBuckets`): a few rows per account and month, not every
 *   transaction of years of history.
 *
 * Tests hold both groupings to the core's (`balanceDays`, `balanceBuckets`).
 */
import { type SQL, sql } from 'drizzle-orm';
import { BALANCE_STATEMENT_TYPES } from '../../core/balance/balance-rule.ts';
import { type BalanceDay, DAILY_POINTS_UP_TO_DAYS, type EntryBounds } from '../../core/balance/balance-series.ts';
import type { Tx } from '../db/client.ts';
import { preparedPerConnection } from '../db/prepared.ts';

const userId = sql.placeholder('userId');
const accountId = sql.placeholder('accountId');
const today = sql.placeholder('today');
/** The windowed line's first point (a month end): the dashboard's 12 months. */
const lineFrom = sql.placeholder('lineFrom');

// The statement types as literals: constants of the code, so the prepared text never changes.
const statementTypes = sql.raw(BALANCE_STATEMENT_TYPES.map((type) => `'${type}'`).join(', '));

type Row = BalanceDay & { accountId: string };
type LineRows = { first: string | null; last: string | null; rows: Row[] | null; starts?: string[] | null };

/**
 * The windowed line's rows besides the month rows of the accounts with a balance statement in the
 * window (see `lineRows`); CTEs ending in a comma.
 */
function windowRows(): SQL {
  return sql`
    earlier as (
      select a.id from accounts a
      where a.user_id = ${userId} and a.archived_at is null and a.id in (select account_id from restated)
        and exists (select 1 from account_monthly_totals m
          where m.account_id = a.id and m.month <= ${lineFrom}::date and m.transaction_count > 0)
    ),
    start_rows as (
      select e.id as account_id, ${lineFrom}::date as date, coalesce(y.net, 0)::bigint as net,
        0::bigint as before, y.amount_pence::bigint as statement
      from earlier e
      left join lateral (
        select s.amount_pence,
          coalesce((select sum(t.amount_pence) from transactions t
            where t.account_id = e.id and t.user_id = ${userId} and t.type not in (${statementTypes})
              and t.date >= s.date and (t.date, t.created_at, t.id) > (s.date, s.created_at, s.id)
              and t.date <= ${lineFrom}::date), 0)
          as net
        from transactions s
        where s.account_id = e.id and s.user_id = ${userId} and s.type in (${statementTypes})
          and s.date <= ${lineFrom}::date
        order by s.date desc nulls last, s.created_at desc nulls last, s.id desc nulls last
        limit 1
      ) y on true
    ),
    pooled_nets as (
      select m.month, sum(m.total_pence)::bigint as net from window_totals m
      where m.type not in (${statementTypes}) and m.account_id not in (select account_id from restated)
      group by m.month
    ),
    pooled_rows as (
      select null::uuid as account_id, p.month as date, p.net, 0::bigint as before, null::bigint as statement
      from pooled_nets p
      union all
      select null::uuid, ${lineFrom}::date, 0::bigint, 0::bigint,
        (sum(a.balance_pence) - (select coalesce(sum(p.net), 0) from pooled_nets p))::bigint
      from accounts a
      where a.user_id = ${userId} and a.archived_at is null and a.id not in (select account_id from restated) and not (select daily from mode)
      having count(*) > 0
    ),`;
}

/**
 * Each of the user's accounts' tracking start (its first entry's date, which the account keeps:
 * migration 0056; an account with none has none). The total line starts at the latest
 * (`trackingStartOf`). A column ending in a comma.
 */
function trackingStarts(): SQL {
  return sql`
      (select json_agg(a.first_entry_date) filter (where a.first_entry_date is not null) from accounts a
        where a.user_id = ${userId} and a.archived_at is null) as starts,`;
}

/**
 * The statement for one account or for all the user's accounts. Every branch is filtered on the
 * user as well as by row-level security.
 *
 * `windowed` (the dashboard's line, from `lineFrom`, a month end, to today) reads the per-month
 * totals of the window's months only (`window_totals`), and carries each account's balance at
 * `lineFrom` into the walk as a row dated `lineFrom`:
 * - the accounts with no balance statement in the window go as one series (account id null):
 *   each one's balance at every point is its balance at `lineFrom` plus its entries since, so
 *   their sum is one walk over summed rows. It starts from the balances the database keeps (the
 *   latest statement plus the entries from its date, ADR 0022) less the window's entries, as a
 *   statement (an account with no entries by then adds nothing); its rows are the window's
 *   totals summed by month.
 * - an account with a statement in the window goes as the whole line sends it, from `lineFrom`
 *   on, with a row for what it held at `lineFrom` when it has entries on or before it: nothing
 *   (the walk works back from the later statement) when it has no statement by then, else its
 *   latest statement on or before `lineFrom` and the entries from that statement's date to
 *   `lineFrom`, from the transactions (the account-and-date index; a saver who states balances
 *   states them often, so that is a few weeks of entries).
 * So the rows read grow with the accounts and the 12 months, not with the years of history, and
 * the rows sent with the accounts restated in the window only. A test holds the windowed line to
 * the whole line's points from `lineFrom`.
 */
function lineRows(forAccount: boolean, windowed = false): SQL {
  // The account, or (for the per-month totals, which have no index on the user) the user's accounts.
  // Transactions have an index on the user: the user filter alone is the scope there.
  const accountOf = (alias: string) =>
    forAccount
      ? sql.raw(`${alias}.account_id = `).append(sql`${accountId}::uuid`)
      : alias === 't'
        ? // The user's archived accounts (usually none, a partial index) are left out of the line.
          sql`t.account_id not in (select x.id from accounts x where x.user_id = ${userId} and x.archived_at is not null)`
        : sql
            .raw(`${alias}.account_id in (select a.id from accounts a where a.archived_at is null and a.user_id = `)
            .append(sql`${userId})`);
  // The window reads only the restated accounts' totals here (restated_totals); the others are pooled.
  const totalsScope = windowed ? sql`true` : accountOf('m');
  // The windowed line reads the per-month totals of its months once, account by account (the
  // primary key's order; there is no index on the user and month).
  const totals = windowed ? sql.raw('restated_totals') : sql.raw('account_monthly_totals');
  const windowTotals = windowed
    ? sql`window_totals as materialized (
      select w.* from accounts a cross join lateral (
        select m.account_id, m.user_id, m.month, m.type, m.total_pence, m.transaction_count
        from account_monthly_totals m
        where m.account_id = a.id and m.user_id = ${userId} and m.month > ${lineFrom}::date
        offset 0
      ) w
      where a.user_id = ${userId} and a.archived_at is null and not (select daily from mode)
    ),
    restated as (
      select distinct m.account_id from window_totals m
      where m.type in (${statementTypes}) and m.transaction_count > 0
    ),
    restated_totals as (
      select m.* from window_totals m where m.account_id in (select account_id from restated)
    ),`
    : sql``;
  return sql`
    -- The line's first and last entry dates, which each account keeps (migration 0056).
    with bounds as (
      select min(b.first_entry_date) as first, max(b.latest_entry_date) as last from accounts b
      where b.user_id = ${userId} and ${forAccount ? sql`b.id = ${accountId}::uuid` : sql`b.archived_at is null`}
    ),
    mode as (
      select first, last, (greatest(${today}::date, last) - first + 1) <= ${sql.raw(String(DAILY_POINTS_UP_TO_DAYS))} as daily
      from bounds
    ),
    ${windowTotals}
    day_statements as (
      select distinct on (t.account_id, t.date) t.account_id, t.date, t.created_at, t.id, t.amount_pence
      from transactions t
      where t.user_id = ${userId} and ${accountOf('t')} and (select daily from mode) and t.type in (${statementTypes})
      order by t.account_id, t.date, t.created_at desc, t.id desc
    ),
    -- A day's entries recorded before its statement are in the statement's figure (migration 0034).
    daily_rows as (
      select t.account_id, t.date,
        coalesce(sum(t.amount_pence) filter (where t.type not in (${statementTypes})), 0)::bigint as net,
        coalesce(sum(t.amount_pence) filter (where t.type not in (${statementTypes})
          and (t.created_at, t.id) < (ds.created_at, ds.id)), 0)::bigint as before,
        min(ds.amount_pence) as statement
      from transactions t
      left join day_statements ds on ds.account_id = t.account_id and ds.date = t.date
      where t.user_id = ${userId} and ${accountOf('t')} and (select daily from mode)
      group by t.account_id, t.date
    ),
    statement_months as (
      select distinct m.account_id, m.month, (m.month + interval '1 month')::date as next_month
      from ${totals} m
      where m.user_id = ${userId} and ${totalsScope} and m.type in (${statementTypes})
        and m.transaction_count > 0 and not (select daily from mode)
    ),
    -- Each statement month's transactions by the account-and-date index ('offset 0' keeps the
    -- planner from joining all the user's transactions instead when there are many such months;
    -- the month's end is a column, as row-level security keeps a computed bound out of the index).
    month_entries as (
      select sm.account_id, sm.month, e.date, e.type, e.amount_pence, e.created_at, e.id
      from statement_months sm cross join lateral (
        select t.date, t.type, t.amount_pence, t.created_at, t.id from transactions t
        where t.account_id = sm.account_id and t.user_id = ${userId}
          and t.date >= sm.month and t.date < sm.next_month
        offset 0
      ) e
    ),
    kept as (
      (select distinct on (account_id, month) account_id, month, date, created_at, id, amount_pence from month_entries
        where type in (${statementTypes}) order by account_id, month, date desc, created_at desc, id desc)
      union
      (select distinct on (account_id) account_id, month, date, created_at, id, amount_pence from month_entries
        where type in (${statementTypes}) order by account_id, date, created_at desc, id desc)
    ),
    -- Each entry goes to the part of the latest kept statement before it (by date, then recorded),
    -- else to the month's first day, where it is before a statement kept on that day, if any.
    split as (
      select b.account_id, coalesce(b.after, b.month) as bucket, sum(b.amount_pence)::bigint as net,
        coalesce(sum(b.amount_pence) filter (where b.after is null), 0)::bigint as unplaced
      from (
        select e.account_id, e.month, e.amount_pence,
          (select k.date from kept k
            where k.account_id = e.account_id and k.month = e.month
              and (k.date, k.created_at, k.id) < (e.date, e.created_at, e.id)
            order by k.date desc, k.created_at desc, k.id desc limit 1) as after
        from month_entries e where e.type not in (${statementTypes})
      ) b
      group by b.account_id, coalesce(b.after, b.month)
    ),
    split_rows as (
      select coalesce(s.account_id, k.account_id) as account_id, coalesce(s.bucket, k.date) as date,
        coalesce(s.net, 0)::bigint as net,
        (case when k.amount_pence is null then 0 else coalesce(s.unplaced, 0) end)::bigint as before,
        k.amount_pence as statement
      from split s full join kept k on k.account_id = s.account_id and k.date = s.bucket
    ),
    month_rows as (
      select m.account_id, m.month as date, sum(m.total_pence)::bigint as net, 0::bigint as before,
        null::bigint as statement
      from ${totals} m
      where m.user_id = ${userId} and ${totalsScope} and m.type not in (${statementTypes})
        and m.transaction_count > 0 and not (select daily from mode)
        and not exists (select 1 from statement_months sm where sm.account_id = m.account_id and sm.month = m.month)
      group by m.account_id, m.month
    ),
    ${windowed ? windowRows() : sql``}
    line_rows as (
      select * from daily_rows union all select * from split_rows union all select * from month_rows
      ${windowed ? sql`union all select * from start_rows union all select * from pooled_rows` : sql``}
    )
    select (select first from mode) as first, (select last from mode) as last,${forAccount ? sql`` : trackingStarts()}
      (select json_agg(json_build_object('accountId', r.account_id, 'date', r.date, 'netPence', r.net,
        'beforeStatementPence', r.before, 'statementPence', r.statement)) from line_rows r) as rows`;
}

const accountLine = preparedPerConnection((tx) =>
  tx
    .select({
      found:
        sql<boolean>`exists (select 1 from accounts a where a.id = ${accountId}::uuid and a.user_id = ${userId} and a.archived_at is null)`.as(
          'found',
        ),
      line: sql<LineRows>`(select to_json(l) from (${lineRows(true)}) l)`.as('line'),
    })
    .from(sql`(select 1) as one`)
    .prepare('balance_series_account'),
);

const userWindowLine = preparedPerConnection((tx) =>
  tx
    .select({
      line: sql<LineRows>`(select to_json(l) from (${lineRows(false, true)}) l)`.as('line'),
      // The ledger versions this statement's snapshot holds: what the line is true for.
      versions: sql<Record<string, string> | null>`(select json_object_agg(a.id, a.ledger_version::text)
        from accounts a where a.user_id = ${userId} and a.archived_at is null)`.as('versions'),
    })
    .from(sql`(select 1) as one`)
    .prepare('balance_series_user_window'),
);

const userLine = preparedPerConnection((tx) =>
  tx
    .select({ line: sql<LineRows>`(select to_json(l) from (${lineRows(false)}) l)`.as('line') })
    .from(sql`(select 1) as one`)
    .prepare('balance_series_user'),
);

/**
 * What the walk needs of some accounts: each account's rows, the first and last entry dates of
 * them all, and (the user's line) each account's tracking start.
 */
export type LineData = { bounds: EntryBounds | null; accounts: BalanceDay[][]; starts?: string[] };

function lineData(line: LineRows | undefined): LineData {
  const byAccount = new Map<string, BalanceDay[]>();
  for (const { accountId: id, ...row } of line?.rows ?? []) {
    const rows = byAccount.get(id);
    if (rows) rows.push(row);
    else byAccount.set(id, [row]);
  }
  const bounds = line?.first && line.last ? { first: line.first, last: line.last } : null;
  return { bounds, accounts: [...byAccount.values()], ...(line?.starts ? { starts: line.starts } : {}) };
}

/** The account's line data, or null when it is not one of the user's. */
export async function readAccountLine(
  tx: Tx,
  params: { userId: string; accountId: string; today: string },
): Promise<LineData | null> {
  const [row] = await accountLine(tx).execute(params);
  return row?.found ? lineData(row.line) : null;
}

/** The line data of all the user's accounts. */
export async function readUserLine(tx: Tx, params: { userId: string; today: string }): Promise<LineData> {
  const [row] = await userLine(tx).execute(params);
  return lineData(row?.line);
}

/**
 * The line data of all the user's accounts from `lineFrom` (a month end) to today: each account
 * with entries on or before it starts there with its balance then. The bounds' first date is
 * `lineFrom` when the entries began earlier. The statement is handed to the driver before this
 * first awaits, so the dashboard sends it with its other reads.
 */
export async function readUserLineFrom(
  tx: Tx,
  params: { userId: string; today: string; lineFrom: string },
): Promise<LineData & { versions: Map<string, string>; lastEntry: string | null }> {
  const [row] = await userWindowLine(tx).execute(params);
  const data = lineData(row?.line);
  const lastEntry = data.bounds?.last ?? null;
  if (data.bounds && data.bounds.first < params.lineFrom) data.bounds.first = params.lineFrom;
  return { ...data, versions: new Map(Object.entries(row?.versions ?? {})), lastEntry };
}
