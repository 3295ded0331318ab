/**
 * How a listed transaction stands towards its account's balance (ADR 0022), worked out in the
 * list's own statement: `entryStanding` and `statementAdjustment` of src/core/balance/balance-rule.ts
 * as SQL over the row, which a test holds to core for random entries.
 *
 * Both are correlated scalar subqueries in the select list: with a LIMIT, PostgreSQL works them
 * out for the rows it returns only (after the sort), never for the history behind them. The
 * standing reads one entry of transactions_account_statement_idx per row; the adjustment runs for
 * statements only: the statement before it from that index, and the entries between from
 * transactions_account_date_idx.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type BalanceStatementType, type EntryStanding, isBalanceStatement } from '../../core/balance/balance-rule.ts';
import { transactions } from '../db/schema/index.ts';

export type { EntryStanding };
export const ENTRY_STANDINGS = [
  'counted',
  'before-statement',
  'statement',
  'replaced-statement',
] as const satisfies readonly EntryStanding[];

const STATEMENT_TYPES = sql.raw(`('opening_balance', 'balance_update')`);
/** Latest first: the order of transactions_account_statement_idx. */
const latestFirst = (alias: string) =>
  sql.raw(`${alias}.date desc nulls last, ${alias}.created_at desc nulls last, ${alias}.id desc nulls last`);

/**
 * The listed row's standing and the type of its account's latest statement, in one text for one
 * index probe: 'counted' (no statement), or '{standing}/{type}' ('before-statement/opening_balance').
 * `parseStanding` splits it.
 */
export const standingSql: SQL<string> = sql<string>`coalesce((
  select case
      when s.id = ${transactions.id} then 'statement'
      when ${transactions.type} in ${STATEMENT_TYPES} then 'replaced-statement'
      when ${transactions.date} >= s.date then 'counted'
      else 'before-statement'
    end || '/' || s.type
    from ${transactions} s
   where s.account_id = ${transactions.accountId} and s.type in ${STATEMENT_TYPES}
   order by ${latestFirst('s')}
   limit 1
), 'counted')`;

/**
 * For a statement: what it says less what the entries before it said (null for a first starting
 * balance, and when nothing came before); null for any other entry. "Before it": entries dated
 * earlier, and statements of the same date recorded earlier.
 */
export const adjustmentSql: SQL<number | null> = sql<
  number | null
>`case when ${transactions.type} in ${STATEMENT_TYPES} then (
  select case
      when prev.id is null and (${transactions.type} = 'opening_balance' or earlier.count = 0) then null
      else (${transactions.amountPence} - coalesce(prev.amount_pence, 0) - earlier.total)::bigint
    end
    from (select 1) as one
    left join lateral (
      select p.id, p.date, p.amount_pence from ${transactions} p
       where p.account_id = ${transactions.accountId} and p.type in ${STATEMENT_TYPES}
         and (p.date, p.created_at, p.id) < (${transactions.date}, ${transactions.createdAt}, ${transactions.id})
       order by ${latestFirst('p')}
       limit 1
    ) as prev on true
    cross join lateral (
      select count(*) as count, coalesce(sum(e.amount_pence), 0) as total from ${transactions} e
       where e.account_id = ${transactions.accountId} and e.type not in ${STATEMENT_TYPES}
         and e.date < ${transactions.date} and e.date >= coalesce(prev.date, '-infinity'::date)
    ) as earlier
) end`;

export type Standing = { standing: EntryStanding; latestStatementType: BalanceStatementType | null };

/** `standingSql`'s text as the API sends it. */
export function parseStanding(text: string): Standing {
  const [standing, type = ''] = text.split('/');
  return {
    standing: (ENTRY_STANDINGS as readonly string[]).includes(standing!) ? (standing as EntryStanding) : 'counted',
    latestStatementType: isBalanceStatement(type) ? type : null,
  };
}
