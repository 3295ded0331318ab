-- Issue 24: a balance statement is the balance at the moment it was given. Entries of its own
-- date recorded before it are in its figure; those recorded after it add to it (before, every
-- entry of its date added to it, so "Update balance" today with today's interest already recorded
-- ended above the figure typed). "After" is one order everywhere: (date, created_at, id), the
-- order that already picks the latest statement. Core: src/core/balance/balance-rule.ts.
CREATE OR REPLACE FUNCTION account_balance_by_rule(target uuid) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT (coalesce(latest.amount_pence, 0) + coalesce((
      SELECT sum(t.amount_pence) FROM transactions t
       WHERE t.account_id = target
         AND t.date >= coalesce(latest.date, '-infinity'::date)
         AND (latest.id IS NULL OR (t.date, t.created_at, t.id) > (latest.date, latest.created_at, latest.id))
         AND t.type NOT IN ('opening_balance', 'balance_update')
    ), 0))::bigint
    FROM (SELECT 1) AS one
    LEFT JOIN (
      SELECT s.date, s.created_at, s.id, s.amount_pence FROM transactions s
       WHERE s.account_id = target AND s.type IN ('opening_balance', 'balance_update')
       ORDER BY s.date DESC NULLS LAST, s.created_at DESC NULLS LAST, s.id DESC NULLS LAST
       LIMIT 1
    ) AS latest ON true
$$;--> statement-breakpoint

-- The latest statement as 'id/yyyy-MM-dd/type/recorded' (recorded: ISO 8601 UTC to the
-- millisecond, as the lists send created_at), so the lists judge same-day rows by the same order.
CREATE OR REPLACE FUNCTION account_latest_statement(target uuid) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  latest text;
BEGIN
  SELECT s.id::text || '/' || s.date::text || '/' || s.type || '/'
         || to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') INTO latest
    FROM transactions s
   WHERE s.account_id = target AND s.type IN ('opening_balance', 'balance_update')
   ORDER BY s.date DESC NULLS LAST, s.created_at DESC NULLS LAST, s.id DESC NULLS LAST
   LIMIT 1;
  RETURN latest;
END $$;--> statement-breakpoint

-- What the entries before a statement showed: the statement before it, plus the entries after
-- that one and before this one (its own date's recorded earlier included: same-day interest).
CREATE OR REPLACE FUNCTION statement_adjustment(
  account uuid, statement uuid, stated_on date, recorded_at timestamptz, statement_type text, stated bigint
) RETURNS bigint LANGUAGE plpgsql STABLE AS $$
DECLARE
  prev_date date;
  prev_recorded timestamptz;
  prev_id uuid;
  prev_amount bigint;
  earlier_count bigint;
  earlier_total bigint;
BEGIN
  IF statement_type NOT IN ('opening_balance', 'balance_update') THEN
    RETURN NULL;
  END IF;
  SELECT p.date, p.created_at, p.id, p.amount_pence INTO prev_date, prev_recorded, prev_id, prev_amount
    FROM transactions p
   WHERE p.account_id = account AND p.type IN ('opening_balance', 'balance_update')
     AND (p.date, p.created_at, p.id) < (stated_on, recorded_at, statement)
   ORDER BY p.date DESC NULLS LAST, p.created_at DESC NULLS LAST, p.id DESC NULLS LAST
   LIMIT 1;
  IF NOT FOUND AND statement_type = 'opening_balance' THEN
    RETURN NULL;
  END IF;
  SELECT count(*), coalesce(sum(e.amount_pence), 0) INTO earlier_count, earlier_total FROM transactions e
   WHERE e.account_id = account AND e.type NOT IN ('opening_balance', 'balance_update')
     AND e.date <= stated_on AND (e.date, e.created_at, e.id) < (stated_on, recorded_at, statement)
     AND e.date >= coalesce(prev_date, '-infinity'::date)
     AND (prev_id IS NULL OR (e.date, e.created_at, e.id) > (prev_date, prev_recorded, prev_id));
  IF prev_id IS NULL AND earlier_count = 0 THEN
    RETURN NULL;
  END IF;
  RETURN stated - coalesce(prev_amount, 0) - earlier_total;
END $$;--> statement-breakpoint

SELECT set_config('app.balance_recalculation', 'on', true);--> statement-breakpoint
UPDATE accounts SET balance_pence = account_balance_by_rule(id)
 WHERE balance_pence IS DISTINCT FROM account_balance_by_rule(id);--> statement-breakpoint
SELECT set_config('app.balance_recalculation', '', true);
