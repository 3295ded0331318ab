-- Issue 26: an account keeps the dates of its first and latest entries, in the trigger that already
-- keeps its balance. "Is anything dated after today?" (ADR 0044: the money held today leaves out
-- scheduled entries) becomes a column read, not a probe of the account's entries in every list row:
-- the probe was `not exists (entry of the account dated after the day)`, and its kept (generic)
-- plan rested on an estimate; with the statistics of one saver's database (a self-hosted instance)
-- PostgreSQL expected a future entry within a few rows and scanned the whole table for each account
-- instead (PGlite: the accounts list 0.85 → 6.5 ms a run once analysed). And a deposit's answer
-- learns whether the account has history before today (the dashboard's kept line, ADR 0033)
-- without sorting the account's entries (PGlite, with no statistics, read them all).
-- Expand only: an older instance never reads the columns, and its writes keep them through the
-- same trigger.
ALTER TABLE "accounts" ADD COLUMN "first_entry_date" date;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "latest_entry_date" date;--> statement-breakpoint
UPDATE "accounts" a SET "first_entry_date" = span.first, "latest_entry_date" = span.latest
  FROM (SELECT t.account_id, min(t.date) AS first, max(t.date) AS latest FROM "transactions" t GROUP BY t.account_id) span
 WHERE span.account_id = a.id;--> statement-breakpoint

-- Like the balance and the ledger version, they follow the transactions: nobody sets them, but a
-- recalculation (recalculate_account_balance, the diagnostics' repair) may confirm them.
CREATE OR REPLACE FUNCTION accounts_guard_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.balance_pence := 0;
    NEW.ledger_version := 0;
    NEW.first_entry_date := NULL;
    NEW.latest_entry_date := NULL;
  ELSIF NEW.balance_pence IS DISTINCT FROM OLD.balance_pence
        AND pg_trigger_depth() < 2
        AND coalesce(current_setting('app.balance_recalculation', true), '') <> 'on' THEN
    RAISE EXCEPTION 'an account balance follows its transactions and cannot be set' USING ERRCODE = '42501';
  ELSIF NEW.ledger_version IS DISTINCT FROM OLD.ledger_version AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'an account''s ledger version follows its transactions and cannot be set' USING ERRCODE = '42501';
  ELSIF (NEW.first_entry_date IS DISTINCT FROM OLD.first_entry_date
         OR NEW.latest_entry_date IS DISTINCT FROM OLD.latest_entry_date)
        AND pg_trigger_depth() < 2
        AND coalesce(current_setting('app.balance_recalculation', true), '') <> 'on' THEN
    RAISE EXCEPTION 'an account''s entry dates follow its transactions and cannot be set' USING ERRCODE = '42501';
  END IF;
  IF TG_OP = 'UPDATE' AND (NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    RAISE EXCEPTION 'an account cannot change owner' USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint

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
  UPDATE accounts SET balance_pence = total,
         first_entry_date = (SELECT min(t.date) FROM transactions t WHERE t.account_id = target),
         latest_entry_date = (SELECT max(t.date) FROM transactions t WHERE t.account_id = target)
   WHERE id = target;
  PERFORM set_config('app.balance_recalculation', '', true);
  RETURN total;
END $$;--> statement-breakpoint

-- 0052's trigger, keeping the entry dates too: an insert of entries moves them out to its own
-- first and latest entries; any other write takes them again from the account's entries.
CREATE OR REPLACE FUNCTION transactions_apply_to_balance() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched uuid[];
  adds_only boolean := false;
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- Whether the insert holds no statement, read with the accounts (one query fewer a write).
    SELECT array_agg(DISTINCT account_id), bool_and(type NOT IN ('opening_balance', 'balance_update'))
      INTO touched, adds_only FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT account_id) INTO touched FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT account_id) INTO touched
      FROM (SELECT account_id FROM new_rows UNION SELECT account_id FROM old_rows) changed;
  END IF;
  IF touched IS NULL THEN
    RETURN NULL;
  END IF;
  -- The lock comes before the statements below read anything: each then sees what a writer it
  -- waited for committed (READ COMMITTED), even for one account.
  PERFORM 1 FROM accounts WHERE id = ANY (touched) ORDER BY id FOR NO KEY UPDATE;
  IF adds_only THEN
    -- Each account's latest statement once, then what the new entries after it add.
    WITH latest AS (
      SELECT t.id AS account_id, s.date, s.created_at, s.id AS statement_id
        FROM unnest(touched) AS t(id)
        LEFT JOIN LATERAL (
          SELECT s.date, s.created_at, s.id FROM transactions s
           WHERE s.account_id = t.id AND s.type IN ('opening_balance', 'balance_update')
           ORDER BY s.date DESC NULLS LAST, s.created_at DESC NULLS LAST, s.id DESC NULLS LAST
           LIMIT 1
        ) s ON true
    ), added AS (
      SELECT latest.account_id, coalesce(sum(n.amount_pence), 0) AS pence
        FROM latest
        LEFT JOIN new_rows n ON n.account_id = latest.account_id
         AND (latest.statement_id IS NULL
              OR (n.date, n.created_at, n.id) > (latest.date, latest.created_at, latest.statement_id))
       GROUP BY latest.account_id
    ), span AS (
      SELECT n.account_id, min(n.date) AS first, max(n.date) AS latest FROM new_rows n GROUP BY n.account_id
    )
    UPDATE accounts a SET balance_pence = a.balance_pence + added.pence, ledger_version = a.ledger_version + 1,
           first_entry_date = least(a.first_entry_date, span.first),
           latest_entry_date = greatest(a.latest_entry_date, span.latest)
      FROM added JOIN span ON span.account_id = added.account_id
     WHERE a.id = added.account_id;
  ELSE
    UPDATE accounts a SET balance_pence = account_balance_by_rule(a.id), ledger_version = a.ledger_version + 1,
           first_entry_date = (SELECT min(t.date) FROM transactions t WHERE t.account_id = a.id),
           latest_entry_date = (SELECT max(t.date) FROM transactions t WHERE t.account_id = a.id)
      WHERE a.id = ANY (touched);
  END IF;
  RETURN NULL;
END $$;
