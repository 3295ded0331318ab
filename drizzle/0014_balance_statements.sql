ALTER TABLE "transactions" DROP CONSTRAINT "transactions_sign_matches_type";--> statement-breakpoint
CREATE INDEX "transactions_account_statement_idx" ON "transactions" USING btree ("account_id","date" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "transactions"."type" in ('opening_balance', 'balance_update');--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_sign_matches_type" CHECK (("transactions"."type" in ('withdrawal', 'fee') and "transactions"."amount_pence" <= 0)
        or ("transactions"."type" = 'opening_balance' and "transactions"."amount_pence" >= 0)
        or ("transactions"."type" in ('deposit', 'interest') and "transactions"."amount_pence" >= 0)
        or "transactions"."type" = 'balance_update');--> statement-breakpoint

-- A stated balance is true on its date (issue 13, docs/decisions/0022-a-stated-balance-is-true-on-its-date.md;
-- the pure rule is src/core/balance/balance-rule.ts and a test holds the two equal). A balance
-- statement is an 'opening_balance' (the starting balance) or a 'balance_update' ("Update balance").
-- The latest statement (date, then created_at, then id) sets the balance; the other entries dated
-- on or after its date add to it; entries before it, and earlier statements, are history. An
-- account with no statement sums everything.
--
-- What the account holds by that rule, read by the calling statement's snapshot. The latest
-- statement comes from transactions_account_statement_idx (one index entry), the entries after it
-- from transactions_account_date_idx (a range from its date): never the history before it.
CREATE FUNCTION account_balance_by_rule(target uuid) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT (coalesce(latest.amount_pence, 0) + coalesce((
      SELECT sum(t.amount_pence) FROM transactions t
       WHERE t.account_id = target
         AND t.date >= coalesce(latest.date, '-infinity'::date)
         AND t.type NOT IN ('opening_balance', 'balance_update')
    ), 0))::bigint
    FROM (SELECT 1) AS one
    LEFT JOIN (
      SELECT s.date, s.amount_pence FROM transactions s
       WHERE s.account_id = target AND s.type IN ('opening_balance', 'balance_update')
       ORDER BY s.date DESC NULLS LAST, s.created_at DESC NULLS LAST, s.id DESC NULLS LAST
       LIMIT 1
    ) AS latest ON true
$$;--> statement-breakpoint

