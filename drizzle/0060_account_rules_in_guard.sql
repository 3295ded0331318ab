-- Issue 26: the accounts' five field rules move from CHECK constraints into the row trigger that
-- already guards every insert and update of an account (accounts_guard_balance). PostgreSQL
-- keeps a check constraint as stored text and parses it again at every statement that writes the
-- table; for the accounts' five that was 136,000 instructions at every deposit, whose balance
-- update writes its account (npm run bench:deposit-instructions). The trigger's expressions are
-- compiled once a session. The same rules, refused as before: SQLSTATE 23514 (check_violation),
-- the constraint's name and table on the error, PostgreSQL's own message. A rule passes when it
-- is unknown (a null), as a CHECK does. The trigger is the table's only BEFORE trigger, so
-- nothing changes the row after it has checked it; a new BEFORE trigger must sort before it
-- ("accounts_guard_balance") or check its own changes. An older instance is unaffected: it
-- writes the same rows and gets the same refusals (docs/decisions/0080-account-rules-in-the-guard-trigger.md).
-- Its release's tables first, all at once (lock_for_migration, migration 0059).
SELECT lock_for_migration(ARRAY['user', 'accounts', 'transactions', 'account_monthly_totals']);--> statement-breakpoint
CREATE OR REPLACE FUNCTION accounts_guard_balance() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  broken text;
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
  -- The first rule the row breaks, if any; a rule that is unknown (null) passes, as in a CHECK.
  broken := CASE
    WHEN NOT (NEW.holders BETWEEN 1 AND 10) THEN 'accounts_holders_range'
    WHEN NOT (NEW.interest_rate_bps >= 0) THEN 'accounts_rate_not_negative'
    WHEN NOT (NEW.interest_payment_day IS NULL OR NEW.interest_payment_day BETWEEN 1 AND 31)
      THEN 'accounts_payment_day_range'
    WHEN NOT (NEW.interest_payment_month IS NULL OR NEW.interest_payment_month BETWEEN 1 AND 12)
      THEN 'accounts_payment_month_range'
    WHEN NOT ((NEW.thb_life_event IS NULL AND NEW.thb_qualifying_pence IS NULL AND NEW.thb_credited_date IS NULL)
           OR (NEW.thb_life_event IS NOT NULL AND NEW.thb_qualifying_pence > 0 AND NEW.thb_credited_date IS NOT NULL))
      THEN 'accounts_thb_complete'
  END;
  IF broken IS NOT NULL THEN
    RAISE EXCEPTION 'new row for relation "accounts" violates check constraint "%"', broken
      USING ERRCODE = 'check_violation', CONSTRAINT = broken, TABLE = 'accounts', SCHEMA = 'public';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint

ALTER TABLE "accounts" DROP CONSTRAINT "accounts_holders_range", DROP CONSTRAINT "accounts_rate_not_negative",
  DROP CONSTRAINT "accounts_payment_day_range", DROP CONSTRAINT "accounts_payment_month_range",
  DROP CONSTRAINT "accounts_thb_complete";