-- Replaces migration 0007's deltas: a back-dated entry, or a new statement, changes the balance by
-- something other than its amount, so each statement that changes transactions recomputes the
-- balance of every account it touched, in two steps:
-- 1. lock those accounts' rows, in id order, FOR NO KEY UPDATE: the lock an UPDATE of the balance
--    takes, so writers on the same account queue. Not FOR UPDATE: each writer already holds the
--    KEY SHARE lock its foreign-key check took on the account, which FOR UPDATE would wait for
--    (two writers, each waiting for the other's: a deadlock); NO KEY UPDATE does not conflict with it;
-- 2. recompute in a new statement. Under READ COMMITTED each statement of a PL/pgSQL function
--    takes a fresh snapshot, so it sees every transaction committed by a writer we queued behind
--    (a writer holds the lock until it commits), and our own rows. A writer still to come queues
--    behind us and recomputes after we commit. So the last to commit recomputes from everything.
-- (Under REPEATABLE READ the fresh snapshot would be the transaction's; the balance is always
-- written, never skipped when unchanged, so a concurrent writer's update makes our lock fail
-- with a serialization error instead of recomputing from a stale view. The app runs READ COMMITTED.)
CREATE OR REPLACE FUNCTION transactions_apply_to_balance() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT account_id) INTO touched FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT account_id) INTO touched FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT account_id) INTO touched
      FROM (SELECT account_id FROM new_rows UNION SELECT account_id FROM old_rows) changed;
  END IF;
  IF touched IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM accounts WHERE id = ANY (touched) ORDER BY id FOR NO KEY UPDATE;
  UPDATE accounts a SET balance_pence = account_balance_by_rule(a.id) WHERE a.id = ANY (touched);
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION accounts_guard_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.balance_pence := 0;
  ELSIF NEW.balance_pence IS DISTINCT FROM OLD.balance_pence
        AND pg_trigger_depth() < 2
        AND coalesce(current_setting('app.balance_recalculation', true), '') <> 'on' THEN
    RAISE EXCEPTION 'an account balance follows its transactions and cannot be set' USING ERRCODE = '42501';
  END IF;
  IF TG_OP = 'UPDATE' AND (NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    RAISE EXCEPTION 'an account cannot change owner' USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint

-- The account page's "Recalculate balance": the same rule, after the same lock.
CREATE OR REPLACE FUNCTION recalculate_account_balance(target uuid) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
BEGIN
  PERFORM 1 FROM accounts WHERE id = target FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT account_balance_by_rule(target) INTO total;
  PERFORM set_config('app.balance_recalculation', 'on', true);
  UPDATE accounts SET balance_pence = total WHERE id = target;
  PERFORM set_config('app.balance_recalculation', '', true);
  RETURN total;
END $$;--> statement-breakpoint

-- For the lists (src/server/balance/standing-sql.ts): the account's latest statement as
-- 'id/yyyy-MM-dd/type', or null; core works out each listed row's standing from it. And a
-- statement's adjustment: what it says less what the entries before it showed (null for a first
-- starting balance, and when nothing came before): `statementAdjustment` of balance-rule.ts.
-- PL/pgSQL, so a list's own statement stays quick to plan and these queries' plans are kept for
-- the session (as subqueries in the list's select they made its planning several times dearer).
CREATE FUNCTION account_latest_statement(target uuid) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  latest text;
BEGIN
  SELECT s.id::text || '/' || s.date::text || '/' || s.type INTO latest FROM transactions s
   WHERE s.account_id = target AND s.type IN ('opening_balance', 'balance_update')
   ORDER BY s.date DESC NULLS LAST, s.created_at DESC NULLS LAST, s.id DESC NULLS LAST
   LIMIT 1;
  RETURN latest;
END $$;--> statement-breakpoint

CREATE FUNCTION statement_adjustment(
  account uuid, statement uuid, stated_on date, recorded_at timestamptz, statement_type text, stated bigint
) RETURNS bigint LANGUAGE plpgsql STABLE AS $$
DECLARE
  prev_date date;
  prev_amount bigint;
  earlier_count bigint;
  earlier_total bigint;
BEGIN
  IF statement_type NOT IN ('opening_balance', 'balance_update') THEN
    RETURN NULL;
  END IF;
  -- The statement before it: an earlier date, or the same date recorded earlier.
  SELECT p.date, p.amount_pence INTO prev_date, prev_amount FROM transactions p
   WHERE p.account_id = account AND p.type IN ('opening_balance', 'balance_update')
     AND (p.date, p.created_at, p.id) < (stated_on, recorded_at, statement)
   ORDER BY p.date DESC NULLS LAST, p.created_at DESC NULLS LAST, p.id DESC NULLS LAST
   LIMIT 1;
  IF NOT FOUND AND statement_type = 'opening_balance' THEN
    RETURN NULL;
  END IF;
  SELECT count(*), coalesce(sum(e.amount_pence), 0) INTO earlier_count, earlier_total FROM transactions e
   WHERE e.account_id = account AND e.type NOT IN ('opening_balance', 'balance_update')
     AND e.date < stated_on AND e.date >= coalesce(prev_date, '-infinity'::date);
  IF prev_date IS NULL AND earlier_count = 0 THEN
    RETURN NULL;
  END IF;
  RETURN stated - coalesce(prev_amount, 0) - earlier_total;
END $$;--> statement-breakpoint

-- Every account's balance by the new rule.
SELECT set_config('app.balance_recalculation', 'on', true);--> statement-breakpoint
UPDATE accounts SET balance_pence = account_balance_by_rule(id);--> statement-breakpoint
SELECT set_config('app.balance_recalculation', '', true);
